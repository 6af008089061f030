"""The hindsight search's bound (bound.py), its counting part: which of
the numbers still to come can go to which islands (matchable, pair), and
so how many islands can still be finished (count) and whether the flag
islands of a bonus can (flags_fit), with the bridge ends still to come.
Functions of the Search (solver.py). Runs unchanged on CircuitPython,
MicroPython and CPython.
"""


def flags_fit(s, m, ncost, udeg, nums, late, later, ends):
    """Whether the flag islands of mask m can all be finished with these
    numbers (of rounds t..D-1) and ends. A flag island without a bridge
    takes its number from `late` (the rounds after this one), or, when
    no numbered neighbour can bridge it yet, from `later` (the rounds
    after the one that numbers a neighbour, which takes a number too)."""
    need = 0
    fu = []
    forced = []
    orphans = []
    for cost, mask in ncost:
        if mask & m:
            need += cost
    for u in udeg:
        d, mask, lo, hi, i = u
        if mask & m:
            fu.append(d)
            forced.append(u)
            src = nums
            if not d:
                src = late
                if orphan(s, i):
                    orphans.append(i)
                    src = later
            ok = False
            for x in src:
                if lo <= x <= hi:
                    ok = True
                    break
            if not ok:
                return False
    if orphans and len(forced) + anchors(s, orphans) > len(nums):
        return False
    if forced and matchable(forced, nums, s.cnt) < len(forced):
        return False
    h = degrees(s, fu)
    return need + pair(h, nums) <= ends


def orphan(s, i):
    """Whether no numbered neighbour can bridge island i now."""
    b = s.b
    for k in b.adj[i]:
        j = b.ca[k] + b.cb[k] - i
        if s.num[j] and s.room[j] and s.br[k] < 2 and not s.blk[k]:
            return False
    return True


def anchors(s, orphans):
    """Fewest islands to number so that each orphan gets a numbered
    neighbour (a lower bound: 1, 2 or 3)."""
    b = s.b
    sets = []
    for i in orphans:
        nb = []
        for k in b.adj[i]:
            if s.br[k] < 2 and not s.blk[k]:
                j = b.ca[k] + b.cb[k] - i
                if not s.num[j] and (not b.flag[j] or s.deg[j]):
                    nb.append(j)
        sets.append(nb)
    for j in sets[0]:
        if all(j in nb for nb in sets):
            return 1
    if len(sets) == 2:
        return 2
    for x in range(len(sets)):
        for j in sets[x]:
            rest = [nb for nb in sets if j not in nb]
            for j2 in rest[0]:
                if all(j2 in nb for nb in rest):
                    return 2
    return 3


def count(s, m, ncost, udeg, nums, ends):
    """Most islands beyond the finished ones that can be finished, the
    flag islands of mask m among them (-1 if those cannot be)."""
    fn = 0
    nf = 0
    on = []
    fu = []
    ou = []
    for cost, mask in ncost:
        if mask & m:
            fn += cost
            nf += 1
        else:
            on.append(cost)
    forced = []
    for u in udeg:
        if u[1] & m:
            fu.append(u[0])
            forced.append(u)
        else:
            ou.append(u[0])
    if forced and matchable(forced, nums, s.cnt) < len(forced):
        return -1
    top = matchable(udeg, nums, s.cnt)
    on.sort()
    ou.sort(reverse=True)
    best = -1
    budget = ends - fn
    kmax = len(ou)
    if kmax > top - len(fu):
        kmax = top - len(fu)
    h = degrees(s, fu)
    for k in range(kmax + 1):
        if k:
            h[ou[k - 1]] += 1  # fu and the k largest of ou
        left = budget - pair(h, nums)
        if left < 0:
            break
        mm = 0
        for c in on:
            if c > left:
                break
            left -= c
            mm += 1
        tot = nf + len(fu) + k + mm
        if tot > best:
            best = tot
    return best


def degrees(s, degs):
    """s.hist: how many of `degs` have each degree 0..6 (pair() reads it:
    a histogram allocates nothing, a sorted list of them would)."""
    h = s.hist
    for x in range(7):
        h[x] = 0
    for d in degs:
        h[d] += 1
    return h


def pair(h, nums):
    """Fewest bridge ends that islands of these degrees (h: how many of
    each degree) need to be finished with distinct numbers from nums
    (sorted): pair both in the same order."""
    c = 0
    x = 0
    for d in range(7):
        for _ in range(h[d]):
            e = nums[x] - d
            if e > 0:
                c += e
            x += 1
    return c


def matchable(udeg, nums, cnt):
    """Most numberless islands that can each get their own number from nums
    within their reach lo..hi (greedy by the reach's end: optimal)."""
    for x in range(7):
        cnt[x] = 0
    for x in nums:
        cnt[x] += 1
    got = 0
    for hi in range(1, 7):
        for u in udeg:
            if u[3] == hi:
                for x in range(u[2], hi + 1):
                    if cnt[x]:
                        cnt[x] -= 1
                        got += 1
                        break
    return got
