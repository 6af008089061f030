"""A person's thumb for each game, inside the faithful CircuitPython build
(tools/cp32.py, recording runs only): the game's own computer player says
what the person does, from that seat's view; the thumb steers the cursor
there with the d-pad and presses A, as a person would. Each function is a
generator of button names, one press a frame; None waits a frame.

Written for CircuitPython (no collections.deque, no itertools)."""


def qwinto(play, action):
    from games.qwinto import engine as E
    from games.qwinto.layout import ROLL_ITEM

    s = play.screen
    phase = play.state.view(play.deciding).phase
    if phase == E.P_CHOOSE:
        mask = action - E.CHOOSE
        for r in range(3):
            if (s.mask ^ mask) >> r & 1:
                yield from _until(lambda: s.item == r, "RIGHT")
                yield "A"
        yield from _until(lambda: s.item == ROLL_ITEM, "RIGHT")
        yield "A"
    elif phase == E.P_DECIDE:
        yield from _until(lambda: s.item == (action == E.REROLL), "RIGHT")
        yield "A"
    else:
        yield from _until(lambda: s.item == action, "RIGHT")
        yield "A"
        if s.confirm:
            yield "A"  # yes, pass


def hashi(play, action):
    from games.hashi import engine as E

    s = play.screen
    b = s.b
    if E.START3 <= action < E.START4 + 32:
        if s.start_number != (3 if action < E.START4 else 4):
            yield "SELECT"
        yield from _hashi_steer(s, action & 31)
        yield "A"
    elif E.NUMBER <= action < E.NUMBER + b.n:
        yield from _hashi_steer(s, action - E.NUMBER)
        yield "A"
    elif action == E.SKIP_A or action == E.CONFIRM:
        yield "SELECT"
    elif action == E.UNDO:
        yield "B"
    else:
        k = action - E.BRIDGE
        u, w = b.ca[k], b.cb[k]
        if s.selected and s.cursor == w:
            u, w = w, u
        if not (s.selected and s.cursor == u):
            yield from _hashi_steer(s, u)
            yield "A"
        dx = (b.x[w] > b.x[u]) - (b.x[w] < b.x[u])
        dy = (b.y[w] > b.y[u]) - (b.y[w] < b.y[u])
        for name, ddx, ddy in _DIRS:
            if ddx == dx and ddy == dy:
                yield name


_DIRS = (("RIGHT", 1, 0), ("LEFT", -1, 0), ("DOWN", 0, 1), ("UP", 0, -1))


def _hashi_steer(s, island):
    if s.selected and s.cursor != island:
        yield "A"  # let go of the island first
    # breadth first over the cursor's moves, then the presses back
    start = s.cursor
    prev = {start: None}
    todo = [start]
    while todo and island not in prev:
        i = todo.pop(0)
        for name, dx, dy in _DIRS:
            j = s.step(i, dx, dy)
            if j >= 0 and j not in prev:
                prev[j] = (i, name)
                todo.append(j)
    path = []
    at = island
    while at != start:
        at, name = prev[at]
        path.append(name)
    while path:
        yield path.pop()


def hanabi(play, action):
    from games.hanabi import engine as E
    from games.hanabi import choice

    s = play.screen
    seat = s.view.seat
    if action == E.SKIP:
        yield from _hanabi_steer(s, seat, 0)
        yield from _hanabi_choose(s, len(choice.items(s, s.view)) - 1)
    elif E.PLAY <= action < E.DISCARD:
        yield from _hanabi_steer(s, seat, action - E.PLAY)
        yield from _hanabi_choose(s, 0)
    elif E.DISCARD <= action < E.ANNOUNCE:
        yield from _hanabi_steer(s, seat, action - E.DISCARD)
        yield "A"
        yield from _until(lambda: s.menu.items[s.menu.cursor].startswith("Discard"), "DOWN")
        yield "A"
    elif E.ANNOUNCE <= action < E.HINT:
        yield from _hanabi_steer(s, seat, action & 7)
        yield from _hanabi_choose(s, 1, "colour", (action - E.ANNOUNCE) >> 3)
    else:
        target, kind = (action - E.HINT) >> 4, action & 15
        yield from _hanabi_steer(s, target, 0)
        if kind & E.VALUE:
            yield from _hanabi_choose(s, 1, "value", kind - E.VALUE)
        else:
            yield from _hanabi_choose(s, 0, "colour", kind)


def _hanabi_steer(s, seat, index):
    yield from _until(lambda: s.target == seat, "DOWN")
    yield from _until(lambda: s.index == index, "RIGHT")


def _hanabi_choose(s, item, attr=None, value=None):
    yield "A"  # the choices
    yield from _until(lambda: s.menu.cursor == item, "DOWN")
    if attr is not None:
        yield from _until(lambda: getattr(s, attr) == value, "RIGHT")
    yield "A"


def hanabi_ready(play):
    """Presses before a decision: the log of the others' turns read."""
    s = play.screen
    if s.mode == 1 and s.fresh:  # the log (screen.py's _LOG: a const, not on the module here)
        yield "A"


def halali(play, action):
    from games.halali import engine as E

    s = play.screen
    if action == E.SKIP:
        yield "A"
    elif action < E.EXIT:
        yield from _halali_steer(s, action)
        yield "A"
    else:
        yield from _halali_steer(s, (action - E.MOVE) >> 6)
        yield "A"
        yield from _halali_steer(s, action & 63)
        yield "A"


_HALALI_DIRS = ("UP", "RIGHT", "DOWN", "LEFT")  # north, east, south, west


def _halali_steer(s, target):
    from games.halali import engine as E
    from games.halali.tiles import EXITS

    if target >= E.EXIT:
        d = target - E.EXIT
        yield from _halali_steer(s, EXITS[d])
        yield _HALALI_DIRS[d]
        return
    if s.pos >= E.EXIT:
        yield _HALALI_DIRS[(s.pos - E.EXIT + 2) % 4]
    r, c = divmod(target, 7)
    for _ in range(14):
        if s.pos == target:
            return
        pr, pc = divmod(s.pos, 7)
        yield "UP" if pr > r else "DOWN" if pr < r else "LEFT" if pc > c else "RIGHT"


def halali_ready(play):
    s = play.screen
    if not s.banner.hidden:
        yield "A"


def _until(reached, button, limit=40):
    for _ in range(limit):
        if reached():
            return
        yield button
    raise RuntimeError("the cursor never got there")
