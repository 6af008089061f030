"""Halali! (Tally Ho!): the rules (Kapsa's Halali specification, seed
004_e9e088d5abf688ff.txt), following the Kapsa engine contract. Two seats:
one plays Blue (the beasts: bears, foxes), the other Brown (the people:
hunters, lumberjacks); ducks, pheasants and trees are neutral.

Runs unchanged on CircuitPython, MicroPython and CPython.

Options (bit flags, combinable):
  SINGLE (1)         one game; without it a match of two games with the
                     roles swapped, totals compared (7: the default)
  P2_BEASTS (2)      seat 1 plays Blue in the first game; else seat 0

Actions (small ints below 4096; docs/halali.md):
  FLIP + sq          turn over the face-down tile on square sq (0..48)
  SKIP = 63          only when nothing else is legal (F6)
  TILE + cell        chance: what the turned tile is, as its board cell,
                     kind + 16 * rifle (65..71, hunters 67, 83, 99, 115);
                     legal_actions() lists every kind still face down,
                     four times per tile (each rifle once per hunter)
  MOVE + 64 * fr + to   move the tile on fr to square `to`, taking what
                     is there; to = EXIT + d (49..52) leaves the board
                     through the exit toward d (0..3: N, E, S, W)
FLIP = 0, SKIP = 63, TILE = 64, MOVE = 128, EXIT = 49.

A square is row * 7 + column, rows from the north, columns from the west
(tiles.py). Flow: Blue's turn, Brown's, ... (a turn-over is followed by
its chance node); after the last tile is turned, five turns each (F1,
F2); then the return match from a fresh board, or OVER.

The parts: tiles.py (tables, names), legal.py (what is legal), turns.py
(what apply() does), view.py (View), describe.py, reasons.py (imported
only on a refusal). They keep private const copies of these numbers;
tests/test_halali_engine.py checks them.
"""

from micropython import const

from kapsa.engine import CHANCE, OVER, IllegalMove, replay as _replay
from games.halali.legal import allowed, moves
from games.halali.tiles import points
from games.halali.turns import act, reveal, setup
from games.halali.view import View

SEATS = (2, 2)

SINGLE = const(1)
P2_BEASTS = const(2)

BLUE = const(0)  # the side of the beasts; moves first
BROWN = const(1)  # the people

# Kinds (a cell's low 3 bits), then a cell's other values.
BEAR = const(1)
FOX = const(2)
HUNTER = const(3)
LUMBERJACK = const(4)
PHEASANT = const(5)
DUCK = const(6)
TREE = const(7)
DOWN = const(8)  # a face-down tile
RIFLE = const(16)  # cell = kind + RIFLE * direction

NORTH = const(0)
EAST = const(1)
SOUTH = const(2)
WEST = const(3)

FLIP = const(0)
SKIP = const(63)
TILE = const(64)
MOVE = const(128)
EXIT = const(49)
NONE = const(255)  # no square (State.pending, lock, back)
FINAL_TURNS = const(10)  # F2: five each

# Phases (State.phase).
P_TURN = const(0)
P_FLIP = const(1)  # CHANCE: what the turned tile is
P_OVER = const(2)


class State:
    ACT_BYTES = 2  # _acts: two bytes an action, high first (saves read it in place, kapsa.moves)
    __slots__ = ("options", "game", "blue", "side", "phase", "pending", "board", "left",
                 "final", "lock", "back", "took", "out", "last", "lastside", "lasttook",
                 "results", "_acts")

    def __init__(self, seats, options=0):
        if seats != 2 or type(seats) is not int:
            raise IllegalMove("Halali is for 2 players")
        self.options = options
        self.game = self.blue = self.side = self.phase = self.final = 0  # setup() sets
        self.last = self.lastside = self.lasttook = 0  # them all
        self.pending = self.lock = NONE
        self.board = bytearray(49)  # a cell per square (tiles.py)
        self.left = bytearray(8)  # face-down tiles per kind: not drawn yet
        self.back = bytearray(4)  # M6: per side, its last move's from and to
        self.took = bytearray(16)  # tiles taken, per side: took[8 * side + kind]
        self.out = bytearray(16)  # own tiles brought out, the same way (F3)
        self.results = bytearray()  # per finished game: seat 0's and seat 1's points
        self._acts = bytearray()  # two bytes an action
        setup(self, 0)

    def current_player(self):
        ph = self.phase
        if ph == P_TURN:
            return self.blue ^ self.side
        return CHANCE if ph == P_FLIP else OVER

    def legal_actions(self):
        ph = self.phase
        if ph == P_TURN:
            return moves(self)
        out = []
        if ph == P_FLIP:
            left = self.left
            for k in range(1, 8):  # four entries a tile, each rifle once a hunter
                out.extend([TILE + k] * (left[k] if k == HUNTER else 4 * left[k]))
            for d in range(1, 4):
                out.extend([TILE + HUNTER + RIFLE * d] * left[HUNTER])
        return out

    def apply(self, action):
        if type(action) is not int:  # a bool too: True would pass for 1
            raise IllegalMove("A move is a whole number")
        ph = self.phase
        if ph == P_TURN:
            if not allowed(self, action):
                from games.halali.reasons import refusal

                raise IllegalMove(refusal(self, action))
            act(self, action)
        elif ph == P_FLIP:
            c = action - TILE
            if not 0 < c < 64 or c & DOWN or c > 15 and c & 7 != HUNTER:
                raise IllegalMove("Waiting for the tile")
            if not self.left[c & 7]:
                raise IllegalMove("None of those face down")
            reveal(self, action)
        else:
            raise IllegalMove("The game is over")
        self._acts.append(action >> 8)
        self._acts.append(action & 255)

    def scores(self):
        """Points per seat: the finished games' and the current one's (S1,
        7); final once OVER."""
        s = [0, 0]
        r = self.results
        for i in range(0, len(r), 2):
            s[0] += r[i]
            s[1] += r[i + 1]
        if self.phase != P_OVER:
            s[self.blue] += points(self, BLUE)
            s[1 - self.blue] += points(self, BROWN)
        return s

    def actions(self):
        a = self._acts
        return [a[i] << 8 | a[i + 1] for i in range(0, len(a), 2)]

    def new_turn(self):
        """Every decision is a whole turn (the runtime saves the one before,
        kapsa.moves: in a match the last mover of game 1 may open game 2)."""
        return True

    def describe(self, action):
        from games.halali.describe import describe

        return describe(self, action)

    def view(self, seat):
        return View(self, seat)

    def copy(self):
        o = State(2, self.options)
        o.load(self)
        o._acts[:] = self._acts
        return o

    def load(self, p):
        """Take every field of the game from p, a State or a View (its
        actions excepted)."""
        for name in ("game", "blue", "side", "phase", "pending", "final", "lock", "last",
                     "lastside", "lasttook"):
            setattr(self, name, getattr(p, name))
        self.board[:] = p.board
        self.left[:] = p.left
        self.back[:] = p.back
        self.took[:] = p.took
        self.out[:] = p.out
        self.results[:] = p.results


def new_game(seats, options=0):
    return State(seats, options)


def replay(seats, options, actions):
    return _replay(new_game, seats, options, actions)


def from_view(view):
    """A State for a bot's look-ahead, equal to the viewed one but for its
    actions() (empty): Halali's state holds nothing a view does not show."""
    st = State(2, view.options)
    st.load(view)
    return st
