"""Qwinto: the rules (Kapsa's Qwinto specification; seed 003_8a66df2b040e12e2.txt).

Sheet (spec 2.2): 27 boxes numbered 0..26, row by row, left to right,
gap skipped: orange 0..8, yellow 9..17, purple 18..26. Box b is in row
b // 9 and column BOX_COL[b] (0..11). Pentagons: boxes 1, 4 (orange,
columns 3 and 7), 15 (yellow, column 8), 20, 26 (purple, columns 2 and 9).
A sheet is 27 bytes, 0 = empty, else the number written (1..18).

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

from micropython import const

from kapsa.engine import CHANCE, OVER, IllegalMove, replay as _replay

SEATS = (1, 6)
RANDOM_START = const(1)

PASS = const(27)
KEEP = const(28)
REROLL = const(29)
CHOOSE = const(32)
ROLL = const(40)

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
BOXES = const(27)
ROW_BOXES = const(9)
COLUMNS = const(12)
MISTHROWS = const(4)  # the fourth ends the game (E2)

ROW_NAMES = ("orange", "yellow", "purple")
ROW_OFFSET = (2, 1, 0)  # column of each row's first position
GAP_COL = (5, 6, 4)  # the column of each row's gap (R5)
PENTAGONS = (1, 4, 15, 20, 26)
BONUS_COLUMNS = (2, 3, 7, 8, 9)  # three-box columns, order of BONUS_BOXES
BONUS_PENT = (20, 1, 4, 15, 26)  # the pentagon of each bonus column

# Breakdown layout: breakdown(...) returns a tuple of 10 ints.
BD_ROWS = const(0)  # 0, 1, 2: orange, yellow, purple row points (S1/S2)
BD_COLS = const(3)  # 3..7: bonus of columns 2, 3, 7, 8, 9 (S3)
BD_MISS = const(8)  # -5 per misthrow (S4)
BD_TOTAL = const(9)  # S5


def _geometry():
    col = bytearray(BOXES)
    for b in range(BOXES):
        r = b // 9
        i = b % 9
        if ROW_OFFSET[r] + i >= GAP_COL[r]:
            i += 1
        col[b] = ROW_OFFSET[r] + i
    cols = []
    for c in range(COLUMNS):
        cols.append(tuple(b for b in range(BOXES) if col[b] == c))
    return bytes(col), tuple(cols)


BOX_COL, COL_BOXES = _geometry()  # column of a box; boxes of a column
BONUS_BOXES = tuple(COL_BOXES[c] for c in BONUS_COLUMNS)


def box_at(row, column):
    """The box of `row` in `column`, or -1 (gap or outside the row)."""
    base = row * 9
    for b in range(base, base + 9):
        if BOX_COL[b] == column:
            return b
    return -1


def is_pentagon(box):
    return box in PENTAGONS


def colours(mask):
    """'orange+purple' for mask 5."""
    return "+".join(ROW_NAMES[r] for r in range(3) if mask >> r & 1)


def dice_count(mask):
    return (mask & 1) + (mask >> 1 & 1) + (mask >> 2 & 1)


def _row_window(sheet, base, s):
    """Positions (first, end) of the row starting at box `base` where sum `s`
    may go by R2, or (0, 0) when `s` is already in the row."""
    start = 0
    for n in range(9):
        v = sheet[base + n]
        if v:
            if v < s:
                start = n + 1
            elif v == s:
                return 0, 0
            else:
                return start, n
    return start, 9


def _in_column(sheet, box, s):
    for b in COL_BOXES[BOX_COL[box]]:
        if sheet[b] == s:
            return True
    return False


def legal_boxes(sheet, mask, total):
    """Boxes of `sheet` (27 bytes) where `total` may be written when the dice
    of `mask` were rolled (R8). The screen highlights these; the bot picks
    from them."""
    out = []
    if not total:
        return out
    for r in range(3):
        if mask >> r & 1:
            base = r * 9
            first, end = _row_window(sheet, base, total)
            for b in range(base + first, base + end):
                if not _in_column(sheet, b, total):
                    out.append(b)
    return out


def box_reason(sheet, mask, total, box):
    """Why `total` cannot go into `box` of `sheet`, or None if it can."""
    if not 0 <= box < BOXES:
        return "There is no such box"
    if sheet[box]:
        return "That box is taken"
    r = box // 9
    name = ROW_NAMES[r]
    if not mask >> r & 1:
        return name[0].upper() + name[1:] + " was not rolled"
    base = r * 9
    lo = 0
    hi = 19
    for b in range(base, base + 9):
        v = sheet[b]
        if v:
            if b < box:
                lo = v
            elif hi == 19:
                hi = v
    if not lo < total < hi:
        name = name[0].upper() + name[1:]
        if hi - lo <= 1:
            return "No number fits here any more"
        if hi - lo == 2:
            return "%s needs a %d here" % (name, lo + 1)
        if hi == 19:
            return "%s needs a number above %d here" % (name, lo)
        if lo == 0:
            return "%s needs a number below %d here" % (name, hi)
        return "%s needs %d to %d here" % (name, lo + 1, hi - 1)
    if _in_column(sheet, box, total):
        return "%d is already in this column" % total
    return None


def why_not(state, seat, box):
    """Why `seat` cannot write into `box` now, or None if it can. `state` may
    be a State or a View (both have phase, to_act, mask, total, sheet())."""
    if state.phase == P_OVER:
        return "The game is over"
    if state.phase != P_ENTRY:
        return "Wait for the dice"
    if state.to_act != seat:
        return "It is not your turn to write"
    return box_reason(state.sheet(seat), state.mask, state.total, box)


def row_complete(sheet, row):
    base = row * 9
    for b in range(base, base + 9):
        if not sheet[b]:
            return False
    return True


def breakdown(sheet, misthrows):
    """Points of one sheet: (orange, yellow, purple, column 2, 3, 7, 8, 9
    bonus, misthrow penalty, total); see BD_*."""
    out = []
    for r in range(3):
        base = r * 9
        n = 0
        for b in range(base, base + 9):
            if sheet[b]:
                n += 1
        out.append(sheet[base + 8] if n == 9 else n)  # S2 / S1
    for i in range(5):
        a, b, c = BONUS_BOXES[i]
        out.append(sheet[BONUS_PENT[i]] if sheet[a] and sheet[b] and sheet[c] else 0)  # S3
    out.append(-5 * misthrows)  # S4
    out.append(sum(out))  # S5
    return tuple(out)


def score(sheet, misthrows):
    return breakdown(sheet, misthrows)[BD_TOTAL]


def winners(scores):
    """Seats with the best total; several share the win (OP-5)."""
    best = max(scores)
    return [s for s in range(len(scores)) if scores[s] == best]


def _roll_values(mask, code):
    """(orange, yellow, purple) dice values for chance outcome code."""
    vals = [0, 0, 0]
    for r in (2, 1, 0):
        if mask >> r & 1:
            vals[r] = code % 6 + 1
            code //= 6
    return vals


class View:
    """Everything public (spec 3.3: all sheets are public), for screens and
    bots. Sheets are a bytes copy: sheet(s)[b] is seat s's box b."""

    __slots__ = ("seat", "seats", "sheets", "misthrows", "active", "to_act",
                 "phase", "mask", "dice", "total", "can_reroll", "entries")

    def __init__(self, state, seat):
        self.seat = seat
        self.seats = state.seats
        self.sheets = bytes(state.sheets)  # seat s's box b: sheets[27 * s + b]
        self.misthrows = bytes(state.misthrows)
        self.active = state.active  # the seat whose turn it is
        self.to_act = state.to_act  # the seat asked now, CHANCE or OVER
        self.phase = state.phase  # P_CHOOSE .. P_OVER
        self.mask = state.mask  # dice chosen this turn (0 before)
        self.dice = bytes(state.dice)  # orange, yellow, purple; 0 = not rolled
        self.total = state.total  # the sum (0 before the roll)
        self.can_reroll = state.phase == P_DECIDE
        self.entries = bytes(state.entries)  # box, PASS or PENDING per seat

    def sheet(self, seat):
        return self.sheets[seat * 27:seat * 27 + 27]

    def legal_boxes(self, seat):
        """Boxes `seat` may write the current sum into (empty outside the
        entry phase)."""
        if self.phase != P_ENTRY:
            return []
        return legal_boxes(self.sheet(seat), self.mask, self.total)

    def breakdown(self, seat):
        return breakdown(self.sheet(seat), self.misthrows[seat])

    def scores(self):
        return [self.breakdown(s)[BD_TOTAL] for s in range(self.seats)]

    def over(self):
        return self.phase == P_OVER


class State:
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
            return list(range(ROLL, ROLL + 6 ** dice_count(self.mask)))
        if ph == P_DECIDE:
            return [KEEP, REROLL]
        if ph == P_ENTRY:
            out = legal_boxes(self.sheet(self.to_act), self.mask, self.total)
            out.append(PASS)
            return out
        if ph == P_START:
            return list(range(self.seats))
        return []

    def _reason(self, action):
        """None if `action` is legal now, else a reason a player can read."""
        ph = self.phase
        if ph == P_OVER:
            return "The game is over"
        if ph == P_START:
            return None if 0 <= action < self.seats else "Not a possible seat"
        if ph == P_ROLL or ph == P_REROLL:
            if ROLL <= action < ROLL + 6 ** dice_count(self.mask):
                return None
            return "Not a possible roll"
        if ph == P_CHOOSE:
            if CHOOSE < action < CHOOSE + 8:
                return None
            return "Choose the dice to roll first"
        if ph == P_DECIDE:
            if action == KEEP or action == REROLL:
                return None
            return "Keep or re-roll the dice first"
        if action == PASS:
            return None
        if not 0 <= action < BOXES:
            return "Write the sum or pass"
        return box_reason(self.sheet(self.to_act), self.mask, self.total, action)

    def apply(self, action):
        if type(action) is not int:  # not a float, bool, None, str, int subclass
            raise IllegalMove("A move is a whole number")
        reason = self._reason(action)
        if reason:
            raise IllegalMove(reason)
        ph = self.phase
        if ph == P_START:
            self.active = self.to_act = action
            self.phase = P_CHOOSE
        elif ph == P_CHOOSE:
            self.mask = action - CHOOSE
            self.phase = P_ROLL
            self.to_act = CHANCE
        elif ph == P_ROLL or ph == P_REROLL:
            vals = _roll_values(self.mask, action - ROLL)
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
            sheet = self.sheet(s)
            if row_complete(sheet, 0) + row_complete(sheet, 1) + row_complete(sheet, 2) >= 2:
                return True  # E1
        return False

    def scores(self):
        return [score(self.sheet(s), self.misthrows[s]) for s in range(self.seats)]

    def breakdown(self, seat):
        return breakdown(self.sheet(seat), self.misthrows[seat])

    def actions(self):
        return list(self._acts)

    def describe(self, action):
        ph = self.phase
        if ph == P_START:
            return "player %d starts" % (action + 1)
        if ph == P_CHOOSE:
            return "rolls " + colours(action - CHOOSE)
        if ph == P_ROLL or ph == P_REROLL:
            vals = _roll_values(self.mask, action - ROLL)
            shown = [str(v) for v in vals if v]
            if len(shown) == 1:
                return "rolled " + shown[0]
            return "rolled %s = %d" % ("+".join(shown), sum(vals))
        if ph == P_DECIDE:
            return "keeps %d" % self.total if action == KEEP else "re-rolls"
        if ph == P_ENTRY:
            if action == PASS:
                return "passes (misthrow)" if self.to_act == self.active else "passes"
            if 0 <= action < BOXES:
                return "%d into %s" % (self.total, ROW_NAMES[action // 9])
        return "?"

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
