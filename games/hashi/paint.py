"""What Hashi's screen (screen.py) shows now: the islands and lines it
offers, and the repaint of the board, the panel and the words for a view.
Functions of the screen and the view on it.
"""

from micropython import const

from games.hashi import words

# engine.py's phases (private copies: inlined, no names kept at run time;
# tests/test_hashi_engine.py checks that they are the engine's).
_SETUP = const(0)
_ACTION_A = const(1)


def targets(screen, view):
    """Islands offered now: for the start or for the card's number."""
    if view.phase == _SETUP:
        sheet = view.sheets[screen.shown(view)]
        return [i for i in range(screen.b.n) if not screen.b.flag[i] and not sheet.num[i]]
    if view.phase == _ACTION_A:
        return view.legal_islands()
    return []


def offered_lines(screen, view):
    """Lines offered for the next bridge; from the taken island only, when
    one is taken."""
    lines = view.legal_bridges()
    if screen.selected and lines:
        adj = screen.b.adj[screen.cursor]
        lines = [k for k in lines if k in adj]
    return lines


def paint(screen, view):
    """Board, panel and words for `view`."""
    screen.panel_due = 0
    paint_board(screen, view)
    paint_panel(screen, view)
    words.paint(screen, view)


def paint_board(screen, view, offers=True, keep=False):
    """The board on screen, with what it offers now when it is the seat's
    own (unless not `offers`: they come with the panel, a frame later;
    `keep`: the islands offered before stay lit until then too)."""
    p = screen.shown(view)
    own = p == view.seat and offers
    islands = targets(screen, view) if own or offers and view.phase == _SETUP else ()
    if keep:
        keys = screen.pic.island_key
        islands = [i for i in range(screen.b.n) if i in islands or keys[i] & 16]
    screen.pic.paint(view.sheets[p], islands,
                     offered_lines(screen, view) if own else (),
                     view.placed if own else b"",
                     view.a_island if own else -1,
                     screen.cursor if own and screen.selected else -1)


def paint_panel(screen, view):
    """The card (the start number in setup, none between rounds), and
    the bonuses of the board on screen."""
    if screen.panel_due:
        screen.panel_due = 0
        paint_board(screen, view)  # and what the board offers for a new card
    p = screen.shown(view)
    if view.phase == _SETUP:
        screen.panel.paint(view, p, screen.start_number, 0, 0)
    elif view.card < 0:
        screen.panel.paint(view, p, 0, 0, 0)
    else:
        screen.panel.paint(view, p, view.number, view.bridges, len(view.placed))
