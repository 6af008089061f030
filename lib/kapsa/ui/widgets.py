"""Shared widgets: text, filled boxes, a header, a menu list with a cursor,
the message line. Text is kapsa.ui.textline's TextLine (one
TileGrid a line), not adafruit_display_text: see that module for why."""

import displayio
import vectorio

from kapsa import ui
from kapsa.ui.textline import TextLine


def palette(color):
    p = displayio.Palette(1)
    p[0] = color
    return p


def box(x, y, width, height, color):
    """A filled rectangle; vectorio needs no bitmap memory."""
    return vectorio.Rectangle(pixel_shader=palette(color), width=width, height=height, x=x, y=y)


def text(string, x, y, color=ui.TEXT, scale=1, anchor=(0.0, 0.0), background=None):
    """A line of text whose anchor point (0..1, 0..1 of its box) sits at (x, y)."""
    return TextLine(string, x, y, color, scale, anchor, background)


def set_color(shape, color):
    """Recolour a box() made above."""
    shape.pixel_shader[0] = color


def clip(string, width_px):
    """Cut a string to fit `width_px` pixels of terminalio text."""
    n = width_px // ui.CHAR
    return string if len(string) <= n else string[: max(n - 1, 0)] + "~"


def wrap(string, width_px):
    """Split a string into lines that fit `width_px`, at single spaces (a
    word longer than a line gets a line of its own). The lines are slices
    of the string: no text is built and thrown away on the device."""
    n = width_px // ui.CHAR
    lines = []
    start = 0
    end = len(string)
    while end - start > n:
        cut = string.rfind(" ", start, start + n + 1)
        if cut <= start:
            cut = string.find(" ", start + 1)
            if cut < 0:
                break
        lines.append(string[start:cut])
        start = cut + 1
    lines.append(string[start:])
    return lines


class Header(displayio.Group):
    """The title bar at the top of a scene, with an optional right-hand hint."""

    def __init__(self, title, hint=""):
        super().__init__()
        self.append(box(0, 0, ui.WIDTH, ui.LINE + 1, ui.HEADER))
        self.title = text(title, 3, 1)
        self.append(self.title)
        self.hint = text(hint, ui.WIDTH - 2, 1, ui.DIM, anchor=(1.0, 0.0))
        self.append(self.hint)

    def set(self, title, hint=None):
        if self.title.text != title:
            self.title.text = title
        if hint is not None and self.hint.text != hint:
            self.hint.text = hint


class MenuList(displayio.Group):
    """A vertical list of text rows with a highlighted cursor row; scrolls
    when there are more items than rows. Items are strings."""

    def __init__(self, x, y, width, rows, items=(), line=ui.LINE):
        super().__init__(x=x, y=y)
        self.width = width
        self.rows = rows
        self.line = line
        self.items = list(items)
        self.cursor = 0
        self.top = 0
        self.bar = box(0, 0, width, line, ui.ACCENT)
        self.append(self.bar)
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
            t = text("", 3, len(self.labels) * line + line // 2, ui.TEXT, anchor=(0.0, 0.5))
            self.labels.append(t)
            self.append(t)
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
            color = ui.BACKGROUND if i == self.cursor else ui.TEXT
            if t.color != color:  # setting a label's colour redraws it
                t.color = color
        self.bar.y = (self.cursor - self.top) * self.line
        self.bar.hidden = not self.items
        if self.marks is not None:
            for t, string in ((self.marks[0], "^" if self.top > 0 else ""),
                              (self.marks[1], "v" if self.top + self.rows < len(self.items) else "")):
                if t.text != string:
                    t.text = string


class MessageLine(displayio.Group):
    """Short news and IllegalMove reasons on the bottom line of the screen
    (over a game's button hints): one line, so the board above stays
    readable. A text longer than the line (26 characters) comes a line of
    whole words at a time, each but the last ending in "..", each page for
    at least PAGE frames. The line hides itself after a while."""

    PAGE = 45  # frames a page of a longer text stays up at least (1.5 s)

    def __init__(self):
        super().__init__(y=ui.HEIGHT - ui.LINE)
        self.back = box(0, 0, ui.WIDTH, ui.LINE, ui.PANEL)
        self.append(self.back)
        self.label = text("", 2, ui.LINE // 2, ui.TEXT, anchor=(0.0, 0.5))
        self.append(self.label)
        self.string = ""
        self.pages = [""]
        self.each = 0  # frames per page (0: one page)
        self.shown = 0  # frames since show()
        self.frames = 0
        self.hidden = True

    def show(self, string, color=ui.TEXT, frames=75):
        """Show `string` for `frames` frames (0 = until replaced), longer
        when its pages need the time."""
        width = ui.WIDTH - 4
        if len(string) * ui.CHAR <= width:
            pages = [string]
        else:
            pages = wrap(string, width - 2 * ui.CHAR)
            for i in range(len(pages) - 1):
                pages[i] += ".."
        n = len(pages)
        self.pages = [clip(page, width) for page in pages]
        self.each = max(frames // n, self.PAGE) if n > 1 else 0
        self.frames = max(frames, self.each * n) if frames else 0
        self.shown = 0
        self.string = string
        self.label.text = self.pages[0]
        self.label.color = ui.TEXT if color == ui.BAD else color
        set_color(self.back, ui.BAD if color == ui.BAD else ui.PANEL)
        self.hidden = False

    def clear(self):
        self.frames = 0
        self.hidden = True

    @property
    def text(self):
        """The whole text shown now (all its pages), or ""."""
        return "" if self.hidden else self.string

    def tick(self):
        if self.hidden:
            return
        self.shown += 1
        if self.frames and self.shown >= self.frames:
            self.hidden = True
        elif self.each and self.shown % self.each == 0:
            self.label.text = self.pages[self.shown // self.each % len(self.pages)]
