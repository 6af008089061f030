"""A game's score history (docs/scores.md): per variant (the seats and
the registry's SCORED option bits) the games started, finished, against
computers and won, the sum and best of the scores, the last RECENT. One
record a game ("qwinto_h", two slots; its bytes: docs/saves.md), read
here, its copies checked when it is read (not when the saves open:
kapsa.storeopen, which a game's VM has let go, never opens it).
kapsa.histsave writes it, kapsa.tally counts games. Runs on
CircuitPython, MicroPython and CPython."""

from micropython import const

from kapsa.record import HEADER, HISTORY, KIND_HISTORY, MAGIC0, MAGIC1, VERSION, crc32

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
    entries = h.entries = [None] * count  # (each list made at its size: no garbage)
    for k in range(count):
        e = [r.byte(), r.uv(), r.uv(), r.uv(), r.uv(), r.uv(), r.sv(), r.uv(), None]
        v = e[BEST]  # 0: none, else the best's zigzag + 1
        e[BEST] = None if not v else (v - 1 >> 1) if v & 1 else -(v >> 1)
        n = r.byte()
        if (n > RECENT or n > e[FINISHED] or e[WON] > e[VS] or e[VS] > e[FINISHED]
                or not e[SEATS] or e[FINISHED] and e[BEST] is None):
            raise ValueError("entry")
        scores = e[SCORES] = [0] * n
        for j in range(n):
            scores[j] = r.sv()
        entries[k] = e
    if r.i != len(d):
        raise ValueError("stray bytes")
    return h


DAMAGED = "%s were damaged; reset"


def key_of(game):
    """The record key of `game`'s history ("qwinto" -> "qwinto_h")."""
    return game + HISTORY


def _u32(d, i):
    return d[i] | d[i + 1] << 8 | d[i + 2] << 16 | d[i + 3] << 24


def read(store, key):
    """The bytes after its key of the newest copy of history `key` that
    verifies (a view of them; None without one), each copy read and
    checked as kapsa.storeopen checks a record's (the frame, its CRC,
    the key), those that do not set aside ("<slot>.bad") and reported;
    Store._newest then knows which copy is newest, as Store._commit needs."""
    newest = None
    bad = []
    for slot in "ab":
        name = key + "." + slot
        try:
            d = store.medium.read(name)
        except OSError:
            d = b""
        if d is None:
            continue
        end = HEADER + (d[8] | d[9] << 8) if len(d) > HEADER else 0
        n = len(key)
        if (HEADER + 1 + n <= end <= len(d) - 4 and d[0] == MAGIC0 and d[1] == MAGIC1
                and d[2] == VERSION and d[3] == KIND_HISTORY and d[HEADER] == n
                and bytes(d[HEADER + 1:HEADER + 1 + n]) == key.encode()
                and crc32(memoryview(d)[:end]) == _u32(d, end)):
            if newest is None or _u32(d, 4) >= newest[0]:  # (a tie: b, as storeopen)
                newest = (_u32(d, 4), slot, d, end)
        else:
            bad.append(name)
    body = None
    if newest is None:
        store._newest.pop(key, None)
    else:
        sequence, slot, d, end = newest
        view = memoryview(d)  # (read in place: no copy)
        store._newest[key] = (sequence, slot, KIND_HISTORY,
                              (end - HEADER, crc32(view[HEADER:end])))
        body = view[HEADER + 1 + len(key):end]
    for name in bad:
        _set_aside(store, key, name, newest is not None)
    return body


def _set_aside(store, key, name, other_copy_ok):
    """A copy that does not verify renamed "<slot>.bad" (kapsa.storeopen's
    way) and the player told ("Qwinto scores: one copy set aside")."""
    done = "ignored"
    if store.writable:
        try:
            try:
                store.medium.remove(name + ".bad")  # an older set-aside copy
            except OSError:
                pass
            store.medium.rename(name, name + ".bad")
            done = "set aside"
        except OSError as exc:
            store._failed(exc, key)
    store._problem("%s: one copy " + done if other_copy_ok else DAMAGED, key)


def load(app, game):
    """`game`'s History (empty when it has none; when it does not read,
    empty and a problem reported: "Qwinto scores were damaged; reset"),
    with the game's solo bests of the settings moved in (settings.best:
    before score histories), and whether they were."""
    store = app.store
    key = key_of(game)
    h = History()
    body = read(store, key)
    if body is not None:
        try:
            h = parse(body)
        except (ValueError, IndexError):
            store._problem(DAMAGED, key)
    moved = []
    if app.settings.best:  # bests of a Kapsa before score histories
        from kapsa.oldbests import migrate

        moved = migrate(app, game, h)
    return h, moved


def variant(registry, seats, options):
    return seats, options & getattr(registry, "SCORED", 0)
