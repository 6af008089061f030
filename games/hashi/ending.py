"""The end of a solo Hashi game: the rank title (section 8.5), and what the
game-over scene shows below the breakdown: the rank and the hindsight best,
found a part a frame, or read back from the save in a VM opened for a
final board (restore; reopen.py wrote it). Imported only once a solo game
is over (in a game of several seats only in the game-over VM, with
finalboard.py, which builds a final board a part a tick).

Runs unchanged on CircuitPython, MicroPython and CPython.
"""

from adafruit_ticks import ticks_diff, ticks_ms

from kapsa import forget

from games.hashi.sheet import HIGH

# Solo rank titles (section 8.5): the lowest total for each, then the names.
TITLE_FROM = bytes((0, 41, 43, 45, 47, 49, 51, 52, 54, 56, 58, 60))
TITLES = ("Gofer/Water carrier/Bamboo binder/Bolt tightener/Concrete pourer/"
          "Project manager/Bridge master/Planning specialist/"
          "Chief structural engineer/Design ace/Construction genius/Island god")


def rank_title(score):
    """Solo rank title for a final score (section 8.5)."""
    i = 0
    while i + 1 < len(TITLE_FROM) and score >= TITLE_FROM[i + 1]:
        i += 1
    return TITLES.split("/")[i]


# The hindsight solver at the end of a solo game: its units of work in
# all (a beam child, or a node of the exact search). A frame runs a part
# of the work (Search.step(1, 1): at most greedy.PART boards valued, or 2
# bounds, 60 ms at most on the SAMD51), so a press answers at once; the
# search takes a minute or two on the device, and the end screen says how
# far it is and about how long it still takes.
SOLVER_UNITS = 1800


def final_lines(screen, view, seat):
    """Solo: the rank title and the hindsight best as far as known."""
    if not view.solo:
        return []  # the scores are the table's
    if screen.play.extra:  # a fresh VM for a final board: the result is saved
        restore(screen)
    title = rank_title(view.scores[seat])
    lines = ["Rank: " + title if len(title) <= 20 else title]
    s = screen.solver
    if s is None:
        if screen.solver_state == 0 and view.start is not None:
            lines.append("These cards allow:")  # its modules on their way
            lines.append("searching 0%")
        elif screen.solver_stopped >= 0:
            lines.append("These cards allow:")
            lines.append("search stopped at 0%")
        return lines
    best = s.best
    if s.proven:
        lines.append("These cards allow: %d" % best)
        return lines
    lines.append("These cards allow:")
    if screen.solver_state == 1:
        pct = percent(screen.solver_frames)
        if best >= 0:
            lines.append("at least %d, searching %d%%" % (best, pct))
        else:
            lines.append("searching %d%%" % pct)
        lines.append(time_left(s))
    elif screen.solver_stopped >= 0:  # by a final board
        if best >= 0:
            lines.append("at least %d, stopped %d%%" % (best, screen.solver_stopped))
        else:
            lines.append("search stopped at %d%%" % screen.solver_stopped)
    elif best >= 0:
        top = 2 * view.board.n + sum(HIGH)  # every island and every high bonus
        if s.upper < top:
            lines.append("at least %d, at most %d" % (best, s.upper))
        else:
            lines.append("at least %d, search ended" % best)
    return lines


# The search's modules, dependencies first (value.py comes with bound.py;
# greedy.py is the part of the bot the search uses). final_tick() imports
# one a frame: compiling a module takes about three times its source in
# heap at once, and one frame would otherwise compile all eight.
SOLVER_PARTS = ("assign", "bound", "position", "cardtables", "greedy", "beam", "branch",
                "solver")


def final_tick(screen):
    """A step of the hindsight search a frame (screen.solver_state: 0 not
    started, 1 searching, 2 finished, 3 none): first its modules, one a
    frame (screen.solver_parts counts the frames: a collection, an import),
    then a slice of work. True
    when final_lines() would say something new."""
    play = screen.play
    if play.extra:
        # Opened for a final board (reopen.py): the result is restored
        # (final_lines), and the board comes up.
        play.extra = b""
        from kapsa.gameover import FinalBoard

        play.app.push(FinalBoard(play.app, play, 0))
        return False
    if screen.solver_state >= 2:
        return False
    s = screen.solver
    if s is None:
        view = screen.play.state.view(0)  # the game is over: all public
        if not view.solo or view.start is None:
            screen.solver_state = 3
            return False
        step = screen.solver_parts
        if step < 2 * len(SOLVER_PARTS):
            screen.solver_parts += 1
            if not step & 1:
                # Each compiled after a collection at the end of the frame
                # before (as .py, a late part found no 2.4 KB in one piece).
                play.app.collect_due = True
                return False
            try:
                __import__("games.hashi." + SOLVER_PARTS[step >> 1])
            except ImportError:
                screen.solver_state = 3
            return False
        from games.hashi.solver import Search

        # Set up in a frame of its own: the lines say so in the next.
        s = screen.solver = Search("ABP".index(view.board.name), view.start, view.drawn)
        s.last = ticks_ms()  # s.ms: the time it searched (time_left)
        screen.solver_state = 1
        return False
    shown = (s.best, percent(screen.solver_frames))
    if shown != screen.solver_shown:
        # The lines are redrawn in a frame without a part of work: the
        # garbage of the one does not add to the other's.
        screen.solver_shown = shown
        return True
    now = ticks_ms()
    gap = ticks_diff(now, s.last)
    s.last = now
    if gap < 500:  # not the frames the pause menu or a final board covered
        s.ms += gap
    s.step(1, 1)
    screen.solver_frames = s.nodes  # the units begun
    if s.proven or s.nodes >= SOLVER_UNITS and not s.midway:
        finish(screen)
        return True
    return False


def percent(units):
    """How far the search is, in steps of 5% (a step redraws the lines)."""
    return 5 * (20 * units // SOLVER_UNITS)


def time_left(s):
    # About how long the search still takes, from its pace so far (it may
    # end sooner: once its best is proven).
    done = s.nodes
    if done < SOLVER_UNITS // 20:
        return "a minute or two to go"
    sec = s.ms * (SOLVER_UNITS - done) // done // 1000
    if sec < 45:
        return "under a minute left"
    return "about %d min left" % ((sec + 30) // 60)


class Result:
    """What a search leaves once it is over: its best, its upper bound and
    whether that best is proven (Search's figures, without the search)."""

    def __init__(self, best, upper, proven):
        self.best = best
        self.upper = upper
        self.proven = proven


def finish(screen):
    """The search is over (proven, out of time, or stopped): its figures
    stay, the search and its modules go (in the game-over VM also
    value.py, which only the search used there)."""
    if screen.solver is not None:
        s = screen.solver
        screen.solver = Result(s.best, s.upper, s.proven)
    screen.solver_state = 2
    parts = SOLVER_PARTS + ("value",) if screen.over_vm else SOLVER_PARTS
    for name in parts:
        forget("games.hashi." + name)


def restore(screen):
    """The result a previous VM saved (play.extra, written by
    reopen.reopen(), which says what its bytes are): the search is
    over."""
    extra = screen.play.extra
    screen.solver = Result(extra[3] - 1, extra[4], bool(extra[2])) if extra[1] else None
    screen.solver_stopped = extra[5] - 1
    screen.solver_state = 2


def stop(screen):
    """A final board opens while the search runs (or its modules come):
    the search stops where it is, and says so (screen.solver_stopped, the
    share of its time it had run)."""
    if screen.solver_state < 2:
        screen.solver_stopped = percent(screen.solver_frames)
        screen.solver_shown = 0  # the lines change: final_tick() says so once
        finish(screen)
