"""Settings as a record (kapsa.record has the frame, kapsa.decode reads
it back): sound, brightness, seat names, the solo best scores and each
game's last setup (kept as the record's bytes: only the launcher's
kapsa.setup reads them). Runs
unchanged on CircuitPython, MicroPython and CPython (the MicroPython gate
runs it)."""

from micropython import const

from kapsa.record import KIND_SETTINGS, MAX_GAME_NAME, Writer, frame

MAX_SEAT_NAMES = const(6)
MAX_SEAT_NAME = const(8)
MAX_BEST = const(64)
MAX_SETUPS = const(16)


SOUND = const(1)  # flag bits of the record's first byte
MEMORY_LOG = const(2)


class Settings:
    """Player settings: sound (bool), brightness (0..100), names (up to six
    seat names, ASCII, at most 8 characters, "" allowed), best (game name
    -> best score, may be negative), memory_log (bool: print free heap
    on the serial console, for people trying Kapsa on a board) and setups
    (bytes: each game's last setup, docs/saves.md; kapsa.setup)."""

    __slots__ = ("sound", "brightness", "names", "best", "memory_log", "setups")

    def __init__(self, sound=True, brightness=80, names=None, best=None, memory_log=False,
                 setups=b""):
        self.sound = sound
        self.brightness = brightness
        self.names = [] if names is None else names
        self.best = {} if best is None else best
        self.memory_log = memory_log
        self.setups = setups

    def _key(self):
        return (bool(self.sound), self.brightness, list(self.names), dict(self.best),
                bool(self.memory_log), bytes(self.setups))

    def __eq__(self, other):
        return isinstance(other, Settings) and self._key() == other._key()

    def __ne__(self, other):
        return not self == other

    def __repr__(self):
        return "Settings(sound=%r, brightness=%r, names=%r, best=%r, memory_log=%r, setups=%r)" % (
            self.sound, self.brightness, self.names, self.best, self.memory_log, self.setups)


def encode_settings(settings, sequence=1):
    """The record of a Settings. ValueError on values the format cannot
    hold (brightness outside 0..100, more than six names, a name longer
    than 8 characters or not printable ASCII, more than 64 best scores)."""
    if not isinstance(settings, Settings):
        raise TypeError("encode_settings takes a Settings, not %r" % (settings,))
    w = Writer()
    w.buf.append((SOUND if settings.sound else 0) | (MEMORY_LOG if settings.memory_log else 0))
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
    w.buf.extend(settings.setups)  # as kapsa.setup wrote them (none: no bytes)
    return frame(KIND_SETTINGS, sequence, w.buf)
