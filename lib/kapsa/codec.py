"""Save records: the pure byte encoding of game saves and settings.

Runs unchanged on CircuitPython, MicroPython and CPython (it is part of the
MicroPython gate). No files here: lib/kapsa/store.py decides where records
go; this module turns values into bytes and back, and refuses any bytes
that do not verify. docs/saves.md describes the format byte by byte.

A record (integers little-endian):

    0   2  magic b"KS"
    2   1  format version (VERSION)
    3   1  kind: KIND_SETTINGS, KIND_GAME or KIND_CLEARED
    4   4  sequence number (the newer of two copies has the larger one)
    8   2  payload length N
    10  N  payload (depends on the kind)
    10+N 4 CRC-32 (the zlib / binascii polynomial) of bytes 0 .. 10+N-1

Bytes after the CRC are ignored: a slot may be larger than its record.
Decoding raises CorruptRecord (a ValueError) for anything else, and
nothing else escapes it.
"""

from array import array

from micropython import const

try:
    import binascii

    _native_crc32 = getattr(binascii, "crc32", None)
except ImportError:
    _native_crc32 = None

MAGIC0 = const(0x4B)  # "K"
MAGIC1 = const(0x53)  # "S"
VERSION = const(1)
KIND_SETTINGS = const(1)
KIND_GAME = const(2)
KIND_CLEARED = const(3)  # "this game has no save": written by clear_game
HEADER = const(10)
TRAILER = const(4)
MAX_RECORD = const(8192)  # whole record; a slot never needs to hold more

MAX_GAME_NAME = const(16)
MAX_EXTRA = const(255)
MAX_SEAT_NAMES = const(6)
MAX_SEAT_NAME = const(8)
MAX_BEST = const(64)

# How the actions of a game save are stored (one byte before them).
ACTIONS_BYTES = const(0)  # every action is 0..255: one byte each
ACTIONS_VARINT = const(1)  # non-negative: LEB128 varints
ACTIONS_ZIGZAG = const(2)  # some action is negative: zigzag varints

_U32 = 0xFFFFFFFF
_KIND_NAMES = {KIND_SETTINGS: "settings", KIND_GAME: "game save",
               KIND_CLEARED: "cleared game"}


class CorruptRecord(ValueError):
    """Bytes that are not a valid Kapsa record; str(exc) says why."""


# ------------------------------------------------------------------ values

class GameSave:
    """A saved game: what replay() needs, plus the computer seats.

    game (registry name), seats, options (int of bit flags), bots (bit i
    set: seat i is played by the computer), actions (list of ints), extra
    (bytes the runtime may use), sequence (of the record it came from).
    Two saves are equal when everything but the sequence is.
    """

    __slots__ = ("game", "seats", "options", "bots", "actions", "extra", "sequence")

    def __init__(self, game, seats, options, bots, actions, extra=b"", sequence=0):
        self.game = game
        self.seats = seats
        self.options = options
        self.bots = bots
        self.actions = actions
        self.extra = extra
        self.sequence = sequence

    def __eq__(self, other):
        return isinstance(other, GameSave) and (
            self.game, self.seats, self.options, self.bots, list(self.actions),
            bytes(self.extra)) == (other.game, other.seats, other.options, other.bots,
                                   list(other.actions), bytes(other.extra))

    def __ne__(self, other):
        return not self == other

    def __repr__(self):
        return "GameSave(%r, %d seats, options=%d, bots=%d, %d actions, extra=%r)" % (
            self.game, self.seats, self.options, self.bots, len(self.actions), self.extra)


class Settings:
    """Player settings: sound (bool), brightness (0..100), names (up to six
    seat names, ASCII, at most 8 characters, "" allowed) and best (game
    name -> best score, may be negative)."""

    __slots__ = ("sound", "brightness", "names", "best")

    def __init__(self, sound=True, brightness=80, names=None, best=None):
        self.sound = sound
        self.brightness = brightness
        self.names = [] if names is None else names
        self.best = {} if best is None else best

    def __eq__(self, other):
        return isinstance(other, Settings) and (
            bool(self.sound), self.brightness, list(self.names), dict(self.best)) == (
            bool(other.sound), other.brightness, list(other.names), dict(other.best))

    def __ne__(self, other):
        return not self == other

    def __repr__(self):
        return "Settings(sound=%r, brightness=%r, names=%r, best=%r)" % (
            self.sound, self.brightness, self.names, self.best)


# ------------------------------------------------------------------ CRC-32

_crc_tables = None


def _tables():
    # The usual 256-entry table, split into 16-bit halves so that the loop
    # below only handles small ints (no long-int allocation on the device).
    global _crc_tables
    if _crc_tables is None:
        low = array("H", bytes(512))
        high = array("H", bytes(512))
        for n in range(256):
            c = n
            for _ in range(8):
                c = (c >> 1) ^ 0xEDB88320 if c & 1 else c >> 1
            low[n] = c & 0xFFFF
            high[n] = c >> 16
        _crc_tables = (low, high)
    return _crc_tables


def crc32_pure(data, crc=0):
    """CRC-32 of `data` in pure Python; equals binascii.crc32(data, crc)."""
    low_t, high_t = _tables()
    crc ^= _U32
    low = crc & 0xFFFF
    high = crc >> 16
    for byte in data:
        i = (low ^ byte) & 0xFF
        low = ((low >> 8) | ((high & 0xFF) << 8)) ^ low_t[i]
        high = (high >> 8) ^ high_t[i]
    return ((high << 16) | low) ^ _U32


def crc32(data):
    """CRC-32 of `data`: binascii's where the port has it, else crc32_pure."""
    if _native_crc32 is not None:
        return _native_crc32(data) & _U32
    return crc32_pure(data)


# ------------------------------------------------------------------ writing

class _Writer:
    __slots__ = ("buf",)

    def __init__(self):
        self.buf = bytearray()

    def byte(self, value, low=0, high=255, what="value"):
        if not isinstance(value, int) or value < low or value > high:
            raise ValueError("%s must be an int %d..%d, not %r" % (what, low, high, value))
        self.buf.append(value)

    def uvarint(self, value, what="value"):
        if not isinstance(value, int) or value < 0 or value > _U32:
            raise ValueError("%s must be an int 0..2**32-1, not %r" % (what, value))
        while value > 0x7F:
            self.buf.append((value & 0x7F) | 0x80)
            value >>= 7
        self.buf.append(value)

    def svarint(self, value, what="value"):
        if not isinstance(value, int) or value < -0x80000000 or value > 0x7FFFFFFF:
            raise ValueError("%s must be an int -2**31..2**31-1, not %r" % (what, value))
        self.uvarint(value * 2 if value >= 0 else -value * 2 - 1)

    def text(self, value, low, high, what):
        if not isinstance(value, str):
            raise ValueError("%s must be a str, not %r" % (what, value))
        raw = value.encode()
        if len(raw) != len(value) or not low <= len(raw) <= high:
            raise ValueError("%s must be %d..%d ASCII characters: %r" % (what, low, high, value))
        for c in raw:
            if c < 0x20 or c > 0x7E:
                raise ValueError("%s must be printable ASCII: %r" % (what, value))
        self.buf.append(len(raw))
        self.buf.extend(raw)


def _record(kind, sequence, payload):
    if not isinstance(sequence, int) or sequence < 0 or sequence > _U32:
        raise ValueError("sequence must be an int 0..2**32-1, not %r" % (sequence,))
    size = len(payload)
    if HEADER + size + TRAILER > MAX_RECORD:
        raise ValueError("record of %d bytes exceeds %d" % (HEADER + size + TRAILER, MAX_RECORD))
    out = bytearray((MAGIC0, MAGIC1, VERSION, kind))
    out.extend(sequence.to_bytes(4, "little"))
    out.extend(size.to_bytes(2, "little"))
    out.extend(payload)
    out.extend(crc32(out).to_bytes(4, "little"))
    return bytes(out)


def encode_game(game, seats, options, actions, bots=0, extra=b"", sequence=1):
    """The record of a game save. actions: ints (small non-negative ones
    take one byte each); extra: at most 255 bytes. ValueError on values
    the format cannot hold."""
    w = _Writer()
    w.text(game, 1, MAX_GAME_NAME, "game name")
    w.byte(seats, 1, 255, "seats")
    w.uvarint(options, "options")
    w.uvarint(bots, "bots")
    if not isinstance(extra, (bytes, bytearray)) or len(extra) > MAX_EXTRA:
        raise ValueError("extra must be at most %d bytes" % MAX_EXTRA)
    w.uvarint(len(extra))
    w.buf.extend(extra)
    mode = ACTIONS_BYTES
    for action in actions:
        if not isinstance(action, int):
            raise ValueError("actions must be ints, not %r" % (action,))
        if action < 0:
            mode = ACTIONS_ZIGZAG
            break
        if action > 255:
            mode = ACTIONS_VARINT
    w.buf.append(mode)
    w.uvarint(len(actions), "number of actions")
    if mode == ACTIONS_BYTES:
        w.buf.extend(bytes(actions))
    elif mode == ACTIONS_VARINT:
        for action in actions:
            w.uvarint(action, "action")
    else:
        for action in actions:
            w.svarint(action, "action")
    return _record(KIND_GAME, sequence, w.buf)


def encode_cleared(game, sequence=1):
    """The record saying that `game` has no save any more."""
    w = _Writer()
    w.text(game, 1, MAX_GAME_NAME, "game name")
    return _record(KIND_CLEARED, sequence, w.buf)


def encode_settings(settings, sequence=1):
    """The record of a Settings. ValueError on values the format cannot
    hold (brightness outside 0..100, more than six names, a name longer
    than 8 characters or not printable ASCII, more than 64 best scores)."""
    if not isinstance(settings, Settings):
        raise TypeError("encode_settings takes a Settings, not %r" % (settings,))
    w = _Writer()
    w.buf.append(1 if settings.sound else 0)
    w.byte(settings.brightness, 0, 100, "brightness")
    names = settings.names
    if len(names) > MAX_SEAT_NAMES:
        raise ValueError("at most %d seat names" % MAX_SEAT_NAMES)
    w.buf.append(len(names))
    for name in names:
        w.text(name, 0, MAX_SEAT_NAME, "seat name")
    best = settings.best
    if len(best) > MAX_BEST:
        raise ValueError("at most %d best scores" % MAX_BEST)
    w.uvarint(len(best))
    for game in sorted(best):
        w.text(game, 1, MAX_GAME_NAME, "best score's game")
        w.svarint(best[game], "best score")
    return _record(KIND_SETTINGS, sequence, w.buf)


# ------------------------------------------------------------------ reading

class _Reader:
    __slots__ = ("data", "pos", "end")

    def __init__(self, data, start, end):
        self.data = data
        self.pos = start
        self.end = end

    def byte(self, low=0, high=255, what="byte"):
        if self.pos >= self.end:
            raise CorruptRecord("payload ends inside the " + what)
        value = self.data[self.pos]
        self.pos += 1
        if value < low or value > high:
            raise CorruptRecord("%s %d is outside %d..%d" % (what, value, low, high))
        return value

    def uvarint(self, what="number"):
        value = 0
        shift = 0
        while True:
            byte = self.byte(what=what)
            value |= (byte & 0x7F) << shift
            if not byte & 0x80:
                break
            shift += 7
            if shift > 28:
                raise CorruptRecord(what + " is too long")
        if value > _U32:
            raise CorruptRecord(what + " is too large")
        return value

    def svarint(self, what="number"):
        value = self.uvarint(what)
        return value >> 1 if not value & 1 else -((value + 1) >> 1)

    def raw(self, size, what):
        if self.pos + size > self.end:
            raise CorruptRecord("payload ends inside the " + what)
        value = bytes(self.data[self.pos:self.pos + size])
        self.pos += size
        return value

    def text(self, low, high, what):
        raw = self.raw(self.byte(low, high, what + " length"), what)
        for c in raw:
            if c < 0x20 or c > 0x7E:
                raise CorruptRecord(what + " is not printable ASCII")
        return raw.decode()

    def done(self):
        if self.pos != self.end:
            raise CorruptRecord("%d stray bytes after the payload" % (self.end - self.pos))


def decode_record(data):
    """(kind, sequence, value) of a verified record: value is a Settings,
    a GameSave, or for KIND_CLEARED the game name. CorruptRecord if `data`
    does not verify (bad magic, other version, bad length, bad checksum,
    a payload that does not parse)."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise CorruptRecord("not bytes: %s" % type(data).__name__)
    if len(data) < HEADER + TRAILER:
        raise CorruptRecord("too short for a record (%d bytes)" % len(data))
    if data[0] != MAGIC0 or data[1] != MAGIC1:
        raise CorruptRecord("not a Kapsa record (bad magic)")
    if data[2] != VERSION:
        raise CorruptRecord("record format version %d, this Kapsa reads %d" % (data[2], VERSION))
    kind = data[3]
    if kind not in _KIND_NAMES:
        raise CorruptRecord("unknown record kind %d" % kind)
    size = data[8] | data[9] << 8
    end = HEADER + size
    if end + TRAILER > len(data) or end + TRAILER > MAX_RECORD:
        raise CorruptRecord("length %d runs past the end of the data" % size)
    stored = int.from_bytes(bytes(data[end:end + TRAILER]), "little")
    if crc32(bytes(data[:end])) != stored:
        raise CorruptRecord("checksum does not match")
    sequence = int.from_bytes(bytes(data[4:8]), "little")
    r = _Reader(data, HEADER, end)
    if kind == KIND_GAME:
        value = _read_game(r, sequence)
    elif kind == KIND_SETTINGS:
        value = _read_settings(r)
    else:
        value = r.text(1, MAX_GAME_NAME, "game name")
    r.done()
    return kind, sequence, value


def _read_game(r, sequence):
    game = r.text(1, MAX_GAME_NAME, "game name")
    seats = r.byte(1, 255, "seats")
    options = r.uvarint("options")
    bots = r.uvarint("bots")
    extra = r.raw(r.uvarint("extra length"), "extra")
    mode = r.byte(0, ACTIONS_ZIGZAG, "action encoding")
    count = r.uvarint("number of actions")
    if count > r.end - r.pos:
        raise CorruptRecord("more actions than bytes")
    if mode == ACTIONS_BYTES:
        actions = list(r.raw(count, "actions"))
    elif mode == ACTIONS_VARINT:
        actions = [r.uvarint("action") for _ in range(count)]
    else:
        actions = [r.svarint("action") for _ in range(count)]
    return GameSave(game, seats, options, bots, actions, extra, sequence)


def _read_settings(r):
    flags = r.byte(0, 1, "sound flag")
    brightness = r.byte(0, 100, "brightness")
    names = [r.text(0, MAX_SEAT_NAME, "seat name")
             for _ in range(r.byte(0, MAX_SEAT_NAMES, "number of names"))]
    best = {}
    for _ in range(r.uvarint("number of best scores")):
        if len(best) >= MAX_BEST:
            raise CorruptRecord("too many best scores")
        game = r.text(1, MAX_GAME_NAME, "best score's game")
        best[game] = r.svarint("best score")
    return Settings(flags == 1, brightness, names, best)


def payload(record):
    """The payload bytes of a record made by an encode_* function."""
    return record[HEADER:HEADER + (record[8] | record[9] << 8)]


def _decode_kind(data, kind):
    got, _, value = decode_record(data)
    if got != kind:
        raise CorruptRecord("a %s where a %s was expected" % (_KIND_NAMES[got], _KIND_NAMES[kind]))
    return value


def decode_game(data):
    """The GameSave in a record; CorruptRecord if it does not verify or is
    not a game save."""
    return _decode_kind(data, KIND_GAME)


def decode_settings(data):
    """The Settings in a record; CorruptRecord if it does not verify or is
    not a settings record."""
    return _decode_kind(data, KIND_SETTINGS)
