"""Qwinto at the game-over scene (kapsa.play.GameOver): each seat's
breakdown and why the game ended. games.qwinto.screen imports it only once
the game is over."""

from micropython import const

from kapsa import ui
from kapsa.ui.widgets import clip

from games.qwinto.sheet import BD_COLS, BD_MISS, MISTHROWS, full_rows

_P_OVER = const(6)  # the engine's P_OVER


def breakdown(view, seat):
    bd = view.breakdown(seat)
    return (("Orange", bd[0]), ("Yellow", bd[1]), ("Purple", bd[2]),
            ("Pentagons", sum(bd[BD_COLS:BD_COLS + 5])), ("Misthrows", bd[BD_MISS]))


def final_lines(scr, view, seat):
    if view.phase != _P_OVER:
        return ()
    name = scr.play.app.name_of
    for s in range(view.seats):
        if view.misthrows[s] >= MISTHROWS:
            return (clip("Ended: %s's 4th misthrow" % name(s), ui.WIDTH - 4),)
    for s in range(view.seats):
        if full_rows(view.sheet(s)) >= 2:
            return (clip("Ended: %s filled 2 rows" % name(s), ui.WIDTH - 4),)
    return ()
