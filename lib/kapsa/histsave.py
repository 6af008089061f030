"""A game's score history written (kapsa.history reads it): its own
module, so that each compiles in a frame of its own in a game-over VM."""

from kapsa.history import BEST, OPTIONS, SCORES, SEATS, TOTAL, History, key_of
from kapsa.record import HEADER, KIND_HISTORY, MAGIC0, MAGIC1, VERSION, crc32


def _put(buf, i, v, byte=False):
    """Varint `v` (or with `byte` one byte) at buf[i] (buf None: counted
    only); the next i."""
    while True:
        b = v & (255 if byte else 0x7F)
        v = 0 if byte else v >> 7
        if buf is not None:
            buf[i] = b | 0x80 if v else b
        i += 1
        if not v:
            return i


def _z(v):
    return v * 2 if v >= 0 else -v * 2 - 1


def _body(h, buf, i):
    """Write History `h` at buf[i] (None: count); where it ends (into a
    bytearray of its size: grown, it left garbage)."""
    i = _put(buf, i, h.started)
    for k in range(4):
        i = _put(buf, i, h.last >> 8 * k, True)
    i = _put(buf, i, len(h.entries), True)
    for e in h.entries:
        i = _put(buf, i, e[SEATS], True)
        for k in range(OPTIONS, TOTAL):
            i = _put(buf, i, e[k])
        i = _put(buf, i, _z(e[TOTAL]))
        i = _put(buf, i, 0 if e[BEST] is None else _z(e[BEST]) + 1)
        i = _put(buf, i, len(e[SCORES]), True)
        for v in e[SCORES]:
            i = _put(buf, i, _z(v))
    return i


def build(h):
    """The bytes of History `h`."""
    buf = bytearray(_body(h, None, 0))
    _body(h, buf, 0)
    return buf


def _record(key, body, sequence=1):
    """The record of a history: its key as text, then `body` (bytes, or
    a History written in place)."""
    size = _body(body, None, 0) if isinstance(body, History) else len(body)
    n = len(key)
    end = HEADER + 1 + n + size
    out = bytearray(end + 4)
    out[:4] = bytes((MAGIC0, MAGIC1, VERSION, KIND_HISTORY))
    for k in range(4):
        _put(out, 4 + k, sequence >> 8 * k, True)
    _put(out, 8, end - HEADER, True)
    _put(out, 9, end - HEADER >> 8, True)
    out[HEADER] = n
    out[HEADER + 1:HEADER + 1 + n] = key.encode()
    if isinstance(body, History):
        _body(body, out, HEADER + 1 + n)
    else:
        out[HEADER + 1 + n:end] = body
    crc = crc32(memoryview(out)[:end])
    for k in range(4):
        _put(out, end + k, crc >> 8 * k, True)
    return out


def save(app, game, h, moved):
    """Write History `h`; then, if bests moved in (their names `moved`),
    the settings without them: a cut between leaves them in both, and
    they move in again, the higher kept."""
    key = key_of(game)
    app.store._commit(key, KIND_HISTORY, _record, (key, h))
    if moved:
        for name in moved:
            del app.settings.best[name]
        app.save_settings()
