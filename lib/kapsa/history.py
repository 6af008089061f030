"""A game's score history (docs/scores.md): per variant (the seats and
the registry's SCORED option bits) the games started, finished, against
computers and won, the sum and best of the scores, the last RECENT. One
record a game ("qwinto_h", two slots: kapsa.store; its bytes:
docs/saves.md). kapsa.histsave writes it, kapsa.tally counts games. Runs on CircuitPython,
MicroPython and CPython."""

from micropython import const

from kapsa.record import KIND_HISTORY, crc32, history_key, payload

MAX_VARIANTS = const(16)  # a game's variants kept (the least recent goes)
RECENT = const(20)  # scores kept a variant, for the chart

# An entry (a variant): a list of these
SEATS = const(0)
OPTIONS = const(1)  # the scored option bits
PLAYED = const(2)  # games started
FINISHED = const(3)
VS = const(4)  # finished with a computer seat (not in a team game)
WON = const(5)  # of those, a person had the top score
TOTAL = const(6)  # sum of the finished games' scores
BEST = const(7)  # None until a game is finished (or a best moves here)
SCORES = const(8)  # the last RECENT, oldest first


class History:
    """`started` counts every game started (it tells two plays of one code
    apart), `last` is the id of the last finished game counted (a
    game-over scene shown again after a power cut counts nothing),
    `entries` the variants, the last played first."""

    __slots__ = ("started", "last", "entries")

    def __init__(self):
        self.started = 0
        self.last = 0
        self.entries = []

    def entry(self, seats, options):
        """The variant's entry, made if new, moved to the front."""
        entries = self.entries
        for e in entries:
            if e[SEATS] == seats and e[OPTIONS] == options:
                entries.remove(e)
                break
        else:
            e = [seats, options, 0, 0, 0, 0, 0, None, []]
            del entries[MAX_VARIANTS - 1:]
        entries.insert(0, e)
        return e


class _Reader:
    """Numbers from `d` at `i` on (not (value, position) pairs: 14 KB of
    garbage for the largest history)."""

    __slots__ = ("d", "i")

    def __init__(self, d, i):
        self.d = d
        self.i = i

    def byte(self):
        self.i += 1
        return self.d[self.i - 1]

    def uv(self):
        value = shift = 0
        while shift < 35:
            b = self.byte()
            value |= (b & 0x7F) << shift
            if b < 0x80:
                return value
            shift += 7
        raise ValueError("varint")

    def sv(self):
        v = self.uv()
        return v >> 1 if not v & 1 else -((v + 1) >> 1)


def parse(d, i=0):
    """The History in bytes `d` from `i` to their end; ValueError (or
    IndexError) if they do not read as one."""
    h = History()
    r = _Reader(d, i)
    h.started = r.uv()
    h.last = r.byte() | r.byte() << 8 | r.byte() << 16 | r.byte() << 24
    count = r.byte()
    if count > MAX_VARIANTS:
        raise ValueError("variants")
    for _ in range(count):
        e = [r.byte(), r.uv(), r.uv(), r.uv(), r.uv(), r.uv(), r.sv()]
        v = r.uv()  # 0: none, else the best's zigzag + 1
        e.append(None if not v else (v - 1 >> 1) if v & 1 else -(v >> 1))
        n = r.byte()
        if (n > RECENT or n > e[FINISHED] or e[WON] > e[VS] or e[VS] > e[FINISHED]
                or not e[SEATS] or e[FINISHED] and e[BEST] is None):
            raise ValueError("entry")
        e.append([r.sv() for _ in range(n)])
        h.entries.append(e)
    if r.i != len(d):
        raise ValueError("stray bytes")
    return h


DAMAGED = "%s were damaged; reset"


def load(app, game):
    """`game`'s History (empty when it has none; when it does not read,
    empty and a problem reported: "Qwinto scores were damaged; reset"),
    with the game's solo bests of the settings moved in (settings.best:
    before score histories), and whether they were."""
    store = app.store
    key = history_key(game)
    known = store._newest.get(key)
    h = History()
    body = None
    if key in store.later:  # (the launcher's VM checks it now: Store)
        store.later.remove(key)
        body, at = store._check(key), 0
    elif known is not None and known[2] == KIND_HISTORY:
        # The slot found newest when the saves opened, read alone (a
        # game-over VM let kapsa.decode go): its payload must be the one
        # verified then, or every slot of it is read again.
        try:
            data = store.medium.read(key + "." + known[1]) or b""
        except OSError:
            data = b""
        body = payload(data) if len(data) > 14 and data[3] == KIND_HISTORY else b""
        at = 1 + len(key)  # (read in place: no copy)
        if (len(body), crc32(body)) != known[3]:
            body, at = store._check(key), 0  # (None: none verifies, reported)
    if body is not None:
        try:
            h = parse(body, at)
        except (ValueError, IndexError):
            store._problem(DAMAGED, key)
    moved = []
    if app.settings.best:  # bests of a Kapsa before score histories
        from kapsa.oldbests import migrate

        moved = migrate(app, game, h)
    return h, moved


def variant(registry, seats, options):
    return seats, options & getattr(registry, "SCORED", 0)
