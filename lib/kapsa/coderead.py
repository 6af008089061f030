"""Reading a game code (kapsa.codes makes them; docs/codes.md has the
format): its setup and seed, or why it is refused. Only the launcher's
VM imports this, with the screen a code is typed on (kapsa.codeentry)."""

from kapsa.codes import PAYLOAD, ALPHABET, LENGTH, check, shape, count


def decode(code, reg, games=()):
    """(seats, bots, options, seed) of `code` for the game of registry
    `reg`, or ValueError with a reason for the player (a message line);
    `games` (GameInfo) name another game's code."""
    code = code.upper()
    if len(code) != LENGTH or any(c not in ALPHABET for c in code):
        raise ValueError("Type all %d characters" % LENGTH)
    values = [ALPHABET.index(c) for c in code]
    if check(values[:7]) != values[7]:
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
    payload = number & PAYLOAD - 1
    seats, bots, options = setup_of(reg, payload % count(reg))
    return seats, bots, options, payload // count(reg)


def setup_of(reg, index):
    """(seats, bots, options) of setup number `index`."""
    low, _high = reg.SEATS
    n, _radices = shape(reg)
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
