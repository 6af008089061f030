"""Hashi board data: the deck and the island maps, and the geometry built from them.

Runs unchanged on CircuitPython, MicroPython and CPython.

DECK is the one table of the 18 cards, (number, bridges) per card; the card
index used everywhere (chance outcomes, the card bar) is the position in this
table. Replace the table to change the deck: nothing else refers to its
contents (OP-1 placeholder deck of the spec).

A map is a tuple of equal-length row strings: "." water, "o" an island
without flag, "r" a red-flag island, "b" a blue-flag island. Islands are
numbered in reading order (row by row, left to right) and named "A".."R".
An optional tuple of island-name pairs ("AB", ...) lists possible lines that
are NOT printed (no such line on A, B or P at present).

Board(...) computes from a map, once:
- connections: neighbouring islands on one row or column with no island
  between, in a fixed order (all horizontal ones row by row, then all vertical
  ones column by column), ends ca[k] < cb[k];
- crossings: a horizontal and a vertical connection that intersect strictly
  between their islands; cross[k] lists the connections crossing k;
- adj[i]: the connections touching island i.
"""

DECK = (
    (1, 1), (1, 1), (1, 2),
    (2, 1), (2, 1), (2, 2),
    (3, 1), (3, 2), (3, 3),
    (4, 1), (4, 2), (4, 3),
    (5, 1), (5, 2), (5, 3),
    (6, 2), (6, 3), (6, 3),
)

# The maps. A and B are our own designs (OP-2); P is the spec's placeholder
# board (section 1.1), kept for tests.
# A: 24 lines, 3 crossings; red flags in the corners, blue flags on outer
#    islands with three free lines.
# B: 24 lines, 7 crossings (an inner ring woven through the frame); flags on
#    corners and on ring islands whose only lines cross others.
MAPS = (
    ("A", (
        "r.b.o.r",
        ".o.o...",
        "..o.o.o",
        ".o.o...",
        "o.b.o.b",
        ".......",
        "r...o.r",
    ), ()),
    ("B", (
        "b.o.o.r",
        ".r...o.",
        "o.r.b.o",
        ".o...b.",
        "..o...o",
        ".......",
        "o.o.o.r",
    ), ()),
    ("P", (
        "r..b..r",
        ".o...o.",
        "o..o..o",
        ".o..o..",
        "b..o..o",
        "..o..b.",
        "r..o..r",
    ), ()),
)

NONE = 0
RED = 1
BLUE = 2
_FLAG = {"o": NONE, "r": RED, "b": BLUE}


class Board:
    """Static geometry of one board side (shared by every seat, never changed)."""

    def __init__(self, name, rows, omit=()):
        self.name = name
        self.w = len(rows[0])
        self.h = len(rows)
        xs, ys, fl = [], [], []
        at = {}
        for y in range(self.h):
            for x in range(self.w):
                ch = rows[y][x]
                if ch != ".":
                    at[(x, y)] = len(xs)
                    xs.append(x)
                    ys.append(y)
                    fl.append(_FLAG[ch])
        n = len(xs)
        self.n = n
        self.x = bytes(xs)
        self.y = bytes(ys)
        self.flag = bytes(fl)
        self.reds = tuple(i for i in range(n) if fl[i] == RED)
        self.blues = tuple(i for i in range(n) if fl[i] == BLUE)
        skip = [(ord(p[0]) - 65, ord(p[1]) - 65) for p in omit]
        ca, cb = [], []
        # Horizontal lines row by row, then vertical lines column by column.
        for horiz in (1, 0):
            outer = self.h if horiz else self.w
            inner = self.w if horiz else self.h
            for a in range(outer):
                last = -1
                for b in range(inner):
                    i = at.get((b, a) if horiz else (a, b), -1)
                    if i < 0:
                        continue
                    if last >= 0 and (last, i) not in skip and (i, last) not in skip:
                        ca.append(last)
                        cb.append(i)
                    last = i
        nc = len(ca)
        self.nc = nc
        self.ca = bytes(ca)
        self.cb = bytes(cb)
        self.horiz = bytes(1 if ys[ca[k]] == ys[cb[k]] else 0 for k in range(nc))
        cross = [[] for _ in range(nc)]
        pairs = []
        for h in range(nc):
            if not self.horiz[h]:
                continue
            hy, hx0, hx1 = ys[ca[h]], xs[ca[h]], xs[cb[h]]
            for v in range(nc):
                if self.horiz[v]:
                    continue
                vx, vy0, vy1 = xs[ca[v]], ys[ca[v]], ys[cb[v]]
                if hx0 < vx < hx1 and vy0 < hy < vy1:
                    cross[h].append(v)
                    cross[v].append(h)
                    pairs.append((h, v))
        self.cross = tuple(tuple(c) for c in cross)
        self.crossings = tuple(pairs)  # (horizontal k, vertical k) pairs
        adj = [[] for _ in range(n)]
        for k in range(nc):
            adj[ca[k]].append(k)
            adj[cb[k]].append(k)
        self.adj = tuple(tuple(a) for a in adj)

    def other(self, k, i):
        """The island at the other end of connection k from island i."""
        return self.ca[k] + self.cb[k] - i

    def conn(self, i, j):
        """The connection joining islands i and j, or -1."""
        for k in self.adj[i]:
            if self.ca[k] + self.cb[k] - i == j:
                return k
        return -1


def island_name(i):
    return chr(65 + i)


def conn_name(board, k):
    return chr(65 + board.ca[k]) + "-" + chr(65 + board.cb[k])


_cache = {}


def board(index):
    """Board 0 = A, 1 = B, 2 = P; built on first use and cached."""
    b = _cache.get(index)
    if b is None:
        name, rows, omit = MAPS[index]
        b = _cache[index] = Board(name, rows, omit)
    return b
