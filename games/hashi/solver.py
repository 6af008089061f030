"""Hashi hindsight solver: the best solo score that was possible with the
cards of a finished game, in the order they came (docs/hashi.md, "Bot and
solver"). Runs unchanged on CircuitPython, MicroPython and CPython, a slice
of work at a time:

    s = from_game(options, state.actions())   # or Search(board, start, cards)
    while not s.step(20):                     # e.g. once a frame
        show(s.summary())                     # "at least 54"
    show(s.summary())                         # "best with these cards: 56"

Search.best is the best score found (-1 before the first line is found),
Search.line its witness: engine actions (start, then per round the card,
the number or SKIP_A, the bridges, CONFIRM) that engine.replay(1, options,
line) plays to exactly that score. Search.upper is a proven upper bound of
the optimum; Search.proven becomes True once best == upper (the search
space exhausted, or a line found that reaches the bound).

Two phases, both iterative (no recursion) and small in memory:
1. beam passes of width 1, 2, 4, ... up to `width`: round by round, every
   kept board tries each place for the card's number (and none) with the
   bridges the bot would pick (greedy, V.value() knowing the cards to
   come) or none, and keeps the best `width` boards: good lines fast;
2. depth-first branch and bound over every legal turn (the number, then
   the bridges as a multiset in connection order), children in the order of
   their bounds, cut when the bound cannot beat the best: exact.

The bound (_bound) relaxes the rules: islands that can still be finished
(numbered ones whose open lines can take what they miss, numberless ones
that a coming number still fits) are finished cheapest first within the
bridge ends still to come (an end on an island that is not finished is
wasted), numbers go to distinct islands within reach, all islands finished
needs the numbers to add up to twice a reachable bridge total, and a bonus
counts high only if its islands can be finished by its deadline with the
cards until then.
"""

from micropython import const

from games.hashi import bot, value as V
from games.hashi.boards import BRIDGES, NUMBERS, board as _board
from games.hashi.engine import (
    BOARD_B, BOARD_P, BRIDGE, CONFIRM, NUMBER, SKIP_A, START3, START4, replay)
from games.hashi.sheet import HIGH, LOW, SOLO_DEADLINE

# Beam passes run once per variant of the bot's figures (index, value):
# each finds other lines (six connected weighed less, the deadlines met
# sooner or later).
VARIANTS = ((), ((15, 15),), ((19, 1),), ((19, 6),))

SKIP = const(255)  # option: no number this round
NONE = const(254)  # option: no bridges this round


def from_game(options, actions, width=8, table=0):
    """The Search for a solo game from its options and state.actions():
    its board, start and the cards of its confirmed rounds in drawing
    order; the game's own line (up to its last confirmed round) is the
    first best."""
    cards = []
    card = -1
    end = 1
    for x in range(1, len(actions)):
        a = actions[x]
        if card < 0:
            card = a
        elif a == CONFIRM:
            cards.append(card)
            card = -1
            end = x + 1
    bid = 2 if options & BOARD_P else (1 if options & BOARD_B else 0)
    return Search(bid, actions[0], cards, width, table, actions[:end])


class Search:
    """Anytime search; see the module docstring. board_id 0 = A, 1 = B,
    2 = P; start = the setup action (START3 + i or START4 + i); cards =
    deck indices in drawing order (17 for a whole game; fewer is a game
    cut short: the score is then taken after the last of them); width = the
    widest beam pass; table = how many explored positions the exact phase
    may remember to skip repeats (0: none); line = a known line (engine
    actions, e.g. the game itself), replayed for its score."""

    def __init__(self, board_id, start, cards, width=8, table=0, line=None):
        b = _board(board_id)
        self.b = b
        self.options = (0, BOARD_B, BOARD_P)[board_id]  # engine options of the board
        if not START3 <= start < START4 + 32 or b.flag[start & 31]:
            raise ValueError("not a start action")
        self.start = start
        self.cards = bytes(cards)
        R = len(cards)
        self.R = R
        n = b.n
        self.num = bytearray(n)
        self.deg = bytearray(n)
        self.br = bytearray(b.nc)
        self.blk = bytearray(b.nc)  # bridged lines crossing each line
        self.num[start & 31] = 4 if start >= START4 else 3
        nums = [NUMBERS[c] for c in cards]
        brs = [BRIDGES[c] for c in cards]
        self.brs = bytes(brs)
        sb = [0] * (R + 2)  # bridges of rounds >= t
        for t in range(R - 1, -1, -1):
            sb[t] = sb[t + 1] + brs[t]
        self.sb = sb
        self.sn = [bytes(sorted(nums[t:])) for t in range(R + 2)]
        self.dl = [min(SOLO_DEADLINE[c], R) for c in range(3)]
        self.dsn = {}  # per deadline D: sorted numbers of rounds t..D-1
        for D in self.dl:
            self.dsn[D] = [bytes(sorted(nums[t:D])) for t in range(D + 2)]
        bs = [1] * (R + 2)  # bit s of bs[t]: s bridges from rounds >= t
        for t in range(R - 1, -1, -1):
            bs[t] = bs[t + 1] | (bs[t + 1] << brs[t])
        self.bs = bs
        ns = [0] * (R + 2)  # sum of the numbers of rounds >= t
        for t in range(R - 1, -1, -1):
            ns[t] = ns[t + 1] + nums[t]
        self.ns = ns
        fm = bytearray(n)  # 1 red flag, 2 blue flag
        for i in b.reds:
            fm[i] = 1
        for i in b.blues:
            fm[i] = 2
        self.fm = fm
        self.at_dl = bytearray(3)  # category met at its deadline, this line
        self._room = bytearray(n)
        self._cap = bytearray(n)
        self._capc = bytearray(n)
        self._cand = bytearray(n)
        self._cnt = bytearray(7)
        self._ctx = {}
        self.width = width
        self.table = table
        self.seen = set() if table else None
        self.best = -1
        self.line = None
        self.nodes = 0  # units of work done (step's budget)
        self.upper = self._bound(0, 0, 0, brs[0]) if R else self._score()
        self.proven = False
        self.phase = 1
        self._variant = 0
        if line:
            state = replay(1, self.options, line)
            self._found(state.scores()[0], list(line))
        self._work = self._run()

    # ---------------------------------------------------------------- API

    def step(self, budget):
        """Do about `budget` units of work (a beam child, or a node of the
        exact search); return self.proven."""
        work = self._work
        saved = bytes(V.P)
        applied = -1
        try:
            while budget > 0 and not self.proven:
                budget -= 1
                if applied != self._variant:
                    applied = self._variant
                    V.P[:] = saved
                    for i, v in VARIANTS[applied]:
                        V.P[i] = v
                self.nodes += 1
                try:
                    next(work)
                except StopIteration:
                    self.proven = True
                    self.upper = self.best
        finally:
            V.P[:] = saved
        return self.proven

    def summary(self):
        if self.best < 0:
            return "searching"
        if self.proven:
            return "best with these cards: %d" % self.best
        return "at least %d" % self.best

    # ---------------------------------------------------------------- driver

    def _run(self):
        if not self.R:
            self._found(self._score(), [self.start])
            return
        w = 1
        while True:
            for v in range(len(VARIANTS)):
                self._variant = v
                self._ctx = {}
                yield  # step() applies the variant before going on
                for _ in self._beam(w):
                    yield
            if w >= self.width:
                break
            w *= 2
        self._variant = 0
        self.phase = 2
        for _ in self._exact():
            yield

    def _found(self, score, line):
        if score > self.best:
            self.best = score
            self.line = line
            if score >= self.upper:
                self.proven = True
                self.upper = score

    # ---------------------------------------------------------------- board

    def _add(self, k):
        b = self.b
        self.br[k] += 1
        self.deg[b.ca[k]] += 1
        self.deg[b.cb[k]] += 1
        if self.br[k] == 1:
            for c in b.cross[k]:
                self.blk[c] += 1

    def _remove(self, k):
        b = self.b
        self.br[k] -= 1
        self.deg[b.ca[k]] -= 1
        self.deg[b.cb[k]] -= 1
        if self.br[k] == 0:
            for c in b.cross[k]:
                self.blk[c] -= 1

    def _load(self, board):
        """Set the board from bytes: the numbers, then the bridges."""
        n = self.b.n
        self.num[:] = board[:n]
        br = board[n:]
        for k in range(self.b.nc):
            self.br[k] = 0
            self.blk[k] = 0
        for i in range(self.b.n):
            self.deg[i] = 0
        for k in range(self.b.nc):
            for _ in range(br[k]):
                self._add(k)

    def _can_bridge(self, k):
        if self.br[k] >= 2 or self.blk[k]:
            return False
        b = self.b
        u = b.ca[k]
        v = b.cb[k]
        nu = self.num[u]
        nv = self.num[v]
        if not (nu or nv):
            return False
        return self.deg[u] < (nu or 6) and self.deg[v] < (nv or 6)

    def _can_number(self, i, n):
        return not self.num[i] and (self.deg[i] or not self.b.flag[i]) and n >= self.deg[i]

    def _finished(self):
        c = 0
        num = self.num
        deg = self.deg
        for i in range(self.b.n):
            if num[i] and num[i] == deg[i]:
                c += 1
        return c

    def _met(self, c):
        """Whether bonus category c (0 red, 1 blue, 2 six) is met now."""
        b = self.b
        num = self.num
        deg = self.deg
        if c == 2:
            return V.finished_group(b, num, deg, self.br) >= 6
        for i in (b.reds if c == 0 else b.blues):
            if not num[i] or num[i] != deg[i]:
                return False
        return True

    def _score(self):
        """Final score of the current board (at_dl: met by the deadlines)."""
        s = 2 * self._finished()
        for c in range(3):
            if self._met(c):
                s += HIGH[c] if self.at_dl[c] else LOW[c]
        return s

    def _round_end(self, r):
        for c in range(3):
            if self.dl[c] == r + 1:
                self.at_dl[c] = 1 if self._met(c) else 0

    # ---------------------------------------------------------------- beam

    def _context(self, r, got):
        """V.context() for the board after round r, knowing the cards to
        come; got: bit c set once category c is scored."""
        key = r * 8 + got
        ctx = self._ctx.get(key)
        if ctx is None:
            fut = [0] * 7
            ends = 0
            for c in self.cards[r + 1:]:
                fut[NUMBERS[c]] += 1
                ends += 2 * BRIDGES[c]
            rr = self.R - r - 1
            vals = [0, 0, 0]
            now = [0, 0, 0]
            for c in range(3):
                if not got >> c & 1:
                    left = self.dl[c] - (r + 1)
                    now[c] = HIGH[c] if left >= 0 else LOW[c]
                    vals[c] = HIGH[c] if left >= V.P[19] else LOW[c]
            if len(self._ctx) > 8:
                self._ctx = {}
            ctx = self._ctx[key] = V.context(fut, rr, rr, ends, vals, now)
        return ctx

    def _beam(self, width):
        """One beam pass; yields once per child tried."""
        b = self.b
        num = self.num
        deg = self.deg
        br = self.br
        self._load(self.num0() + bytes(b.nc))
        # a state: (value, num + br, bonus points, scored mask, line)
        states = [(0, bytes(num) + bytes(br), 0, 0, b"")]
        for r in range(self.R):
            n = NUMBERS[self.cards[r]]
            want = BRIDGES[self.cards[r]]
            kept = {}
            for _v, board, pts, got, line in states:
                self._load(board)
                ctx = self._context(r, got)
                for i in range(b.n + 1):
                    if i == b.n:
                        i = SKIP
                    elif not self._can_number(i, n):
                        continue
                    else:
                        num[i] = n
                    self._child(r, pts, got, line, i, (), kept, width)
                    got_b = bot.best_bridges(b, num, deg, br, want, ctx)
                    if got_b:
                        for k in got_b[1]:
                            self._add(k)
                        self._child(r, pts, got, line, i, got_b[1], kept, width)
                        for k in got_b[1]:
                            self._remove(k)
                    if i != SKIP:
                        num[i] = 0
                    yield
            states = _best(kept, width)
        for _v, board, pts, got, line in states:
            self._load(board)
            self._found(pts + 2 * self._finished(), self._beam_line(line))
            if self.proven:
                return

    def _child(self, r, pts, got, line, i, bridges, kept, width):
        """Keep the board after round r (number on i, these bridges) if it
        is new; `kept` holds at most 2 * width boards, the best."""
        p2, g2 = self._scored(r, pts, got)
        key = bytes(self.num) + bytes(self.br) + bytes((p2,))
        if key in kept:
            return
        v = p2 * 100 + V.value(self.b, self.num, self.deg, self.br, self._context(r, g2))
        step = bytes((i,)) + bytes(bridges) + bytes((NONE,))
        kept[key] = (v, key, p2, g2, line + step)
        if len(kept) > 2 * width:
            for x in _best(kept, len(kept))[width:]:
                del kept[x[1]]

    def num0(self):
        """The numbers at the start: the start number alone."""
        num = bytearray(self.b.n)
        num[self.start & 31] = 4 if self.start >= START4 else 3
        return num

    def _scored(self, r, pts, got):
        """Bonus points and scored mask after the end of round r."""
        for c in range(3):
            if not got >> c & 1 and self._met(c):
                got |= 1 << c
                pts += HIGH[c] if r + 1 <= self.dl[c] else LOW[c]
        return pts, got

    def _beam_line(self, line):
        out = [self.start]
        r = 0
        j = 0
        while j < len(line):
            out.append(self.cards[r])
            out.append(SKIP_A if line[j] == SKIP else NUMBER + line[j])
            j += 1
            while line[j] != NONE:
                out.append(BRIDGE + line[j])
                j += 1
            j += 1
            out.append(CONFIRM)
            r += 1
        return out

    # ---------------------------------------------------------------- exact

    def _exact(self):
        """Depth-first branch and bound; yields once per node."""
        self._load(self.num0() + bytes(self.b.nc))
        for c in range(3):
            self.at_dl[c] = 0
        stack = self._stack = []
        self._push(0, 0, 0)
        while stack:
            yield
            fr = stack[-1]
            r, j, opts, bnds, idx, o = fr
            if o >= 0:
                self._undo(j, o)
                fr[5] = -1
            if idx >= len(opts) or bnds[idx] <= self.best:
                stack.pop()
                self._frontier()
                continue
            o = opts[idx]
            fr[4] = idx + 1
            fr[5] = o
            n = NUMBERS[self.cards[r]]
            want = BRIDGES[self.cards[r]]
            if j == 0:
                if o != SKIP:
                    self.num[o] = n
                nr, nj = r, 1
            else:
                if o != NONE:
                    self._add(o)
                if o == NONE or j == want:
                    self._round_end(r)
                    nr, nj = r + 1, 0
                else:
                    nr, nj = r, j + 1
            if nr >= self.R:
                self._found(self._score(), self._exact_line())
                if self.proven:
                    return
                continue
            if nj == 0 and self.seen is not None:
                key = bytes(self.num) + bytes(self.br) + bytes(self.at_dl) + bytes((nr,))
                if key in self.seen:
                    continue
                if len(self.seen) < self.table:
                    self.seen.add(key)
            self._push(nr, nj, o if nj > 1 else 0)
        self._stack = []

    def _frontier(self):
        """upper = the best bound still open in the exact search."""
        up = self.best
        for fr in self._stack:
            bnds = fr[3]
            idx = fr[4]
            if idx < len(bnds) and bnds[idx] > up:
                up = bnds[idx]
        if up < self.upper:
            self.upper = up
            if self.best >= up:
                self.proven = True

    def _push(self, r, j, first):
        """Frame for position (r, j): j = 0 the number of round r, j >= 1
        its j-th bridge (on a line >= first): the options and their bounds
        (bytes), best bound first."""
        opts = []  # bound * 256 + option
        n = NUMBERS[self.cards[r]]
        want = BRIDGES[self.cards[r]]
        b = self.b
        if j == 0:
            for i in range(b.n):
                if self._can_number(i, n):
                    self.num[i] = n
                    opts.append(self._bound(r, r + 1, 0, want) << 8 | i)
                    self.num[i] = 0
            opts.append(self._bound(r, r + 1, 0, want) << 8 | SKIP)
        else:
            if j == 1:
                opts.append(self._after_round(r) << 8 | NONE)
            left = want - j
            for k in range(first, b.nc):
                if self._can_bridge(k):
                    self._add(k)
                    if left == 0:
                        bd = self._after_round(r)
                    else:
                        bd = self._bound(r, r + 1, left, 0)
                    self._remove(k)
                    opts.append(bd << 8 | k)
        opts.sort(reverse=True)
        self._stack.append([r, j, bytes(c & 255 for c in opts), bytes(c >> 8 for c in opts),
                            0, -1])

    def _after_round(self, r):
        keep = bytes(self.at_dl)
        self._round_end(r)
        if r + 1 >= self.R:
            v = self._score()
        else:
            v = self._bound(r + 1, r + 1, 0, self.brs[r + 1])
        self.at_dl[:] = keep
        return v

    def _undo(self, j, o):
        if j == 0:
            if o != SKIP:
                self.num[o] = 0
        elif o != NONE:
            self._remove(o)

    def _exact_line(self):
        out = [self.start]
        for r, j, opts, bnds, idx, o in self._stack:
            if j == 0:
                if r:
                    out.append(CONFIRM)
                out.append(self.cards[r])
                out.append(SKIP_A if o == SKIP else NUMBER + o)
            elif o != NONE:
                out.append(BRIDGE + o)
        out.append(CONFIRM)
        return out

    # ---------------------------------------------------------------- bound

    def _bound(self, r, t, forced, opt):
        """Upper bound on the final score from the current board: round r
        is being played, the numbers of rounds >= t are still to come,
        `forced` bridges of round r must still be placed and `opt` may be."""
        b = self.b
        n = b.n
        num = self.num
        deg = self.deg
        avail = self.sn[t]
        now = forced + opt
        ends = 2 * (now + self.sb[r + 1])
        room = self._room
        cap = self._cap
        capc = self._capc
        cand = self._cand
        f0 = 0
        for i in range(n):
            cap[i] = 0
            capc[i] = 0
            if num[i]:
                room[i] = num[i] - deg[i]
                if not room[i]:
                    f0 += 1
            else:
                room[i] = 6 - deg[i]
        self._line_caps(cap, None)
        # cand: 1 finished, 2 numbered and its open lines can take what it
        # misses, 3 numberless and a coming number fits, 0 lost
        for i in range(n):
            cand[i] = 0
            if num[i]:
                if not room[i]:
                    cand[i] = 1
                elif room[i] <= cap[i]:
                    cand[i] = 2
            else:
                d = deg[i]
                lo = d if d else 1
                hi = d + cap[i]
                for x in avail:
                    if x > hi:
                        break
                    if x >= lo:
                        cand[i] = 3
                        break
        # capacity towards other islands still to finish: the rest of what
        # an island misses comes over lines whose far end is wasted
        self._line_caps(capc, cand)
        ncost = []  # (ends needed, flag mask) of numbered islands
        udeg = []  # (degree, flag mask, lowest, highest number, island)
        fm = self.fm
        for i in range(n):
            c = cand[i]
            if c == 2:
                d = room[i]
                w = d - capc[i]
                ncost.append((d + w if w > 0 else d, fm[i]))
            elif c == 3:
                d = deg[i]
                hi = d + cap[i]
                udeg.append((d, fm[i], d if d else 1, hi if hi < 6 else 6, i))
        feas = [True, True, self._group_possible()]
        for c, isl in ((0, b.reds), (1, b.blues)):
            for i in isl:
                if not cand[i]:
                    feas[c] = False
                    break
        vals = [0, 0, 0]
        for c in range(3):
            if not feas[c]:
                continue
            D = self.dl[c]
            if r >= D:
                vals[c] = HIGH[c] if self.at_dl[c] else LOW[c]
                continue
            dends = 2 * (now + self.sb[r + 1] - self.sb[D])
            dn = self.dsn[D]
            if c < 2:
                ok = self._flags_fit(1 << c, ncost, udeg, dn[t] if t <= D else b"",
                                     dn[r + 1] if r + 1 <= D else b"",
                                     dn[t + 1] if t + 1 <= D else b"", dends)
            else:
                ok = f0 + self._count(0, ncost, udeg, dn[t] if t <= D else b"", dends) >= 6
            vals[c] = HIGH[c] if ok else LOW[c]
        best = 0
        for m in range(4):
            if (m & 1 and not feas[0]) or (m & 2 and not feas[1]):
                continue
            cnt = self._count(m, ncost, udeg, avail, ends)
            if cnt < 0:
                continue
            tot = f0 + cnt
            if tot == n and not self._all_fit(t, r, forced, opt):
                tot = n - 1
            s = 2 * tot
            if m & 1:
                s += vals[0]
            if m & 2:
                s += vals[1]
            if feas[2] and tot >= 6:
                s += vals[2]
            if s > best:
                best = s
        return best

    def _line_caps(self, cap, among):
        """cap[i] += what the open lines of island i can still take (2 a
        line, no more than the room at either end); with `among` (the
        candidates): only lines between two islands still to finish."""
        b = self.b
        ca = b.ca
        cb = b.cb
        br = self.br
        blk = self.blk
        room = self._room
        for k in range(b.nc):
            u = ca[k]
            v = cb[k]
            if br[k] < 2 and not blk[k] and room[u] and room[v]:
                if among and (among[u] < 2 or among[v] < 2):
                    continue
                c = 2 - br[k]
                if room[u] < c:
                    c = room[u]
                if room[v] < c:
                    c = room[v]
                cap[u] += c
                cap[v] += c

    def _all_fit(self, t, r, forced, opt):
        """Whether every island can end finished as far as sums go: each
        numberless island then takes one of the numbers still to come (all
        of them: at most one number was written per round), and the numbers
        add up to twice the bridges."""
        num = self.num
        tot = 0
        un = 0
        for i in range(self.b.n):
            if num[i]:
                tot += num[i]
            else:
                un += 1
        if un != self.R - t:
            return False
        tot += self.ns[t]
        if tot & 1:
            return False
        need = tot // 2 - forced
        for k in range(self.b.nc):
            need -= self.br[k]
        bmask = self.bs[r + 1]
        if opt:
            bmask |= bmask << opt
        return need >= 0 and (bmask >> need) & 1 == 1

    def _group_possible(self):
        """Whether 6 islands, finished or still finishable, are joined by
        bridges or by free lines between islands still to finish."""
        b = self.b
        cand = self._cand
        br = self.br
        blk = self.blk
        join = bytearray(b.nc)
        for k in range(b.nc):
            u = cand[b.ca[k]]
            v = cand[b.cb[k]]
            join[k] = u and v and (br[k] or (not blk[k] and u > 1 and v > 1))
        return V.largest(b, V.labels(b, join, bytearray(b.n)), cand) >= 6

    def _flags_fit(self, m, ncost, udeg, nums, late, later, ends):
        """Whether the flag islands of mask m can all be finished with these
        numbers (of rounds t..D-1) and ends. A flag island without a bridge
        takes its number from `late` (the rounds after this one), or, when
        no numbered neighbour can bridge it yet, from `later` (the rounds
        after the one that numbers a neighbour, which takes a number too)."""
        need = 0
        fu = []
        forced = []
        orphans = []
        for cost, mask in ncost:
            if mask & m:
                need += cost
        for u in udeg:
            d, mask, lo, hi, i = u
            if mask & m:
                fu.append(d)
                forced.append(u)
                src = nums
                if not d:
                    src = late
                    if self._orphan(i):
                        orphans.append(i)
                        src = later
                ok = False
                for x in src:
                    if lo <= x <= hi:
                        ok = True
                        break
                if not ok:
                    return False
        if orphans and len(forced) + self._anchors(orphans) > len(nums):
            return False
        if forced and _matchable(forced, nums, self._cnt) < len(forced):
            return False
        return need + _pair(fu, nums) <= ends

    def _orphan(self, i):
        """Whether no numbered neighbour can bridge island i now."""
        b = self.b
        for k in b.adj[i]:
            j = b.ca[k] + b.cb[k] - i
            if self.num[j] and self._room[j] and self.br[k] < 2 and not self.blk[k]:
                return False
        return True

    def _anchors(self, orphans):
        """Fewest islands to number so that each orphan gets a numbered
        neighbour (a lower bound: 1, 2 or 3)."""
        b = self.b
        sets = []
        for i in orphans:
            nb = []
            for k in b.adj[i]:
                if self.br[k] < 2 and not self.blk[k]:
                    j = b.ca[k] + b.cb[k] - i
                    if not self.num[j] and (not b.flag[j] or self.deg[j]):
                        nb.append(j)
            sets.append(nb)
        for j in sets[0]:
            if all(j in nb for nb in sets):
                return 1
        if len(sets) == 2:
            return 2
        for x in range(len(sets)):
            for j in sets[x]:
                rest = [nb for nb in sets if j not in nb]
                for j2 in rest[0]:
                    if all(j2 in nb for nb in rest):
                        return 2
        return 3

    def _count(self, m, ncost, udeg, nums, ends):
        """Most islands beyond the finished ones that can be finished, the
        flag islands of mask m among them (-1 if those cannot be)."""
        fn = 0
        nf = 0
        on = []
        fu = []
        ou = []
        for cost, mask in ncost:
            if mask & m:
                fn += cost
                nf += 1
            else:
                on.append(cost)
        forced = []
        for u in udeg:
            if u[1] & m:
                fu.append(u[0])
                forced.append(u)
            else:
                ou.append(u[0])
        if forced and _matchable(forced, nums, self._cnt) < len(forced):
            return -1
        top = _matchable(udeg, nums, self._cnt)
        on.sort()
        ou.sort(reverse=True)
        best = -1
        budget = ends - fn
        kmax = len(ou)
        if kmax > top - len(fu):
            kmax = top - len(fu)
        for k in range(kmax + 1):
            left = budget - _pair(fu + ou[:k], nums)
            if left < 0:
                break
            mm = 0
            for c in on:
                if c > left:
                    break
                left -= c
                mm += 1
            tot = nf + len(fu) + k + mm
            if tot > best:
                best = tot
        return best


def _best(kept, width):
    """The `width` best states of a dict of them, best first."""
    return sorted(kept.values(), reverse=True)[:width]


def _pair(degs, nums):
    """Fewest bridge ends that islands of these degrees need to be finished
    with distinct numbers from nums (sorted): pair both in the same order."""
    s = len(degs)
    if not s:
        return 0
    d = sorted(degs)
    c = 0
    for x in range(s):
        e = nums[x] - d[x]
        if e > 0:
            c += e
    return c


def _matchable(udeg, nums, cnt):
    """Most numberless islands that can each get their own number from nums
    within their reach lo..hi (greedy by the reach's end: optimal)."""
    for x in range(7):
        cnt[x] = 0
    for x in nums:
        cnt[x] += 1
    got = 0
    for hi in range(1, 7):
        for u in udeg:
            if u[3] == hi:
                for x in range(u[2], hi + 1):
                    if cnt[x]:
                        cnt[x] -= 1
                        got += 1
                        break
    return got
