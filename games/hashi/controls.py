"""What the buttons do on Hashi's screen (screen.py; docs/hashi.md,
"Screens and controls"), and where they start: a decision opens (begin)
with the seat's cursor on an island. Methods of its Screen kept in a
module of their own so that each compiles in the 24 KB a device has free
for it."""

from micropython import const

from kapsa import buttons as btn

# engine.py's numbers (private copies: inlined, no names kept at run time;
# tests/test_hashi_engine.py checks that they are the engine's).
_NUMBER = const(0)
_SKIP_A = const(20)
_UNDO = const(21)
_CONFIRM = const(22)
_BRIDGE = const(32)
_START3 = const(128)
_START4 = const(160)
_SETUP = const(0)
_ACTION_A = const(1)
_ACTION_B = const(2)

DIRECTIONS = ((btn.RIGHT, 1, 0), (btn.LEFT, -1, 0), (btn.DOWN, 0, 1), (btn.UP, 0, -1))


def begin(screen, view, legal):
    """The contract's begin: the seat decides."""
    from games.hashi import paint, words

    screen.deciding = True
    if screen.look is not None:
        screen.look = None  # back to one's own board to decide
        paint.paint(screen, view)
    # Each seat's own cursor (the next person does not start where the
    # previous one left theirs); the first time, the first island offered.
    cursor = screen.seat_cursor(view.seat, screen.cursor, -1)
    if not 0 <= cursor < screen.b.n:
        islands = paint.targets(screen, view)
        cursor = islands[0] if islands else 0
    if view.a_island >= 0 and view.phase == _ACTION_B and not view.placed:
        cursor = view.a_island
    screen.cursor = cursor
    screen._place_ring()
    words.paint(screen, view)


def press(screen, pressed, held):
    view = screen.view
    if view is None or screen.panel is None:
        return None
    from games.hashi import paint, words

    if not screen.deciding:
        # Between decisions (a computer moves, the final boards):
        # left/right shows the other seats' boards, as public.
        if view.seats > 1 and pressed & (btn.LEFT | btn.RIGHT):
            shown = view.seat if screen.look is None else screen.look
            shown = (shown + (1 if pressed & btn.RIGHT else -1)) % view.seats
            screen.look = None if shown == view.seat else shown
            paint.paint(screen, view)
        return None
    fresh = pressed & ~screen.prev_held  # not a key repeat
    phase = view.phase
    if pressed & btn.SELECT:
        if phase == _SETUP:
            screen.start_number = 7 - screen.start_number
            paint.paint_panel(screen, view)
            words.paint(screen, view)
            return None
        # Action a: no number; action b: done (with none placed: none).
        return _SKIP_A if phase == _ACTION_A else _CONFIRM
    if pressed & btn.A:
        if phase == _SETUP:
            return (_START3 if screen.start_number == 3 else _START4) + screen.cursor
        if phase == _ACTION_A:
            return _NUMBER + screen.cursor
        if phase == _ACTION_B:
            if not view.to_place:
                screen._say("All placed: SELECT ends")
                return None
            screen.selected = not screen.selected
            screen._place_ring()
            paint.paint_board(screen, view)
            words.paint(screen, view)
        return None
    if pressed & btn.B:
        if phase == _ACTION_B:
            return _UNDO
        if phase == _ACTION_A:
            screen._say("Nothing to undo yet")
        return None
    for mask, dx, dy in DIRECTIONS:
        if pressed & mask:
            if screen.selected:
                if fresh & mask:
                    return screen._bridge_toward(dx, dy)
                return None
            j = screen.step(screen.cursor, dx, dy)
            if j >= 0:
                screen.cursor = j
                screen._place_ring()
            return None
    return None


def step(screen, i, dx, dy):
    """Where the d-pad takes the cursor from island i: in setup only
    islands that may take the start, else any island."""
    from games.hashi import paint
    from games.hashi.cursor import neighbour

    view = screen.view
    allowed = paint.targets(screen, view) if view is not None and view.phase == _SETUP else None
    return neighbour(screen.b, i, dx, dy, allowed)


def bridge_toward(screen, dx, dy):
    from games.hashi.cursor import line_toward

    k = line_toward(screen.b, screen.cursor, dx, dy)
    if k < 0:
        screen._say("No line that way")
        return None
    view = screen.view
    if view is not None and k not in view.legal_bridges() and not view.sheet.why_bridge(k):
        # Legal, but a dead end (OP-5): refused here so that nobody
        # has to find their way back out with undo.
        screen._say("The rest won't fit then")
        return None
    return _BRIDGE + k
