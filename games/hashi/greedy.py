"""The Hashi bot's greedy bridges for a card (bridges(): each the best for
value.py's valuation), a part at a time; bot.py plans its turns with
them, and the hindsight search's beam passes (beam.py) try them, without
the rest of the bot. Comments, not docstrings, below: MicroPython parses
a docstring before dropping it, and the garbage fragments a small heap."""

from micropython import const

from games.hashi.sheet import can_bridge
from games.hashi.value import _base, _used, add, labels, value

# A part of a computer's thinking (think(), a frame's work) values at most
# PART boards: a board is up to about 7 ms on the device (MicroPython's
# fuel by the pystone scale), and a frame answers a press within 100 ms.
# boards[0]: the boards of the part under way.
PART = const(6)
boards = [0]


def valued():
    # One board more valued: whether the part is done (then the next
    # begins).
    boards[0] += 1
    if boards[0] < PART:
        return False
    boards[0] = 0
    return True


def bridges(b, num, deg, br, want, ctx, out, limit=-1):
    # Greedy: want bridges, each the best for value(); out[0] = (value,
    # bridges) or None when the card's bridges cannot all be placed that
    # way, or when more than `limit` boards (if >= 0) would have to be
    # valued; _used[0] counts the boards valued. A generator: yields None
    # after each part (the bridges chosen so far on the board meanwhile).
    chosen = []
    bv = 0
    lab = _base
    for _ in range(want):
        labels(b, br, lab)
        bv = -1
        bk = -1
        for k in range(b.nc):
            if can_bridge(b, num, deg, br, k):
                if not limit:
                    bk = -1
                    break
                limit -= 1
                _used[0] += 1
                add(b, deg, br, k, 1)
                v = value(b, num, deg, br, ctx, lab, k)
                add(b, deg, br, k, -1)
                if v > bv:
                    bv = v
                    bk = k
                if valued():
                    yield None
        if bk < 0:
            break
        chosen.append(bk)
        add(b, deg, br, bk, 1)
    for k in chosen:
        add(b, deg, br, k, -1)
    out[0] = None if len(chosen) < want else (bv, chosen)
