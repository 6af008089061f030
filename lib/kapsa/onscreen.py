"""The game driver's screen side, methods of kapsa.play.PlayScene kept
in a module of their own so that each part of the driver compiles in the
24 KB a device has free for it: which seat's view is on screen, the
screen drawn once a frame at most, and the screen let go while the pause
menu covers the game and made anew after it."""

from micropython import const

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


def pause(play):
    """The pause menu, over the game or the pass screen, the game's screen
    let go (release); its code comes a module a frame (Later)."""
    play.save()
    play.release()
    app = play.app

    def menu():
        from kapsa.pause import Pause

        return Pause(app, play)

    app.push(Later(app, ("kapsa.ui.menulist", "kapsa.menu", "kapsa.pause"), menu))
