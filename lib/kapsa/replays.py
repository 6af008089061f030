"""The last ten finished games of each game, kept for replays
(docs/saves.md, "Replays"): read here, one slot at a time; written only
when a finished game is counted (kapsa.replaykeep). A replay is a record
of kind KIND_REPLAY in one of the game's slots "<game>.i" .. "<game>.r",
each a different game: its payload is the seats' final scores (a byte,
their count, then each as a zigzag varint), then a game save's
(kapsa.codec.write_game). A slot that does not verify is simply absent:
nothing is set aside or reported. Runs on CircuitPython, MicroPython and
CPython."""

from kapsa.codec import ACTIONS_PAIRS, ACTIONS_VARINT, ACTIONS_ZIGZAG
from kapsa.decode import read_game, unframe
from kapsa.record import KIND_REPLAY, MAX_GAME_NAME, CorruptRecord

SLOTS = "ijklmnopqr"  # a game's replay slots (its saves' are a..h)


class Kept:
    """A kept game, summed up (kept()): its slot letter, sequence, seats,
    options, bots, scores (a list, a seat), code (its game code, "" for
    none) and count (of its actions, which are not read)."""

    __slots__ = ("slot", "sequence", "seats", "options", "bots", "scores", "code", "count")

    def __init__(self, slot, sequence, seats, options, bots, scores, code, count):
        self.slot = slot
        self.sequence = sequence
        self.seats = seats
        self.options = options
        self.bots = bots
        self.scores = scores
        self.code = code
        self.count = count


def read(store, game, slot):
    """The bytes of `game`'s replay slot `slot`, or None (missing,
    unreadable, no such slot)."""
    if len(slot) != 1 or slot not in SLOTS:
        return None
    try:
        return store.medium.read(game + "." + slot)
    except OSError:
        return None


def opened(data):
    """(sequence, scores, Reader at the game's save) of the replay in
    `data`; ValueError (CorruptRecord) if it is none."""
    kind, sequence, r = unframe(data)
    if kind != KIND_REPLAY:
        raise CorruptRecord("not a replay")
    scores = [r.svarint("score") for _ in range(r.byte(1, 255, "scores"))]
    return sequence, scores, r


def summary(data, game, slot):
    """The Kept summary of `game` in `data` (slot `slot`), or None if it does
    not verify. Its actions are stepped over, not kept."""
    try:
        sequence, scores, r = opened(data)
        name = r.text(1, MAX_GAME_NAME, "game name")
        seats = r.byte(1, 255, "seats")
        options = r.uvarint("options")
        bots = r.uvarint("bots")
        extra = r.raw(r.uvarint("extra length"), "extra")
        code = extra[1:9].decode() if extra[:1] == b"\xc5" and len(extra) >= 9 else ""
        mode = r.byte(0, ACTIONS_PAIRS, "action encoding")
        count = r.uvarint("number of actions")
        if mode == ACTIONS_VARINT or mode == ACTIONS_ZIGZAG:
            for _ in range(count):
                r.uvarint("action")
        else:  # one byte an action, or two
            size = count * (2 if mode == ACTIONS_PAIRS else 1)
            if size > r.end - r.pos:
                raise CorruptRecord("more actions than bytes")
            r.pos += size
        r.done()
    except ValueError:  # (and a code's bytes that do not decode)
        return None
    if name != game or seats != len(scores):
        return None
    return Kept(slot, sequence, seats, options, bots, scores, code, count)


def kept(store, game):
    """The Replays of `game`'s verifying slots, the newest first."""
    found = []
    for slot in SLOTS:
        data = read(store, game, slot)
        if data is not None:
            s = summary(data, game, slot)
            if s is not None:
                found.append(s)
    found.sort(key=lambda s: s.sequence, reverse=True)
    return found


def load(store, game, slot):
    """(GameSave, scores) of the replay of `game` in slot `slot`, or None
    if it does not verify or is not one of `game`'s."""
    data = read(store, game, slot)
    if data is None:
        return None
    try:
        sequence, scores, r = opened(data)
        saved = read_game(r, sequence)
        r.done()
    except ValueError:
        return None
    if saved.game != game or saved.seats != len(scores):
        return None
    return saved, scores
