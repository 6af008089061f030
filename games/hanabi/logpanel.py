"""The panel over Hanabi's table (screen.py): the log or the discard pile
under the status bar, painted a frame after the table (panel_tick), and
the frame's work a move or a choice left to the next.
"""

from micropython import const

from games.hanabi import table

_LOG = const(1)  # screen.py's panel modes (private copies): the log
_DISCARDS = const(2)  # the discard pile
_RED = const(0xFF5A5A)  # a misplay in the log (ui.BAD)
_WHITE = const(0xFFFFFF)


def paint_discards(s, view):
    """The discard pile: a row a colour, in value order."""
    grid = s.discards
    rows = [[] for _ in range(6)]
    for c in sorted(view.discards):
        rows[c // 5].append(c)
    for colour in range(6):
        row = rows[colour]
        for j in range(10):
            table.put_card(grid, 2 * j, 2 * colour, row[j] if j < len(row) else -1)


def paint_panel(s, view):
    """The panel under the status bar (the log, the discards, or neither:
    the table whole), the cursor and the footer."""
    s.panel_due = 0
    mode = s.mode
    s.panel.hidden = not mode
    pile = mode == _DISCARDS and bool(view.discards)  # (none: the line says so, uncovered)
    if pile:
        paint_discards(s, view)
    if pile != s.piled:
        # In the group only while it shows: a hidden layer is composed
        # again after each whole-screen refresh.
        s.piled = pile
        if pile:
            s.group.append(s.discards)
        else:
            s.group.remove(s.discards)
    for i, line in enumerate(s.lines):
        j = s.top + i
        text, bad = s.log[j] if mode == _LOG and j < len(s.log) else ("", False)
        if mode == _DISCARDS and not i and not view.discards:
            text = "No discards yet"
        if line.text != text:
            line.text = text
        colour = _RED if bad else _WHITE
        if line.color != colour:
            line.color = colour
    table.place_cursor(s, view)
    s.paint_footer(view)


def panel_tick(screen):
    """Screen.tick: what a frame before left to this one (the table after
    a choice, the panel after begin()) or to its end (the hands after a
    choice refused): True when it painted. And the rating's module (a
    game over's view imports it) in a frame the final round waits in:
    with the last move it took the device 0.11 s."""
    if screen.due(screen.paint_due):  # a choice made: the move's table
        screen.paint(screen.view)
        return True
    if screen.rows_due:  # a choice refused (choice.press)
        table.paint_rows(screen, screen.view)
        return True
    if screen.due(screen.panel_due):
        paint_panel(screen, screen.view)
        return True
    view = screen.view
    if view is not None and view.final >= 0 and screen.play.wait > 1:
        import games.hanabi.rating  # noqa: F401
    return False
