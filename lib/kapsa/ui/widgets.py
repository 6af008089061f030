"""Shared widgets: text, filled boxes, a header, the message line (the
menu list is kapsa.ui.menulist: not every game's VM needs it). Text is kapsa.ui.textline's TextLine (one
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


def outline(width, height, color, stroke=1):
    """A width x height rectangle's outline, `stroke` pixels wide, hidden
    at first; .x and .y place it. One TileGrid over a two-colour bitmap
    whose inside is transparent: moved, the display redraws where it was
    and where it is. (Four vectorio sides moved had it redraw, for each,
    the union of its old and new place: the whole stretch between.)"""
    bm = displayio.Bitmap(width, height, 2)
    for s in range(stroke):
        for x in range(width):
            bm[x, s] = bm[x, height - 1 - s] = 1
        for y in range(height):
            bm[s, y] = bm[width - 1 - s, y] = 1
    ink = displayio.Palette(2)
    ink.make_transparent(0)
    ink[1] = color
    grid = displayio.TileGrid(bm, pixel_shader=ink)
    grid.hidden = True
    return grid


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


class MessageLine(displayio.Group):
    """Short news and IllegalMove reasons on the bottom line of the screen
    (over a game's button hints): one line, so the board above stays
    readable. A text longer than the line (26 characters) comes a line of
    whole words at a time, each but the last ending in "..", each page for
    at least PAGE frames. A "\n" in a text marks where a page may end (a
    sentence's parts: "Ben: Hunter d3\nexits south"): a text that fits
    reads as one line, the "\n" a space; a longer one breaks there first,
    so no page ends inside a part that fits a page. The line hides itself
    after a while."""

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
        parts = None
        if "\n" in string:
            parts = string.split("\n")
            string = " ".join(parts)
        if len(string) * ui.CHAR <= width:
            pages = [string]
        else:
            pages = []
            for part in parts or (string,):
                pages.extend(wrap(part, width - 2 * ui.CHAR))
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
