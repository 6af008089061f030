"""The lower half of Qwinto's screen (games.qwinto.screen): the dice and
the sum, or Roll while the dice are chosen; the choice bar (Keep / Re-roll,
or Pass) with its note; the button hints (built once by
games.qwinto.builddice). Also the buttons of the dice choice.
"""

from micropython import const

from kapsa import buttons as btn
from kapsa import ui

from games.qwinto.layout import (
    BRIGHT, DARK, DICE_X, DICE_Y, ROLL_ITEM, count, recolor, set_if, settext)
from kapsa.ui import show

# The engine's actions and phases (games.qwinto.engine).
_PASS = const(27)
_CHOOSE = const(32)
_P_CHOOSE = const(1)
_P_DECIDE = const(3)
_P_ENTRY = const(5)
_P_OVER = const(6)

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
