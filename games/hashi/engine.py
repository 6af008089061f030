"""Hashi: the rules (spec rules/hashi.md), following the Kapsa engine contract.

Runs unchanged on CircuitPython, MicroPython and CPython.

Options (bit flags):
  BOARD_B (1)       play side B (default side A)
  BOARD_P (2)       the spec's placeholder board P (development and tests)
  RANDOM_START (4)  every start number (3 or 4) and its island are drawn at
                    random (CHANCE) instead of chosen (OP-6; meant for solo)

Flow: setup, then 17 rounds, then OVER.
  Setup: seat s in seating order writes the start 3 or 4 on an unflagged
    island of its LEFT neighbour's board, seat (s + 1) % seats (solo: its own
    board). With RANDOM_START each board's start is a CHANCE node instead.
  Round: a CHANCE node draws one card among those not drawn yet (the 18th,
    removed card is simply never drawn). Then each seat in seating order
    resolves the card on its own board: action a (a number or SKIP_A), then
    action b as single bridges that stay provisional; UNDO takes back the last
    provisional step (the number too, once no bridge is left); CONFIRM ends
    the seat's turn, allowed with 0 bridges or exactly the card's count.
    After the last seat confirms, bonuses are checked (OP-8) and the next
    card is drawn; after the 17th round the game is OVER.

Actions (small ints, all < 256, so a game's actions fit a bytearray):
  0..17          NUMBER + i: write the card's number on island i (action a)
  20             SKIP_A: write no number this round
  21             UNDO: take back the last provisional bridge, or action a
  22             CONFIRM: end this seat's turn (0 or all the card's bridges)
  32..127        BRIDGE + k: one bridge on connection k (action b)
  128..159       START3 + i: start number 3 on island i (setup, also chance)
  160..191       START4 + i: start number 4 on island i (setup, also chance)
  0..17 at a CHANCE card draw: the index of the card in boards.DECK

scores(): per seat, bonuses scored so far + 2 per finished island, counted
on the boards as they were at the end of the last completed round (so they
never show a move of the current round); final once OVER (F1).
"""

from micropython import const

from kapsa.engine import CHANCE, OVER, IllegalMove, replay as _replay
from games.hashi.boards import DECK, board as _board, island_name, conn_name

SEATS = (1, 4)

BOARD_B = const(1)
BOARD_P = const(2)
RANDOM_START = const(4)

NUMBER = const(0)
SKIP_A = const(20)
UNDO = const(21)
CONFIRM = const(22)
BRIDGE = const(32)
START3 = const(128)
START4 = const(160)

ROUNDS = const(17)
MAX_BRIDGES = const(6)  # H5

# Phases as a seat's view reports them.
SETUP = const(0)
ACTION_A = const(1)
ACTION_B = const(2)
WAITING = const(3)
DONE = const(4)

# Bonus categories (section 5).
CAT_RED = const(0)
CAT_BLUE = const(1)
CAT_SIX = const(2)
HIGH = (9, 7, 8)
LOW = (5, 3, 4)
SOLO_DEADLINE = (12, 7, 12)  # section 8: high value if achieved by this card
SIX = const(6)

# Solo rank titles (section 8.5): the lowest total for each, then the names.
TITLE_FROM = bytes((0, 41, 43, 45, 47, 49, 51, 52, 54, 56, 58, 60))
TITLES = ("Gofer/Water carrier/Bamboo binder/Bolt tightener/Concrete pourer/"
          "Project manager/Bridge master/Planning specialist/"
          "Chief structural engineer/Design ace/Construction genius/Island god")


def rank_title(score):
    """Solo rank title for a final score (section 8.5)."""
    i = 0
    while i + 1 < len(TITLE_FROM) and score >= TITLE_FROM[i + 1]:
        i += 1
    return TITLES.split("/")[i]


def can_bridge(b, num, deg, br, k):
    """The legal-bridge test of section 4 (H2-H5, B3) for connection k of
    board b, on bare arrays (the bot plans on them too)."""
    if br[k] >= 2:
        return False
    for c in b.cross[k]:
        if br[c]:
            return False
    u = b.ca[k]
    v = b.cb[k]
    nu = num[u]
    nv = num[v]
    if not (nu or nv):
        return False
    return deg[u] < (nu or MAX_BRIDGES) and deg[v] < (nv or MAX_BRIDGES)


class Sheet:
    """One seat's board: numbers, bridges per connection, degrees.

    num[i] is 0 (empty) or 1..6; br[k] is 0..2 bridges on connection k;
    deg[i] the bridges touching island i. Bots may copy() a sheet and play
    on the copy with write/erase/add/remove.
    """

    __slots__ = ("b", "num", "br", "deg")

    def __init__(self, b, src=None):
        self.b = b
        if src is None:
            self.num = bytearray(b.n)
            self.br = bytearray(b.nc)
            self.deg = bytearray(b.n)
        else:
            self.num = bytearray(src.num)
            self.br = bytearray(src.br)
            self.deg = bytearray(src.deg)

    def copy(self):
        return Sheet(self.b, self)

    def load(self, src):
        self.num[:] = src.num
        self.br[:] = src.br
        self.deg[:] = src.deg

    def finished(self, i):
        """H4: an island is finished when its degree equals its number."""
        n = self.num[i]
        return n != 0 and self.deg[i] == n

    def finished_count(self):
        num, deg = self.num, self.deg
        c = 0
        for i in range(len(num)):
            if num[i] and deg[i] == num[i]:
                c += 1
        return c

    def why_number(self, i, n):
        """None if number n may be written on island i (A1-A4, H1), else the reason."""
        if not 0 <= i < self.b.n:
            return "No such island"
        if not 1 <= n <= 6:
            return "Numbers go from 1 to 6"
        if self.num[i]:
            return "Island %s has a number" % island_name(i)
        d = self.deg[i]
        if self.b.flag[i] and not d:
            return "Flag needs a bridge first"
        if n < d:
            return "Too small: %s has %d bridges" % (island_name(i), d)
        return None

    def can_number(self, i, n):
        return not self.num[i] and (self.deg[i] or not self.b.flag[i]) and n >= self.deg[i]

    def number_options(self, n):
        """Islands where number n may be written now."""
        return [i for i in range(self.b.n) if self.can_number(i, n)]

    def can_bridge(self, k):
        """The legal-bridge test of section 4 (H2-H5, B3) for connection k."""
        return can_bridge(self.b, self.num, self.deg, self.br, k)

    def why_bridge(self, k):
        """None if a bridge may be added on connection k, else the reason."""
        b = self.b
        if not 0 <= k < b.nc:
            return "No such line"
        if self.br[k] >= 2:
            return "At most 2 bridges a line"
        for c in b.cross[k]:
            if self.br[c]:
                return "Bridges may not cross"
        u, v = b.ca[k], b.cb[k]
        if not (self.num[u] or self.num[v]):
            return "Bridges start at a number"
        for i in (u, v):
            n, d = self.num[i], self.deg[i]
            if n and d >= n:
                return "Island %s is finished" % island_name(i)
            if d >= MAX_BRIDGES:
                return "Island %s has 6 bridges" % island_name(i)
        return None

    def bridge_options(self):
        """Connections where one more bridge may go now."""
        return [k for k in range(self.b.nc) if self.can_bridge(k)]

    def can_place(self, r, first=0):
        """Whether r more bridges can still be added together (each on a
        connection >= first). A set's legality does not depend on the order
        of its bridges, so trying them in ascending order is enough."""
        if r <= 0:
            return True
        for k in range(first, self.b.nc):
            if self.can_bridge(k):
                self.add(k)
                ok = self.can_place(r - 1, k)
                self.remove(k)
                if ok:
                    return True
        return False

    def write(self, i, n):
        self.num[i] = n

    def erase(self, i):
        self.num[i] = 0

    def add(self, k):
        self.br[k] += 1
        self.deg[self.b.ca[k]] += 1
        self.deg[self.b.cb[k]] += 1

    def remove(self, k):
        self.br[k] -= 1
        self.deg[self.b.ca[k]] -= 1
        self.deg[self.b.cb[k]] -= 1

    def largest_group(self):
        """K4: islands in the largest group of finished islands joined by
        bridges between finished islands."""
        b = self.b
        n = b.n
        fin = bytearray(n)
        for i in range(n):
            if self.finished(i):
                fin[i] = 1
        best = 0
        stack = []
        br, ca, cb, adj = self.br, b.ca, b.cb, b.adj
        for s in range(n):
            if fin[s] != 1:
                continue
            fin[s] = 2
            stack.append(s)
            size = 0
            while stack:
                i = stack.pop()
                size += 1
                for k in adj[i]:
                    if br[k]:
                        j = ca[k] + cb[k] - i
                        if fin[j] == 1:
                            fin[j] = 2
                            stack.append(j)
            if size > best:
                best = size
        return best

    def achieved(self, cat):
        """Whether the bonus condition of category cat is met (section 5)."""
        if cat == CAT_SIX:
            return self.largest_group() >= SIX
        for i in (self.b.reds if cat == CAT_RED else self.b.blues):
            if not self.finished(i):
                return False
        return True


class View:
    """What one seat may see (state.view(seat)); see docs/hashi.md.

    sheets[p] is seat p's board: the seat's own board as it is now, the
    others' as they were at the end of the last completed round. All are
    copies: a bot may change them freely.
    """

    __slots__ = ("seat", "seats", "board", "sheets", "sheet", "current", "over",
                 "phase", "target", "card", "number", "bridges", "placed", "to_place",
                 "a_island", "seen", "drawn", "round", "bonus", "high", "solo",
                 "scores", "score", "start")

    def __init__(self, state, seat):
        self.seat = seat
        self.seats = n = state.seats
        self.board = state.board  # static geometry (boards.Board), shared
        playing = state.starts >= n
        self.sheets = [(state.sheets[p] if p == seat and playing else state.pub[p]).copy()
                       for p in range(n)]
        self.sheet = self.sheets[seat]  # this seat's own board
        # The start action on this seat's board (it shows on the board once
        # setup is over); None before. The hindsight solver starts from it.
        self.start = state.start_of[seat] if playing else None
        cur = state.current_player()
        self.current = cur  # seat to act, CHANCE or OVER
        self.over = cur == OVER
        mine = playing and cur == seat
        if not playing:
            self.phase = SETUP if cur == seat else WAITING
        elif self.over:
            self.phase = DONE
        else:
            self.phase = state.phase if mine else WAITING
        self.target = (seat + 1) % n  # the board this seat's setup move goes on
        self.card = state.card  # index into DECK, -1 between rounds
        self.number, self.bridges = DECK[state.card] if state.card >= 0 else (0, 0)
        self.placed = bytes(state.steps) if mine else b""  # provisional bridges
        self.a_island = state.a_island if mine else -1  # numbered this turn
        self.to_place = self.bridges - len(self.placed) if self.phase == ACTION_B else 0
        self.seen = bytes(state.seen)  # 1 per DECK card drawn so far (card bar)
        self.drawn = bytes(state.drawn)  # card indices in drawing order
        self.round = len(state.drawn)  # 1..17 once the first card is drawn
        self.bonus = [bytes(x) for x in state.bonus]  # points per category, per seat
        self.high = bytes(state.high)  # round a high value was taken, 0 = open
        self.solo = n == 1
        self.scores = state.scores()  # public, as of the last round's end
        self.score = sum(state.bonus[seat]) + 2 * self.sheet.finished_count()

    def legal_islands(self):
        """Islands where the current card's number may be written (action a)."""
        if self.phase != ACTION_A:
            return []
        return self.sheet.number_options(self.number)

    def legal_bridges(self):
        """Connections the screen offers for the next bridge (action b):
        where one more bridge may go now and the card's remaining bridges
        can still all be placed after it (OP-5: a player who follows the
        offer is never stuck half-way; legal_actions() also lists the
        other legal steps, which a seat can only undo)."""
        if self.phase != ACTION_B or not self.to_place:
            return []
        sheet = self.sheet
        out = []
        for k in sheet.bridge_options():
            sheet.add(k)
            if sheet.can_place(self.to_place - 1):
                out.append(k)
            sheet.remove(k)
        return out

    def can_confirm(self):
        return self.phase == ACTION_B and self.to_place in (0, self.bridges)

    def can_complete(self):
        """Whether the bridges still to place can all be placed from here (if
        not, the seat must undo or confirm with none)."""
        return self.sheet.can_place(self.to_place)

    def bonus_value(self, cat, seat=-1):
        """Points a seat (default this one) would get for cat if it met the
        condition at the end of the current round, or between rounds of the
        next one; 0 if it scored cat already or the game is over."""
        if self.over or self.bonus[self.seat if seat < 0 else seat][cat]:
            return 0
        return _value(cat, self.solo, self.high, self.round + (1 if self.card < 0 else 0))


def _value(cat, solo, high, rnd):
    if solo:
        return HIGH[cat] if rnd <= SOLO_DEADLINE[cat] else LOW[cat]
    return LOW[cat] if high[cat] else HIGH[cat]


class State:
    def __init__(self, seats, options=0, src=None):
        if not SEATS[0] <= seats <= SEATS[1]:
            raise IllegalMove("Hashi: 1 to 4 players")
        self.seats = seats
        self.options = options
        if src is not None:  # copy()
            self.board = src.board
            self.sheets = [x.copy() for x in src.sheets]
            self.pub = [x.copy() for x in src.pub]
            self.starts = src.starts
            self.start_of = bytearray(src.start_of)
            self.drawn = bytearray(src.drawn)
            self.seen = bytearray(src.seen)
            self.card = src.card
            self.turn = src.turn
            self.phase = src.phase
            self.a_island = src.a_island
            self.steps = list(src.steps)
            self.bonus = [bytearray(x) for x in src.bonus]
            self.high = bytearray(src.high)
            self._actions = bytearray(src._actions)
            return
        b = _board(2 if options & BOARD_P else (1 if options & BOARD_B else 0))
        self.board = b
        self.sheets = [Sheet(b) for _ in range(seats)]  # live boards
        self.pub = [Sheet(b) for _ in range(seats)]  # as of the last round's end
        self.starts = 0  # boards that have their start number
        self.start_of = bytearray(seats)  # the start action written on each board
        self.drawn = bytearray()  # card indices in the order drawn
        self.seen = bytearray(len(DECK))
        self.card = -1  # the card being resolved, -1 between rounds
        self.turn = 0  # the seat resolving the card
        self.phase = ACTION_A
        self.a_island = -1  # island numbered in this turn's action a
        self.steps = []  # this turn's provisional bridges
        self.bonus = [bytearray(3) for _ in range(seats)]  # points per category
        self.high = bytearray(3)  # round a category's high value was taken
        self._actions = bytearray()

    # -- contract ---------------------------------------------------------

    def current_player(self):
        if self.starts < self.seats:
            return CHANCE if self.options & RANDOM_START else self.starts
        if self.card < 0:
            return OVER if len(self.drawn) >= ROUNDS else CHANCE
        return self.turn

    def legal_actions(self):
        if self.starts < self.seats:
            b = self.board
            out = [START3 + i for i in range(b.n) if not b.flag[i]]
            return out + [a + 32 for a in out]
        if self.card < 0:
            if len(self.drawn) >= ROUNDS:
                return []
            return [c for c in range(len(DECK)) if not self.seen[c]]
        sheet = self.sheets[self.turn]
        if self.phase == ACTION_A:
            out = sheet.number_options(DECK[self.card][0])
            out.append(SKIP_A)
            return out
        want = DECK[self.card][1]
        placed = len(self.steps)
        out = [BRIDGE + k for k in sheet.bridge_options()] if placed < want else []
        out.append(UNDO)
        if placed == 0 or placed == want:
            out.append(CONFIRM)
        return out

    def apply(self, action):
        if type(action) is not int:  # a bool too: True would pass for 1
            raise IllegalMove("A move is a whole number")
        if self.starts < self.seats:
            self._setup(action)
        elif self.card < 0:
            if len(self.drawn) >= ROUNDS:
                raise IllegalMove("The game is over")
            if not 0 <= action < len(DECK):
                raise IllegalMove("Waiting for a card")
            if self.seen[action]:
                raise IllegalMove("Card drawn already")
            self.seen[action] = 1
            self.drawn.append(action)
            self.card = action
            self.turn = 0
            self._new_turn()
        elif self.phase == ACTION_A:
            self._action_a(action)
        else:
            self._action_b(action)
        self._actions.append(action)

    def scores(self):
        return [sum(self.bonus[p]) + 2 * self.pub[p].finished_count()
                for p in range(self.seats)]

    def actions(self):
        return list(self._actions)

    def describe(self, action):
        p = self.current_player()
        if START3 <= action < START4 + 32:
            return "Start %d on %s" % (3 if action < START4 else 4,
                                        island_name(action & 31))
        if p == CHANCE:
            if 0 <= action < len(DECK):
                return "Card %d, %s" % (DECK[action][0], _bridges(DECK[action][1]))
            return "?"
        if NUMBER <= action < NUMBER + self.board.n:
            n = DECK[self.card][0] if self.card >= 0 else 0
            return "%d on %s" % (n, island_name(action - NUMBER))
        if action == SKIP_A:
            return "No number"
        if action == UNDO:
            return "Undo"
        if action == CONFIRM:
            return "Done, " + (_bridges(len(self.steps)) if self.steps else "no bridges")
        if BRIDGE <= action < BRIDGE + self.board.nc:
            return "Bridge " + conn_name(self.board, action - BRIDGE)
        return "?"

    def view(self, seat):
        return View(self, seat)

    def copy(self):
        return State(self.seats, self.options, self)

    # -- extras -----------------------------------------------------------

    def winners(self):
        """F2: the seats with the highest total (several on a tie); final once OVER."""
        s = self.scores()
        top = max(s)
        return [p for p in range(self.seats) if s[p] == top]

    # -- internals --------------------------------------------------------

    def _setup(self, action):
        if START3 <= action < START3 + 64 and (action & 31) < self.board.n:
            i = action & 31
            if self.board.flag[i]:
                raise IllegalMove("No start on a flag island")
            target = (self.starts + 1) % self.seats
            self.sheets[target].write(i, 3 if action < START4 else 4)
            self.start_of[target] = action
            self.starts += 1
            if self.starts == self.seats:
                for p in range(self.seats):
                    self.pub[p].load(self.sheets[p])
            return
        raise IllegalMove("Write a 3 or a 4 to start")

    def _new_turn(self):
        self.phase = ACTION_A
        self.a_island = -1
        self.steps = []

    def _action_a(self, action):
        if action == SKIP_A:
            self.a_island = -1
        elif NUMBER <= action < NUMBER + self.board.n:
            i = action - NUMBER
            sheet = self.sheets[self.turn]
            n = DECK[self.card][0]
            why = sheet.why_number(i, n)
            if why:
                raise IllegalMove(why)
            sheet.write(i, n)
            self.a_island = i
        elif action == CONFIRM or action == UNDO or BRIDGE <= action < 128:
            raise IllegalMove("Write or skip the number")
        else:
            raise IllegalMove("That is not a move now")
        self.phase = ACTION_B

    def _action_b(self, action):
        sheet = self.sheets[self.turn]
        want = DECK[self.card][1]
        steps = self.steps
        if BRIDGE <= action < 128:
            if len(steps) >= want:
                raise IllegalMove("All bridges are placed")
            k = action - BRIDGE
            why = sheet.why_bridge(k)
            if why:
                raise IllegalMove(why)
            sheet.add(k)
            steps.append(k)
        elif action == UNDO:
            if steps:
                sheet.remove(steps.pop())
            else:
                if self.a_island >= 0:
                    sheet.erase(self.a_island)
                self.a_island = -1
                self.phase = ACTION_A
        elif action == CONFIRM:
            if steps and len(steps) != want:
                raise IllegalMove("All %s or none" % _bridges(want))
            self.turn += 1
            self._new_turn()
            if self.turn >= self.seats:
                self._end_round()
        elif action == SKIP_A or NUMBER <= action < NUMBER + self.board.n:
            raise IllegalMove("Number done; undo first")
        else:
            raise IllegalMove("That is not a move now")

    def _end_round(self):
        """OP-8: bonuses are checked once every seat has confirmed."""
        rnd = len(self.drawn)
        solo = self.seats == 1
        taken = bytearray(3)
        for p in range(self.seats):
            sheet = self.sheets[p]
            self.pub[p].load(sheet)
            got = self.bonus[p]
            for cat in range(3):
                if not got[cat] and sheet.achieved(cat):
                    got[cat] = _value(cat, solo, self.high, rnd)
                    if got[cat] == HIGH[cat]:
                        taken[cat] = 1
        for cat in range(3):
            if taken[cat] and not self.high[cat]:
                self.high[cat] = rnd  # K3: crossed off for everyone else
        self.card = -1
        self.turn = 0


def _bridges(n):
    return "1 bridge" if n == 1 else "%d bridges" % n


def new_game(seats, options=0):
    return State(seats, options)


def replay(seats, options, actions):
    return _replay(new_game, seats, options, actions)
