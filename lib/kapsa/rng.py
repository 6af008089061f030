"""Randomness for chance nodes: dice rolls, card draws, tile flips.

The rules never roll dice themselves: at a CHANCE node the outcome is one
uniform pick from state.legal_actions() (repeated entries weigh more).
The generator is our own xorshift32 so that a seed gives the same game on
CircuitPython, MicroPython and CPython alike (tests and benchmarks rely on
that); on the device it is seeded from os.urandom.
"""

_MASK = 0xFFFFFFFF


def _entropy():
    try:
        import os

        raw = os.urandom(4)
        return raw[0] | raw[1] << 8 | raw[2] << 16 | raw[3] << 24
    except (ImportError, AttributeError, NotImplementedError, OSError):
        import time

        return time.ticks_ms() if hasattr(time, "ticks_ms") else int(time.time())


class Rng:
    __slots__ = ("_state",)

    def __init__(self, seed=None):
        self._state = 1
        self.seed(_entropy() if seed is None else seed)

    def seed(self, seed):
        # xorshift32 must never hold zero.
        self._state = (seed & _MASK) or 0x9E3779B9
        for _ in range(4):  # spread small seeds over all bits
            self.next32()

    def next32(self):
        x = self._state
        x ^= (x << 13) & _MASK
        x ^= x >> 17
        x ^= (x << 5) & _MASK
        self._state = x
        return x

    def below(self, n):
        """A uniform int in 0..n-1 (rejection sampling: no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = _MASK - (_MASK + 1) % n
        x = self.next32()
        while x > limit:
            x = self.next32()
        return x % n

    def choose(self, state):
        """The outcome of the CHANCE node `state` is at: a uniform pick."""
        legal = state.legal_actions()
        return legal[self.below(len(legal))]


# -- a game code's chance (kapsa.codes makes the codes, in the launcher's VM)
#
# A game started from a code, or from the setup (every game has a code),
# draws its chance outcomes from the code's seed: pick number k (0, 1, ...)
# is one uniform pick by Rng(_mix(seed, k)), the same whatever came
# before it and however the game was saved and opened again. Its save's
# extra starts with CODED, the code's characters, the seed and the picks
# made (unpack); a game's own extra follows.

CODED = 0xC5  # the first byte of such an extra (a game's own never starts so)


def _mix(seed, k):
    # murmur3's finaliser over seed and k: unlike xorshift's own seeding
    # (linear over the bits), near seeds and near picks share no pattern.
    h = (seed * 0x9E3779B1 + k * 0x85EBCA6B + 0x27D4EB2F) & _MASK
    h ^= h >> 16
    h = (h * 0x85EBCA6B) & _MASK
    h ^= h >> 13
    h = (h * 0xC2B2AE35) & _MASK
    return h ^ h >> 16


def pick(seed, k, state):
    """Chance pick number `k` of the game coded with `seed`."""
    return Rng(_mix(seed, k)).choose(state)


def pack(code, seed, picks):
    """The extra's start of a coded game: CODED, the code, the seed (4
    bytes) and the picks made (2 bytes), little-endian; b"" without a code."""
    if code is None:
        return b""
    return (bytes((CODED,)) + code.encode() + seed.to_bytes(4, "little")
            + (picks & 0xFFFF).to_bytes(2, "little"))


def unpack(extra):
    """(code, seed, picks, the game's own extra) of a save's extra; code
    and seed None for a game without a code (saved before codes)."""
    if len(extra) < 15 or extra[0] != CODED:
        return None, None, 0, extra
    return (bytes(extra[1:9]).decode(), int.from_bytes(extra[9:13], "little"),
            int.from_bytes(extra[13:15], "little"), extra[15:])
