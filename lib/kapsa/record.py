"""Kapsa's record frame: what every saved record shares, and its checks.

Runs unchanged on CircuitPython, MicroPython and CPython (the MicroPython
gate runs it). kapsa.codec puts game saves in records, kapsa.prefs the
settings; lib/kapsa/store.py decides where records go. docs/saves.md
describes the format byte by byte. A record (integers little-endian):

    0   2  magic b"KS"
    2   1  format version (VERSION)
    3   1  kind: KIND_SETTINGS, KIND_GAME, KIND_CLEARED, KIND_HISTORY or
           KIND_REPLAY
    4   4  sequence number (the newer of two copies has the larger one)
    8   2  payload length N
    10  N  payload (depends on the kind)
    10+N 4 CRC-32 (the zlib / binascii polynomial) of bytes 0 .. 10+N-1

Bytes after the CRC are ignored: a slot may be larger than its record.
Decoding (kapsa.decode) raises CorruptRecord (a ValueError) for anything
else, and nothing else escapes it.

Also here, for kapsa.store (which writes records) and kapsa.storeopen
(which finds and reads them) alike: the names records go by. A record
has a key, a game's registry name (check_game_name), SETTINGS, or a
game's score history (the name and HISTORY: kapsa.history reads and
writes those alone, kapsa.storeopen never opens them), and slots
"<key>.<x>" for x in slots(key), written in turn.
"""

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
KIND_HISTORY = const(4)  # a game's score history (kapsa.history)
KIND_REPLAY = const(5)  # a finished game kept for replays (kapsa.replays)
HEADER = const(10)
TRAILER = const(4)
MAX_RECORD = const(8192)  # whole record; a slot never needs to hold more
MAX_GAME_NAME = const(16)

U32 = 0xFFFFFFFF
KIND_NAMES = {KIND_SETTINGS: "settings", KIND_GAME: "game save",
              KIND_CLEARED: "cleared game", KIND_REPLAY: "replay"}
# (kapsa.decode's unframe takes these; a history is kapsa.history's)

SETTINGS = "settings"  # the key of the settings record; no game may use it
SLOTS = "abcdefgh"  # a game's slots, written in turn
HISTORY = "_h"  # a game's score history is the record "<game>_h"


class CorruptRecord(ValueError):
    """Bytes that are not a valid Kapsa record; str(exc) says why."""


def crc32(data):
    """CRC-32 of `data`: binascii's where the port has it, else kapsa.crc's."""
    if _native_crc32 is not None:
        return _native_crc32(data) & U32
    from kapsa.crc import crc32_pure

    return crc32_pure(data)


def slots(key):
    """The slot letters of the record `key`: SLOTS for a game; the
    settings and the score histories change rarely, and two slots are
    enough."""
    return "ab" if key == SETTINGS or key.endswith(HISTORY) else SLOTS


def check_game_name(game):
    """ValueError unless `game` can name a save: 1..16 characters of
    a-z, 0-9 and _, starting with a letter, not "settings", and not
    ending in "_h" (a score history's key)."""
    ok = (isinstance(game, str) and 1 <= len(game) <= MAX_GAME_NAME and game != SETTINGS
          and not game.endswith(HISTORY))
    if ok:
        ok = "a" <= game[0] <= "z"
        for c in game:
            if not ("a" <= c <= "z" or "0" <= c <= "9" or c == "_"):
                ok = False
    if not ok:
        raise ValueError("not a game name for saves: %r" % (game,))


# ------------------------------------------------------------------ writing

class Writer:
    __slots__ = ("buf",)

    def __init__(self):
        self.buf = bytearray()

    def byte(self, value, low=0, high=255, what="value"):
        if not isinstance(value, int) or value < low or value > high:
            raise ValueError("%s must be an int %d..%d, not %r" % (what, low, high, value))
        self.buf.append(value)

    def uvarint(self, value, what="value"):
        if not isinstance(value, int) or value < 0 or value > U32:
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


def frame(kind, sequence, payload):
    """The whole record of a payload: header, payload, CRC."""
    if not isinstance(sequence, int) or sequence < 0 or sequence > U32:
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


def payload(record):
    """The payload bytes of a record made by an encode_* function: a view
    of them, not a copy (a save only measures them)."""
    return memoryview(record)[HEADER:HEADER + (record[8] | record[9] << 8)]


