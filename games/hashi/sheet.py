"""One seat's Hashi board (Sheet): the numbers written, the bridges per
line, and the rule tests on them (A1-A4, H1-H5, K4); can_bridge() is the
legal-bridge test on bare arrays, which the bot plans on too. Also the
bonus categories and what they are worth (sections 5 and 8). The engine
(engine.py), the views, the bot and the screen use it.

Runs unchanged on CircuitPython, MicroPython and CPython.
"""

from micropython import const

from games.hashi.boards import island_name

MAX_BRIDGES = const(6)  # H5

# Bonus categories (section 5) and their values per category: the high
# value, the low one, and solo the last card by which the high value is
# scored (section 8).
CAT_RED = const(0)
CAT_BLUE = const(1)
CAT_SIX = const(2)
SIX = const(6)
HIGH = bytes((9, 7, 8))
LOW = bytes((5, 3, 4))
SOLO_DEADLINE = bytes((12, 7, 12))


def bonus_points(cat, solo, high, rnd):
    """What meeting category cat at the end of round rnd scores: solo by
    its deadline (section 8), else high while no seat took it (K1, K2);
    high[cat] is the round its high value was taken, 0 while open."""
    if solo:
        return HIGH[cat] if rnd <= SOLO_DEADLINE[cat] else LOW[cat]
    return LOW[cat] if high[cat] else HIGH[cat]


def can_bridge(b, num, deg, br, k):
    """The legal-bridge test of section 4 (H2-H5, B3) for connection k of
    board b, on bare arrays (the bot plans on them too)."""
    if br[k] >= 2:
        return False
    for c in b.cross[k]:
        if br[c]:
            return False
    u = b.ca[k]
    v = b.cb[k]
    nu = num[u]
    nv = num[v]
    if not (nu or nv):
        return False
    return deg[u] < (nu or MAX_BRIDGES) and deg[v] < (nv or MAX_BRIDGES)


class Sheet:
    """One seat's board: numbers, bridges per connection, degrees.

    num[i] is 0 (empty) or 1..6; br[k] is 0..2 bridges on connection k;
    deg[i] the bridges touching island i. Bots may copy() a sheet and play
    on the copy with write/erase/add/remove.
    """

    __slots__ = ("b", "num", "br", "deg")

    def __init__(self, b, src=None):
        self.b = b
        if src is None:
            self.num = bytearray(b.n)
            self.br = bytearray(b.nc)
            self.deg = bytearray(b.n)
        else:
            self.num = bytearray(src.num)
            self.br = bytearray(src.br)
            self.deg = bytearray(src.deg)

    def copy(self):
        return Sheet(self.b, self)

    def load(self, src):
        self.num[:] = src.num
        self.br[:] = src.br
        self.deg[:] = src.deg

    def finished(self, i):
        """H4: an island is finished when its degree equals its number."""
        n = self.num[i]
        return n != 0 and self.deg[i] == n

    def finished_count(self):
        num, deg = self.num, self.deg
        c = 0
        for i in range(len(num)):
            if num[i] and deg[i] == num[i]:
                c += 1
        return c

    def why_number(self, i, n):
        """None if number n may be written on island i (A1-A4, H1), else the reason."""
        if not 0 <= i < self.b.n:
            return "No such island"
        if not 1 <= n <= 6:
            return "Numbers go from 1 to 6"
        if self.num[i]:
            return "Island %s has a number" % island_name(i)
        d = self.deg[i]
        if self.b.flag[i] and not d:
            return "Flag needs a bridge first"
        if n < d:
            return "Too small: %s has %d bridges" % (island_name(i), d)
        return None

    def can_number(self, i, n):
        return not self.num[i] and (self.deg[i] or not self.b.flag[i]) and n >= self.deg[i]

    def number_options(self, n):
        """Islands where number n may be written now."""
        return [i for i in range(self.b.n) if self.can_number(i, n)]

    def can_bridge(self, k):
        """The legal-bridge test of section 4 (H2-H5, B3) for connection k."""
        return can_bridge(self.b, self.num, self.deg, self.br, k)

    def why_bridge(self, k):
        """None if a bridge may be added on connection k, else the reason."""
        b = self.b
        if not 0 <= k < b.nc:
            return "No such line"
        if self.br[k] >= 2:
            return "At most 2 bridges a line"
        for c in b.cross[k]:
            if self.br[c]:
                return "Bridges may not cross"
        u, v = b.ca[k], b.cb[k]
        if not (self.num[u] or self.num[v]):
            return "Bridges start at a number"
        for i in (u, v):
            n, d = self.num[i], self.deg[i]
            if n and d >= n:
                return "Island %s is finished" % island_name(i)
            if d >= MAX_BRIDGES:
                return "Island %s has 6 bridges" % island_name(i)
        return None

    def bridge_options(self):
        """Connections where one more bridge may go now."""
        return [k for k in range(self.b.nc) if self.can_bridge(k)]

    def can_place(self, r, first=0):
        """Whether r more bridges can still be added together (each on a
        connection >= first). A set's legality does not depend on the order
        of its bridges, so trying them in ascending order is enough."""
        if r <= 0:
            return True
        for k in range(first, self.b.nc):
            if self.can_bridge(k):
                self.add(k)
                ok = self.can_place(r - 1, k)
                self.remove(k)
                if ok:
                    return True
        return False

    def write(self, i, n):
        self.num[i] = n

    def erase(self, i):
        self.num[i] = 0

    def add(self, k):
        self.br[k] += 1
        self.deg[self.b.ca[k]] += 1
        self.deg[self.b.cb[k]] += 1

    def remove(self, k):
        self.br[k] -= 1
        self.deg[self.b.ca[k]] -= 1
        self.deg[self.b.cb[k]] -= 1

    def largest_group(self):
        """K4: islands in the largest group of finished islands joined by
        bridges between finished islands."""
        b = self.b
        n = b.n
        fin = bytearray(n)
        for i in range(n):
            if self.finished(i):
                fin[i] = 1
        best = 0
        stack = []
        br, ca, cb, adj = self.br, b.ca, b.cb, b.adj
        for s in range(n):
            if fin[s] != 1:
                continue
            fin[s] = 2
            stack.append(s)
            size = 0
            while stack:
                i = stack.pop()
                size += 1
                for k in adj[i]:
                    if br[k]:
                        j = ca[k] + cb[k] - i
                        if fin[j] == 1:
                            fin[j] = 2
                            stack.append(j)
            if size > best:
                best = size
        return best

    def achieved(self, cat):
        """Whether the bonus condition of category cat is met (section 5)."""
        if cat == CAT_SIX:
            return self.largest_group() >= SIX
        for i in (self.b.reds if cat == CAT_RED else self.b.blues):
            if not self.finished(i):
                return False
        return True
