"""Game codes: eight characters that fix a game's setup (players, which
seats the computer plays, the options) and the seed its chance outcomes
come from (kapsa.rng.pick). This module makes them (a new game's code,
when it starts); kapsa.coderead reads them and kapsa.codeentry is the
screen a code is typed on. Only the launcher's VM imports them; a game's
VM carries its code as the text in its save (extra()). docs/codes.md has
the format.

The characters are ALPHABET's 32 (no 0/O, 1/I): 5 bits each. The first
seven hold a 35-bit number, most significant first: the game's number
(3 bits) and its rules version (3 bits), its registry's CODE, and 29
bits of seed * setups + setup; the eighth is a check of the seven.

A game has codes when its registry says CODE = (number, version). The
number is the game's for good (Qwinto 0, Hashi 1, Hanabi 2, Halali 3; a
new game takes the next). The version is that of its rules and chance:
raise it when a change would deal another game from the same code (the
rules, the order of legal_actions() at a chance node, the options), so
that old codes are refused, not played wrong.
"""

ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
LENGTH = 8
PAYLOAD = 1 << 29


def shape(reg):
    """(setups of seats and computers, the option's choices, a count each)."""
    low, high = reg.SEATS
    return (1 << high + 1) - (1 << low), [len(choices) for _label, choices in reg.OPTIONS]


def count(reg):
    """The number of setups a game has."""
    n, radices = shape(reg)
    for r in radices:
        n *= r
    return n


def seeds(reg):
    """How many seeds a code of this game can hold."""
    return PAYLOAD // count(reg)


def setup_index(reg, seats, bots, options):
    low, _high = reg.SEATS
    n, _radices = shape(reg)
    index = 0
    for _label, choices in reg.OPTIONS:
        bits = 0
        for _name, value in choices:
            bits |= value
        j = 0
        for i in range(len(choices)):
            if choices[i][1] == options & bits:
                j = i
        index = index * len(choices) + j
    return index * n + (1 << seats) - (1 << low) + (bots & ((1 << seats) - 1))


def check(values):
    # Odd weights: any one wrong character changes the sum mod 32.
    total = 7
    for i in range(len(values)):
        total += (2 * i + 1) * values[i]
    return total % 32


def encode(reg, seats, bots, options, seed):
    """The code of the game of registry `reg` with this setup and seed."""
    game, version = reg.CODE
    number = game << 32 | version << 29 | seed * count(reg) + setup_index(reg, seats, bots, options)
    values = [number >> 5 * (6 - i) & 31 for i in range(7)]
    values.append(check(values))
    return "".join(ALPHABET[v] for v in values)


def start_extra(app, info, seats, options, bots, seed=None):
    """The extra a new game is saved with (extra()): its code and
    seed, a new seed from the app's Rng unless one is given; b"" for a
    game without codes."""
    reg = info.registry
    if not hasattr(reg, "CODE"):
        return b""
    if seed is None:
        seed = app.rng.below(seeds(reg))
    return extra(encode(reg, seats, bots, options, seed), seed, 0)


def extra(code, seed, picks):
    """The start of the save's extra of a game with a code (docs/codes.md,
    "What the save keeps"): C5, the code, the seed (4 bytes) and the chance
    picks made (2 bytes), little-endian. kapsa.play reads it."""
    return b"\xc5" + code.encode() + seed.to_bytes(4, "little") + picks.to_bytes(2, "little")
