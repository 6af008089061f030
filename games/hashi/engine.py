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
  0..17 at a CHANCE card draw: the index of the card in the deck
                 (boards.NUMBERS, boards.BRIDGES)

scores(): per seat, bonuses scored so far + 2 per finished island, counted
on the boards as they were at the end of the last completed round (so they
never show a move of the current round); final once OVER (F1).

The engine is this module and its parts, each small enough to compile in
a small heap: sheet.py (one seat's board, its rule tests, the bonus
categories and values), view.py (View), turns.py (what apply() does in
each phase), boards.py (deck and geometry). The parts keep private copies
of the numbers above (_UNDO = const(21)), which MicroPython inlines and
keeps no name for; tests/test_hashi_engine.py checks them against these.
The solo rank title is ending.py's rank_title(); docs/hashi.md ("Module
layout") lists every module.
"""

from micropython import const

from kapsa.engine import CHANCE, OVER, IllegalMove, replay as _replay
from games.hashi.boards import BRIDGES, NUMBERS, board as _board, conn_name, island_name
from games.hashi.sheet import Sheet
from games.hashi.turns import action_a, action_b, bridges_words, draw, setup
from games.hashi.view import View

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

# Phases as a seat's view reports them.
SETUP = const(0)
ACTION_A = const(1)
ACTION_B = const(2)
WAITING = const(3)
DONE = const(4)


class State:
    ACT_BYTES = 1  # _acts: a byte an action (saves read it in place, kapsa.moves)

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
            self._acts = bytearray(src._acts)
            return
        b = _board(2 if options & BOARD_P else (1 if options & BOARD_B else 0))
        self.board = b
        self.sheets = [Sheet(b) for _ in range(seats)]  # live boards
        self.pub = [Sheet(b) for _ in range(seats)]  # as of the last round's end
        self.starts = 0  # boards that have their start number
        self.start_of = bytearray(seats)  # the start action written on each board
        self.drawn = bytearray()  # card indices in the order drawn
        self.seen = bytearray(len(NUMBERS))
        self.card = -1  # the card being resolved, -1 between rounds
        self.turn = 0  # the seat resolving the card
        self.phase = ACTION_A
        self.a_island = -1  # island numbered in this turn's action a
        self.steps = []  # this turn's provisional bridges
        self.bonus = [bytearray(3) for _ in range(seats)]  # points per category
        self.high = bytearray(3)  # round a category's high value was taken
        self._acts = bytearray()

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
            return [c for c in range(len(NUMBERS)) if not self.seen[c]]
        sheet = self.sheets[self.turn]
        if self.phase == ACTION_A:
            out = sheet.number_options(NUMBERS[self.card])
            out.append(SKIP_A)
            return out
        want = BRIDGES[self.card]
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
            setup(self, action)
        elif self.card < 0:
            draw(self, action)
        elif self.phase == ACTION_A:
            action_a(self, action)
        else:
            action_b(self, action)
        self._acts.append(action)

    def scores(self):
        return [sum(self.bonus[p]) + 2 * self.pub[p].finished_count()
                for p in range(self.seats)]

    def actions(self):
        return list(self._acts)

    def describe(self, action):
        p = self.current_player()
        if START3 <= action < START4 + 32:
            return "Start %d on %s" % (3 if action < START4 else 4,
                                        island_name(action & 31))
        if p == CHANCE:
            if 0 <= action < len(NUMBERS):
                return "Card %d, %s" % (NUMBERS[action], bridges_words(BRIDGES[action]))
            return "?"
        if NUMBER <= action < NUMBER + self.board.n:
            n = NUMBERS[self.card] if self.card >= 0 else 0
            return "%d on %s" % (n, island_name(action - NUMBER))
        if action == SKIP_A:
            return "No number"
        if action == UNDO:
            return "Undo"
        if action == CONFIRM:
            return "Done, " + (bridges_words(len(self.steps)) if self.steps else "no bridges")
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


def new_game(seats, options=0):
    return State(seats, options)


def replay(seats, options, actions):
    return _replay(new_game, seats, options, actions)
