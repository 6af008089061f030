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


def pick(seed, k, state):
    """Chance pick number `k` (0, 1, ...) of a game with a code whose seed
    is `seed` (docs/codes.md): one uniform pick by a generator of its own,
    the same whatever came before it, and after the game is saved and
    opened again. Its seed is a finaliser as murmur3's over seed and k:
    unlike xorshift's own seeding (linear over the bits), near seeds and
    near picks then share no pattern. Its odd factors are below 2^30:
    MicroPython keeps them as small ints, not as long ints in the heap."""
    h = (seed * 0x2C1B3C6D + k * 0x297A2D39 + 0x1B873593) & _MASK
    h ^= h >> 16
    h = (h * 0x297A2D39) & _MASK
    h ^= h >> 13
    h = (h * 0x2C1B3C6D) & _MASK
    return Rng(h ^ h >> 16).choose(state)
