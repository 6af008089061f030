"""Hanabi: the rules (Kapsa's Hanabi specification, seed
002_6b54f1d5fbc80c52.txt), following the Kapsa engine contract.

Runs unchanged on CircuitPython, MicroPython and CPython.

Options (bit flags, combinable):
  LAST_BREATH (1)    "to the last breath" (8.1): no final round; play on
                     until all fireworks are complete (win) or a third
                     mistake or a lost indispensable card (lose)
  CHOREOGRAPHY (2)   "timed choreography" (8.2): a play may announce a colour
  RAINBOW (4)        the rainbow sixth colour, five cards (8.3, max 30)
  RAINBOW_WILD (8)   rainbow counts as every colour in colour hints (R7);
                     implies the rainbow cards
  EMPTY_HINTS (16)   hints that point at no card are allowed (OP-2)
  RANDOM_START (32)  a chance node picks the first seat (OP-9); else seat 0

Actions (small ints, all < 256: a game's actions fit a bytearray):
  0..29              chance: the card drawn (deal and draws), its identity
                     colour * 5 + value - 1 (cards.py); legal_actions()
                     lists the deck, repeats giving weight
  SKIP = 30          only when nothing else is legal (L4)
  PLAY + i           play the card at hand position i (0 = left, newest)
  DISCARD + i        discard it
  ANNOUNCE + 8c + i  play it announcing colour c (CHOREOGRAPHY)
  HINT + 16t + k     hint seat t: colour k (0..5) or value v as k = VALUE + v
  START + s          chance (RANDOM_START): seat s plays first
PLAY = 32, DISCARD = 40, ANNOUNCE = 48, HINT = 96, VALUE = 8, START = 176.

Flow: [START chance] -> the deal, one chance node a card, round the table
from seat 0 -> turns from the first seat: a hint, or a play/discard and
then a chance node for the draw (none once the deck is empty) -> OVER.

The parts: cards.py (identities, names, masks), legal.py (what is
legal), turns.py (what apply() does), view.py (View), describe.py,
reasons.py (imported only on a refusal), rating.py (imported at the
end). The parts keep
private const copies of these numbers; tests/test_hanabi_engine.py checks
them. docs/hanabi.md has the state, the view and the flow in full.
"""

from micropython import const

from kapsa.engine import CHANCE, OVER, IllegalMove, replay as _replay
from games.hanabi.cards import COUNT
from games.hanabi.legal import legal, moves
from games.hanabi.turns import act, draw
from games.hanabi.view import View

SEATS = (2, 5)

LAST_BREATH = const(1)
CHOREOGRAPHY = const(2)
RAINBOW = const(4)
RAINBOW_WILD = const(8)
EMPTY_HINTS = const(16)
RANDOM_START = const(32)

SKIP = const(30)
PLAY = const(32)
DISCARD = const(40)
ANNOUNCE = const(48)
HINT = const(96)
VALUE = const(8)
START = const(176)

MAX_HINTS = const(8)
MAX_MISTAKES = const(3)
MISPLAY = const(64)  # in a log entry's card byte: the play failed (P3)
UNKNOWN = const(255)  # a card the viewing seat cannot see (View.hands)

# Phases (State.phase).
P_START = const(0)  # CHANCE: the first seat (RANDOM_START)
P_DEAL = const(1)  # CHANCE: dealing
P_TURN = const(2)  # a seat acts
P_DRAW = const(3)  # CHANCE: the acting seat draws
P_OVER = const(4)


class State:
    ACT_BYTES = 1  # _acts: a byte an action (saves read it in place, kapsa.moves)
    __slots__ = ("seats", "options", "colours", "hand_size", "phase", "turn", "first",
                 "hints", "mistakes", "final", "lost", "ndeck", "left", "cards", "kc",
                 "kv", "hands", "fw", "discards", "log", "_acts")

    def __init__(self, seats, options=0):
        if type(seats) is not int or not SEATS[0] <= seats <= SEATS[1]:
            raise IllegalMove("Hanabi: 2 to 5 players")
        self.seats = seats
        self.options = options
        self.colours = n = 6 if options & (RAINBOW | RAINBOW_WILD) else 5
        self.hand_size = 5 if seats <= 3 else 4  # 3.3
        self.phase = P_START if options & RANDOM_START else P_DEAL
        self.turn = 0  # the seat to act (P_TURN) or to draw (P_DRAW)
        self.first = 0
        self.hints = MAX_HINTS  # 3.1
        self.mistakes = 0
        self.final = -1  # turns left in the final round (E3), -1 before it
        self.lost = 0
        self.ndeck = 55 if n == 6 else 50
        self.left = bytearray(30)  # copies still in the deck, per identity
        for c in range(25):
            self.left[c] = COUNT[c % 5]
        if n == 6:
            for c in range(25, 30):
                self.left[c] = 1
        self.cards = bytearray()  # identity of the k-th card drawn (its serial k)
        self.kc = bytearray()  # per serial: possible colours, bit 7 = colour-hinted
        self.kv = bytearray()  # per serial: possible values, bit 7 = value-hinted
        self.hands = [bytearray() for _ in range(seats)]  # serials, newest first
        self.fw = bytearray(6)  # top value of each firework
        self.discards = bytearray()  # identities, in order
        self.log = bytearray()  # 3 bytes a turn: seat, action, card or hint mask
        self._acts = bytearray()

    def current_player(self):
        ph = self.phase
        if ph == P_TURN:
            return self.turn
        return OVER if ph == P_OVER else CHANCE

    def legal_actions(self):
        ph = self.phase
        if ph == P_TURN:
            return moves(self)
        if ph == P_START:
            return list(range(START, START + self.seats))
        if ph == P_OVER:
            return []
        out = []
        left = self.left
        for c in range(30):
            for _ in range(left[c]):
                out.append(c)
        return out

    def apply(self, action):
        if type(action) is not int:  # a bool too: True would pass for 1
            raise IllegalMove("A move is a whole number")
        ph = self.phase
        if ph == P_TURN:
            if not legal(self, action):
                from games.hanabi.reasons import refusal

                raise IllegalMove(refusal(self, action))
            act(self, action)
        elif ph == P_OVER:
            raise IllegalMove("The game is over")
        elif ph == P_START:
            if not START <= action < START + self.seats:
                raise IllegalMove("Waiting for the first seat")
            self.turn = self.first = action - START
            self.phase = P_DEAL
        else:
            if not 0 <= action < 30:
                raise IllegalMove("Waiting for a card")
            if not self.left[action]:
                raise IllegalMove("No such card in the deck")
            draw(self, action)
        self._acts.append(action)

    def score(self):
        """The team's points: the fireworks' top values (S1), 0 once lost
        (E1, OP-1, L1)."""
        return 0 if self.lost else sum(self.fw)

    def scores(self):
        return [self.score()] * self.seats  # cooperative: one score for all

    def actions(self):
        return list(self._acts)


    def describe(self, action):
        from games.hanabi.describe import describe

        return describe(self, action)

    def view(self, seat):
        return View(self, seat)

    def copy(self):
        o = State(self.seats, self.options)
        for name in ("phase", "turn", "first", "hints", "mistakes", "final", "lost",
                     "ndeck"):
            setattr(o, name, getattr(self, name))
        o.left[:] = self.left
        o.cards[:] = self.cards
        o.kc[:] = self.kc
        o.kv[:] = self.kv
        o.hands = [bytearray(h) for h in self.hands]
        o.fw[:] = self.fw
        o.discards[:] = self.discards
        o.log[:] = self.log
        o._acts[:] = self._acts
        return o


def new_game(seats, options=0):
    return State(seats, options)


def replay(seats, options, actions):
    return _replay(new_game, seats, options, actions)
