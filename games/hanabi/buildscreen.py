"""Builds Hanabi's screen (screen.py) on the sprite sheet (assets/hanabi.bmp,
read once a VM by kapsa.ui.sprites.kept and kept through the pause menu): the
status bar, a TileGrid a hand, the cursor frame, the log and discard
panel, the choice popup and the footer. Screen()
imports this module, builds and lets it go (kapsa.forget): its code is in
RAM only while a screen is built. Where things stand: table.py's numbers.
"""

import displayio
import vectorio

from kapsa import forget, ui
from kapsa.ui.menulist import MenuList
from kapsa.ui.widgets import box, outline, text

from games.hanabi import tiles
from games.hanabi.table import (
    GRID_X, LINES, PANEL_Y, PITCH, ROW_Y, STATUS_X, DISCARD_X, SLOT)


def grid(sheet, pal, width, height, x, y):
    return displayio.TileGrid(sheet, pixel_shader=pal, width=width, height=height,
                              tile_width=6, tile_height=8, default_tile=tiles.BLANK, x=x, y=y)


def build(g, seats, hand, play):
    """The screen's displayio objects in group g, for `seats` seats of
    `hand` cards, on the sprite sheet play keeps: (fireworks, status, status_text, names, hands, cursor,
    panel, lines, discards, popup, popup_sides, menu, footer)."""
    from kapsa.ui import sprites

    sheet, pal = sprites.kept(play, "hanabi.bmp")
    forget("kapsa.ui.sprites")  # needed once a VM
    fw = grid(sheet, pal, 12, 2, 1, 0)
    g.append(fw)
    status = grid(sheet, pal, 14, 1, STATUS_X, 4)
    g.append(status)
    status_text = text("", STATUS_X, 2)
    g.append(status_text)
    names = []
    hands = []
    for r in range(seats):
        y = ROW_Y + r * PITCH
        name = text("", 2, y + 8, ui.TEXT, anchor=(0.0, 0.5))
        names.append(name)
        g.append(name)
        h = grid(sheet, pal, 3 * hand, 2, GRID_X, y)
        hands.append(h)
        g.append(h)
    cursor = outline(SLOT + 1, 18, ui.ACCENT)
    g.append(cursor)
    # The panel over the hands: the log (text lines) or the discards.
    panel = displayio.Group()
    panel.append(box(0, PANEL_Y, ui.WIDTH, ui.HEIGHT - ui.LINE - PANEL_Y, ui.BACKGROUND))
    lines = []
    for i in range(LINES):
        t = text("", 3, PANEL_Y + 2 + i * ui.LINE)
        lines.append(t)
        panel.append(t)
    panel.hidden = True
    g.append(panel)
    # The discard pile: in g (on top) only while it shows (logpanel.paint_panel).
    discards = grid(sheet, pal, 20, 12, DISCARD_X, PANEL_Y + 2)
    # The choice a card opens.
    # The popup: its rows, opaque on the header's colour, inside a 1 px
    # accent frame of four sides (top, left, right, bottom; choice.py sets
    # the height): a popup shown or hidden is composed as its rows and
    # four thin strips, not a whole box under its rows again.
    popup = displayio.Group(x=4)
    ink = displayio.Palette(1)
    ink[0] = ui.ACCENT
    w = ui.WIDTH - 8
    popup_sides = tuple(vectorio.Rectangle(pixel_shader=ink, x=x, y=0, width=sw, height=sh)
                        for x, sw, sh in ((0, w, 1), (0, 1, 38), (w - 1, 1, 38), (0, w, 1)))
    popup_sides[3].y = 37
    for side in popup_sides:
        popup.append(side)
    menu = MenuList(1, 1, ui.WIDTH - 10, 3, background=ui.HEADER)
    popup.append(menu)
    popup.hidden = True
    g.append(popup)
    footer = text("", 2, ui.HEIGHT - ui.LINE // 2, ui.DIM, anchor=(0.0, 0.5))
    g.append(footer)
    return (fw, status, status_text, names, hands, cursor, panel, lines, discards, popup,
            popup_sides, menu, footer)
