"""Solo Hashi's final board after the hindsight search, in a VM of its
own (the device). The search's modules have been in the game-over VM's
heap, and their names stay there: in the holes they leave, a final
board's modules and its 5 KB bitmap no longer fit. So when a final board
is asked for there, the search stops, its result goes into the finished
game's save (kapsa.moves.reopen_over) and a fresh VM opens the game-over
scene with that result, and the final board on top (finalboard.py),
where ending.restore() reads it back. This module is small: the
game-over VM's screen imports it as the search starts (final_tick),
while the heap is whole. Compiled at the search's end, when a final
board is asked for, its 0.9 KB found no hole in the fragmented heap (the
faithful build, deployed as .py).

The save's extra then, six bytes: the board was asked for, there is a
result, it is proven, its best + 1, its upper bound, and where the search
stopped + 1 (0: it ran to its end).

Runs unchanged on CircuitPython, MicroPython and CPython.
"""

from games.hashi.ending import stop


def board_asked(screen):
    """A final board is asked for in a solo game (screen.draw): the search
    stops. True if a fresh VM opens the board: on the device, once the
    search's modules came into this one."""
    stop(screen)
    return bool(screen.over_vm and screen.solver_parts) and reopen(screen)


def reopen(screen):
    """Save the stopped search's result and restart into a fresh game-over
    VM. False where nothing restarts (a desktop): the final board is built
    in this VM."""
    s = screen.solver
    kept = (1, 1, s.proven, s.best + 1, s.upper) if s is not None else (1, 0, 0, 0, 0)
    return screen.play.reopen_over(bytes(kept + (screen.solver_stopped + 1,)))

