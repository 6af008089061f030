"""The words of Halali's screen (screen.py): the footer (whose turn, and
what A and B do where the cursor is), the banner between the games of a
match, and the game-over scene's breakdown and closing lines.
"""

from micropython import const

from kapsa.ui.widgets import wrap

from games.halali.tiles import MOVER, SIDES

# engine.py's numbers (private copies; tests/test_halali_screen.py checks them).
_DOWN = const(8)
_SKIP = const(63)
_EXIT = const(49)


def footer(s, view):
    """What the bottom line says now (the message line covers it while it
    speaks)."""
    if view.over:
        return "Game over B:back to scores"  # the final board (kapsa.gameover)
    if s.banner.hidden is False:
        return "A: play on"  # (a computer to move waits for it: screen.holding)
    if not s.deciding:
        return ""
    name = s.play.app.name_of(view.turn)[:8] + ": "
    if s.legal == [_SKIP]:
        return name + "no move, A skips"
    pos = s.pos
    if s.sel >= 0:
        if pos == s.sel:
            hint = "A/B:put back"
        elif pos in s.targets:
            hint = "A:leave" if pos >= _EXIT else "A:take" if view.board[pos] else "A:move"
            hint += " B:back"
        elif pos < _EXIT and movable(view, pos):
            hint = "A:pick B:back"
        else:
            hint = "A:why not B:back"
        return name + hint
    if pos >= _EXIT:
        return name + "pick a tile"
    c = view.board[pos]
    if c == _DOWN:
        return name + "A:turn over"
    if not c:
        return name + "pick a tile"
    if movable(view, pos):
        return name + "A:pick up"
    return name + "A:why not"


def movable(view, sq):
    """Whether the side to move may move the face-up tile on sq (M1, M7)."""
    who = MOVER[view.board[sq] & 7]
    return view.board[sq] != _DOWN and (who == view.side or who == 2 and sq != view.lock)


def open_banner(s, view, before):
    """The return match has begun: the banner says so first, and the game
    waits for A. True when the new board is left to the next frame (the
    screen drew another view `before`): painted under the banner, not in
    the frame that shows it (the two in one frame took the device 0.23 s),
    and the panel in the frame after the board."""
    s.told = True
    for line, string in zip(s.lines, banner(s, view)):
        line.text = string
    s.banner.hidden = False
    s.holding = True  # a computer's first move waits for A
    if before is None:
        return False
    s.paint_due = s.later()
    s.paint_footer(view)
    return True


def read_banner(s, view):
    """A on the banner: it goes, unless the new board or panel is still to
    be painted under it: then in the frame after they are (the board and
    all it covers composed in one frame: 0.17 s)."""
    if s.release_due:
        return
    if s.paint_due or s.panel_due:
        s.release_due = s.later()
    else:
        let_go(s, view)


def let_go(s, view):
    """The banner read: the game goes on."""
    s.release_due = 0
    s.banner.hidden = True
    s.holding = False
    s.paint_footer(view)


def banner(s, view):
    """The lines between the games of a match: the first game's points,
    the roles swapped."""
    app = s.play.app
    r = view.results
    a = app.name_of(0)[:6]
    b = app.name_of(1)[:6]
    return ("Game 1 is over", "%s %d, %s %d" % (a, r[0], b, r[1]), "Roles swap:",
            "%s plays Blue" % app.name_of(view.blue)[:8], "A: game 2")


def breakdown(view, seat):
    r = view.results
    if view.match and len(r) == 4:
        first = seat ^ view.blue ^ 1  # the side this seat played in game 1
        return (("Game 1 " + SIDES[first], r[seat]), ("Game 2 " + SIDES[first ^ 1], r[2 + seat]))
    side = seat ^ view.blue
    took = out = 0
    b = 8 * side
    from games.halali.tiles import POINTS

    for k in range(1, 8):
        took += POINTS[k] * view.took[b + k]
        out += POINTS[k] * view.out[b + k]
    return (("took", took), ("brought out", out))


def final_lines(s, view, seat):
    app = s.play.app
    sc = view.scores
    what = "the match" if view.match else "the game"
    if view.winner is None:
        return ()
    if view.winner < 0:
        line = "A draw: %d each" % sc[0]
    else:
        w = view.winner
        line = "%s wins %s %d-%d" % (app.name_of(w), what, sc[w], sc[1 - w])
    return wrap(line, 156)
