"""What a turn of the Qwinto bot is worth (docs/qwinto.md, "The bot"):
the mean gain of a dice choice with the re-roll used well, the cost of a
misthrow, and the look-ahead at the bot's own roll: a sheet after writing
there weighed with the turn that follows. games.qwinto.bot decides with
them; the gains tables are games.qwinto.gains', the potential
games.qwinto.potential's (fixed point, SC = one point).
"""

from micropython import const

from games.qwinto.potential import DIST, P, potential, use
from games.qwinto.sheet import breakdown, dice_count, full_rows

_SC = const(128)
_NONE = const(-1000000)
_PASS = const(27)
TOP = const(3)  # boxes weighed with the next turn (the potential's best)


def pass_value(sheet, miss):
    """Gain (SC scale) of a misthrow, miss already ticked."""
    if miss >= 3:  # the fourth ends the game: only the score remains
        return (breakdown(sheet, miss + 1)[9] * _SC) - potential(sheet)
    return -(5 + P[1] + P[6] * miss) * _SC


def value(gain, mask, s, floor):
    """Best gain of sum s rolled with `mask`: a box of a rolled row, or floor."""
    best = floor
    for r in range(3):
        if mask >> r & 1 and gain[r * 19 + s] > best:
            best = gain[r * 19 + s]
    return best


def mask_value(gain, mask, floor):
    """(expected gain with the re-roll used well, expected gain of one roll)."""
    n = dice_count(mask)
    at = 19 * (n - 1)
    total = 6 ** n
    fresh = 0
    for s in range(n, 6 * n + 1):
        fresh += DIST[at + s] * value(gain, mask, s, floor)
    fresh //= total
    first = 0
    for s in range(n, 6 * n + 1):
        v = value(gain, mask, s, floor)
        first += DIST[at + s] * (v if v > fresh else fresh)
    return first // total, fresh


def best_mask(gain, floor):
    """(the best dice mask, its expected gain)."""
    best = _NONE
    pick = 7
    for mask in range(1, 8):
        v = mask_value(gain, mask, floor)[0]
        if v > best:
            best = v
            pick = mask
    return pick, best


def ranked(sheet, miss, s, legal):
    """The TOP boxes of `legal` for sum s by the potential after writing
    there, best first: [key, box, whether the game ends there] each, the
    key the potential or final score (SC scale) x 32 plus 31 - box (no two
    alike: the order is the same whatever sort runs)."""
    work = bytearray(sheet)
    out = []
    for b in legal:
        if b == _PASS:
            continue
        work[b] = s
        if full_rows(work) >= 2:  # E1: the score is final
            out.append([breakdown(work, miss)[9] * _SC * 32 + 31 - b, b, True])
        else:
            out.append([potential(work) * 32 + 31 - b, b, False])
        work[b] = 0
    out.sort(reverse=True)
    return out[:TOP]


def after(sheet, miss, gain):
    """What `sheet` with `miss` misthrows is worth (SC scale) with the turn
    that follows: its potential plus the best dice choice's mean gain
    (gain: its table from games.qwinto.gains)."""
    return potential(sheet) + best_mask(gain, pass_value(sheet, miss))[1]


def passed(sheet, miss, gain):
    """after() for a misthrow now (gain: the table of `sheet`)."""
    if miss >= 3:
        return breakdown(sheet, miss + 1)[9] * _SC
    use(miss + 1)
    v = after(sheet, miss + 1, gain)
    use(miss)
    return v - (5 + P[1] + P[6] * miss) * _SC
