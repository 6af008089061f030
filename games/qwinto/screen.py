"""Qwinto's screen: one seat's sheet, the dice and the choices of the turn
(controls: docs/qwinto.md, "Screens and controls").

The screen receives only views; the driver applies what press() returns.
Everything is built once: 27 boxes are a one-tile TileGrid each (whole
boxes with their numbers, from a pre-drawn strip), the dice a TileGrid
each; a redraw changes palettes, tiles and texts in place, and only where
they differ.

Its parts, each a module of functions taking the Screen, so that no module
is big to compile on the device: games.qwinto.layout (where things stand,
colours), sheetview (the sheet, the points, the header), dicebar (the
dice, the choice bar, the hints, choosing the dice), cursor (the write
cursor); imported only while a Screen is built, then let go (kapsa.forget()),
buildsheet and builddice; imported only when needed, why (the free
cursor's reason) and final (the game-over lines).
"""

from micropython import const

from kapsa import buttons as btn
from kapsa import forget, ui
from kapsa.ui.gamescreen import GameScreen
from kapsa.ui.widgets import Header

from games.qwinto import cursor, dicebar, sheetview
from games.qwinto.layout import ROLL_ITEM
from kapsa.ui import show
from games.qwinto.sheet import legal_boxes

# The engine's actions and phases (games.qwinto.engine).
_PASS = const(27)
_KEEP = const(28)
_REROLL = const(29)
_P_CHOOSE = const(1)
_P_DECIDE = const(3)
_P_ENTRY = const(5)


class Screen(GameScreen):
    # What a screen made anew after the pause menu takes over: the write cursor
    # as begin() left it, and each seat's last dice choice.
    KEPT = ("column", "item", "free", "begun", "masks")

    def __init__(self, play):
        super().__init__(play)
        g = self.group
        self.header = Header("Qwinto", "")
        g.append(self.header)
        self.parts = 0  # the sheet, then the dice (build_step)
        self.why = None  # the free cursor's reason (games.qwinto.why), once needed
        self.why_lines = ()

        self.view = None
        self.seats = 1
        self.active = 0  # the seat whose turn it is
        self.seat = 0  # whose view this is (the person deciding, or the actor)
        self.shown = 0  # whose sheet is on screen (SELECT looks at others)
        self.deciding = False
        self.legal = []  # legal box numbers while deciding where to write
        self.keeps = []  # and the boxes keeping the roll offers (begin())
        self.lower_due = 0  # the frame the dice and the bar are drawn in (render())
        self.scored = None  # the sheet and misthrows the points show (sheetview)
        self.points_total = 0  # and their total
        self.free = False  # entry: the cursor visits every box
        self.item = 0  # entry: a box or PASS; choice: 0..3; decide: 0/1
        self.column = 0  # column of the last box the cursor was on
        self.begun = 0  # the phase of the last begin()
        self.confirm = False  # pass pressed once, a misthrow is at stake
        self.masks = {}  # last dice choice of each seat
        self.mask = 7
        self.last_roll = None  # (mask, dice, total) of the last roll shown

    def build_step(self):
        """The sheet, then the dice, each in a frame of its own while the
        game opens. They are built by two modules that are let go at once:
        their code is needed only here."""
        self.parts += 1
        if self.parts == 1:
            from games.qwinto import buildsheet

            buildsheet.build(self, self.group)
            return False
        if self.parts == 2:
            from games.qwinto import builddice  # (it uses buildsheet's helpers)

            builddice.build(self, self.group)
            forget("games.qwinto.builddice")
            forget("games.qwinto.buildsheet")
            return False  # drawn in a frame of its own too
        return True

    # -- what the driver calls

    def draw(self, view, seat):
        self.take(view, seat, False)
        if not self.play.to_begin:  # else begin() follows at once and draws
            self.render()

    def begin(self, view, legal):
        # Each seat's own write cursor (GameScreen.seat_cursor): the column
        # it last stood in, and the box and free mode it left (what a
        # decision resumed after the pause menu finds again).
        item = self.item if self.begun == _P_ENTRY else _PASS
        column, item, free = self.seat_cursor(view.seat, (self.column, item, self.free),
                                              (0, _PASS, False))
        self.column = column
        self.take(view, view.seat, True)
        self.free = False
        phase = self.begun = view.phase
        if phase == _P_CHOOSE:
            self.mask = self.masks.get(view.seat, 7)
            self.item = ROLL_ITEM  # a repeat of the last choice is one press
        elif phase == _P_DECIDE:  # Keep first, or Re-roll when the sum fits no box
            self.keeps = legal_boxes(view.sheet(view.seat), view.mask, view.total)
            self.item = 0 if self.keeps else 1
        elif phase == _P_ENTRY:
            cursor.start(self, view, legal, item, free)
        self.render(False)

    def take(self, view, seat, deciding):
        self.view = view
        self.seats = view.seats
        self.active = view.active
        self.seat = self.shown = seat
        self.deciding = deciding
        self.confirm = False

    def press(self, pressed, held):
        view = self.view
        if view is None:
            return None
        if pressed & btn.SELECT:  # any time, also while others move
            self.look(1)
            return None
        if not self.deciding:
            return None
        if self.shown != self.seat:
            if pressed & (btn.A | btn.B):
                self.look(0)
            return None
        phase = view.phase
        if phase == _P_CHOOSE:
            return dicebar.press_choose(self, pressed)
        if phase == _P_DECIDE:
            if pressed & btn.DPAD:
                self.item = 1 - self.item
                self.render()
            elif pressed & btn.A:
                return _REROLL if self.item else _KEEP
            return None
        if phase == _P_ENTRY:
            return cursor.press(self, pressed)
        return None

    def breakdown(self, view, seat):
        from games.qwinto.final import breakdown

        return breakdown(view, seat)

    def final_lines(self, view, seat):
        from games.qwinto.final import final_lines

        return final_lines(self, view, seat)

    def look(self, step):
        """SELECT: the next seat's sheet (read-only); step 0: back to mine."""
        seats = self.seats
        if seats == 1:
            self.play.message.show("Solo: only your sheet", ui.DIM, frames=45)
            return
        self.shown = (self.shown + step) % seats if step else self.seat
        self.render()

    # -- drawing

    def tick(self):
        if self.due(self.lower_due):
            self.render()
            return True
        return False

    def render(self, lower=True):
        """The sheet and the points, and (lower) the dice, the bar and the
        hints. A decision's first frame draws the sheet and leaves the
        rest to the next (begin(), tick()): the move, the roll and the
        whole screen's change in one frame took the device over 100 ms."""
        view = self.view
        if view is None:
            return
        seat = self.shown
        own = seat == self.seat
        phase = view.phase
        entry = self.deciding and own and phase == _P_ENTRY
        marked = []
        if entry:
            marked = self.legal
        elif self.deciding and own and phase == _P_DECIDE:
            marked = self.keeps  # what keeping offers (begin() found them)
        sheetview.draw_sheet(self, view, seat, marked, entry)
        sheetview.draw_score(self, view, seat)
        if not lower:
            self.lower_due = self.later()
            return
        self.lower_due = 0
        dicebar.draw_dice(self, view)
        dicebar.draw_bar(self, view, own, entry, marked)
        if entry and self.free and self.item != _PASS and self.item not in marked:
            from games.qwinto import why

            why.update(self, view)
        elif self.why is not None:
            show(self.why, False)
