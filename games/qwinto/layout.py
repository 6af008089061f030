"""Qwinto's screen layout: where things stand, their colours, and the small
helpers every part of the screen uses (games.qwinto.screen).

Layout (160x128), y: 0 header (whose sheet, what to do, score); 17 the
sheet, 3 rows x 12 columns of 12x14 boxes 13 px apart, clear of the header
by the cursor frame and 2 px; 63 misthrows, row points, pentagon bonus; 76
the dice and the sum, or Roll; 102 the choice bar and a note; 116 the
button hints (the runtime's message line covers them).
"""

from micropython import const

from kapsa.ui.widgets import set_color

from games.qwinto.sheet import BOX_COL

# Colours of the three rows and dice: bright (written numbers, dice, the
# dot on a box the sum may go into), dark (empty boxes), ink (numbers).
BRIGHT = (0xFF8C1A, 0xFFD83A, 0xB56CF2)
DARK = (0x4C2A0A, 0x48400E, 0x35214F)
INK = 0x000000
PIP = (0x201000, 0x201800, 0xFFFFFF)

X0 = const(2)  # left edge of column 0
STEP = const(13)  # column pitch
BOX_W = const(12)
BOX_H = const(14)
NUM_H = const(9)  # rows of a number tile (the digits' height and a little)
NUM_TOP = const(3)  # a box's rows above its number (a pentagon's: one more)
ROW_Y = b"\x11\x20\x2f"  # 17, 32, 47
MISS_Y = const(63)
DICE_Y = const(76)
DIE = const(24)
DICE_X = b"\x04\x20\x3c"  # 4, 32, 60
SUM_X = const(92)
BAR_Y = const(102)
HINT_Y = const(116)

DOT = const(19)  # the tile after the numbers: a dot marking a box the sum may go into

# Cursor places in the dice choice: the three dice, then Roll.
ROLL_ITEM = const(3)


def box_x(b):
    return X0 + STEP * BOX_COL[b]


def box_y(b):
    return ROW_Y[b // 9]


def count(n, word, plural="s"):
    """'1 pt', '-1 pt', '3 pts'; '1 box', '0 boxes'."""
    return "%d %s%s" % (n, word, "" if n in (1, -1) else plural)


def settext(label, string):
    if label.text != string:
        label.text = string




def recolor(label, color):
    if label.color != color:
        label.color = color


def set_if(shape, color):
    if shape.pixel_shader[0] != color:
        set_color(shape, color)
