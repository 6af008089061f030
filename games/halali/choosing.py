"""What A and B do on Halali's board (screen.py): A on a tile picks it up,
turns it over, or tries a move; B puts a picked-up tile back. Where a
picked-up tile may go is marked (board.paint_marks); A elsewhere tries the
move anyway, so that the rules say why not.
"""

from micropython import const

from games.halali import board
from games.halali.words import movable

# engine.py's numbers (private copies; tests/test_halali_screen.py checks them).
_DOWN = const(8)
_SKIP = const(63)
_MOVE = const(128)
_EXIT = const(49)


def choose(s, view):
    """What A does at the cursor of screen s: an action to try, or None."""
    if s.legal == [_SKIP]:
        return _SKIP  # F6: nothing else is legal
    pos = s.pos
    sel = s.sel
    if sel >= 0:
        if pos == sel:
            pick(s, view, -1)
            return None
        if pos < _EXIT and pos not in s.targets and movable(view, pos):
            pick(s, view, pos)
            return None
        return _MOVE + 64 * sel + pos  # refused with a reason unless marked
    if pos >= _EXIT:
        return None
    c = view.board[pos]
    if c == _DOWN:
        return pos  # FLIP + square
    if not c:
        return None
    if movable(view, pos):
        pick(s, view, pos)
        return None
    return _MOVE + 64 * pos + pos  # not this side's to move: the rules say why


def pick(s, view, sq):
    """Pick up the tile on sq (-1: put it back); mark where it may go."""
    s.sel = sq
    code = _MOVE + 64 * sq
    s.targets = [a & 63 for a in s.legal if sq >= 0 and code <= a < code + 64]
    board.paint_marks(s, view)
