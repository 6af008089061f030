"""Where things are in Hanabi's sprite sheet (assets/hanabi.bmp, made by
tools/hanabi_sprites.py): a 144 x 64 indexed bitmap of 6 x 8 pixel tiles,
24 a row. A card is 2 x 2 tiles (12 x 16 px); the cards stand in a grid of
12 cards a row, card k's top-left tile is face(k). Small tiles (symbols,
digits, icons) fill the rest.

Cards: 0..29 the faces by identity (colour * 5 + value - 1), EMPTY + c an
empty firework of colour c, BACK a card's back.
"""

from micropython import const

COLS = const(24)  # tiles a row of the sheet
EMPTY = const(30)  # + colour: an empty firework
BACK = const(36)

BLANK = const(148)  # the background
SYM = const(149)  # + colour: its symbol, in its colour
DIGIT = const(154)  # + value (1..5): the value in white
HINT_ICON = const(160)  # a hint token
MISS_ON = const(161)  # a mistake made
MISS_OFF = const(162)  # a mistake not made yet
DECK_ICON = const(163)
TOUCHED = const(164)  # hinted, but more than one possibility left
NEW_SYM = const(172)  # + colour: what a hint would tell, highlighted
NEW_DIGIT = const(177)  # + value (1..5)


def face(k):
    """The top-left tile of card k (the others: +1, +COLS, +COLS + 1)."""
    return (k // 12) * 2 * COLS + (k % 12) * 2
