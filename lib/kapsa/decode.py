"""Reading records back: a record's frame checked (unframe), its payload
read (Reader), and each kind decoded: game saves (kapsa.codec writes
them), the settings (kapsa.prefs), cleared games. Only opening the saves
needs this (kapsa.storeopen): a game's VM lets it go once its save is
open, and keeps the writing side. Runs unchanged on CircuitPython,
MicroPython and CPython (the MicroPython gate runs it); docs/saves.md has
the format. Decoding raises CorruptRecord (a ValueError) for anything that
is not a valid record, and nothing else escapes it.
"""

from kapsa.codec import ACTIONS_BYTES, ACTIONS_PAIRS, ACTIONS_VARINT, GameSave
from kapsa.prefs import MAX_SEAT_NAME, MAX_SEAT_NAMES, MAX_BEST, MEMORY_LOG, SOUND, Settings
from kapsa.record import (
    HEADER,
    KIND_CLEARED,
    KIND_GAME,
    KIND_NAMES,
    KIND_SETTINGS,
    MAGIC0,
    MAGIC1,
    MAX_GAME_NAME,
    MAX_RECORD,
    TRAILER,
    U32,
    VERSION,
    CorruptRecord,
    crc32,
)


class Reader:
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
        if value > U32:
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


def unframe(data):
    """(kind, sequence, Reader over the payload) of a record whose frame
    verifies; CorruptRecord if it does not (bad magic, other version, bad
    length, bad checksum)."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise CorruptRecord("not bytes: %s" % type(data).__name__)
    if len(data) < HEADER + TRAILER:
        raise CorruptRecord("too short for a record (%d bytes)" % len(data))
    if data[0] != MAGIC0 or data[1] != MAGIC1:
        raise CorruptRecord("not a Kapsa record (bad magic)")
    if data[2] != VERSION:
        raise CorruptRecord("record format version %d, this Kapsa reads %d" % (data[2], VERSION))
    kind = data[3]
    if kind not in KIND_NAMES:
        raise CorruptRecord("unknown record kind %d" % kind)
    size = data[8] | data[9] << 8
    end = HEADER + size
    if end + TRAILER > len(data) or end + TRAILER > MAX_RECORD:
        raise CorruptRecord("length %d runs past the end of the data" % size)
    stored = data[end] | data[end + 1] << 8 | data[end + 2] << 16 | data[end + 3] << 24
    if crc32(memoryview(data)[:end]) != stored:  # no copy of the record
        raise CorruptRecord("checksum does not match")
    sequence = data[4] | data[5] << 8 | data[6] << 16 | data[7] << 24
    return kind, sequence, Reader(data, HEADER, end)


def decode_record(data):
    """(kind, sequence, value) of a verified record: value is a Settings,
    a GameSave, or for KIND_CLEARED the game name. CorruptRecord if `data`
    does not verify (bad magic, other version, bad length, bad checksum,
    a payload that does not parse)."""
    kind, sequence, r = unframe(data)
    if kind == KIND_GAME:
        value = read_game(r, sequence)
    elif kind == KIND_SETTINGS:
        value = read_settings(r)
    elif kind == KIND_CLEARED:
        value = r.text(1, MAX_GAME_NAME, "game name")
    else:  # a replay (kapsa.replays reads those): in no save's slot
        raise CorruptRecord("a %s where a save was expected" % KIND_NAMES[kind])
    r.done()
    return kind, sequence, value


def read_game(r, sequence):
    """The GameSave of a game save's payload read by Reader `r` (a kept
    replay's after its scores: kapsa.replays)."""
    game = r.text(1, MAX_GAME_NAME, "game name")
    seats = r.byte(1, 255, "seats")
    options = r.uvarint("options")
    bots = r.uvarint("bots")
    extra = r.raw(r.uvarint("extra length"), "extra")
    mode = r.byte(0, ACTIONS_PAIRS, "action encoding")
    count = r.uvarint("number of actions")
    if count > r.end - r.pos:
        raise CorruptRecord("more actions than bytes")
    if mode == ACTIONS_BYTES:
        actions = list(r.raw(count, "actions"))
    elif mode == ACTIONS_PAIRS:
        pairs = r.raw(2 * count, "actions")
        actions = [pairs[i] << 8 | pairs[i + 1] for i in range(0, 2 * count, 2)]
    elif mode == ACTIONS_VARINT:
        actions = [r.uvarint("action") for _ in range(count)]
    else:
        actions = [r.svarint("action") for _ in range(count)]
    return GameSave(game, seats, options, bots, actions, extra, sequence)


def decode_kind(data, kind):
    got, _, value = decode_record(data)
    if got != kind:
        raise CorruptRecord("a %s where a %s was expected" % (KIND_NAMES[got], KIND_NAMES[kind]))
    return value


def decode_game(data):
    """The GameSave in a record; CorruptRecord if it does not verify or is
    not a game save."""
    return decode_kind(data, KIND_GAME)


def read_settings(r):
    """The Settings of a settings payload (kapsa.codec.decode_record)."""
    flags = r.byte(0, SOUND | MEMORY_LOG, "flags")
    brightness = r.byte(0, 100, "brightness")
    names = [r.text(0, MAX_SEAT_NAME, "seat name")
             for _ in range(r.byte(0, MAX_SEAT_NAMES, "number of names"))]
    best = {}
    for _ in range(r.uvarint("number of best scores")):
        if len(best) >= MAX_BEST:
            raise CorruptRecord("too many best scores")
        game = r.text(1, MAX_GAME_NAME, "best score's game")
        best[game] = r.svarint("best score")
    # The games' last setups, kept as they are (only kapsa.setups reads them)
    setups = r.raw(r.end - r.pos, "setups") if r.pos < r.end else b""
    return Settings(bool(flags & SOUND), brightness, names, best, bool(flags & MEMORY_LOG), setups)


def decode_settings(data):
    """The Settings in a record; CorruptRecord if it does not verify or is
    not a settings record."""
    return decode_kind(data, KIND_SETTINGS)
