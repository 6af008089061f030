"""Qwinto: the rules (Kapsa's Qwinto specification; seed 003_8a66df2b040e12e2.txt).

Sheet (spec 2.2): 27 boxes numbered 0..26, row by row, left to right,
gap skipped: orange 0..8, yellow 9..17, purple 18..26. Box b is in row
b // 9 and column BOX_COL[b] (0..11). Pentagons: boxes 1, 4 (orange,
columns 3 and 7), 15 (yellow, column 8), 20, 26 (purple, columns 2 and 9).
A sheet is 27 bytes, 0 = empty, else the number written (1..18). Its
geometry, legal boxes and scoring are games.qwinto.sheet; the reasons a
move is refused, games.qwinto.reasons (imported only on a refusal).

Actions (all fit in a byte, so a game's actions fit in a bytearray):
    0..26        write the sum into that box (entry phase)
    PASS  = 27   write nothing; the active player ticks a misthrow
    KEEP  = 28   keep the first roll
    REROLL = 29  roll the same dice once more
    CHOOSE + m   roll the dice of colour mask m (1..7): ORANGE 1, YELLOW 2,
                 PURPLE 4; CHOOSE = 32, so 33..39
    ROLL + code  chance outcome: the values of the chosen dice, in the order
                 orange, yellow, purple, as base-6 digits of value - 1 (first
                 chosen die most significant); ROLL = 40, so 40..255.
                 legal_actions() lists every ordered combination once
                 (6, 36 or 216 outcomes), so a uniform pick is a fair roll.
    0..seats-1   only with option RANDOM_START: the chance outcome that picks
                 the starting seat (skipped for one seat).

Turn: CHOOSE (active seat) -> roll (CHANCE) -> KEEP or REROLL (active) ->
[re-roll (CHANCE)] -> entry phase: the active seat, then the others in
seating order, each writes one box or PASSes (OP-2) -> end check (E1-E3)
-> next seat. One seat is the solo mode of spec 8.

Options (bit flags): RANDOM_START (1) starts with a chance node choosing
the first active seat (OP-6: the setup's default, "Starts: Random");
without it ("Starts: Player 1") seat 0 starts.
"""

from array import array

from micropython import const

from kapsa.engine import CHANCE, OVER, IllegalMove, replay as _replay

from games.qwinto.describe import describe
from games.qwinto.sheet import (
    BD_TOTAL, MISTHROWS, breakdown, dice_count, full_rows, legal_boxes, roll_values)
from games.qwinto.view import View

SEATS = (1, 6)
RANDOM_START = const(1)

PASS = const(27)
KEEP = const(28)
REROLL = const(29)
CHOOSE = const(32)
ROLL = const(40)
# A roll's outcomes, ROLL + 0 .. 6**dice - 1, in a table made as the
# engine is imported, early in a VM: a list of 216 made at each roll was
# a 1 KB allocation late in a game, which a fragmented heap refused.
_OUTCOMES = array("H", range(ROLL, ROLL + 216))

ORANGE = const(1)
YELLOW = const(2)
PURPLE = const(4)
ALL_DICE = const(7)

# Phases (View.phase).
P_START = const(0)  # CHANCE: starting seat (option RANDOM_START)
P_CHOOSE = const(1)  # active seat chooses dice
P_ROLL = const(2)  # CHANCE: first roll
P_DECIDE = const(3)  # active seat: KEEP or REROLL
P_REROLL = const(4)  # CHANCE: the re-roll
P_ENTRY = const(5)  # every seat writes or passes, active first
P_OVER = const(6)

PENDING = const(255)  # View.entries[seat] before that seat has decided
_BOXES = const(27)


class State:
    ACT_BYTES = 1  # _acts: a byte an action (saves read it in place, kapsa.moves)
    __slots__ = ("seats", "options", "sheets", "misthrows", "active", "to_act",
                 "phase", "mask", "dice", "total", "entries", "_acts")

    def __init__(self, seats, options=0):
        if not SEATS[0] <= seats <= SEATS[1]:
            raise IllegalMove("Qwinto is for 1 to 6 players")
        self.seats = seats
        self.options = options
        self.sheets = bytearray(27 * seats)
        self.misthrows = bytearray(seats)
        self.entries = bytearray(b"\xff" * seats)
        self.dice = bytearray(3)
        self.mask = 0
        self.total = 0
        self.active = 0
        self._acts = bytearray()
        if options & RANDOM_START and seats > 1:
            self.phase = P_START
            self.to_act = CHANCE
        else:
            self.phase = P_CHOOSE
            self.to_act = 0

    def sheet(self, seat):
        return self.sheets[seat * 27:seat * 27 + 27]

    def current_player(self):
        return self.to_act

    def legal_actions(self):
        ph = self.phase
        if ph == P_CHOOSE:
            return list(range(CHOOSE + 1, CHOOSE + 8))
        if ph == P_ROLL or ph == P_REROLL:
            n = 6 ** dice_count(self.mask)
            return _OUTCOMES if n == 216 else _OUTCOMES[:n]
        if ph == P_DECIDE:
            return [KEEP, REROLL]
        if ph == P_ENTRY:
            out = legal_boxes(self.sheet(self.to_act), self.mask, self.total)
            out.append(PASS)
            return out
        if ph == P_START:
            return list(range(self.seats))
        return []

    def legal(self, action):
        """Whether the int `action` is legal now (games.qwinto.reasons says
        why not)."""
        ph = self.phase
        if ph == P_START:
            return 0 <= action < self.seats
        if ph == P_ROLL or ph == P_REROLL:
            return ROLL <= action < ROLL + 6 ** dice_count(self.mask)
        if ph == P_CHOOSE:
            return CHOOSE < action < CHOOSE + 8
        if ph == P_DECIDE:
            return action == KEEP or action == REROLL
        if ph == P_ENTRY:
            return action == PASS or (0 <= action < _BOXES and action in legal_boxes(
                self.sheet(self.to_act), self.mask, self.total))
        return False

    def apply(self, action):
        if type(action) is not int:  # not a float, bool, None, str, int subclass
            raise IllegalMove("A move is a whole number")
        if not self.legal(action):
            from games.qwinto.reasons import refusal

            raise IllegalMove(refusal(self, action))
        ph = self.phase
        if ph == P_START:
            self.active = self.to_act = action
            self.phase = P_CHOOSE
        elif ph == P_CHOOSE:
            self.mask = action - CHOOSE
            self.phase = P_ROLL
            self.to_act = CHANCE
        elif ph == P_ROLL or ph == P_REROLL:
            vals = roll_values(self.mask, action - ROLL)
            self.dice[0], self.dice[1], self.dice[2] = vals
            self.total = vals[0] + vals[1] + vals[2]
            if ph == P_ROLL:
                self.phase = P_DECIDE
                self.to_act = self.active
            else:
                self._start_entry()
        elif ph == P_DECIDE:
            if action == KEEP:
                self._start_entry()
            else:
                self.phase = P_REROLL
                self.to_act = CHANCE
        else:
            self._enter(action)
        self._acts.append(action)

    def _start_entry(self):
        self.phase = P_ENTRY
        self.to_act = self.active
        for s in range(self.seats):
            self.entries[s] = PENDING

    def _enter(self, action):
        seat = self.to_act
        if action == PASS:
            if seat == self.active:
                self.misthrows[seat] += 1  # spec 4.6, OP-7
        else:
            self.sheets[seat * 27 + action] = self.total
        self.entries[seat] = action
        seat = (seat + 1) % self.seats
        if seat != self.active:
            self.to_act = seat
            return
        # Everyone has finished the current roll (E3): end check.
        if self._ended():
            self.phase = P_OVER
            self.to_act = OVER
            return
        self.active = (self.active + 1) % self.seats
        self.to_act = self.active
        self.phase = P_CHOOSE
        self.mask = self.total = 0
        self.dice[0] = self.dice[1] = self.dice[2] = 0

    def _ended(self):
        for s in range(self.seats):
            if self.misthrows[s] >= MISTHROWS:  # E2
                return True
            if full_rows(self.sheet(s)) >= 2:
                return True  # E1
        return False

    def scores(self):
        return [self.breakdown(s)[BD_TOTAL] for s in range(self.seats)]

    def breakdown(self, seat):
        return breakdown(self.sheet(seat), self.misthrows[seat])

    def actions(self):
        return list(self._acts)


    def new_turn(self):  # the decision open starts a turn (saves)
        return self.phase == P_CHOOSE

    def describe(self, action):
        return describe(self, action)

    def view(self, seat):
        return View(self, seat)

    def copy(self):
        other = State(self.seats, self.options)
        other.sheets[:] = self.sheets
        other.misthrows[:] = self.misthrows
        other.entries[:] = self.entries
        other.dice[:] = self.dice
        other._acts[:] = self._acts
        other.mask = self.mask
        other.total = self.total
        other.active = self.active
        other.to_act = self.to_act
        other.phase = self.phase
        return other


def new_game(seats, options=0):
    return State(seats, options)


def replay(seats, options, actions):
    return _replay(new_game, seats, options, actions)
