"""Builds the panel's side of Hashi's screen (build.py builds the
board's): the card (its box, number and bars), the word, the bitmap of
the bonus row and card bar, the footer, and the bonuses' news. Let go
once the screen is built.
"""

import displayio

from kapsa import ui
from kapsa.ui.widgets import box, text

from games.hashi.boards import NUMBERS
from games.hashi.panel import (
    CARD_H, CARD_Y, LOWER_Y, PANEL_COLORS, PANEL_W, PANEL_X, WORD_Y, Panel, panel_bitmap)
from games.hashi.words import Banner


def panel_parts(group, lower=None):
    """The panel and the footer in `group`: (panel, footer); the bonus row
    and card bar in `lower` if made before (kept through a pause)."""
    panel = build_panel(group, lower)
    footer = text("", 2, ui.HEIGHT - ui.LINE // 2, ui.DIM, anchor=(0.0, 0.5))
    group.append(footer)
    return panel, footer


def build_panel(group, lower=None):
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
    if lower is None:
        lower = panel_bitmap()
    pal = displayio.Palette(len(PANEL_COLORS))
    for i, c in enumerate(PANEL_COLORS):
        pal[i] = c
    group.append(displayio.TileGrid(lower, pixel_shader=pal, x=PANEL_X, y=LOWER_Y))
    return Panel(card_num, bars, word, lower, rows)


def banner_part(play):
    """The bonuses' news (on the message line). (words.py comes in with
    this module: compiled here, before the panel is built, it finds the
    room it needs.)"""
    return Banner(play)
