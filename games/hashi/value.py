# How the Hashi bot values a board (docs/hashi.md, "Bot and solver"): the
# points already certain plus, per island, the chance it is still finished,
# plus the bonuses weighed by how likely they still are; the figures are
# the table P. bot.py plans turns with it, and the hindsight solver's beam
# passes (beam.py) value their boards with it. Comments, not docstrings:
# MicroPython parses a docstring before dropping it, and the garbage
# fragments a small heap.

from micropython import const

SC = const(100)  # a certain island: 100 hundredths

# Tunable figures (tools/bench_hashi.py measures the bot).
P = bytearray((
    90, 75, 60, 45, 30, 14, 5,  # 0-6 chance of a numbered island missing d bridges
    100, 70, 26, 18, 7, 5, 2,  # 7-13 weight of a coming number = degree + e
    35,  # 14 time: percent per round left, at most 100
    26,  # 15 six connected: weight of the group potential
    9,  # 16 places for the number tried with bridges
    90,  # 17 island without number: highest chance
    177,  # 18 ... reached at half when the weighted coming numbers are this
    3,  # 19 solo: rounds before a deadline still worth the high value
    170,  # 20 boards valued for the bridges of one turn, at most
))

_room = bytearray(18)
_cap = bytearray(18)
_pot = bytearray(18)
_par = bytearray(18)
_lab = bytearray(18)
_base = bytearray(18)
_par2 = bytearray(18)
_acc = [0] * 18
_free = [0] * 18
_used = [0, 0]


def context(fut, unseen, rr, ends, vals, now):
    # The figures value() needs, from: fut[x] cards of number x still
    # unseen (unseen in all), rr rounds after this one, ends = twice the
    # bridges of the unseen cards, vals / now the worth of each bonus category
    # later / if met at the end of this round (0 once scored).
    tf = rr * P[14]
    if tf > SC:
        tf = SC
    pn = bytearray(7)  # numbered island missing d bridges
    for d in range(1, 7):
        pn[d] = P[d] * tf // SC
    # island without number, degree d, open capacity c (at most 12)
    pu = bytearray(7 * 13)
    for d in range(7):
        for c in range(13):
            a = 0
            hi = d + c
            for x in range(d if d else 1, (hi if hi < 6 else 6) + 1):
                a += fut[x] * P[7 + x - d]
            if a:
                pu[d * 13 + c] = P[17] * a // (a + P[18]) * tf // SC
    return (rr, pn, pu, vals, now, ends * rr // unseen if unseen else 0)


def value(b, num, deg, br, ctx, lab=None, extra=-1):
    # Potential of a board (num, deg, br) in hundredths of a point. lab:
    # labels() of the board without its bridge on connection `extra` (to
    # spare that work when many boards differ by one bridge).
    rr, pn, pu, vals, now, ends = ctx
    n = b.n
    room = _room
    cap = _cap
    pot = _pot
    for i in range(n):
        x = num[i]
        room[i] = x - deg[i] if x else 6 - deg[i]
        cap[i] = 0
    ca = b.ca
    cb = b.cb
    cross = b.cross
    for k in range(b.nc):
        c = 2 - br[k]
        if c:
            u = ca[k]
            v = cb[k]
            ru = room[u]
            rv = room[v]
            if ru and rv:
                for z in cross[k]:
                    if br[z]:
                        c = 0
                        break
                if c:
                    if ru < c:
                        c = ru
                    if rv < c:
                        c = rv
                    cap[u] += c
                    cap[v] += c
    need = 0
    total = 0
    free = _free
    un = 0
    for i in range(n):
        if num[i]:
            d = room[i]
            if not d:
                p = SC
            elif d > cap[i]:
                p = 0
            else:
                p = pn[d]
                need += d
        else:
            d = deg[i]
            c = cap[i]
            p = pu[d * 13 + (c if c < 12 else 12)]
            free[un] = p
            un += 1
        pot[i] = p
        total += p
    if need > ends:
        # the numbered islands miss more ends than are expected to come
        for i in range(n):
            d = room[i]
            if num[i] and d and d <= cap[i]:
                p = pot[i]
                pot[i] = p * ends // need
                total -= p - pot[i]
    # Each round numbers at most one island: only the best rr count.
    for _ in range(un - rr):
        low = 0
        for j in range(1, un):
            if free[j] < free[low]:
                low = j
        total -= free[low]
        free[low] = 255
    v = 2 * total
    for cat, isl in ((0, b.reds), (1, b.blues)):
        if now[cat]:
            prod = SC
            for i in isl:
                prod = prod * pot[i] // SC
            if prod == SC:
                v += now[cat] * SC
            else:
                v += vals[cat] * prod
    if now[2]:
        if lab is None:
            lab = labels(b, br, _lab)
        g = _group(b, pot, lab, extra)
        if _used[1] and finished_group(b, num, deg, br) >= 6:
            v += now[2] * SC
        else:
            v += vals[2] * g * g // (36 * SC) * P[15] // SC
    return v


def labels(b, join, lab):
    # Fill lab with a label per island, the same for islands joined by the
    # connections k with join[k] (e.g. br: joined by bridges).
    par = _par
    n = b.n
    for i in range(n):
        par[i] = i
    ca = b.ca
    cb = b.cb
    for k in range(b.nc):
        if join[k]:
            u = ca[k]
            while par[u] != u:
                u = par[u]
            v = cb[k]
            while par[v] != v:
                v = par[v]
            if u != v:
                par[u] = v
    for i in range(n):
        r = i
        while par[r] != r:
            r = par[r]
        lab[i] = r
    return lab


def largest(b, lab, count):
    # The most islands with count[i] under one label.
    acc = _acc
    for i in range(b.n):
        acc[i] = 0
    for i in range(b.n):
        if count[i]:
            acc[lab[i]] += 1
    return max(acc)


def _group(b, pot, lab, extra):
    # Largest sum of potentials over islands joined by bridges (counting
    # the bridge on `extra` too); _used[1]: whether such a group holds 6
    # finished islands.
    acc = _acc
    fin = _free
    n = b.n
    for i in range(n):
        acc[i] = 0
        fin[i] = 0
    for i in range(n):
        x = lab[i]
        p = pot[i]
        acc[x] += p
        if p == SC:
            fin[x] += 1
    best = max(acc)
    most = max(fin)
    if extra >= 0:
        u = lab[b.ca[extra]]
        v = lab[b.cb[extra]]
        if u != v:
            if acc[u] + acc[v] > best:
                best = acc[u] + acc[v]
            if fin[u] + fin[v] > most:
                most = fin[u] + fin[v]
    _used[1] = most >= 6
    return best


def finished_group(b, num, deg, br):
    # Rule K4: the largest group of finished islands joined by bridges.
    fin = bytearray(b.n)
    for i in range(b.n):
        fin[i] = num[i] and num[i] == deg[i]
    join = bytearray(b.nc)
    for k in range(b.nc):
        join[k] = br[k] and fin[b.ca[k]] and fin[b.cb[k]]
    return largest(b, labels(b, join, _par2), fin)


def add(b, deg, br, k, s):
    # Add s (1 or -1) bridges on connection k.
    br[k] += s
    deg[b.ca[k]] += s
    deg[b.cb[k]] += s
