"""Game codes: eight characters that fix a game's setup (players, which
seats the computer plays, the options) and the seed its chance outcomes
come from (kapsa.rng.pick). Only the launcher's VM imports this (and
kapsa.codeentry, the screen a code is typed on); a game's VM carries its
code as the text in its save (kapsa.rng.pack). docs/codes.md has the
format.

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
_PAYLOAD = 1 << 29


def _setups(reg):
    """(setups of seats and computers, the option's choices, a count each)."""
    low, high = reg.SEATS
    return (1 << high + 1) - (1 << low), [len(choices) for _label, choices in reg.OPTIONS]


def count(reg):
    """The number of setups a game has."""
    n, radices = _setups(reg)
    for r in radices:
        n *= r
    return n


def seeds(reg):
    """How many seeds a code of this game can hold."""
    return _PAYLOAD // count(reg)


def setup_index(reg, seats, bots, options):
    low, _high = reg.SEATS
    n, _radices = _setups(reg)
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


def setup_of(reg, index):
    """(seats, bots, options) of setup number `index`."""
    low, _high = reg.SEATS
    n, _radices = _setups(reg)
    rest = index % n
    index //= n
    seats = low
    while (1 << seats + 1) - (1 << low) <= rest:
        seats += 1
    bots = rest - ((1 << seats) - (1 << low))
    options = 0
    for _label, choices in reversed(reg.OPTIONS):
        options |= choices[index % len(choices)][1]
        index //= len(choices)
    return seats, bots, options


def _check(values):
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
    values.append(_check(values))
    return "".join(ALPHABET[v] for v in values)


def decode(code, reg, games=()):
    """(seats, bots, options, seed) of `code` for the game of registry
    `reg`, or ValueError with a reason for the player (a message line);
    `games` (GameInfo) name another game's code."""
    code = code.upper()
    if len(code) != LENGTH or any(c not in ALPHABET for c in code):
        raise ValueError("Type all %d characters" % LENGTH)
    values = [ALPHABET.index(c) for c in code]
    if _check(values[:7]) != values[7]:
        raise ValueError("Mistyped: check the code")
    number = 0
    for v in values[:7]:
        number = number << 5 | v
    game, version = number >> 32, number >> 29 & 7
    ours, current = reg.CODE
    if game != ours:
        for info in games:
            if getattr(info.registry, "CODE", (None,))[0] == game:
                raise ValueError("That is a %s code" % info.registry.TITLE)
        raise ValueError("A code of a newer Kapsa")
    if version != current:
        raise ValueError("Code of rules v%d, not v%d" % (version, current))
    payload = number & _PAYLOAD - 1
    seats, bots, options = setup_of(reg, payload % count(reg))
    return seats, bots, options, payload // count(reg)


def describe(reg, seats, bots, options):
    """The setup of a code, a line a part: the players, then each option."""
    computers = 0
    for s in range(seats):
        computers += bots >> s & 1
    lines = ["%d player%s" % (seats, "s" if seats > 1 else "")
             + (", %d computer%s" % (computers, "s" if computers > 1 else "") if computers else "")]
    for label, choices in reg.OPTIONS:
        bits = 0
        for _name, value in choices:
            bits |= value
        for choice, value in choices:
            if value == options & bits:
                lines.append("%s: %s" % (label, choice))
    return lines


def start_extra(app, info, seats, options, bots, seed=None):
    """The extra a new game is saved with (kapsa.rng.pack): its code and
    seed, a new seed from the app's Rng unless one is given; b"" for a
    game without codes."""
    reg = info.registry
    if not hasattr(reg, "CODE"):
        return b""
    from kapsa.rng import pack

    if seed is None:
        seed = app.rng.below(seeds(reg))
    return pack(encode(reg, seats, bots, options, seed), seed, 0)
