"""What Hashi's screen (screen.py) shows now, and when: a view drawn
(draw: what is painted in this frame, what in the next), the islands and
lines it offers, and the repaint of the board, the panel and the words.
Functions of the screen and the view on it.
"""

from micropython import const

from kapsa import ui
from games.hashi import words

# engine.py's phases and kapsa.engine's CHANCE (private copies: inlined,
# no names kept at run time; tests/test_hashi_engine.py checks that they
# are the engine's).
_SETUP = const(0)
_ACTION_A = const(1)
_ACTION_B = const(2)
_CHANCE = const(-1)


def draw(screen, view, seat):
    """The contract's draw (Screen.draw), once the board is built."""
    before = screen.view  # (None: a new screen, drawn whole)
    new_card = before is not None and before.card != view.card
    screen.view = view
    screen.seat = seat
    screen.deciding = False
    if view.over:
        screen.look = None  # a final board: the seat asked for
    if screen.ring is not None:  # (a final board in the game-over VM has none)
        ui.show(screen.ring.tile, False)
    if screen.selected and (view.phase != _ACTION_B or not offered_lines(screen, view)):
        screen.selected = False  # nothing (more) to draw from this island
    if screen.banner is not None:
        screen.banner.announce(view)
    play = screen.play
    # A replay (kapsa.replay), or a final board built in a VM of its own
    # (finalboard.py): its picture, made hidden, is painted now, the panel
    # next frame, and the picture shown the frame after (Screen.tick): in
    # one frame, 0.15 s on the device.
    watched = getattr(play, "watching", False) or view.over and before is None
    if play.to_begin or watched:
        # begin() follows in this frame and says the words for the
        # decision: said here too, the header and the footer would be
        # set twice in a frame, a character at a time. The panel (a new
        # card) comes in the next frame, and with it what the board
        # offers for the card, and the islands no longer offered going
        # dark: spread over the board, they have the display compose all
        # of it again (with the move, the frame took the device over 100
        # ms; a replay's step to another seat's board with its panel,
        # 0.15 s).
        paint_board(screen, view, not new_card, before is not None)
        screen.panel_due = screen.later()
        if watched:
            words.paint(screen, view)
    else:
        # A card is drawn in the next frame, or the pass screen comes: the
        # islands offered stay lit until the card's panel lights its own
        # (mostly the same), not dark for the frames between (the whole
        # board composed twice more: the first card after the start, or a
        # start written, took the device over 100 ms).
        after = play.state.current_player()
        paint(screen, view, before is not None
              and (after == _CHANCE or after >= 0 and play.passes_to(after)))


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


def paint(screen, view, keep=False):
    """Board, panel and words for `view` (keep: as paint_board's)."""
    screen.panel_due = 0
    paint_board(screen, view, True, keep)
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
