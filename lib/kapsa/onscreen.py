"""PlayScene's screen side (kapsa.play says how the class is cut): which
seat's view is on screen, the screen drawn once a frame at most, the
screen let go while the pause menu covers the game and made anew after
it, and the pause menu and the rules themselves (kapsa.pause is made
here and imports nothing of the driver)."""

from micropython import const

from kapsa import forget
from kapsa.app import Later

BUILDING = const(1)  # PlayScene.remaking: the new screen is being made
BUILT = const(2)  # it is made: shown in the next frame


def viewer(play, actor):
    """Whose view is on screen while `actor` moves. Public games show
    the actor; hidden ones the person holding the device."""
    if not play.hidden and actor >= 0:
        return actor
    if play.holder is not None:
        return play.holder
    return play.humans[0] if play.humans else 0


def redraw(play, actor):
    play.to_draw = play.viewer(actor)
    play.to_begin = False


def show(play):
    """Draw what redraw() or a decision asked for, once."""
    seat = play.to_draw
    if seat is None or play.finished or play.app.top is not play:
        # A finished game's boards are the game-over scene's to draw;
        # under the pass screen or the pause menu the draw waits for
        # the game to be back on screen (enter() asks for it again).
        return
    play.to_draw = None
    view = play.state.view(seat)
    play.screen.draw(view, seat)
    if play.to_begin:
        play.to_begin = False
        play.screen.begin(view, play.state.legal_actions())


def show_again(play):
    if play.deciding is not None:
        play.to_draw = play.deciding
        play.to_begin = True
    else:
        play.redraw(play.state.current_player())


def release(play):
    """Let the screen go while the pause menu covers the game: the heap
    its display objects take is the menu's and the rules' then. What a
    new screen must find again (each seat's cursor) is kept."""
    screen = play.screen
    if screen is not None:
        play.kept = screen.kept()
        play.group.remove(screen.group)
        play.screen = None
        play.remaking = BUILDING


def remake(play):
    """The screen made anew after the pause menu, a part a frame: the
    Screen object, its build_step()s, then, in a frame of its own, it
    is shown (and what was pressed meanwhile goes to it)."""
    screen = play.screen
    if screen is None:
        screen = play.screen = play.info.load("screen").Screen(play)
        for name, value in play.kept:
            setattr(screen, name, value)
        play.kept = ()
    elif play.remaking == BUILDING:
        if screen.build_step():
            play.remaking = BUILT
    else:
        play.group.insert(0, screen.group)
        play.remaking = 0
        play.show_again()


PAUSE = ("kapsa.ui.menulist", "kapsa.menu", "kapsa.pause")  # the pause menu's modules
# What the pause menu may bring in. A game alone in its VM lets it go
# once the game is back on screen (let_go), but not a module the game had
# in before the menu opened (Hanabi's screen has the menu list).
ON_DEMAND = PAUSE + ("kapsa.reader", "kapsa.settings", "kapsa.names")


def pause(play):
    """The pause menu, over the game or the pass screen, the game's screen
    let go (release)."""
    import sys

    play.resident = tuple(name for name in ON_DEMAND if name in sys.modules)
    play.save()
    play.release()
    play.app.push(pause_menu(play))


def let_go(play):
    """The game is back on screen, alone in its VM: what the pause menu
    brought in is freed until it opens again."""
    for name in ON_DEMAND:
        if name not in play.resident:
            forget(name)


def pause_menu(play, now=False):
    """The pause menu as it comes: its code a module a frame (Later), or
    `now` when its modules are in. Also the way back from the rules
    (rules), which a game alone in its VM reads with the menu's code let
    go."""
    app = play.app

    def menu():
        from kapsa.pause import Pause

        return Pause(app, play, rules)

    return menu() if now else Later(app, PAUSE, menu)


def rules(play):
    """The rules, in place of the pause menu (its "Rules"): the reader's
    code comes in a frame of its own (Later); B there brings the menu
    back. Made here, not in kapsa.pause: nothing of the menu's code is
    held while the rules show, and in a game alone in its VM (the
    device) it is let go, to come again a module a frame on the way
    back."""
    app = play.app

    def back():
        import sys

        # kept (a desktop): the menu at once
        return pause_menu(play, "kapsa.pause" in sys.modules)

    def reader():
        from kapsa.reader import TextScene

        return TextScene(app, "Rules", play.info.rules, back=back)

    app.replace(Later(app, ("kapsa.reader",), reader))
    if app.stack[0] is play:
        for name in PAUSE:
            forget(name)
