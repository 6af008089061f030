"""Hanabi's screen: the table as one seat sees it, and the controls
(docs/hanabi.md, "Playing"). It receives only views: a seat's own cards
are drawn as backs with what the seat knows of them. Its parts: table.py
(the status bar, the hands, the cursor, the discards), choice.py (the
menu a card opens), words.py (the log, the footer, one's own result, the
end); buildscreen.py makes the displayio objects and is let go once they
are built.
"""

from micropython import const

from kapsa import buttons as btn
from kapsa import forget
from kapsa.ui.gamescreen import GameScreen

from games.hanabi import choice, logpanel, table, words

_LOG = const(1)  # panel modes: the log
_DISCARDS = const(2)  # the discard pile


class Screen(GameScreen):
    # What a screen made anew after the pause menu takes over: the card the
    # cursor is on, and how much of the log each seat has seen.
    KEPT = ("target", "index", "seen", "told", "result_shown")

    def __init__(self, play):
        super().__init__(play)
        self.parts = 0  # build_step: buildscreen compiled, then the objects made
        self.view = None
        self.deciding = False
        self.panel_due = 0  # the frame the panel is painted in (logpanel.panel_tick)
        self.rows_due = False  # the hands, after a choice refused (choice.press)
        self.paint_due = 0  # the frame the table is painted in, after a choice made (draw())
        self.legal = None
        self.target = 0  # the seat whose card the cursor is on
        self.index = 0  # and which card
        self.colour = 0  # the colour and value the choice offers
        self.value = 1
        self.preview = None  # (seat, (0, colour) or (1, value)): a hint shown
        self.mode = 0  # the panel: 0 (none), _LOG or _DISCARDS
        self.piled = False  # the discard pile on screen (logpanel.paint_panel)
        self.fresh = False  # the log shows what happened since one's turn
        self.log = []  # its lines: (text, bad)
        self.top = 0  # the first line shown
        self.seen = {}  # seat -> log length when its last turn began
        self.told = None  # log length when one's own result was told (words.tell)
        self.result_shown = None  # and its text while it shows

    def build_step(self):
        """The screen a part a frame (the game opening, or back from the
        pause menu): buildscreen's import, whose compiling is garbage by
        the next frame, then the displayio objects (buildscreen is let go),
        then nothing: the first draw comes in a frame of its own."""
        self.parts += 1
        if self.parts == 1:
            from games.hanabi import buildscreen  # noqa: F401  (compiled now, used next)

            return False
        if self.parts == 2:
            from games.hanabi import buildscreen

            seats = self.play.seats
            (self.fw, self.status, self.status_text, self.names, self.hands, self.cursor,
             self.panel, self.lines, self.discards, self.popup, self.popup_sides,
             self.menu, self.footer) = buildscreen.build(self.group, seats,
                                                         5 if seats <= 3 else 4, self.play)
            forget("games.hanabi.buildscreen")
            return False  # drawn in a frame of its own
        return True

    # -- the contract

    def draw(self, view, seat):
        self.view = view
        self.deciding = False
        self.popup.hidden = True
        self.preview = None
        if self.mode == _LOG and not self.fresh:
            self.open_log(view, view.events(max(0, len(view.log) // 3 - 12)), False)
        if self.rows_due and not view.over:
            # A choice made (choice.press): the popup goes in this frame,
            # over the hands as they were, and the table after the move
            # comes in the next (the two in one frame took the device
            # over 100 ms). The game's end shows at once.
            self.rows_due = False
            self.paint_due = self.later()
        else:
            self.paint(view)
        words.tell(self, view)

    def begin(self, view, legal):
        self.view = view
        self.legal = legal
        seat = view.seat
        first = ((seat + 1) % view.seats, 0)
        self.target, self.index = self.seat_cursor(seat, (self.target, self.index), first)
        self.index = min(self.index, max(len(view.hands[self.target]) - 1, 0))
        self.deciding = True
        self.popup.hidden = True
        self.preview = None
        choice.aim(self, view)
        words.hush(self, False)
        events = view.since_my_turn()
        if events and self.seen.get(seat) != len(view.log):
            # what happened while away, first, from one's own last move on
            n = len(view.log) // 3 - len(events) - 1
            self.open_log(view, view.events(max(0, n)), True)
        elif self.mode == _LOG and self.fresh:
            self.mode = 0
        self.seen[seat] = len(view.log)
        self.panel_due = self.later()  # (logpanel.panel_tick)

    tick = logpanel.panel_tick

    def press(self, pressed, held):
        view = self.view
        if view is None:
            return None
        if self.result_shown:
            words.hush(self, True)  # one's own result read: the game goes on
        if pressed & btn.SELECT:  # the log, the discards, the table; any time
            if not self.popup.hidden:
                choice.close(self, view)
            if self.mode == _LOG:
                self.mode = _DISCARDS
            elif self.mode == _DISCARDS:
                self.mode = 0
            else:
                self.open_log(view, view.events(max(0, len(view.log) // 3 - 12)), False)
            logpanel.paint_panel(self, view)
            return None
        if self.mode:
            if pressed & (btn.UP | btn.DOWN) and self.mode == _LOG:
                step = -1 if pressed & btn.UP else 1
                self.top = max(0, min(self.top + step, len(self.log) - 8))
                logpanel.paint_panel(self, view)
            elif pressed & (btn.A | btn.B):
                self.mode = 0
                logpanel.paint_panel(self, view)
            return None
        if not self.deciding:
            return None
        if not self.popup.hidden:
            action = choice.press(self, view, pressed)
            self.paint_footer(view)
            return action
        if pressed & btn.A:
            choice.open_menu(self, view)
        elif pressed & (btn.LEFT | btn.RIGHT):
            n = max(len(view.hands[self.target]), 1)
            self.index = (self.index + (1 if pressed & btn.RIGHT else -1)) % n
        elif pressed & (btn.UP | btn.DOWN):
            rows = table.order(view)
            r = (rows.index(self.target) + (1 if pressed & btn.DOWN else -1)) % len(rows)
            self.target = rows[r]
            self.index = min(self.index, max(len(view.hands[self.target]) - 1, 0))
        else:
            return None
        choice.aim(self, view)
        table.place_cursor(self, view)
        self.paint_footer(view)
        return None

    # -- painting

    def open_log(self, view, events, fresh):
        self.log = words.log_lines(self, view, events)
        self.top = 0 if fresh else max(0, len(self.log) - 8)
        self.mode = _LOG
        self.fresh = fresh

    def paint(self, view):
        self.paint_due = 0
        table.paint_status(self, view)
        table.paint_rows(self, view)
        logpanel.paint_panel(self, view)

    def paint_footer(self, view):
        text = words.footer(self, view)
        if self.footer.text != text:
            self.footer.text = text

    # -- the end

    def breakdown(self, view, seat):
        if view.lost:
            return (("cards played", view.played),)
        from games.hanabi.cards import NAMES

        return tuple((NAMES[c], view.fireworks[c]) for c in range(view.colours))

    def final_lines(self, view, seat):
        return words.final_lines(self, view) if view.rating else ()
