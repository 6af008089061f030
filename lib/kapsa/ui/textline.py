"""One line of terminalio text: a single TileGrid over the font's glyph
sheet, one tile per character.

Why not adafruit_display_text's Label: on the device a Label is a Python
object with some thirty attributes plus a TileGrid for every character,
and setting its text builds a glyph tuple per character; its two modules
need about 55 KB of heap to compile and 10 KB once loaded. A TextLine is a
Group holding one TileGrid (a byte per character), and on CircuitPython
its glyphs are terminalio.FONT's own bitmap, which lives in flash.
Palettes are shared by colour.

Only ASCII is drawn (terminalio's glyph for code c is tile c - 32, as
CircuitPython's built-in font numbers them); anything else shows as "?".
"""

import displayio
import terminalio

CHAR = 6  # a glyph's width in pixels
LINE = 12  # and its height
FIRST = 32  # the first glyph's character code
GLYPHS = 95  # " " .. "~"
UNKNOWN = ord("?") - FIRST

_sheet = None
_palettes = {}  # type: dict


def glyph_sheet():
    """The glyphs as one row of CHAR x LINE tiles. On CircuitPython that is
    terminalio.FONT.bitmap itself; Blinka's font keeps a bitmap per glyph,
    so a desktop draws the row once."""
    global _sheet
    if _sheet is None:
        font = terminalio.FONT
        sheet = getattr(font, "bitmap", None)
        if not isinstance(sheet, displayio.Bitmap):
            sheet = displayio.Bitmap(CHAR * GLYPHS, LINE, 2)
            for i in range(GLYPHS):
                glyph = font.get_glyph(FIRST + i)
                # fontio.Glyph's fields (the stubs type only its constructor)
                source = getattr(glyph, "bitmap")
                left = getattr(glyph, "tile_index") * CHAR
                for y in range(LINE):
                    for x in range(CHAR):
                        if source[left + x, y]:
                            sheet[i * CHAR + x, y] = 1
        _sheet = sheet
    return _sheet


def palette(color, background=None):
    """A shared two-colour palette: 0 the background (transparent when
    None), 1 the ink. Nobody may change a shared palette's colours."""
    key = (color, background)
    p = _palettes.get(key)
    if p is None:
        p = displayio.Palette(2)
        p[1] = color
        if background is None:
            p.make_transparent(0)
        else:
            p[0] = background
        _palettes[key] = p
    return p


class TextLine(displayio.Group):
    """A line of text whose anchor point (fractions of its box, as
    adafruit_display_text's anchor_point) sits at (x, y). `text`, `color`
    and `background` can be set; the grid grows when the text outgrows
    it. With a background and `columns`, the grid is that many characters
    wide for good, the text padded with the background: a bar of its own
    colour, one opaque TileGrid, that never makes a new grid.

    Only the characters that change are set: the display redraws each tile
    set, even to the glyph it had."""

    def __init__(self, string, x, y, color, scale=1, anchor=(0.0, 0.0), background=None,
                 columns=0, indent=0):
        super().__init__(scale=scale)
        self._text = ""
        self._color = color
        self._background = background
        self._columns = columns
        self._indent = indent  # blank characters before the text (on a background)
        self._anchor = anchor
        self._at = (x, y)
        self._grid = None
        self.text = string

    def _new_grid(self, width):
        grid = displayio.TileGrid(glyph_sheet(), pixel_shader=palette(self._color, self._background),
                                  width=width, height=1, tile_width=CHAR, tile_height=LINE)
        if self._grid is not None:
            self.remove(self._grid)
        self.append(grid)
        self._grid = grid
        return grid

    @property
    def text(self):
        return self._text

    @text.setter
    def text(self, string):
        string = str(string)
        n = len(string)
        grid = self._grid
        old = self._text
        indent = self._indent
        if grid is None or grid.width < n + indent or (
                self._background is not None and not self._columns and grid.width != n + indent):
            # A background paints every tile, so its grid is exactly the text
            # (or `columns` wide).
            grid = self._new_grid(max(n + indent, self._columns, 1))
            old = ""
        was = len(old)
        for i in range(grid.width):  # tiles off the text are spaces (tile 0)
            j = i - indent
            new = string[j] if 0 <= j < n else " "
            if new != (old[j] if 0 <= j < was else " "):
                c = ord(new) - FIRST
                grid[i] = c if 0 <= c < GLYPHS else UNKNOWN
        self._text = string
        self._place()

    def _place(self):
        ax, ay = self._anchor
        x, y = self._at
        scale = self.scale
        self.x = x - int(ax * len(self._text) * CHAR * scale)
        self.y = y - int(ay * LINE * scale)

    @property
    def color(self):
        return self._color

    @color.setter
    def color(self, color):
        self._color = color
        self._shade()

    @property
    def background(self):
        return self._background

    @background.setter
    def background(self, background):
        self._background = background
        self._shade()

    def _shade(self):
        # A new pixel_shader redraws the whole grid, even the same one: set
        # only when the colours change.
        p = palette(self._color, self._background)
        if self._grid is not None and self._grid.pixel_shader is not p:
            self._grid.pixel_shader = p

    @property
    def anchor_point(self):
        return self._anchor

    @anchor_point.setter
    def anchor_point(self, anchor):
        self._anchor = anchor
        self._place()

    @property
    def anchored_position(self):
        return self._at

    @anchored_position.setter
    def anchored_position(self, xy):
        self._at = xy
        self._place()
