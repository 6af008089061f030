"""Widgets and colours shared by every scene, on displayio, vectorio and
terminalio (kapsa.ui.textline, kapsa.ui.widgets).

terminalio.FONT is 6x12 pixels: 26 characters by 10 lines on 160x128.
"""

WIDTH = 160
HEIGHT = 128
LINE = 12  # one text line, in pixels
CHAR = 6  # one character's width

# Black: what the display shows where no layer is. A scene has no layer
# under the rest to paint its background: the device composes every layer
# over each pixel it redraws, and a full-screen one took about half of that
# work (a whole screen about 64 ms of the PyGamer's 0.15 s; docs/figures.md).
BACKGROUND = 0x000000
PANEL = 0x243447
TEXT = 0xFFFFFF
DIM = 0x8C9BAB
ACCENT = 0xFFD23F  # cursor, selection
GOOD = 0x5BD96B
BAD = 0xFF5A5A
HEADER = 0x2E4A6B


def show(layer, shown):
    """Show or hide a displayio layer, only when that changes: a TileGrid
    or a vectorio shape whose `hidden` is set, even to what it was, has its
    whole area composed and sent again (a hidden Hanabi discard pile set
    hidden each frame cost the device about 25 ms a frame)."""
    if layer.hidden == shown:
        layer.hidden = not shown
