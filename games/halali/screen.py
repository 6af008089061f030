"""Halali's screen: the forest, the panel and the controls (docs/halali.md,
"Playing": the d-pad moves the cursor, A turns a tile, picks one up or
moves it to a marked square, B puts it back). A elsewhere tries the move
anyway, so that the rules say why not (the runtime's message line).

Both people play on one device, passed across the table or held side by
side: the board is drawn the same way up for both (north at the top, as
the rifles' directions are), and each seat finds its cursor where it
left it (seat_cursor). Its parts: board.py (the forest, the marks, the
panel), choosing.py (what A and B do on the board), words.py (footer,
banner, the end), sheet.py (the sprite sheet's tiles); buildscreen.py
makes the displayio objects and is let go.
"""

from micropython import const

from kapsa import buttons as btn
from kapsa import forget
from kapsa.ui.gamescreen import GameScreen

from games.halali import board, choosing, words

# engine.py's numbers (private copies; tests/test_halali_screen.py checks them).
_EXIT = const(49)
_CENTRE = const(24)
_HOLD = const(60)  # frames one's own turned tile shows before a computer moves (2 s)

_DPAD = ((btn.UP, 0), (btn.RIGHT, 1), (btn.DOWN, 2), (btn.LEFT, 3))


class Screen(GameScreen):
    # What a screen made anew after the pause menu takes over: the cursor, and
    # the banner between the games once read.
    KEPT = ("pos", "told")

    def __init__(self, play):
        super().__init__(play)
        from games.halali import buildscreen

        o = buildscreen.build(self.group, self.play)
        forget("games.halali.buildscreen")
        self.notches = o["notches"]
        self.board = o["board"]
        self.marks = o["marks"]
        self.cursor = o["cursor"]
        self.names = o["names"]
        self.sides = o["sides"]
        self.rows = o["rows"]
        self.status = o["status"]
        self.status2 = o["status2"]
        self.down = o["down"]
        self.banner = o["banner"]
        self.lines = o["lines"]
        self.footer = o["footer"]
        self.view = None
        self.legal = ()
        self.deciding = False
        self.pos = _CENTRE  # the cursor: a square, or an exit (EXIT + direction)
        self.sel = -1  # the picked-up tile's square
        self.targets = []  # where it may go: squares, EXIT + direction
        self.told = False  # the banner between the games was shown
        self.turned = False  # one's own turned tile shows: the computer waits (draw)
        self.paint_due = 0  # the frame the board is painted in (tick())
        self.panel_due = 0  # and the panel, in the frame after
        self.release_due = 0  # and the banner let go in, after A

    # -- the contract

    def draw(self, view, seat):
        before = self.view
        if before is not None:  # (not a screen's first draw: a game opened, resumed)
            self.hold(view, before)
        self.view = view
        self.deciding = False
        self.sel = -1
        self.targets = []
        if view.game and view.last < 0 and not self.told and not view.over:
            if words.open_banner(self, view, before):
                return  # the board in the next frame, the panel in the one after
        if getattr(self.play, "watching", False):  # a replay (kapsa.replay)
            # The panel next frame: with a new board, 0.12 s on the device.
            self.paint(view, False)
            self.panel_due = self.later()
        elif not self.play.to_begin:  # else begin() follows in this frame and paints
            self.paint(view)

    def begin(self, view, legal):
        self.view = view
        self.legal = legal
        self.pos = self.seat_cursor(view.seat, self.pos, _CENTRE)
        if self.pos >= _EXIT and view.final < 0:
            self.pos = _CENTRE
        self.deciding = True
        self.sel = -1
        self.targets = []
        if not (self.paint_due or self.panel_due):  # (else tick() paints, frames later)
            self.paint(view)

    def tick(self):
        if self.due(self.paint_due):  # under the banner (words.open_banner)
            self.paint(self.view, False)
            self.panel_due = self.later()
        elif self.due(self.panel_due):
            self.paint_due = self.panel_due = 0
            board.paint_panel(self, self.view)
            self.paint_footer(self.view)
        elif self.due(self.release_due):
            words.let_go(self, self.view)
        else:
            return False
        return True

    def press(self, pressed, held):
        view = self.view
        if view is None:
            return None
        if self.turned:
            self.turned = False  # read: the computer goes on
            self.play.wait = 0
        if not self.banner.hidden:
            if pressed & btn.A:
                words.read_banner(self, view)
            return None
        if not self.deciding:
            return None
        action = None
        if pressed & btn.B:
            choosing.pick(self, view, -1)
        elif pressed & btn.A:
            action = choosing.choose(self, view)
        else:
            for mask, d in _DPAD:
                if pressed & mask:
                    self.pos = board.move(self.pos, d, view.final >= 0)
                    board.place_cursor(self)
                    break
        self.paint_footer(view)
        return action

    def hold(self, view, before):
        """A person just turned a tile and a computer moves next: the tile
        and its news stay _HOLD frames (a press goes on at once), not the
        driver's short pause, so that the person sees what they turned."""
        a = view.last
        play = self.play
        cur = view.current
        if (0 <= a < _EXIT and view.down < before.down and cur >= 0 and play.bots >> cur & 1
                and not play.bots >> view.seat_of(view.lastside) & 1):
            self.turned = True
            play.wait = max(play.wait, _HOLD)
            message = play.message
            if message.text:
                message.show(message.text, message.label.color, frames=_HOLD + 6)

    # -- painting

    def paint(self, view, panel=True):
        self.paint_due = self.panel_due = 0
        board.paint_board(self, view)
        board.paint_marks(self, view)
        board.place_cursor(self)
        if panel:
            board.paint_panel(self, view)
            self.paint_footer(view)

    def paint_footer(self, view):
        text = words.footer(self, view)
        if self.footer.text != text:
            self.footer.text = text

    # -- the end

    def breakdown(self, view, seat):
        return words.breakdown(view, seat)

    def final_lines(self, view, seat):
        return words.final_lines(self, view, seat)
