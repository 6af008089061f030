# Hashi's screen: the board, the card, the card bar, and the controls
# (docs/hashi.md, "Screens and controls", says what each shows and does).
#
# This module is the contract's Screen: who is where, and what the buttons
# do. Its parts are modules of their own, each small enough to compile in a
# small heap: picture.py (the board's bitmap), cursor.py (the ring, and
# where the d-pad takes it), panel.py (card, bonus row, card bar), words.py
# (header, word, footer, the bonus banner), paint.py (what is offered, and
# the repaint), ink.py (digits and discs); build.py makes them all and is
# let go once the screen is built; ending.py (the game-over lines and the
# hindsight search) is imported only once the game is over.
#
# In the VM a finished game opens in, nothing of the board is built or
# imported until a final board is first drawn (ending.final_board).
#
# The board (left) and the panel's lower part (bonus row, card bar) are
# 16-colour bitmaps in which an island or a line is redrawn only when what
# it shows changed; the cursor is a ring of its own. The footer says what
# the buttons do now; the runtime's message line covers it while it speaks.
# Illegal tries go to the engine, whose reason the runtime shows.
#
# (Comments, not docstrings: MicroPython parses a docstring before
# dropping it, and this module must compile in 24 KB on the device.)


from micropython import const

from kapsa import buttons as btn
from kapsa import sound, ui
from kapsa.ui.gamescreen import GameScreen

from games.hashi.boards import board

# engine.py's numbers (private copies: inlined, no names kept at run time;
# tests/test_hashi_engine.py checks that they are the engine's).
_BOARD_B = const(1)
_BOARD_P = const(2)
_NUMBER = const(0)
_SKIP_A = const(20)
_UNDO = const(21)
_CONFIRM = const(22)
_BRIDGE = const(32)
_START3 = const(128)
_START4 = const(160)
_SETUP = const(0)
_ACTION_A = const(1)
_ACTION_B = const(2)
_OVER = const(-2)  # kapsa.engine's

DIRECTIONS = ((btn.RIGHT, 1, 0), (btn.LEFT, -1, 0), (btn.DOWN, 0, 1), (btn.UP, 0, -1))


class Screen(GameScreen):
    # What a screen made anew after the pause menu takes over: the island the
    # cursor is on, a bridge being drawn from it, the start number chosen.
    KEPT = ("cursor", "selected", "start_number")

    def __init__(self, play):
        super().__init__(play)
        options = play.options
        self.b = board(2 if options & _BOARD_P else 1 if options & _BOARD_B else 0)
        self.header = self.pic = self.ring = self.panel = self.footer = self.banner = None
        # Opened on a finished game (the game-over VM): built only when a
        # final board is asked for (draw), a part a tick (FinalBoard ticks
        # the screen).
        self.over_vm = play.state.current_player() == _OVER
        self.wanted = None  # (view, seat) of the final board being built
        self.stage = 0  # its parts done so far
        self.hold = False  # no part in the next tick
        self.parts = 0  # a game's screen: its parts built so far (build_step)
        # Who is where.
        self.view = None
        self.seat = 0
        self.deciding = False
        self.cursor = -1
        self.selected = False  # action b: the d-pad draws bridges from the cursor
        self.start_number = 4
        self.look = None  # between decisions: the seat whose board is shown
        self.prev_held = 0
        # The hindsight search at the end (ending.py).
        self.solver = None
        self.solver_state = 0  # 0 not started, 1 searching, 2 finished, 3 none
        self.ended = False  # the game-over scene is up (final_lines, final_tick)
        self.solver_stopped = -1  # the percentage at which a final board stopped it
        self.solver_parts = 0  # its modules imported so far, one a frame
        self.solver_frames = 0
        self.solver_shown = None

    def build_step(self):
        # A game's screen, a part a frame while the game opens (build.py,
        # let go once built). A game-over VM builds only for a final board.
        if self.over_vm or self.parts > 3:
            return True
        import sys

        if "games.hashi.build" not in sys.modules:
            from games.hashi import build  # noqa: F401  (compiled in a frame of its own)

            return False
        from games.hashi import build

        return build.step(self)

    # -- the contract

    def draw(self, view, seat):
        if self.panel is None or self.ended and self.solver_state < 2:
            # A final board: the search stops; in the game-over VM the
            # first one comes a part a tick (ending.final_board).
            from games.hashi import ending

            if ending.final_board(self, view, seat):
                return
        from games.hashi import paint

        self.view = view
        self.seat = seat
        self.deciding = False
        if view.over:
            self.look = None  # a final board: the seat asked for
        if self.ring is not None:  # (a final board in the game-over VM has none)
            self.ring.tile.hidden = True
        if self.selected and (view.phase != _ACTION_B or not paint.offered_lines(self, view)):
            self.selected = False  # nothing (more) to draw from this island
        if self.banner is not None:
            self.banner.announce(view)
        paint.paint(self, view)

    def begin(self, view, legal):
        from games.hashi import paint, words

        self.deciding = True
        if self.look is not None:
            self.look = None  # back to one's own board to decide
            paint.paint(self, view)
        b = self.b
        # Each seat's own cursor (the next person does not start where the
        # previous one left theirs); the first time, the first island offered.
        self.cursor = self.seat_cursor(view.seat, self.cursor, -1)
        if not 0 <= self.cursor < b.n:
            islands = paint.targets(self, view)
            self.cursor = islands[0] if islands else 0
        if view.a_island >= 0 and view.phase == _ACTION_B and not view.placed:
            self.cursor = view.a_island
        self._place_ring()
        words.paint(self, view)

    def press(self, pressed, held):
        view = self.view
        if view is None or self.panel is None:
            return None
        from games.hashi import paint, words

        if not self.deciding:
            # Between decisions (a computer moves, the final boards):
            # left/right shows the other seats' boards, as public.
            if view.seats > 1 and pressed & (btn.LEFT | btn.RIGHT):
                shown = view.seat if self.look is None else self.look
                shown = (shown + (1 if pressed & btn.RIGHT else -1)) % view.seats
                self.look = None if shown == view.seat else shown
                paint.paint(self, view)
            return None
        fresh = pressed & ~self.prev_held  # not a key repeat
        phase = view.phase
        if pressed & btn.SELECT:
            if phase == _SETUP:
                self.start_number = 7 - self.start_number
                paint.paint_panel(self, view)
                words.paint(self, view)
                return None
            # Action a: no number; action b: done (with none placed: none).
            return _SKIP_A if phase == _ACTION_A else _CONFIRM
        if pressed & btn.A:
            if phase == _SETUP:
                return (_START3 if self.start_number == 3 else _START4) + self.cursor
            if phase == _ACTION_A:
                return _NUMBER + self.cursor
            if phase == _ACTION_B:
                if not view.to_place:
                    self._say("All placed: SELECT ends")
                    return None
                self.selected = not self.selected
                self._place_ring()
                paint.paint_board(self, view)
                words.paint(self, view)
            return None
        if pressed & btn.B:
            if phase == _ACTION_B:
                return _UNDO
            if phase == _ACTION_A:
                self._say("Nothing to undo yet")
            return None
        for mask, dx, dy in DIRECTIONS:
            if pressed & mask:
                if self.selected:
                    if fresh & mask:
                        return self._bridge_toward(dx, dy)
                    return None
                j = self.step(self.cursor, dx, dy)
                if j >= 0:
                    self.cursor = j
                    self._place_ring()
                return None
        return None

    def tick(self):
        self.prev_held = self.play.app.buttons.held
        if self.wanted is not None:
            from games.hashi import ending

            ending.build_step(self)
        elif self.banner is not None:
            self.banner.tick()

    # -- moving and aiming

    def step(self, i, dx, dy):
        # Where the d-pad takes the cursor from island i: in setup only
        # islands that may take the start, else any island.
        from games.hashi import paint
        from games.hashi.cursor import neighbour

        view = self.view
        allowed = paint.targets(self, view) if view is not None and view.phase == _SETUP else None
        return neighbour(self.b, i, dx, dy, allowed)

    def _bridge_toward(self, dx, dy):
        from games.hashi.cursor import line_toward

        k = line_toward(self.b, self.cursor, dx, dy)
        if k < 0:
            self._say("No line that way")
            return None
        view = self.view
        if view is not None and k not in view.legal_bridges() and not view.sheet.why_bridge(k):
            # Legal, but a dead end (OP-5): refused here so that nobody
            # has to find their way back out with undo.
            self._say("The rest won't fit then")
            return None
        return _BRIDGE + k

    def _say(self, reason):
        self.play.message.show(reason, ui.BAD, frames=60)
        self.play.app.sound.play(sound.ILLEGAL)

    def _place_ring(self):
        ring, pic = self.ring, self.pic
        if ring is None or pic is None:
            return  # a game-over VM's board, built without its ring
        if not self.deciding or self.cursor < 0:
            ring.tile.hidden = True
            return
        ring.show(pic.cx[self.cursor], pic.cy[self.cursor], self.selected)

    # -- what the board shows

    def shown(self, view):
        # The seat whose board is on screen: in setup the one this seat
        # writes the start on, the one looked at between decisions, or the
        # seat's own.
        if view.phase == _SETUP:
            return view.target
        if self.look is not None and not self.deciding:
            return self.look
        return view.seat

    # -- the end (solo: ending.py, imported once the game is over)

    def breakdown(self, view, seat):
        sheet = view.sheets[seat]
        count = sheet.finished_count()
        bonus = view.bonus[seat]  # red, blue, six (sheet.CAT_RED, CAT_BLUE, CAT_SIX)
        return (("%d island%s x2" % (count, "" if count == 1 else "s"), 2 * count),
                ("Red", bonus[0]), ("Blue", bonus[1]), ("Six", bonus[2]))

    def final_lines(self, view, seat):
        self.ended = True
        if not view.solo:
            return []  # the scores are the table's
        from games.hashi import ending

        return ending.final_lines(self, view, seat)

    def final_tick(self):
        self.ended = True
        if self.solver_state >= 2:
            if self.solver_shown == 0:  # stopped under a final board: say so once back
                self.solver_shown = None
                return True
            return False
        if self.play.seats > 1:
            self.solver_state = 3  # no search: it is for solo games
            return False
        from games.hashi import ending

        return ending.final_tick(self)

