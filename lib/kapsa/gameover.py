"""The game-over scene (scores, winners, each seat's breakdown, the solo
best from the score history, the game counted in it) and a seat's final
board: imported when a game ends."""

from kapsa import buttons as btn
from kapsa import ui
from kapsa.app import Scene
from kapsa.ui.widgets import Header, clip, text


NAME_COLUMNS = 17  # the name's columns in a row: 3 + 17 + 4 = 24 of 26
GUARD = 15  # frames (0.5 s) in which presses are not taken: the scores stay


class GameOver(Scene):
    """Each seat's final score, winners marked (ties share the win), the
    breakdown of the seat under the cursor, and the solo best."""

    def __init__(self, app, play, later=False):
        """With `later` (a game-over VM) the lines come in the next
        frames, then the save is cleared (tick)."""
        super().__init__(app)
        self.play = play
        state = play.state
        self.scores = state.scores()
        top = max(self.scores)
        self.lines = []
        self.group.append(Header(play.info.registry.TITLE + ": game over", "A:board"))
        seats = play.seats
        row_h = 10 if seats >= 5 else 11  # (five or six seats leave room for six lines)
        # One text line a seat (the cursor mark, the name, the score in
        # columns of characters): a line is a Group and a TileGrid on the
        # device, three a row cost twice the heap for six seats.
        self.rows = []
        for seat in range(seats):
            won = self.scores[seat] == top and seats > 1
            row = text("", 0, ui.LINE + 2 + seat * row_h, ui.ACCENT if won else ui.TEXT)
            self.rows.append(row)
            self.group.append(row)
        first = ui.LINE + 4 + row_h * seats
        for y in range(first, ui.HEIGHT - ui.LINE + 1, 10):  # each line whole on the screen
            t = text("", 2, y, ui.DIM)
            self.lines.append(t)
            self.group.append(t)
        # The cursor on the person's own seat (the first person's), not a
        # computer's: what they look at first, and A shows their board.
        self.seat = play.humans[0] if play.humans else 0
        # The A that made the last move, or a quick one after it, must not
        # go through the scores: presses are taken from frame `until` on
        # (counted in app frames: also while a final board covers them).
        self.until = app.frame + GUARD
        self.best_line = ""  # the solo best (or a damaged score history's notice)
        self.rows_due = self.stale = self.clear_due = later
        self.pending = None  # the lines made, to show (tick)
        self.record()
        if not later:
            self.render()

    def record(self):
        """The solo best worded from the game's count in its score history:
        on the device a VM of its own counted it (kapsa.counting), and this
        VM's request carried the count (play.tallied); a game that ended in
        this VM (a desktop) is counted here."""
        play = self.play
        tallied = getattr(play, "tallied", None)
        if tallied is None:
            from kapsa.counting import here

            tallied = here(play)
        best, before, problem = tallied
        if play.seats == 1:
            # A game may keep a best per variant (Hashi's boards): its
            # screen's best_of(name) says where ("on board B").
            of = getattr(play.screen, "best_of", None)
            where = of(play.info.name)[1] if of else ""
            score = self.scores[0]
            n = best if best is not None else score
            self.best_line = "Your best %s: %d" % (where, n) if where else "Best: %d" % n
            if before is not None and score > before and not play.bots & 1:
                self.best_line = "New best %s!" % where if where else "New best score!"
        if problem:
            self.best_line = problem

    def row(self, seat):
        """ "> Name *            45": the cursor, the name (a star for each
        winner), the score right-aligned in the last four columns."""
        play = self.play
        won = self.scores[seat] == max(self.scores) and play.seats > 1
        mark = ">" if seat == self.seat and play.seats > 1 else " "
        name = clip(self.app.name_of(seat) + (" *" if won else ""), NAME_COLUMNS * ui.CHAR)
        return "%s  %s%s%4d" % (mark, name, " " * (NAME_COLUMNS - len(name)), self.scores[seat])

    def render_rows(self):
        for i, row in enumerate(self.rows):
            line = self.row(i)
            if row.text != line:  # a label's text set is drawn anew
                row.text = line

    def render(self):
        self.stale = False
        self.render_rows()
        self.show_lines(self.lines_of(self.seat))

    def lines_of(self, seat):
        """The lines under the scores: `seat`'s breakdown, the game's own
        last lines, the solo best, what B does."""
        play = self.play
        view = play.state.view(seat)
        words = []
        for label, points in play.screen.breakdown(view, seat):
            words.append("%s %d" % (label, points))
        rows = []
        line = ""
        for word in words:
            if line and len(line) + 2 + len(word) > 26:
                rows.append(line)
                line = word
            else:
                line = line + "  " + word if line else word
        if line:
            rows.append(line)
        rows.extend(play.screen.final_lines(view, seat))
        if self.best_line:
            rows.append(self.best_line)
        # The game's code (kapsa.codes): a friend may play the same game
        rows.append("Code %s Sel:replay" % play.code if play.code else "Sel:replay  B:back")
        return rows

    def show_lines(self, rows):
        if len(rows) > len(self.lines):
            rows = rows[:len(self.lines) - 1] + rows[-1:]  # the code and what B does stay
        for i, t in enumerate(self.lines):
            line = rows[i] if i < len(rows) else ""
            if t.text != line:
                t.text = line

    def tick(self):
        # In a game-over VM the scene comes a part a frame, each within
        # the device's 100 ms (before the game's final_tick: as if made
        # at once): the scene, then its rows' text, then the lines (the
        # game's end-of-game module imported), then shown, then the save
        # cleared (a cut before: this VM again, which counts nothing again:
        # kapsa.main.Opening counted the game in its score history).
        if self.rows_due:
            self.rows_due = False
            self.render_rows()
        elif self.stale:
            self.stale = False
            self.pending = self.lines_of(self.seat)
        elif self.pending is not None:
            self.show_lines(self.pending)
            self.pending = None
        elif self.clear_due:
            self.clear_due = False
            self.app.store.clear_game(self.play.info.name)
        elif self.play.screen.final_tick():
            self.render()

    def press(self, pressed, held):
        if self.app.frame < self.until:
            return
        if pressed & (btn.UP | btn.DOWN) and self.play.seats > 1:
            step = -1 if pressed & btn.UP else 1
            self.seat = (self.seat + step) % self.play.seats
            self.render()
        elif pressed & btn.A:
            self.app.push(FinalBoard(self.app, self.play, self.seat))
        elif pressed & btn.B:
            self.app.pop_to_root()
        elif pressed & btn.SELECT:
            self.watch()
        elif pressed & btn.START:
            # The pause menu over the scores (kapsa.pause: Resume, Rules,
            # Settings, back to the games); what runs here (solo Hashi's
            # search) waits under it.
            from kapsa.onscreen import pause_menu

            self.app.push(pause_menu(self.play))

    def watch(self):
        """The game just played, move by move (kapsa.replay): on the device
        in a VM of its own, from the game kept as it was counted
        (kapsa.replays: the newest); else here, from this game."""
        app, play = self.app, self.play
        if app.relauncher is not None and app.relauncher.open_game(play.info.name, "~"):
            return
        from kapsa.replay import Replay

        state = play.state
        app.push(Replay(app, play.info, (play.seats, play.options, play.bots, state.actions(),
                                         play.coded, self.scores)))

    def enter(self):
        if self.app.stack[0] is self:  # alone in its VM (the device): back from the menu
            from kapsa.onscreen import let_go

            let_go(self.play)


class FinalBoard(Scene):
    """A seat's board or sheet as the game ended, drawn by the game's own
    screen from that seat's view; B goes back to the scores."""

    def __init__(self, app, play, seat):
        super().__init__(app)
        self.play = play
        screen = play.screen
        if screen.group in play.group:
            play.group.remove(screen.group)  # a group has one parent
        self.group.append(screen.group)
        screen.draw(play.state.view(seat), seat)
        if play.code:  # the game's code, for three seconds over the board's last line
            message = play.message
            if message in play.group:
                play.group.remove(message)
                self.group.append(message)
            message.show("Code " + play.code, ui.ACCENT, frames=90)

    def tick(self):
        # The screen's frames: a game may build its board over several
        # (Hashi's game-over VM, games/hashi/ending.py)
        self.play.screen.tick()
        self.play.message.tick()

    def leave(self):
        self.group.remove(self.play.screen.group)
        message = self.play.message
        if message in self.group:  # back where the next board finds it
            self.group.remove(message)
            self.play.group.append(message)

    def press(self, pressed, held):
        if pressed & btn.B:
            self.app.pop()
        else:
            self.play.screen.press(pressed, held)
