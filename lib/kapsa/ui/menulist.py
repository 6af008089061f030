"""The menu list: rows of text with a highlighted cursor row. Its own
module: menus (the pause menu, the launcher's) and screens that choose
from a list import it; a game's VM that has none loads it only while its
pause menu opens."""

import displayio

from kapsa import ui
from kapsa.ui.textline import TextLine
from kapsa.ui.widgets import clip, text


class MenuList(displayio.Group):
    """A vertical list of text rows with a highlighted cursor row; scrolls
    when there are more items than rows. Items are strings.

    Each row is one opaque TextLine `width` // 6 characters wide on its
    own colour (`background`; the cursor's row on the accent colour), not
    text over a moving bar: a cursor step redraws two rows, each composed
    from that one layer."""

    def __init__(self, x, y, width, rows, items=(), line=ui.LINE, background=ui.BACKGROUND):
        super().__init__(x=x, y=y)
        self.width = width
        self.rows = rows
        self.line = line
        self.background = background
        self.items = list(items)
        self.cursor = 0
        self.top = 0
        # Text lines for the rows in use and the scroll marks only once
        # needed: each is a Group and a TileGrid on the device.
        self.labels = []
        self.marks = None  # (more_up, more_down) once the items outgrow the rows
        self._render()

    def set_items(self, items, index=None):
        self.items = list(items)
        if index is not None:
            self.cursor = index
        self.cursor = max(0, min(self.cursor, len(self.items) - 1))
        self._render()

    def set_item(self, i, string):
        self.items[i] = string
        self._render()

    def move(self, delta):
        if self.items:
            self.cursor = (self.cursor + delta) % len(self.items)
            self._render()

    def _grow(self):
        line = self.line
        while len(self.labels) < min(len(self.items), self.rows):
            t = TextLine("", 0, len(self.labels) * line + (line - ui.LINE) // 2, ui.TEXT,
                         background=self.background, columns=self.width // ui.CHAR, indent=1)
            self.labels.append(t)
            self.insert(len(self.labels) - 1, t)  # under the scroll marks
        if self.marks is None and len(self.items) > self.rows:
            self.marks = (text("", self.width - 2, 0, ui.DIM, anchor=(1.0, 0.0)),
                          text("", self.width - 2, self.rows * line, ui.DIM, anchor=(1.0, 1.0)))
            self.append(self.marks[0])
            self.append(self.marks[1])

    def _render(self):
        self._grow()
        if self.cursor < self.top:
            self.top = self.cursor
        elif self.cursor >= self.top + self.rows:
            self.top = self.cursor - self.rows + 1
        for row, t in enumerate(self.labels):
            i = self.top + row
            string = clip(self.items[i], self.width - 10) if i < len(self.items) else ""
            if t.text != string:
                t.text = string
            on = i == self.cursor
            t.color = ui.BACKGROUND if on else ui.TEXT  # (set only when it changes)
            t.background = ui.ACCENT if on else self.background
            unused = i >= len(self.items)  # (a row in its colour below a shorter list)
            if t.hidden != unused:
                t.hidden = unused
        if self.marks is not None:
            for t, string in ((self.marks[0], "^" if self.top > 0 else ""),
                              (self.marks[1], "v" if self.top + self.rows < len(self.items) else "")):
                if t.text != string:
                    t.text = string
