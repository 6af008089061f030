"""Hashi's screen: the board, the card, the card bar, and the controls
(docs/hashi.md, "Screens and controls", says what each shows and does).

This module is the contract's Screen: who is where. Its parts are modules
of their own, each small enough to compile in a small heap: controls.py
(what the buttons do, a decision opening), paint.py (what a view paints,
in which frame; what is offered), picture.py (the board's bitmap),
cursor.py (the ring), panel.py (card, bonus row, card bar), words.py
(header, word, footer, the bonus banner), ink.py (digits and discs);
build.py and buildpanel.py make them, a part a frame; ending.py (the
game-over lines and the hindsight search) is imported once the game is
over, finalboard.py once a final board is asked for: in the VM a finished
game opens in, nothing of the board is built before.

The board and the panel's lower part are 16-colour bitmaps in which an
island or a line is redrawn only when what it shows changed. Illegal
tries go to the engine, whose reason the runtime shows.
"""

from micropython import const

from kapsa import sound, ui
from kapsa.ui.gamescreen import GameScreen

from games.hashi import controls
from games.hashi.boards import board

# engine.py's numbers (private copies: inlined, no names kept at run time;
# tests/test_hashi_engine.py checks that they are the engine's).
_BOARD_B = const(1)
_BOARD_P = const(2)
_SETUP = const(0)
_ACTION_B = const(2)
_OVER = const(-2)  # kapsa.engine's

class Screen(GameScreen):
    # What a screen made anew after the pause menu takes over: the island the
    # cursor is on, a bridge being drawn from it, the start number chosen.
    # And the board's and the panel's bitmaps: blocks of 5 and 2 KB a paused
    # heap may no longer have.
    KEPT = ("cursor", "selected", "start_number", "board_bitmap", "panel_bitmap")

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
        self.panel_due = 0  # the frame the panel is painted in (draw(), tick())
        self.stage = 0  # its parts done so far
        self.hold = False  # no part in the next tick
        self.board_bitmap = None  # the picture's (KEPT), or a final board's made first
        self.panel_bitmap = None  # the panel's lower part (KEPT)
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
        self.solver_parts = 0  # frames of its modules' import (ending.final_tick)
        self.solver_frames = 0
        self.solver_shown = None

    def build_step(self):
        """A game's screen, a part a frame while the game opens (build.py).
        A game-over VM builds only for a final board."""
        if self.over_vm or self.parts > 5:
            return True
        from games.hashi import build

        return build.step(self)

    # -- the contract

    def draw(self, view, seat):
        if self.panel is None or self.ended and self.solver_state < 2:
            # A final board: the search stops; in the game-over VM the
            # first one comes a part a tick (finalboard.py), solo after the
            # search in a VM of its own (reopen.py).
            if self.play.seats == 1:
                from games.hashi.reopen import board_asked

                if board_asked(self):
                    return
            from games.hashi import finalboard

            if finalboard.final_board(self, view, seat):
                return
        from games.hashi import paint

        paint.draw(self, view, seat)

    begin = controls.begin
    press = controls.press

    def tick(self):
        self.prev_held = self.play.app.buttons.held
        painted = False
        if self.due(self.panel_due) and self.view is not None:
            from games.hashi import paint

            paint.paint_panel(self, self.view)
            painted = True
        elif self.view is not None and self.pic is not None and self.pic.group.hidden:
            ui.show(self.pic.group, True)  # a final board's picture, painted (draw)
            painted = True
        if self.wanted is not None:
            from games.hashi import finalboard

            finalboard.build_step(self)
        elif self.banner is not None:
            self.banner.tick()
        return painted

    # -- moving and aiming (controls.py)

    step = controls.step
    _bridge_toward = controls.bridge_toward

    def _say(self, reason):
        self.play.message.show(reason, ui.BAD, frames=60)
        self.play.app.sound.play(sound.ILLEGAL)

    def _place_ring(self):
        ring, pic = self.ring, self.pic
        if ring is None or pic is None:
            return  # a game-over VM's board, built without its ring
        if not self.deciding or self.cursor < 0:
            ui.show(ring.tile, False)
            return
        ring.show(pic.cx[self.cursor], pic.cy[self.cursor], self.selected)

    # -- what the board shows

    def shown(self, view):
        """The seat whose board is on screen: in setup the one this seat
        writes the start on, the one looked at between decisions, or the
        seat's own."""
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

    def best_of(self, name):
        """The solo best's name in the settings, and its words: a best a
        board ("hashi" is board A's, as before there were two)."""
        c = self.b.name
        return (name if c == "A" else name + c), "on board " + c

    def final_lines(self, view, seat):
        self.ended = True
        if not view.solo:
            return []  # the scores are the table's
        from games.hashi import ending

        return ending.final_lines(self, view, seat)

    def final_tick(self):
        self.ended = True
        if self.solver_state >= 2 and not self.play.extra:  # (extra: reopen.py)
            if self.solver_shown == 0:  # stopped under a final board: say so once back
                self.solver_shown = None
                return True
            return False
        if self.play.seats > 1:
            self.solver_state = 3  # no search: it is for solo games
            return False
        if self.over_vm and self.solver_state == 0:
            from games.hashi import reopen  # noqa: F401  (now: see its docstring)
        from games.hashi import ending

        return ending.final_tick(self)

