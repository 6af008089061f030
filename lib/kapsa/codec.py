"""Game saves as records (kapsa.record has the frame, kapsa.prefs the
settings, kapsa.decode reads them back): what replay() needs to rebuild a
game, and a record saying a game has no save any more. Runs unchanged on CircuitPython, MicroPython and
CPython (the MicroPython gate runs it); docs/saves.md has the format.
"""

from micropython import const

from kapsa.record import KIND_CLEARED, KIND_GAME, MAX_GAME_NAME, Writer, frame

MAX_EXTRA = const(255)

# How the actions of a game save are stored (one byte before them).
ACTIONS_BYTES = const(0)  # every action is 0..255: one byte each
ACTIONS_VARINT = const(1)  # non-negative: LEB128 varints
ACTIONS_ZIGZAG = const(2)  # some action is negative: zigzag varints
ACTIONS_PAIRS = const(3)  # every action is 0..65535: two bytes each, high first


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


def encode_game(game, seats, options, actions, bots=0, extra=b"", sequence=1, width=0):
    """The record of a game save. actions: ints (small non-negative ones
    take one byte each), or with `width` (1 or 2) the engine's own bytes,
    `width` a non-negative action, high byte first (State._acts, when the
    State says ACT_BYTES: read, not copied); extra: at most 255 bytes. ValueError on values the format
    cannot hold."""
    w = Writer()
    write_game(w, game, seats, options, actions, bots, extra, width)
    return frame(KIND_GAME, sequence, w.buf)


def write_game(w, game, seats, options, actions, bots, extra, width):
    """A game save's payload (encode_game's) added to Writer `w`: a kept
    replay (kapsa.replaykeep) carries the same after its scores."""
    w.text(game, 1, MAX_GAME_NAME, "game name")
    w.byte(seats, 1, 255, "seats")
    w.uvarint(options, "options")
    w.uvarint(bots, "bots")
    if not isinstance(extra, (bytes, bytearray)) or len(extra) > MAX_EXTRA:
        raise ValueError("extra must be at most %d bytes" % MAX_EXTRA)
    w.uvarint(len(extra))
    w.buf.extend(extra)
    # With `width` the actions are the engine's own bytes, copied as they
    # are (one call, however long the game): one byte an action when each
    # fits one (the high bytes all 0), else the two. A list of ints is
    # written the same way when it fits, else as varints; only a list has
    # to be looked at an action at a time.
    step = width or 1
    size = len(actions)
    mode = ACTIONS_BYTES
    if width == 2:
        for i in range(0, size, 2):
            if actions[i]:
                mode = ACTIONS_PAIRS
                break
    elif not width:
        for action in actions:
            if not isinstance(action, int):
                raise ValueError("actions must be ints, not %r" % (action,))
            if action < 0:
                mode = ACTIONS_ZIGZAG
                break
            if action > 0xFFFF:
                mode = ACTIONS_VARINT
            elif action > 255 and mode == ACTIONS_BYTES:
                mode = ACTIONS_PAIRS
    buf = w.buf
    buf.append(mode)
    w.uvarint(size // step, "number of actions")
    if width and mode == (ACTIONS_BYTES if width == 1 else ACTIONS_PAIRS):
        buf.extend(actions)  # the engine's own bytes, as they are
        return
    for i in range(0, size, step):
        action = actions[i] if step == 1 else actions[i] << 8 | actions[i + 1]
        if mode == ACTIONS_BYTES:
            buf.append(action)
        elif mode == ACTIONS_PAIRS:
            buf.append(action >> 8)
            buf.append(action & 255)
        elif mode == ACTIONS_VARINT:
            w.uvarint(action, "action")
        else:
            w.svarint(action, "action")


def encode_cleared(game, sequence=1):
    """The record saying that `game` has no save any more."""
    w = Writer()
    w.text(game, 1, MAX_GAME_NAME, "game name")
    return frame(KIND_CLEARED, sequence, w.buf)
