"""The hindsight search's upper bound (solver.py's docstring: "The
bound"): the best final score the rules still allow from the search's
board, relaxed. Functions of the Search. Runs unchanged on CircuitPython,
MicroPython and CPython.
"""

from games.hashi import assign, value as V
from games.hashi.sheet import HIGH, LOW


def bound(s, r, t, forced, opt):
    """Upper bound on the final score from the current board: round r
    is being played, the numbers of rounds >= t are still to come,
    `forced` bridges of round r must still be placed and `opt` may be."""
    b = s.b
    n = b.n
    num = s.num
    deg = s.deg
    avail = s.sn[t]
    now = forced + opt
    ends = 2 * (now + s.sb[r + 1])
    room = s.room
    cap = s.cap
    capc = s.capc
    cand = s.cand
    f0 = 0
    for i in range(n):
        cap[i] = 0
        capc[i] = 0
        if num[i]:
            room[i] = num[i] - deg[i]
            if not room[i]:
                f0 += 1
        else:
            room[i] = 6 - deg[i]
    line_caps(s, cap, None)
    # cand: 1 finished, 2 numbered and its open lines can take what it
    # misses, 3 numberless and a coming number fits, 0 lost
    for i in range(n):
        cand[i] = 0
        if num[i]:
            if not room[i]:
                cand[i] = 1
            elif room[i] <= cap[i]:
                cand[i] = 2
        else:
            d = deg[i]
            lo = d if d else 1
            hi = d + cap[i]
            for x in avail:
                if x > hi:
                    break
                if x >= lo:
                    cand[i] = 3
                    break
    # capacity towards other islands still to finish: the rest of what
    # an island misses comes over lines whose far end is wasted
    line_caps(s, capc, cand)
    ncost = []  # (ends needed, flag mask) of numbered islands
    udeg = []  # (degree, flag mask, lowest, highest number, island)
    fm = s.fm
    for i in range(n):
        c = cand[i]
        if c == 2:
            d = room[i]
            w = d - capc[i]
            ncost.append((d + w if w > 0 else d, fm[i]))
        elif c == 3:
            d = deg[i]
            hi = d + cap[i]
            udeg.append((d, fm[i], d if d else 1, hi if hi < 6 else 6, i))
    feas = [True, True, group_possible(s)]
    for c, isl in ((0, b.reds), (1, b.blues)):
        for i in isl:
            if not cand[i]:
                feas[c] = False
                break
    vals = [0, 0, 0]
    for c in range(3):
        if not feas[c]:
            continue
        D = s.dl[c]
        if r >= D:
            vals[c] = HIGH[c] if s.at_dl[c] else LOW[c]
            continue
        dends = 2 * (now + s.sb[r + 1] - s.sb[D])
        dn = s.dsn[D]
        if c < 2:
            ok = assign.flags_fit(s, 1 << c, ncost, udeg, dn[t] if t <= D else b"",
                                 dn[r + 1] if r + 1 <= D else b"",
                                 dn[t + 1] if t + 1 <= D else b"", dends)
        else:
            ok = f0 + assign.count(s, 0, ncost, udeg, dn[t] if t <= D else b"", dends) >= 6
        vals[c] = HIGH[c] if ok else LOW[c]
    best = 0
    for m in range(4):
        if (m & 1 and not feas[0]) or (m & 2 and not feas[1]):
            continue
        cnt = assign.count(s, m, ncost, udeg, avail, ends)
        if cnt < 0:
            continue
        tot = f0 + cnt
        if tot == n and not all_fit(s, t, r, forced, opt):
            tot = n - 1
        score = 2 * tot
        if m & 1:
            score += vals[0]
        if m & 2:
            score += vals[1]
        if feas[2] and tot >= 6:
            score += vals[2]
        if score > best:
            best = score
    return best


def line_caps(s, cap, among):
    """cap[i] += what the open lines of island i can still take (2 a
    line, no more than the room at either end); with `among` (the
    candidates): only lines between two islands still to finish."""
    b = s.b
    ca = b.ca
    cb = b.cb
    br = s.br
    blk = s.blk
    room = s.room
    for k in range(b.nc):
        u = ca[k]
        v = cb[k]
        if br[k] < 2 and not blk[k] and room[u] and room[v]:
            if among and (among[u] < 2 or among[v] < 2):
                continue
            c = 2 - br[k]
            if room[u] < c:
                c = room[u]
            if room[v] < c:
                c = room[v]
            cap[u] += c
            cap[v] += c


def all_fit(s, t, r, forced, opt):
    """Whether every island can end finished as far as sums go: each
    numberless island then takes one of the numbers still to come (all
    of them: at most one number was written per round), and the numbers
    add up to twice the bridges."""
    num = s.num
    tot = 0
    un = 0
    for i in range(s.b.n):
        if num[i]:
            tot += num[i]
        else:
            un += 1
    if un != s.R - t:
        return False
    tot += s.ns[t]
    if tot & 1:
        return False
    need = tot // 2 - forced
    for k in range(s.b.nc):
        need -= s.br[k]
    bmask = s.bs[r + 1]
    if opt:
        bmask |= bmask << opt
    return need >= 0 and (bmask >> need) & 1 == 1


def group_possible(s):
    """Whether 6 islands, finished or still finishable, are joined by
    bridges or by free lines between islands still to finish."""
    b = s.b
    cand = s.cand
    br = s.br
    blk = s.blk
    join = bytearray(b.nc)
    for k in range(b.nc):
        u = cand[b.ca[k]]
        v = cand[b.cb[k]]
        join[k] = u and v and (br[k] or (not blk[k] and u > 1 and v > 1))
    return V.largest(b, V.labels(b, join, bytearray(b.n)), cand) >= 6
