"""The lower half of Qwinto's screen (games.qwinto.screen): the dice and
the sum, or Roll while the dice are chosen; the choice bar (Keep / Re-roll,
or Pass) with its note; the button hints. Also the buttons of the dice
choice.
"""

import displayio
from micropython import const

from kapsa import buttons as btn
from kapsa import ui
from kapsa.ui.widgets import box, text

from games.qwinto.layout import (
    BAR_Y, BRIGHT, DARK, DICE_X, DICE_Y, DIE, HINT_Y, PIP, ROLL_ITEM, SUM_X, count, dot,
    frame, recolor, set_if, settext, show)

# The engine's actions and phases (games.qwinto.engine).
_PASS = const(27)
_CHOOSE = const(32)
_P_CHOOSE = const(1)
_P_DECIDE = const(3)
_P_ENTRY = const(5)
_P_OVER = const(6)

# Pips of a die face: positions 0..6 = top-left, top-right, middle-left,
# centre, middle-right, bottom-left, bottom-right, at (x, y) =
# PIP_XY[2 * p], PIP_XY[2 * p + 1]; bit p of FACES[v] is set when face v
# has a pip there.
PIP_XY = b"\x06\x06\x12\x06\x06\x0c\x0c\x0c\x12\x0c\x06\x12\x12\x12"
FACES = b"\x00\x08\x41\x49\x63\x6b\x77"  # 1: centre, 2: 0 6, ... 6: 0 1 2 4 5 6


def face_strip(size):
    """A 1-bit bitmap of 7 tiles size x size: tile v shows v pips (tile 0
    none)."""
    strip = displayio.Bitmap(size * 7, size, 2)
    for v in range(1, 7):
        for p in range(7):
            if FACES[v] >> p & 1:
                dot(strip, v * size + PIP_XY[2 * p], PIP_XY[2 * p + 1])
    return strip


def build(scr, g):
    """The dice, the sum, the choice bar and the hints, appended to `g`."""
    # The dice: one TileGrid each, its face from a strip of pip faces.
    faces = face_strip(DIE)
    scr.dice = []
    for r in range(3):
        colours = displayio.Palette(2)
        colours[0] = DARK[r]
        colours[1] = PIP[r]
        die = displayio.TileGrid(faces, pixel_shader=colours, tile_width=DIE, tile_height=DIE,
                                 x=DICE_X[r], y=DICE_Y)
        scr.dice.append(die)
        g.append(die)
    scr.die_cursor = frame(DIE + 4, DIE + 4, ui.TEXT, stroke=2)
    g.append(scr.die_cursor)
    scr.roll_back = box(SUM_X, DICE_Y + 2, 60, 20, ui.PANEL)
    g.append(scr.roll_back)
    scr.sum = text("", SUM_X, DICE_Y + DIE // 2, ui.TEXT, scale=2, anchor=(0.0, 0.5))
    g.append(scr.sum)

    # The choice bar: two buttons and a note.
    scr.buttons = []
    scr.button_texts = []
    for x in (2, 51):
        b = box(x, BAR_Y, 46, 12, ui.PANEL)
        scr.buttons.append(b)
        g.append(b)
        t = text("", x + 23, BAR_Y + 6, ui.TEXT, anchor=(0.5, 0.5))
        scr.button_texts.append(t)
        g.append(t)
    scr.note = text("", ui.WIDTH - 2, BAR_Y + 6, ui.DIM, anchor=(1.0, 0.5))
    g.append(scr.note)
    scr.hint = text("", 2, HINT_Y + 6, ui.DIM, anchor=(0.0, 0.5))
    g.append(scr.hint)


def press_choose(scr, pressed):
    """A press while the dice are chosen: an action, or None."""
    if pressed & (btn.LEFT | btn.UP):
        scr.item = (scr.item - 1) % 4
    elif pressed & (btn.RIGHT | btn.DOWN):
        scr.item = (scr.item + 1) % 4
    elif pressed & btn.A:
        if scr.item == ROLL_ITEM:
            if not scr.mask:
                scr.play.message.show("Pick at least one die", ui.BAD, frames=60)
                return None
            scr.masks[scr.seat] = scr.mask
            return _CHOOSE + scr.mask
        scr.mask ^= 1 << scr.item
        scr.masks[scr.seat] = scr.mask
    else:
        return None
    scr.render()
    return None


def draw_dice(scr, view):
    phase = view.phase
    choosing = scr.deciding and phase == _P_CHOOSE and scr.shown == scr.seat
    mask = scr.mask if choosing else view.mask
    dice = view.dice
    total = view.total
    rolled = phase == _P_DECIDE or phase == _P_ENTRY or phase == _P_OVER
    if rolled:
        scr.last_roll = (mask, dice, total)
    elif phase == _P_CHOOSE and not choosing and scr.last_roll:
        # Between turns (a computer's last entry): the roll it used.
        mask, dice, total = scr.last_roll
        rolled = True
    for r in range(3):
        on = mask >> r & 1
        set_if(scr.dice[r], BRIGHT[r] if on else DARK[r])
        face = dice[r] if rolled and on else 0
        if scr.dice[r][0] != face:
            scr.dice[r][0] = face
    show(scr.roll_back, choosing)
    show(scr.die_cursor, choosing and scr.item != ROLL_ITEM)
    if choosing:
        on_roll = scr.item == ROLL_ITEM
        set_if(scr.roll_back, ui.ACCENT if on_roll else ui.PANEL)
        settext(scr.sum, "Roll")
        recolor(scr.sum, ui.BACKGROUND if on_roll else ui.TEXT)
        if not on_roll:
            scr.die_cursor.x = DICE_X[scr.item] - 2
            scr.die_cursor.y = DICE_Y - 2
        return
    recolor(scr.sum, ui.TEXT)
    settext(scr.sum, "= %d" % total if rolled and total else "")


def draw_bar(scr, view, own, entry, marked):
    phase = view.phase
    labels = ("", "")
    selected = -1
    note = ""
    hint = ""
    look = " SEL:look" if view.seats > 1 else ""
    if phase == _P_OVER:  # the final board (kapsa.play.FinalBoard)
        hint = "B:back to scores" + look
    elif scr.deciding and not own:
        hint = "SEL:next sheet  B:back"
        note = "%d of %d" % (scr.shown + 1, view.seats)
    elif scr.deciding and phase == _P_CHOOSE:
        hint = "<>:move  A:toggle/roll"
        n = (scr.mask & 1) + (scr.mask >> 1 & 1) + (scr.mask >> 2 & 1)
        note = "%d di%s" % (n, "e" if n == 1 else "ce")
    elif scr.deciding and phase == _P_DECIDE:
        labels = ("Keep %d" % view.total, "Re-roll")
        selected = scr.item
        note = count(len(marked), "box", "es")
        hint = "<>:move  A:ok" + look
    elif entry:
        labels = ("Pass -5" if scr.seat == view.active else "Pass", "")
        selected = 0 if scr.item == _PASS else -1
        if scr.confirm:
            note = "sure?"
            hint = "A:pass, tick -5  B:no"
        elif scr.free:
            note = "any box"
            hint = ("A:pass" if scr.item == _PASS else "A:try") + "  B:legal only"
        else:
            n = len(marked)
            note = "no box fits" if not n else ("1 box fits" if n == 1 else "%d boxes fit" % n)
            hint = ("A:pass" if scr.item == _PASS else "A:write") + " B:any box" + look
    for i in range(2):
        button = scr.buttons[i]
        show(button, bool(labels[i]))
        settext(scr.button_texts[i], labels[i])
        sel = i == selected
        back = (ui.BAD if scr.confirm else ui.ACCENT) if sel else ui.PANEL
        set_if(button, back)
        recolor(scr.button_texts[i], ui.BACKGROUND if sel and not scr.confirm else ui.TEXT)
    settext(scr.note, note)
    settext(scr.hint, hint)
