"""Hashi bot: plans each turn from its view only; docs/hashi.md ("Bot and
solver") describes it. Deterministic: the same view and legal list give the
same choice. Comments, not docstrings, below: MicroPython parses a
docstring before dropping it, and the garbage fragments a small heap."""

from micropython import const

from games.hashi.boards import DECK
from games.hashi.engine import (
    ACTION_A, BRIDGE, CONFIRM, HIGH, LOW, NUMBER, ROUNDS, SETUP, SKIP_A, SOLO_DEADLINE,
    START4, UNDO, can_bridge)

SC = const(100)  # a certain island: 100 hundredths

# Tunable figures (tools/bench_hashi.py measures the bot).
P = [
    90, 75, 60, 45, 30, 14, 5,  # 0-6 chance of a numbered island missing d bridges
    100, 70, 26, 18, 7, 5, 2,  # 7-13 weight of a coming number = degree + e
    35,  # 14 time: percent per round left, at most 100
    26,  # 15 six connected: weight of the group potential
    9,  # 16 places for the number tried with bridges
    90,  # 17 island without number: highest chance
    177,  # 18 ... reached at half when the weighted coming numbers are this
    3,  # 19 solo: rounds before a deadline still worth the high value
    170,  # 20 boards valued for the bridges of one turn, at most
]

_room = bytearray(18)
_cap = bytearray(18)
_pot = bytearray(18)
_par = bytearray(18)
_lab = bytearray(18)
_base = bytearray(18)
_par2 = bytearray(18)
_acc = [0] * 18
_free = [0] * 18
_memo = [None, None]
_used = [0, 0]


def context(fut, unseen, rr, ends, vals, now):
    # The figures value() needs, from: fut[x] cards of number x still
    # unseen (unseen in all), rr rounds after this one, ends = twice the
    # bridges of the unseen cards, vals / now the worth of each bonus category
    # later / if met at the end of this round (0 once scored).
    tf = rr * P[14]
    if tf > SC:
        tf = SC
    pn = bytearray(7)  # numbered island missing d bridges
    for d in range(1, 7):
        pn[d] = P[d] * tf // SC
    # island without number, degree d, open capacity c (at most 12)
    pu = bytearray(7 * 13)
    for d in range(7):
        for c in range(13):
            a = 0
            hi = d + c
            for x in range(d if d else 1, (hi if hi < 6 else 6) + 1):
                a += fut[x] * P[7 + x - d]
            if a:
                pu[d * 13 + c] = P[17] * a // (a + P[18]) * tf // SC
    return (rr, pn, pu, vals, now, ends * rr // unseen if unseen else 0)


def view_context(view):
    seen = view.seen
    fut = [0] * 7
    unseen = 0
    ends = 0
    for c in range(len(DECK)):
        if not seen[c]:
            fut[DECK[c][0]] += 1
            ends += 2 * DECK[c][1]
            unseen += 1
    rnd = view.round
    vals = [0, 0, 0]
    now = [0, 0, 0]
    got = view.bonus[view.seat]
    for cat in range(3):
        if got[cat]:
            continue
        if view.solo:
            left = SOLO_DEADLINE[cat] - rnd
            now[cat] = HIGH[cat] if left >= 0 else LOW[cat]
            vals[cat] = HIGH[cat] if left >= P[19] else LOW[cat]
        else:
            vals[cat] = now[cat] = LOW[cat] if view.high[cat] else HIGH[cat]
    return context(fut, unseen, ROUNDS - rnd, ends, vals, now)


def value(b, num, deg, br, ctx, lab=None, extra=-1):
    # Potential of a board (num, deg, br) in hundredths of a point. lab:
    # labels() of the board without its bridge on connection `extra` (to
    # spare that work when many boards differ by one bridge).
    rr, pn, pu, vals, now, ends = ctx
    n = b.n
    room = _room
    cap = _cap
    pot = _pot
    for i in range(n):
        x = num[i]
        room[i] = x - deg[i] if x else 6 - deg[i]
        cap[i] = 0
    ca = b.ca
    cb = b.cb
    cross = b.cross
    for k in range(b.nc):
        c = 2 - br[k]
        if c:
            u = ca[k]
            v = cb[k]
            ru = room[u]
            rv = room[v]
            if ru and rv:
                for z in cross[k]:
                    if br[z]:
                        c = 0
                        break
                if c:
                    if ru < c:
                        c = ru
                    if rv < c:
                        c = rv
                    cap[u] += c
                    cap[v] += c
    need = 0
    total = 0
    free = _free
    un = 0
    for i in range(n):
        if num[i]:
            d = room[i]
            if not d:
                p = SC
            elif d > cap[i]:
                p = 0
            else:
                p = pn[d]
                need += d
        else:
            d = deg[i]
            c = cap[i]
            p = pu[d * 13 + (c if c < 12 else 12)]
            free[un] = p
            un += 1
        pot[i] = p
        total += p
    if need > ends:
        # the numbered islands miss more ends than are expected to come
        for i in range(n):
            d = room[i]
            if num[i] and d and d <= cap[i]:
                p = pot[i]
                pot[i] = p * ends // need
                total -= p - pot[i]
    # Each round numbers at most one island: only the best rr count.
    for _ in range(un - rr):
        low = 0
        for j in range(1, un):
            if free[j] < free[low]:
                low = j
        total -= free[low]
        free[low] = 255
    v = 2 * total
    for cat, isl in ((0, b.reds), (1, b.blues)):
        if now[cat]:
            prod = SC
            for i in isl:
                prod = prod * pot[i] // SC
            if prod == SC:
                v += now[cat] * SC
            else:
                v += vals[cat] * prod
    if now[2]:
        if lab is None:
            lab = labels(b, br, _lab)
        g = _group(b, pot, lab, extra)
        if _used[1] and finished_group(b, num, deg, br) >= 6:
            v += now[2] * SC
        else:
            v += vals[2] * g * g // (36 * SC) * P[15] // SC
    return v


def labels(b, join, lab):
    # Fill lab with a label per island, the same for islands joined by the
    # connections k with join[k] (e.g. br: joined by bridges).
    par = _par
    n = b.n
    for i in range(n):
        par[i] = i
    ca = b.ca
    cb = b.cb
    for k in range(b.nc):
        if join[k]:
            u = ca[k]
            while par[u] != u:
                u = par[u]
            v = cb[k]
            while par[v] != v:
                v = par[v]
            if u != v:
                par[u] = v
    for i in range(n):
        r = i
        while par[r] != r:
            r = par[r]
        lab[i] = r
    return lab


def largest(b, lab, count):
    # The most islands with count[i] under one label.
    acc = _acc
    for i in range(b.n):
        acc[i] = 0
    for i in range(b.n):
        if count[i]:
            acc[lab[i]] += 1
    return max(acc)


def _group(b, pot, lab, extra):
    # Largest sum of potentials over islands joined by bridges (counting
    # the bridge on `extra` too); _used[1]: whether such a group holds 6
    # finished islands.
    acc = _acc
    fin = _free
    n = b.n
    for i in range(n):
        acc[i] = 0
        fin[i] = 0
    for i in range(n):
        x = lab[i]
        p = pot[i]
        acc[x] += p
        if p == SC:
            fin[x] += 1
    best = max(acc)
    most = max(fin)
    if extra >= 0:
        u = lab[b.ca[extra]]
        v = lab[b.cb[extra]]
        if u != v:
            if acc[u] + acc[v] > best:
                best = acc[u] + acc[v]
            if fin[u] + fin[v] > most:
                most = fin[u] + fin[v]
    _used[1] = most >= 6
    return best


def finished_group(b, num, deg, br):
    # Rule K4: the largest group of finished islands joined by bridges.
    fin = bytearray(b.n)
    for i in range(b.n):
        fin[i] = num[i] and num[i] == deg[i]
    join = bytearray(b.nc)
    for k in range(b.nc):
        join[k] = br[k] and fin[b.ca[k]] and fin[b.cb[k]]
    return largest(b, labels(b, join, _par2), fin)


def add(b, deg, br, k, s):
    # Add s (1 or -1) bridges on connection k.
    br[k] += s
    deg[b.ca[k]] += s
    deg[b.cb[k]] += s


def best_bridges(b, num, deg, br, want, ctx, limit=-1):
    # Greedy: want bridges, each the best for value(); (value, bridges) or
    # None when the card's bridges cannot all be placed that way, or when
    # more than `limit` boards (if >= 0) would have to be valued; _used[0]
    # counts the boards valued.
    chosen = []
    bv = 0
    lab = _base
    for _ in range(want):
        labels(b, br, lab)
        bv = -1
        bk = -1
        for k in range(b.nc):
            if can_bridge(b, num, deg, br, k):
                if not limit:
                    bk = -1
                    break
                limit -= 1
                _used[0] += 1
                add(b, deg, br, k, 1)
                v = value(b, num, deg, br, ctx, lab, k)
                add(b, deg, br, k, -1)
                if v > bv:
                    bv = v
                    bk = k
        if bk < 0:
            break
        chosen.append(bk)
        add(b, deg, br, bk, 1)
    for k in chosen:
        add(b, deg, br, k, -1)
    if len(chosen) < want:
        return None
    return bv, chosen


def plan(b, num, deg, br, n, want, ctx):
    # The turn for card (n, want bridges) on the board (num, deg, br):
    # (island or -1 for no number, bridges). The arrays come back unchanged.
    opts = []
    lab = labels(b, br, _lab)
    for i in range(b.n):
        if not num[i] and (deg[i] or not b.flag[i]) and n >= deg[i]:
            num[i] = n
            opts.append((value(b, num, deg, br, ctx, lab), i))
            num[i] = 0
    opts.sort(reverse=True)
    opts = [(value(b, num, deg, br, ctx, lab), -1)] + opts[:P[16]]
    _used[0] = 0
    best = None
    out = (-1, ())
    for v0, i in opts:
        if i >= 0:
            num[i] = n
        if best is None or v0 > best:
            best = v0
            out = (i, ())
        # at most P[20] boards valued for the bridges of a turn: the cost
        # of the slowest turns stays bounded (the places tried last, the
        # least promising, are left out)
        got = best_bridges(b, num, deg, br, want, ctx, P[20] - _used[0]) if want else None
        if got and got[0] > best:
            best = got[0]
            out = (i, tuple(got[1]))
        if i >= 0:
            num[i] = 0
    return out


def _turn_plan(view):
    # The plan of this turn, from the board as it was before the turn.
    sh = view.sheet
    b = sh.b
    num = bytearray(sh.num)
    deg = bytearray(sh.deg)
    br = bytearray(sh.br)
    for k in view.placed:
        add(b, deg, br, k, -1)
    if view.a_island >= 0:
        num[view.a_island] = 0
    key = (bytes(num) + bytes(br) + view.seen + view.bonus[view.seat] + view.high
           + bytes((view.card, view.round, view.seats, ord(b.name))))
    if _memo[0] != key:
        _memo[1] = plan(b, num, deg, br, view.number, view.bridges, view_context(view))
        _memo[0] = key
    return _memo[1]


def _setup(view, legal):
    # Start number and island: the best for our own board (solo), the
    # worst for the neighbour's board we write on.
    sh = view.sheets[view.target]
    b = sh.b
    num = bytearray(sh.num)
    deg = bytearray(sh.deg)
    br = bytearray(sh.br)
    ctx = view_context(view)
    sign = 1 if view.target == view.seat else -1
    best = None
    pick = legal[0]
    for a in legal:
        i = a & 31
        num[i] = 4 if a >= START4 else 3
        v = sign * value(b, num, deg, br, ctx)
        num[i] = 0
        if best is None or v > best:
            best = v
            pick = a
    return pick


def choose(view, legal):
    if view.phase == SETUP:
        return _setup(view, legal)
    i, bridges = _turn_plan(view)
    if view.phase == ACTION_A:
        a = SKIP_A if i < 0 else NUMBER + i
        return a if a in legal else SKIP_A
    placed = view.placed
    if view.a_island == i and bytes(bridges[:len(placed)]) == placed:
        if len(placed) < len(bridges):
            return BRIDGE + bridges[len(placed)]
        return CONFIRM
    # Not our plan (a person played this turn so far): finish or take back.
    return CONFIRM if CONFIRM in legal else UNDO
