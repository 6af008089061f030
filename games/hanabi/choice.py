"""The choice a card opens on Hanabi's screen (screen.py): a small menu
over the table. One's own card: play it, play it announcing a colour
(timed choreography), discard it (skip, when nothing else is legal).
Another player's card: tell its colour or its value; left/right names
another colour or value, and the cards the hint would point at show
what it would tell, highlighted beside them.
"""

from micropython import const

from kapsa import buttons as btn

from games.hanabi import table
from games.hanabi.cards import NAMES

# engine.py's numbers (private copies; tests/test_hanabi_screen.py checks them).
_RAINBOW_WILD = const(8)
_CHOREOGRAPHY = const(2)
_SKIP = const(30)
_PLAY = const(32)
_DISCARD = const(40)
_ANNOUNCE = const(48)
_HINT = const(96)
_VALUE = const(8)


def aim(s, view):
    """The choice's colour and value start as the card's under the cursor."""
    hand = view.hands[s.target]
    if s.index < len(hand) and hand[s.index] < 30:
        c = hand[s.index]
        s.colour = c // 5
        s.value = c % 5 + 1
        if s.colour == 5 and view.options & _RAINBOW_WILD:
            s.colour = 0  # rainbow is never named then


def items(s, view):
    """The items of the choice for the card under the cursor."""
    i = s.index
    if s.target == view.seat:
        out = []
        if len(view.hands[view.seat]):
            out.append("Play card %d" % (i + 1))
            if view.options & _CHOREOGRAPHY:
                out.append("Play as: %s <>" % NAMES[s.colour])
            out.append("Discard card %d" % (i + 1))
        if s.legal and s.legal[0] == _SKIP:
            out.append("Skip: no move")
        return out
    out = []
    for kind in ((0, s.colour), (1, s.value)):
        n = 0
        m = table.touched(view, s.target, kind)
        while m:
            n += m & 1
            m >>= 1
        what = "%ds" % kind[1] if kind[0] else NAMES[kind[1]]
        out.append("Tell %s: %d card%s" % (what, n, "" if n == 1 else "s"))
    return out


def action(s, view):
    """The action of the item under the menu's cursor."""
    i = s.index
    item = s.menu.cursor
    if s.target == view.seat:
        text = s.menu.items[item]
        if text.startswith("Skip"):
            return _SKIP
        if text.startswith("Play as"):
            return _ANNOUNCE + 8 * s.colour + i
        if text.startswith("Play"):
            return _PLAY + i
        return _DISCARD + i
    kind = s.colour if item == 0 else _VALUE + s.value
    return _HINT + 16 * s.target + kind


def open_menu(s, view):
    found = items(s, view)
    if not found:
        return
    s.menu.set_items(found, 0)
    height = 2 + 12 * len(found)
    top, left, right, bottom = s.popup_sides  # (hidden: each is composed once, where it ends)
    left.height = right.height = height
    bottom.y = height - 1
    r = table.order(view).index(s.target)
    s.popup.y = 74 if r < 3 else 17
    s.popup.hidden = False
    preview(s, view)


def close(s, view):
    s.popup.hidden = True
    s.preview = None
    table.paint_rows(s, view)


def preview(s, view):
    """Show what the hint under the menu's cursor would tell."""
    if s.target == view.seat:
        s.preview = None
    else:
        s.preview = (s.target, (0, s.colour) if s.menu.cursor == 0 else (1, s.value))
    table.paint_rows(s, view)


def press(s, view, pressed):
    """A press while the choice is open: the action chosen, or None."""
    menu = s.menu
    if pressed & btn.B:
        close(s, view)
    elif pressed & btn.A:
        a = action(s, view)
        # The move's redraw, in this frame, paints the hands under the
        # popup (painted here too, they were painted twice in one frame:
        # over 100 ms on the device); refused, they are painted at the
        # frame's end (logpanel.panel_tick).
        s.popup.hidden = True
        s.preview = None
        s.rows_due = True
        return a
    elif pressed & (btn.UP | btn.DOWN):
        menu.move(-1 if pressed & btn.UP else 1)
        preview(s, view)
    elif pressed & (btn.LEFT | btn.RIGHT):
        step = 1 if pressed & btn.RIGHT else -1
        text = menu.items[menu.cursor]
        if text.startswith("Tell") and menu.cursor == 1:
            s.value = (s.value - 1 + step) % 5 + 1
        elif text.startswith(("Tell", "Play as")):
            n = view.colours
            if text.startswith("Tell") and view.options & _RAINBOW_WILD:
                n = 5  # rainbow counts as every colour: never named
            s.colour = (s.colour + step) % n
        else:
            return None
        menu.set_items(items(s, view))
        preview(s, view)
    return None
