"""A final board in Hashi's game-over VM (the device: a finished game
opens alone in a fresh VM, kapsa.moves.finish), built a part a tick; and
solo, after the hindsight search, in a VM of its own. The search's
modules have been in the game-over VM's heap, and their names stay
there: in the holes they leave, a final board's modules and its 5 KB
bitmap no longer fit. So when a final board is asked for there, the
search's result goes into the finished game's save
(kapsa.moves.reopen_over) and a fresh VM opens the game-over scene with
that result, and the final board on top.

The save's extra then, six bytes: the board was asked for, there is a
result, it is proven, its best + 1, its upper bound, and where the search
stopped + 1 (0: it ran to its end).

Runs unchanged on CircuitPython, MicroPython and CPython.
"""

from kapsa import forget

# A final board in the game-over VM: the modules it needs, imported one a
# tick: the picture first, and with it the board's bitmap (5 KB in one
# block, while the heap's holes are at their largest), then the board's
# builder, the panel's (it brings panel and words), the paint; then the
# board's parts, the panel's, and the paint.
FINAL_PARTS = ("picture", "build", "buildpanel", "paint")


def final_board(screen, view, seat):
    """A final board is drawn (screen.draw): the search stops if it runs
    (solo); in the game-over VM the first one is built a part a tick from
    the next tick on (in this one the search's memory still counts): True
    then, nothing to draw yet."""
    if screen.play.seats == 1:  # (a game of several seats has no ending.py)
        from games.hashi.ending import stop

        stop(screen)
        if screen.over_vm and screen.solver_parts:
            # The search's modules came into this VM: the board opens in
            # a fresh one, where the device restarts.
            if reopen(screen):
                return True
    if screen.panel is not None:
        return False
    screen.wanted = (view, seat)
    screen.hold = True
    return True


def build_step(screen):
    """One part of the final board (screen.stage counts them)."""
    if screen.hold:
        screen.hold = False
        return
    stage = screen.stage
    screen.stage += 1
    if stage < len(FINAL_PARTS):
        __import__("games.hashi." + FINAL_PARTS[stage])
        if stage == 0 and screen.board_bitmap is None:
            from games.hashi.picture import board_bitmap

            screen.board_bitmap = board_bitmap(screen.b)
        return
    if stage == len(FINAL_PARTS):
        from games.hashi.build import board_parts

        screen.header, screen.pic = board_parts(screen.group, screen.b, screen.board_bitmap)
        return
    if stage == len(FINAL_PARTS) + 1:
        from games.hashi.buildpanel import panel_parts

        # (not imported again to draw: they are let go with the last part)
        screen.panel, screen.footer = panel_parts(screen.group)
        forget("games.hashi.build")
        forget("games.hashi.buildpanel")
        return
    view, seat = screen.wanted
    screen.wanted = None
    screen.draw(view, seat)


def reopen(screen):
    """The search has stopped (ending.stop): save its result and restart
    into a fresh game-over VM. False where nothing restarts (a desktop):
    the final board is built in this VM."""
    s = screen.solver
    kept = (1, 1, s.proven, s.best + 1, s.upper) if s is not None else (1, 0, 0, 0, 0)
    return screen.play.reopen_over(bytes(kept + (screen.solver_stopped + 1,)))


def restore(screen):
    """The result a previous VM saved (play.extra): the search is over."""
    from games.hashi.ending import Result

    extra = screen.play.extra
    screen.solver = Result(extra[3] - 1, extra[4], bool(extra[2])) if extra[1] else None
    screen.solver_stopped = extra[5] - 1
    screen.solver_state = 2
