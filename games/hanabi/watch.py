"""What a finished Hanabi game needs to be watched (kapsa.replay, which
imports this module only then): every hand shown, the watched seat's own
too (the game is over: nothing is secret), and each move said as the
log says it."""

from games.hanabi.view import View
from games.hanabi.words import event


def view(state, seat):
    """state.view(seat) with the seat's own hand shown."""
    return View(state, seat, True)


def line(screen, view):
    """The last move as the log says it, each seat by its name ("Ben
    played red 3": no "You")."""
    log = view.log
    if not log:
        return None
    seat = view.seat
    view.seat = -1
    text = event(screen, view, log[-3], log[-2], log[-1])
    view.seat = seat
    return text
