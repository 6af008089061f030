"""What a Qwinto seat sees: State.view(seat) (games.qwinto.engine), for
screens and bots; docs/qwinto.md, "The view"."""

from micropython import const

from games.qwinto.sheet import BD_TOTAL, breakdown, legal_boxes

# The engine's phases (games.qwinto.engine).
_P_DECIDE = const(3)
_P_ENTRY = const(5)
_P_OVER = const(6)


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
        self.can_reroll = state.phase == _P_DECIDE
        self.entries = bytes(state.entries)  # box, PASS or PENDING per seat

    def sheet(self, seat):
        return self.sheets[seat * 27:seat * 27 + 27]

    def legal_boxes(self, seat):
        """Boxes `seat` may write the current sum into (empty outside the
        entry phase)."""
        if self.phase != _P_ENTRY:
            return []
        return legal_boxes(self.sheet(seat), self.mask, self.total)

    def breakdown(self, seat):
        return breakdown(self.sheet(seat), self.misthrows[seat])

    def scores(self):
        return [self.breakdown(s)[BD_TOTAL] for s in range(self.seats)]

    def over(self):
        return self.phase == _P_OVER
