"""The scores scene (the launcher's "Scores"): a game's score history
(kapsa.history), a variant at a time: games played, finished, won
against computers, the mean and the best, and the last scores as bars.
Up/down pick the variant (the last played first), left/right the game,
A the game's kept games to watch (kapsa.replaylist), B goes back. The launcher's VM only; docs/scores.md."""

import bitmaptools
import displayio

from kapsa import buttons as btn
from kapsa import ui
from kapsa.app import Scene
from kapsa.history import (BEST, FINISHED, PLAYED, RECENT, SCORES, TOTAL, VS, WON, History,
                           load)
from kapsa.histsave import save
from kapsa.ui.widgets import Header, MessageLine, clip, text, wrap

BAR = 7  # a bar's pitch in pixels (6 wide, a gap of 1): 20 bars in 140
CHART_X = 20  # the chart's left edge: the scale's figures to its left
CHART_Y = 74
CHART_H = 38
TOP = 15  # the variant's first line


def variant_name(reg, seats, options):
    """"Solo, Board A", "3 players, Last breath, Sixth colour": the seats
    and the scored options' choices, a default choice left out unless it
    is a letter (a board)."""
    parts = ["Solo" if seats == 1 else "%d players" % seats]
    scored = getattr(reg, "SCORED", 0)
    for label, choices in reg.OPTIONS:
        mask = 0
        for _name, bits in choices:
            mask |= bits
        if mask & scored:
            for i in range(len(choices)):
                name, bits = choices[i]
                if bits == options & mask and (i or len(name) == 1):
                    parts.append(label + " " + name if len(name) == 1 else name)
    return ", ".join(parts)


def figures(reg, e):
    """The three lines of figures of entry `e` (kapsa.history)."""
    done = e[FINISHED]
    lines = ["Played %d  finished %d" % (e[PLAYED], done)]
    if getattr(reg, "TEAM", False):
        lines.append("Team game: no one to beat")
    elif e[VS]:
        lines.append("Won vs computers: %d/%d" % (e[WON], e[VS]))
    else:
        lines.append("No games vs computers")
    mean = "%.1f" % (e[TOTAL] / done) if done else "-"
    best = "-" if e[BEST] is None else "%d" % e[BEST]
    lines.append("Mean %s  best %s" % (mean, best))
    return lines


class Scores(Scene):
    def __init__(self, app, game=0):
        super().__init__(app)
        self.game = game % len(app.games)
        self.at = 0  # the variant shown
        self.header = Header("", "")
        self.group.append(self.header)
        self.lines = []
        for i in range(5):  # the variant (two lines), the figures (three)
            y = TOP + i * 11 + (2 if i > 1 else 0)
            t = text("", 2, y, ui.ACCENT if i < 2 else ui.TEXT)
            self.lines.append(t)
            self.group.append(t)
        # The chart: a bar a score, the last in the accent colour, on a
        # line at zero; the scale's figures at its left.
        self.bitmap = displayio.Bitmap(RECENT * BAR, CHART_H, 4)
        ink = displayio.Palette(4)
        ink[0] = ui.BACKGROUND
        ink[1] = ui.DIM
        ink[2] = ui.ACCENT
        ink[3] = ui.PANEL
        self.chart = displayio.TileGrid(self.bitmap, pixel_shader=ink, x=CHART_X, y=CHART_Y)
        self.group.append(self.chart)
        self.high = text("", CHART_X - 2, CHART_Y - 1, ui.DIM, anchor=(1.0, 0.0))
        self.low = text("", CHART_X - 2, CHART_Y + CHART_H + 1, ui.DIM, anchor=(1.0, 1.0))
        self.group.append(self.high)
        self.group.append(self.low)
        self.footer = text("^v:setup <>:game A:replays", 2, ui.HEIGHT - 1, ui.DIM,
                           anchor=(0.0, 1.0))
        self.group.append(self.footer)
        self.message = MessageLine()
        self.group.append(self.message)
        self.history = History()  # (the game's, read by show_game)
        self.show_game()

    def show_game(self):
        """Read the game's history (its old solo bests moved in), and
        tell once if it was damaged and started anew."""
        app = self.app
        info = app.games[self.game]
        h, moved = load(app, info.name)
        if moved:
            save(app, info.name, h, moved)
        self.history = h
        self.at = 0
        damaged = info.registry.TITLE + " scores were damaged; reset"
        if damaged in app.store.problems:
            app.store.problems.remove(damaged)  # told once
            self.message.show(damaged, ui.BAD, frames=150)
        self.render()

    def render(self):
        info = self.app.games[self.game]
        reg = info.registry
        entries = self.history.entries
        self.header.set(clip("Scores: " + reg.TITLE, ui.WIDTH - 36),
                        "%d/%d" % (self.at + 1, len(entries)) if entries else "")
        if entries:
            e = entries[self.at]
            rows = wrap(variant_name(reg, e[0], e[1]), ui.WIDTH - 4)[:2]
            if len(rows) < 2:
                rows.append("")
            rows += figures(reg, e)
            scores = e[SCORES]
        else:
            rows = ["No games yet", "", "Games played show here", "", ""]
            scores = []
        for t, row in zip(self.lines, rows):
            row = clip(row, ui.WIDTH - 4)
            if t.text != row:
                t.text = row
        self.draw(scores)

    def draw(self, scores):
        """Bars of `scores` (the last RECENT, oldest first) from a line at
        zero, scaled between the lowest and the highest (0 included)."""
        bm = self.bitmap
        bitmaptools.fill_region(bm, 0, 0, bm.width, CHART_H, 0)
        if not scores:
            self.high.text = self.low.text = ""
            return
        hi = max(max(scores), 0)
        lo = min(min(scores), 0)
        span = max(hi - lo, 1)
        zero = (hi * (CHART_H - 1)) // span  # the row of 0
        bitmaptools.fill_region(bm, 0, zero, len(scores) * BAR, zero + 1, 3)
        last = len(scores) - 1
        for i in range(len(scores)):
            y = ((hi - scores[i]) * (CHART_H - 1)) // span
            top, end = min(y, zero), max(y, zero) + 1
            bitmaptools.fill_region(bm, i * BAR, top, i * BAR + BAR - 1, end, 2 if i == last else 1)
        self.high.text = "%d" % hi
        self.low.text = "%d" % lo

    def tick(self):
        self.message.tick()

    def press(self, pressed, held):
        count = len(self.history.entries)
        if pressed & (btn.UP | btn.DOWN) and count:
            self.at = (self.at + (-1 if pressed & btn.UP else 1)) % count
            self.render()
        elif pressed & (btn.LEFT | btn.RIGHT):
            self.game = (self.game + (-1 if pressed & btn.LEFT else 1)) % len(self.app.games)
            self.show_game()
        elif pressed & btn.A:
            # the game's kept games, to watch one (kapsa.replaylist)
            from kapsa.replaylist import KeptGames

            self.app.push(KeptGames(self.app, self.app.games[self.game]))
        elif pressed & btn.B:
            self.app.pop()
