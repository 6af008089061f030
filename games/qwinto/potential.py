"""The Qwinto bot's potential: what a sheet is worth, in points to come
(docs/qwinto.md, "The bot"); games.qwinto.bot decides with it,
games.qwinto.gains works out each sum's gain from it.

Fixed point: SC (128) = one point, or a certain fill.
"""

from micropython import const

from games.qwinto.sheet import BONUS_COLUMNS, BONUS_PENT, COL_BOX

SC = const(128)  # fixed point: 128 = one point, or a certain fill
NONE = const(-1000000)

# Tunable figures (tools/bench_qwinto.py measures them).
P = [
    6,  # 0 C: tightness; phi = M / (M + C * k / 16)
    5,  # 1 misthrow extra cost (points) on top of 5
    15,  # 2 last number of a row if its last box is empty (at least)
    0,  # 3 threshold (points * SC / 16) for a non-active seat to write
    13,  # 4 weight (x16) of the column bonus potential
    16,  # 5 weight (x16) of the row completion potential
    0,  # 6 misthrow extra cost per misthrow already ticked (points)
    16,  # 7 horizon (x16): HORIZON[misthrows], set by use()
    6,  # 8 weight (x16) of the misthrows a game ended by two rows saves
    4,  # 9 misthrows left (4 - ticked), set by use()
]
# A box's fill chance x HORIZON[m] / 16 with m misthrows ticked: the
# fewer left, the fewer turns to fill it (on the bot's own games a box
# filled about 0.7, 0.5, 0.25 times as often with 1, 2, 3 ticked as the
# plain potential said; 10, 6, 3 did best by a little).
HORIZON = b"\x10\x0a\x06\x03"


def use(miss):
    """The potential of a sheet with `miss` misthrows ticked from now on."""
    P[7] = HORIZON[miss if miss < 3 else 3]
    P[9] = 4 - miss if miss < 4 else 0


# Ease of each number 0..18 (x16): chance of rolling it with the best
# number of dice, relative to one face of one die (1/6), to the power 0.55:
#     0, 16, 16, 16, 16, 16, 16, 16, 14, 13, 14, 14, 13, 12, 10, 8, 6, 4, 2
# ACC[v + 1] is the sum of the ease of 0..v (tests/test_qwinto_bot.py checks
# it against the row above), so the ease of numbers a+1..b-1 is
# ACC[b] - ACC[a + 1].
ACC = (b"\x00\x00\x10\x20\x30\x40\x50\x60\x70\x7e"
       b"\x8b\x99\xa7\xb4\xc0\xca\xd2\xd8\xdc\xde")

# Number of ordered rolls giving each sum 0..18 with n = 1, 2, 3 dice:
# DIST[19 * (n - 1) + s].
DIST = (b"\x00\x01\x01\x01\x01\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
        b"\x00\x00\x01\x02\x03\x04\x05\x06\x05\x04\x03\x02\x01\x00\x00\x00\x00\x00\x00"
        b"\x00\x00\x00\x01\x03\x06\x0a\x0f\x15\x19\x1b\x1b\x19\x15\x0f\x0a\x06\x03\x01")

PHI = bytearray(27)  # fill chance of each box (SC = filled)
DONE = bytearray(3)  # chance each row completes (SC = complete), set by row()
EST = bytearray(27)  # value of each box, written or estimated


def fill(k, lo, hi):
    """Fill chance (SC scale) of each of k empty boxes between lo and hi."""
    m = hi - lo - 1
    if m <= 0:
        return 0
    ease = ACC[hi] - ACC[lo + 1]
    phi = SC * ease // (ease + P[0] * k)
    if m < k:
        phi = phi * m // k
    return phi * P[7] // 16


def row(sheet, r, runs=None):
    """Potential of row r (SC scale): (points, of which the completion
    term, the last number or its estimate). Fills PHI and EST of the row;
    appends (first, end, lo, hi, phi, phi ** k) of each empty run to `runs`."""
    base = r * 9
    pts = 0
    prob = SC
    lo = 0
    i = 0
    while i < 9:
        v = sheet[base + i]
        if v:
            pts += SC
            PHI[base + i] = SC
            EST[base + i] = v
            lo = v
            i += 1
            continue
        j = i + 1
        while j < 9 and not sheet[base + j]:
            j += 1
        hi = sheet[base + j] if j < 9 else 19
        k = j - i
        ph = fill(k, lo, hi)
        pts += ph * k
        step = hi - lo
        pw = SC
        for t in range(i, j):
            PHI[base + t] = ph
            EST[base + t] = lo + step * (t - i + 1) // (k + 1)
            pw = pw * ph // SC
        prob = prob * pw // SC
        if runs is not None:
            runs.append((i, j, lo, hi, ph, pw))
        lo = hi
        i = j
    last = sheet[base + 8]
    if not last:
        last = EST[base + 8]
        if last < P[2]:
            last = P[2]
    comp = prob * (last - 9) * P[5] // 16
    DONE[r] = prob
    return pts + comp, comp, last


def columns():
    """Potential points (SC scale) of the five three-box columns."""
    pts = 0
    for i in range(5):
        c = BONUS_COLUMNS[i]
        pts += PHI[COL_BOX[c]] * PHI[COL_BOX[12 + c]] * PHI[COL_BOX[24 + c]] // (SC * SC) \
            * EST[BONUS_PENT[i]]
    return pts * P[4] // 16


def potential(sheet):
    """The sheet's worth: rows, columns, and the end by two rows: with
    a, b, c the rows' chances to complete, the chance two do (the game
    ends before the misthrows run out) times the misthrows left, 5 points
    each, times P[8] / 16."""
    pts = row(sheet, 0)[0] + row(sheet, 1)[0] + row(sheet, 2)[0] + columns()
    a = DONE[0]
    b = DONE[1]
    c = DONE[2]
    two = (a * b + a * c + b * c) // SC - 2 * (a * b // SC) * c // SC
    return pts + two * P[9] * 5 * P[8] // 16
