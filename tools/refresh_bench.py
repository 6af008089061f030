"""How long the display takes to compose and send a whole screen: run it
on a PyGamer or PyBadge (copy it to CIRCUITPY as code.py, or paste it into
the REPL) and on the faithful build, to scale the build's composing to
the device (docs/checks.md, "Times"; docs/device.md asks for the board's
lines).

Each line: what the screen holds, and the least of five refreshes of the
whole screen in ms (a new root group is composed and sent whole). On the
board that is composing and the SPI bus; on the faithful build composing
only (its bus sends nothing).
"""

import displayio
import vectorio

import board

try:
    from _cp32 import ns  # the faithful build's frame clock
except ImportError:
    from time import monotonic_ns as ns

DISPLAY = board.DISPLAY
DISPLAY.auto_refresh = False
FONT = displayio.Bitmap(6 * 95, 12, 2)  # a glyph sheet's shape (kapsa.ui.textline)


def palette(*colors):
    p = displayio.Palette(len(colors))
    for i, c in enumerate(colors):
        if c is None:
            p.make_transparent(i)
        else:
            p[i] = c
    return p


def whole_screen_ms(group):
    best = None
    for _ in range(5):
        DISPLAY.root_group = displayio.Group()
        DISPLAY.refresh()
        DISPLAY.root_group = group
        start = ns()
        DISPLAY.refresh()
        took = (ns() - start) / 1e6
        best = took if best is None else min(best, took)
    return best


def text_lines(group, n):
    for i in range(n):
        group.append(displayio.TileGrid(FONT, pixel_shader=palette(None, 0xFFFFFF), width=26,
                                        height=1, tile_width=6, tile_height=12, x=2, y=i * 12))
    return group


def main():
    screens = []
    g = displayio.Group()
    screens.append(("nothing (black)", g))
    g = displayio.Group()
    g.append(vectorio.Rectangle(pixel_shader=palette(0x101820), width=160, height=128, x=0, y=0))
    screens.append(("a full-screen rectangle", g))
    g = displayio.Group()
    g.append(displayio.TileGrid(displayio.Bitmap(160, 128, 2), pixel_shader=palette(0x101820, 0)))
    screens.append(("a full-screen bitmap", g))
    screens.append(("10 text lines", text_lines(displayio.Group(), 10)))
    g = displayio.Group()
    g.append(vectorio.Rectangle(pixel_shader=palette(0x101820), width=160, height=128, x=0, y=0))
    screens.append(("10 text lines over a rectangle", text_lines(g, 10)))
    for name, group in screens:
        print("refresh %-32s %7.2f ms" % (name, whole_screen_ms(group)))
    DISPLAY.root_group = None


main()
