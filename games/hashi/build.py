"""Builds Hashi's screen (screen.py): its displayio objects; the board's
bitmap with the geometry the picture draws by (island centres, where each
line runs and where the lines crossing it pass, the discs' spans); the
cursor ring's bitmap; the panel with the card bar's rows; the banner.
Screen() imports this module, builds and lets it go (kapsa.forget): its
code is in RAM only while a screen is built, not for the whole game.
Drawn with fill_region runs and integer maths only (see ink.py).
"""

import bitmaptools
import displayio

from kapsa import ui
from kapsa.ui.widgets import Header, box, text

from games.hashi.boards import NUMBERS
from games.hashi.panel import (
    BAR_ROW, CARD_H, CARD_Y, LOWER_Y, PANEL_COLORS, PANEL_W, PANEL_X, WORD_Y, Panel)
from games.hashi.picture import BOARD_COLORS, BOARD_PX, R, Picture
from games.hashi.words import Banner

BOARD_X = 4  # the board's square: the cursor ring (3 px round an island)
BOARD_Y = ui.LINE + 3  # stays clear of the edge, header, panel and footer


def step(screen):
    """The next part of a game's screen (Screen.build_step): the board, the
    cursor ring, the panel, the banner; True once all are built, and this
    module is let go: its code is needed only here."""
    part = screen.parts
    screen.parts += 1
    if part == 0:
        screen.header, screen.pic = board_parts(screen.group, screen.b)
    elif part == 1:
        ring = screen.ring = cursor_ring()
        screen.pic.group.append(ring.tile)
    elif part == 2:
        screen.panel, screen.footer = panel_parts(screen.group)
    else:
        screen.banner = banner_part(screen.group, screen.play.app)
        from kapsa import forget

        forget("games.hashi.build")
        return True
    return False


def banner_part(group, app):
    """The banner that announces bonuses, in `group`."""
    banner = displayio.Group(y=BOARD_Y + 40)
    banner.append(box(0, 0, ui.WIDTH, 16, ui.HEADER))
    news = text("", ui.WIDTH // 2, 8, ui.ACCENT, anchor=(0.5, 0.5))
    banner.append(news)
    banner.hidden = True
    group.append(banner)
    return Banner(app, banner, news)


def board_parts(group, b):
    """The background, the header and board b's picture in `group`:
    (header, picture). A final board in the game-over VM is these and
    panel_parts(), built a tick apart (no cursor, no banner)."""
    group.append(box(0, 0, ui.WIDTH, ui.HEIGHT, ui.BACKGROUND))
    header = Header("Hashi")
    group.append(header)
    pic = picture(b)
    group.append(pic.group)
    return header, pic


def panel_parts(group):
    """The panel and the footer in `group`: (panel, footer)."""
    panel = build_panel(group)
    footer = text("", 2, ui.HEIGHT - ui.LINE // 2, ui.DIM, anchor=(0.0, 0.5))
    group.append(footer)
    return panel, footer


def half_width(limit, dy):
    """The widest h with h * h + dy * dy <= limit (-1 if none): a disc's
    half width on the row dy from its centre."""
    h = -1
    while (h + 1) * (h + 1) + dy * dy <= limit:
        h += 1
    return h


def disc_spans(r):
    """Half widths of a disc of radius r, row by row."""
    return bytes([half_width(r * r + r, dy) for dy in range(-r, r + 1)])


def picture(b):
    """Board b's Picture, its group placed so that the board sits in the
    middle of the BOARD_PX square at (BOARD_X, BOARD_Y)."""
    cell = (BOARD_PX - 2 * R - 1) // max(b.w - 1, b.h - 1, 1)
    cx = bytes([R + cell * v for v in b.x])
    cy = bytes([R + cell * v for v in b.y])
    w = 2 * R + 1 + cell * (b.w - 1)
    h = 2 * R + 1 + cell * (b.h - 1)
    bitmap = displayio.Bitmap(w, h, 16)
    pal = displayio.Palette(16)
    for i, c in enumerate(BOARD_COLORS):
        pal[i] = c
    group = displayio.Group(x=BOARD_X + (BOARD_PX - w) // 2, y=BOARD_Y + (BOARD_PX - h) // 2)
    group.append(displayio.TileGrid(bitmap, pixel_shader=pal))
    # Each line: its fixed coordinate, its ends along its axis, and where
    # the lines crossing it pass (in order along it).
    fix, t0, t1, zones = [], [], [], []
    for k in range(b.nc):
        u, v = b.ca[k], b.cb[k]
        if b.horiz[k]:
            fix.append(cy[u])
            t0.append(cx[u] + R + 1)
            t1.append(cx[v] - R - 1)
            zones.append(tuple(sorted((cx[b.ca[c]], c) for c in b.cross[k])))
        else:
            fix.append(cx[u])
            t0.append(cy[u] + R + 1)
            t1.append(cy[v] - R - 1)
            zones.append(tuple(sorted((cy[b.ca[c]], c) for c in b.cross[k])))
    return Picture(b, group, bitmap, cx, cy,
                   (disc_spans(R), disc_spans(R - 1), disc_spans(R - 2)),
                   bytes(fix), bytes(t0), bytes(t1), tuple(zones))


def cursor_ring():
    """The cursor: a ring of radius R + 2, colour 1 out to R + 2.5 from the
    centre, 2 out to R + 1.5, none within R + 0.6 (the squared distances,
    as integers, up to 289 / 4, 225 / 4 and 1089 / 25 for R = 6)."""
    size = 2 * R + 7
    bm = displayio.Bitmap(size, size, 3)
    mid = size // 2
    for color, limit in ((1, (2 * R + 5) ** 2 // 4), (2, (2 * R + 3) ** 2 // 4),
                         (0, (5 * R + 3) ** 2 // 25)):
        for y in range(size):
            h = half_width(limit, y - mid)
            if h >= 0:
                bitmaptools.fill_region(bm, mid - h, y, mid + h + 1, y + 1, color)
    colors = displayio.Palette(3)
    colors.make_transparent(0)
    colors[1] = ui.ACCENT
    colors[2] = ui.ACCENT
    colors.make_transparent(2)
    tile = displayio.TileGrid(bm, pixel_shader=colors)
    tile.hidden = True
    from games.hashi.cursor import Ring

    return Ring(tile, colors)


def build_panel(group):
    """The panel's parts in `group`: the card (its box, number and bars),
    the word, and the bitmap of the bonus row and card bar."""
    group.append(box(PANEL_X, CARD_Y, PANEL_W, CARD_H, ui.PANEL))
    card_num = text("", PANEL_X + 6, CARD_Y + CARD_H // 2, ui.TEXT, scale=2, anchor=(0.0, 0.5))
    group.append(card_num)
    bars = []
    for _ in range(3):
        bar = box(PANEL_X + 26, CARD_Y, 22, 2, ui.TEXT)
        bar.hidden = True
        bars.append(bar)
        group.append(bar)
    word = text("", PANEL_X + PANEL_W // 2, WORD_Y, ui.TEXT, anchor=(0.5, 0.5))
    group.append(word)
    # The card bar's rows: (number, the deck indexes of its cards), by number.
    rows = [(n, bytes(c for c in range(len(NUMBERS)) if NUMBERS[c] == n))
            for n in sorted(set(NUMBERS))]
    lower = displayio.Bitmap(PANEL_W, 11 + BAR_ROW * len(rows), len(PANEL_COLORS))
    pal = displayio.Palette(len(PANEL_COLORS))
    for i, c in enumerate(PANEL_COLORS):
        pal[i] = c
    group.append(displayio.TileGrid(lower, pixel_shader=pal, x=PANEL_X, y=LOWER_Y))
    return Panel(card_num, bars, word, lower, rows)
