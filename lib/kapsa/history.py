"""A game's score history: per variant (the seats and the options that
change scoring, the registry's SCORED bits) the games started and
finished, those against computers and won, the sum and best of the
scores, and the last RECENT scores. One record a game ("qwinto_h", two
slots written in turn: kapsa.store); docs/saves.md has its bytes and
docs/scores.md what each figure means. The launcher counts a game
started, the game-over scene a game finished: each a write. Runs
unchanged on CircuitPython, MicroPython and CPython."""

from micropython import const

from kapsa.record import KIND_HISTORY, MAX_GAME_NAME, Writer, crc32, frame, history_key, payload

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


def _uv(d, i):
    value = shift = 0
    while shift < 35:
        b = d[i]
        i += 1
        value |= (b & 0x7F) << shift
        if b < 0x80:
            return value, i
        shift += 7
    raise ValueError("varint")


def _sv(d, i):
    v, i = _uv(d, i)
    return (v >> 1 if not v & 1 else -((v + 1) >> 1)), i


def parse(d):
    """The History in bytes `d`; ValueError (or IndexError) if they do
    not read as one."""
    h = History()
    h.started, i = _uv(d, 0)
    h.last = d[i] | d[i + 1] << 8 | d[i + 2] << 16 | d[i + 3] << 24
    count = d[i + 4]
    i += 5
    if count > MAX_VARIANTS:
        raise ValueError("variants")
    for _ in range(count):
        e = [d[i]]
        i += 1
        for _ in range(5):
            v, i = _uv(d, i)
            e.append(v)
        v, i = _sv(d, i)
        e.append(v)
        v, i = _uv(d, i)  # 0: none, else the best's zigzag + 1
        e.append(None if not v else (v - 1 >> 1) if v & 1 else -(v >> 1))
        n = d[i]
        i += 1
        if (n > RECENT or n > e[FINISHED] or e[WON] > e[VS] or e[VS] > e[FINISHED]
                or not e[SEATS] or e[FINISHED] and e[BEST] is None):
            raise ValueError("entry")
        scores = []
        for _ in range(n):
            v, i = _sv(d, i)
            scores.append(v)
        e.append(scores)
        h.entries.append(e)
    if i != len(d):
        raise ValueError("stray bytes")
    return h


def build(h):
    """The bytes of History `h`."""
    w = Writer()
    w.uvarint(h.started)
    w.buf.extend(h.last.to_bytes(4, "little"))
    w.buf.append(len(h.entries))
    for e in h.entries:
        w.byte(e[SEATS], 1, 255, "seats")
        for k in range(OPTIONS, TOTAL):
            w.uvarint(e[k])
        w.svarint(e[TOTAL])
        best = e[BEST]
        w.uvarint(0 if best is None else (best * 2 if best >= 0 else -best * 2 - 1) + 1)
        w.buf.append(len(e[SCORES]))
        for s in e[SCORES]:
            w.svarint(s)
    return w.buf


def _record(key, body, sequence=1):
    w = Writer()
    w.text(key, 3, MAX_GAME_NAME + 2, "history's key")
    w.buf.extend(body)
    return frame(KIND_HISTORY, sequence, w.buf)


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
    if known is not None and known[2] == KIND_HISTORY:
        # The slot found newest when the saves opened, read alone (a
        # game-over VM let kapsa.decode go): its payload must be the one
        # verified then, or every slot of it is read again.
        try:
            data = store.medium.read(key + "." + known[1]) or b""
        except OSError:
            data = b""
        body = payload(data) if len(data) > 14 and data[3] == KIND_HISTORY else b""
        body = (bytes(body[1 + len(key):]) if (len(body), crc32(body)) == known[3]
                else store._check(key))  # (None: none verifies, reported)
        if body is not None:
            try:
                h = parse(body)
            except (ValueError, IndexError):
                store._problem(DAMAGED, key)
    return h, _migrate(app, game, h)


def _migrate(app, game, h):
    """Move the settings' solo bests of `game` into `h`; their names."""
    best = app.settings.best
    moved = []
    for name in sorted(best):  # (in one order on every port)
        if name.startswith(game):
            bits = 0 if name == game else _bits(app, game, name[len(game):])
            if bits is not None:
                e = h.entry(1, bits)
                if e[BEST] is None or best[name] > e[BEST]:
                    e[BEST] = best[name]
                moved.append(name)
    return moved


def _bits(app, game, suffix):
    """The scored option bits a solo best's name ended in (Hashi's
    "hashiB": board B), or None."""
    for info in app.games:
        if info.name == game:
            reg = info.registry
            for _label, choices in reg.OPTIONS:
                for name, bits in choices:
                    if name == suffix and bits & getattr(reg, "SCORED", 0):
                        return bits
    return None


def save(app, game, h, moved):
    """Write History `h`; then, if bests moved in (their names `moved`),
    the settings without them: a cut between leaves them in both, and
    they move in again, the higher kept."""
    key = history_key(game)
    app.store._commit(key, KIND_HISTORY, _record, (key, build(h)))
    if moved:
        for name in moved:
            del app.settings.best[name]
        app.save_settings()


def variant(registry, seats, options):
    return seats, options & getattr(registry, "SCORED", 0)


def started(app, info, seats, options, bots):
    """Count a game started (not one the computer plays alone)."""
    if bots == (1 << seats) - 1:
        return
    h, moved = load(app, info.name)
    h.started += 1
    h.entry(*variant(info.registry, seats, options))[PLAYED] += 1
    save(app, info.name, h, moved)
