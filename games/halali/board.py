"""The forest and the panel on Halali's screen (screen.py): the board's
tiles, the overlay's marks (the selected tile, where it may go, the
locked bird, the last move), the exits, the cursor, and the panel (a
block a side: name, side and points, what it took; the status lines).
Tiles and texts are changed in place, and only where they differ.

A position of the cursor is a square (0..48, tiles.py) or an exit, as
the engine numbers a move's destination: EXIT + direction (49..52).
"""

from micropython import const

from kapsa import ui

from games.halali import sheet as T
from games.halali.tiles import EXITS

BX = const(6)  # the board's top-left corner
BY = const(6)
NOTCH = const(6)  # how far an exit reaches out of the board
PX = const(110)  # the panel's left edge
SIDE_Y = (0, 45)  # each side's block: name, side and points, what it took
STATUS_Y = const(90)
_EXIT = const(49)  # engine.py's numbers (private copies; the tests check them)
_MOVE = const(128)
_NONE = const(255)
SIDE_COLOURS = (0x6FA8FF, 0xE0A060)  # Blue, Brown: the panel's text
_PATH_SHUT = const(0x3A2A18)  # an exit before the final phase: the forest's edge
_PATH_OPEN = const(0xC8A060)
_PATH_TARGET = const(0xFFFFFF)
_PATH_CURSOR = const(0xFFD23F)  # the cursor on an exit: its notch lit (the cursor's yellow)
_STEP = ((-1, 0), (0, 1), (1, 0), (0, -1))  # north, east, south, west


def put(grid, i, tile):
    """Tile i (a flat index: an (x, y) pair would be garbage) of grid."""
    if grid[i] != tile:
        grid[i] = tile


def paint_board(s, view):
    g = s.board
    b = view.board
    for sq in range(49):
        put(g, sq, T.tile(b[sq]))


def last_square(view):
    """The square of the last move's tile (where it went, or the tile
    turned), or -1."""
    a = view.last
    if 0 <= a < _EXIT:
        return a
    if a >= _MOVE and a & 63 < _EXIT:
        return a & 63
    return -1


def paint_marks(s, view):
    """The overlay and the exits: the selected tile, the squares it may go
    to (a dot; corners round a tile it may take), the bird the side to
    move may not move, the last move."""
    o = s.marks
    sel = s.sel
    targets = s.targets
    board = view.board
    lock = view.lock if view.current >= 0 else _NONE
    last = last_square(view)
    for sq in range(49):
        if sq == sel:
            t = T.SELECT
        elif sq in targets:
            t = T.CAPTURE if board[sq] else T.TARGET
        elif sq == lock:
            t = T.LOCK
        elif sq == last:
            t = T.LAST
        else:
            t = T.CLEAR
        put(o, sq, t)
    paint_exits(s, view)


def paint_exits(s, view):
    """The exits' notches: the one under the cursor lit, where the tile
    picked up may leave white, open in the final phase, else shut."""
    cursor = s.pos if s.deciding else -1
    for d in range(4):
        if _EXIT + d == cursor:
            colour = _PATH_CURSOR
        elif _EXIT + d in s.targets:
            colour = _PATH_TARGET
        else:
            colour = _PATH_OPEN if view.final >= 0 else _PATH_SHUT
        shader = s.notches[d].pixel_shader
        if shader[0] != colour:
            shader[0] = colour


def place_cursor(s):
    """The cursor's frame on its square; on an exit, the exit's notch lit
    instead (a frame there would stand over the panel's names)."""
    c = s.cursor
    pos = s.pos
    if s.view is not None:
        paint_exits(s, s.view)
    if not s.deciding or pos >= _EXIT:
        ui.show(c, False)
        return
    c.x = BX + pos % 7 * T.TILE
    c.y = BY + pos // 7 * T.TILE
    ui.show(c, True)


def move(pos, d, final):
    """Where the d-pad (d: 0..3, north, east, south, west) takes the
    cursor from pos: a square on, off the board only onto an exit in the
    final phase (from its exit square), back from an exit to it."""
    dr, dc = _STEP[d]
    if pos >= _EXIT:
        return EXITS[pos - _EXIT] if (pos - _EXIT + 2) % 4 == d else pos
    r = pos // 7 + dr
    c = pos % 7 + dc
    if 0 <= r < 7 and 0 <= c < 7:
        return r * 7 + c
    if final and (r == 3 or c == 3):
        return _EXIT + d
    return pos


def _set(label, string, colour=None):
    if label.text != string:
        label.text = string
    if colour is not None and label.color != colour:
        label.color = colour


def paint_panel(s, view):
    app = s.play.app
    for side in range(2):
        seat = view.seat_of(side)
        name = app.name_of(seat)
        if view.match and view.game:  # the match's total beside the name
            total = " %d" % view.scores[seat]
            name = name[:8 - len(total)] + total
        mover = side == view.side and not view.over
        _set(s.names[side], name[:8], ui.ACCENT if mover else ui.TEXT)
        _set(s.sides[side], "%-5s%3d" % (("Blue", "Brown")[side], view.points[side]),
             SIDE_COLOURS[side])
        row = s.rows[side]
        i = 0
        b = 8 * side
        full = sum(view.took[b:b + 8]) + sum(view.out[b:b + 8]) > 21
        for k in range(1, 8):
            for _ in range(view.took[b + k] + view.out[b + k]):
                if i < 21:
                    put(row, i, T.MORE if full and i == 20 else T.MINI + k)
                i += 1
        while i < 21:
            put(row, i, T.MINI)
            i += 1
    down = s.down
    if view.final >= 0:
        left = view.turns_left(view.side)
        _set(s.status, "Final", ui.ACCENT)
        _set(s.status2, "turn %d/5" % (6 - left) if left > 0 else "", ui.ACCENT)
        put(down, 0, T.MINI)
    else:
        _set(s.status, "Game %d/2" % (view.game + 1) if view.match else "One game", ui.DIM)
        _set(s.status2, " %d left" % view.down, ui.DIM)
        put(down, 0, T.MINI_DOWN)
