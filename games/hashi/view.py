"""What one seat of a Hashi game may see: View, made by State.view(seat)
(engine.py); docs/hashi.md lists its fields and helpers.

Runs unchanged on CircuitPython, MicroPython and CPython.
"""

from micropython import const

from kapsa.engine import OVER
from games.hashi.boards import BRIDGES, NUMBERS
from games.hashi.sheet import bonus_points

# engine.py's phases (private copies: inlined, no names kept at run time;
# tests/test_hashi_engine.py checks that they are the engine's).
_SETUP = const(0)
_ACTION_A = const(1)
_ACTION_B = const(2)
_WAITING = const(3)
_DONE = const(4)


class View:
    """What one seat may see (state.view(seat)); see docs/hashi.md.

    sheets[p] is seat p's board: the seat's own board as it is now, the
    others' as they were at the end of the last completed round. All are
    copies: a bot may change them freely.
    """

    __slots__ = ("seat", "seats", "board", "sheets", "sheet", "current", "over",
                 "phase", "target", "card", "number", "bridges", "placed", "to_place",
                 "a_island", "seen", "drawn", "round", "bonus", "high", "solo",
                 "scores", "score", "start", "_offer")

    def __init__(self, state, seat):
        self.seat = seat
        self._offer = None  # legal_bridges(), once worked out
        self.seats = n = state.seats
        self.board = state.board  # static geometry (boards.Board), shared
        playing = state.starts >= n
        # Its own board as it is now, a copy; the others' as of the last
        # round's end, public and changed only there, shared, not copied
        # (a view of four seats made three copies a move; read only).
        self.sheets = [state.sheets[p].copy() if p == seat and playing else state.pub[p]
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
            self.phase = _SETUP if cur == seat else _WAITING
        elif self.over:
            self.phase = _DONE
        else:
            self.phase = state.phase if mine else _WAITING
        self.target = (seat + 1) % n  # the board this seat's setup move goes on
        self.card = state.card  # index into the deck, -1 between rounds
        c = state.card
        self.number = NUMBERS[c] if c >= 0 else 0
        self.bridges = BRIDGES[c] if c >= 0 else 0
        self.placed = bytes(state.steps) if mine else b""  # provisional bridges
        self.a_island = state.a_island if mine else -1  # numbered this turn
        self.to_place = self.bridges - len(self.placed) if self.phase == _ACTION_B else 0
        self.seen = bytes(state.seen)  # 1 per card of the deck drawn so far (card bar)
        self.drawn = bytes(state.drawn)  # card indices in drawing order
        self.round = len(state.drawn)  # 1..17 once the first card is drawn
        self.bonus = [bytes(x) for x in state.bonus]  # points per category, per seat
        self.high = bytes(state.high)  # round a high value was taken, 0 = open
        self.solo = n == 1
        self.scores = state.scores()  # public, as of the last round's end
        self.score = sum(state.bonus[seat]) + 2 * self.sheet.finished_count()

    def legal_islands(self):
        """Islands where the current card's number may be written (action a)."""
        if self.phase != _ACTION_A:
            return []
        return self.sheet.number_options(self.number)

    def legal_bridges(self):
        """Connections the screen offers for the next bridge (action b):
        where one more bridge may go now and the card's remaining bridges
        can still all be placed after it (OP-5: a player who follows the
        offer is never stuck half-way; legal_actions() also lists the
        other legal steps, which a seat can only undo)."""
        if self.phase != _ACTION_B or not self.to_place:
            return []
        if self._offer is None:  # worked out once a view (a screen asks up to three times)
            sheet = self.sheet
            out = []
            for k in sheet.bridge_options():
                sheet.add(k)
                if sheet.can_place(self.to_place - 1):
                    out.append(k)
                sheet.remove(k)
            self._offer = out
        return list(self._offer)

    def can_confirm(self):
        return self.phase == _ACTION_B and self.to_place in (0, self.bridges)

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
        return bonus_points(cat, self.solo, self.high, self.round + (1 if self.card < 0 else 0))
