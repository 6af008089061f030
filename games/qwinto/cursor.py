"""The write cursor of Qwinto's screen (games.qwinto.screen): where it
starts (the box the sum fits best), how the d-pad moves it over the boxes
that can take the sum and Pass, or every box (the free cursor, B), and
what A and B do there (docs/qwinto.md, "Writing the sum, or passing").
"""

from micropython import const

from kapsa import buttons as btn

from games.qwinto.sheet import BOX_COL

_BOXES = const(27)
_PASS = const(27)  # the engine's PASS


def start(scr, view, legal, left=_PASS, free=False):
    """begin() in the entry phase: the boxes that can take the sum, and the
    cursor on the one it fits best (else on Pass); but on `left`, with the
    free cursor if `free`, when the seat left its cursor on a box that
    can take the sum (the same decision, resumed after the pause menu)."""
    scr.legal = [a for a in legal if a < _BOXES]
    sheet = view.sheet(view.seat)
    scr.item = _PASS
    scr.free = False
    if left in scr.legal:
        scr.item = left
        scr.free = free
    elif scr.legal:
        scr.item = min(scr.legal, key=lambda b: fit(sheet, b, view.total))
    if scr.item != _PASS:
        scr.column = BOX_COL[scr.item]


def fit(sheet, b, total):
    """How badly `total` fits empty box `b`: first the boxes of its row it
    leaves without a number, then how far it is from the number the box
    would get with the row's numbers spread evenly between the written ones
    (1..18 over an empty row)."""
    base = b - b % 9
    lo, left, hi, right = 0, -1, 19, 9
    for i in range(9):
        v = sheet[base + i]
        if v:
            if base + i < b:
                lo, left = v, i
            elif right == 9:
                hi, right = v, i
    p = b % 9
    over_left = p - left - total + lo  # boxes between left and b, less the numbers for them
    over_right = right - p - hi + total
    return (max(0, over_left) + max(0, over_right) - max(0, over_left + over_right),
            abs(total - lo - (hi - lo) * (p - left) / (right - left)))


def press(scr, pressed):
    """A press while the seat writes: a box, PASS, or None."""
    if pressed & btn.A:
        if scr.item != _PASS:
            return scr.item
        if scr.seat == scr.active and scr.legal and not scr.confirm:
            scr.confirm = True  # OP-7: a misthrow although a box is free
            scr.render()
            return None
        return _PASS
    if pressed & btn.B:
        if scr.confirm:
            scr.confirm = False
        else:
            scr.free = not scr.free
            if not scr.free and scr.item != _PASS and scr.item not in scr.legal:
                scr.item = nearest(scr.legal, scr.column) if scr.legal else _PASS
    elif pressed & btn.DPAD:
        scr.confirm = False
        places = list(range(_BOXES)) if scr.free else list(scr.legal)
        places.append(_PASS)
        if pressed & (btn.LEFT | btn.RIGHT):
            step = -1 if pressed & btn.LEFT else 1
            scr.item = places[(places.index(scr.item) + step) % len(places)]
        else:
            scr.item = vertical(scr, places, -1 if pressed & btn.UP else 1)
    else:
        return None
    if scr.item != _PASS:
        scr.column = BOX_COL[scr.item]
    scr.render()
    return None


def vertical(scr, places, step):
    """The place in the next row up or down (PASS is a fourth row) that
    has places, nearest to the cursor's column; rows wrap around."""
    row = 3 if scr.item == _PASS else scr.item // 9
    for k in range(1, 5):
        r = (row + step * k) % 4
        if r == 3:
            if _PASS in places:
                return _PASS
            continue
        found = [b for b in places if b != _PASS and b // 9 == r]
        if found:
            return nearest(found, scr.column)
    return scr.item


def nearest(boxes, column):
    best = boxes[0]
    for b in boxes:
        if abs(BOX_COL[b] - column) < abs(BOX_COL[best] - column):
            best = b
    return best
