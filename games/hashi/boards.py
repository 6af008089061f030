"""Hashi board data: the deck and the island maps, and the geometry built from them.

Runs unchanged on CircuitPython, MicroPython and CPython.

NUMBERS and BRIDGES are the one table of the 18 cards: card c shows the
number NUMBERS[c] and BRIDGES[c] bridges; the card index used everywhere
(chance outcomes, the card bar) is the position in this table. Replace the
table to change the deck: nothing else refers to its contents (OP-1
placeholder deck of the spec). Bytes, not a tuple of pairs: 36 bytes of
data where 18 tuples took about 400.

A map is one string of equal-length rows separated by spaces: "." water,
"o" an island without flag, "r" a red-flag island, "b" a blue-flag island
(one string, not a tuple of rows: MicroPython keeps a string of up to 10
characters in the source as an interned name, in RAM for good). Islands
are numbered in reading order (row by row, left to right) and named
"A".."R". An optional tuple of island-name pairs ("AB", upper or left island first)
lists possible lines that are NOT printed (none on A, B or P at present).

Board(...) computes from a map, once:
- connections: neighbouring islands on one row or column with no island
  between, in a fixed order (all horizontal ones in reading order, then the
  vertical ones by their upper island), ends ca[k] < cb[k];
- crossings: a horizontal and a vertical connection that intersect strictly
  between their islands; cross[k] lists the connections crossing k;
- adj[i]: the connections touching island i.
"""

NUMBERS = bytes((1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6))
BRIDGES = bytes((1, 1, 2, 1, 1, 2, 1, 2, 3, 1, 2, 3, 1, 2, 3, 2, 3, 3))

# The maps. A and B are our own designs (OP-2); P is the spec's placeholder
# board (section 1.1), kept for tests.
# A: 24 lines, 3 crossings; red flags in the corners, blue flags on outer
#    islands with three free lines.
# B: 24 lines, 7 crossings (an inner ring woven through the frame); flags on
#    corners and on ring islands whose only lines cross others.
MAPS = (
    ("A",
        "r.b.o.r "
        ".o.o... "
        "..o.o.o "
        ".o.o... "
        "o.b.o.b "
        "....... "
        "r...o.r", ()),
    ("B",
        "b.o.o.r "
        ".r...o. "
        "o.r.b.o "
        ".o...b. "
        "..o...o "
        "....... "
        "o.o.o.r", ()),
    ("P",
        "r..b..r "
        ".o...o. "
        "o..o..o "
        ".o..o.. "
        "b..o..o "
        "..o..b. "
        "r..o..r", ()),
)

NONE = 0
RED = 1
BLUE = 2


class Board:
    """Static geometry of one board side (shared by every seat, never changed)."""

    def __init__(self, name, rows, omit=()):
        self.name = name
        rows = rows.split()
        self.w = len(rows[0])
        self.h = len(rows)
        cells = [(x, y, ".orb".index(c) - 1) for y, row in enumerate(rows)
                 for x, c in enumerate(row) if c != "."]
        n = self.n = len(cells)
        xs = self.x = bytes(c[0] for c in cells)
        ys = self.y = bytes(c[1] for c in cells)
        self.flag = bytes(c[2] for c in cells)
        self.reds = tuple(i for i in range(n) if cells[i][2] == RED)
        self.blues = tuple(i for i in range(n) if cells[i][2] == BLUE)
        # Reading order: a row neighbour is the next island; a column
        # neighbour the first later island in the same column.
        pairs = [(i, i + 1) for i in range(n - 1) if ys[i] == ys[i + 1]]
        for i in range(n):
            for j in range(i + 1, n):
                if xs[j] == xs[i]:
                    pairs.append((i, j))
                    break
        pairs = [p for p in pairs if island_name(p[0]) + island_name(p[1]) not in omit]
        nc = self.nc = len(pairs)
        ca = self.ca = bytes(p[0] for p in pairs)
        cb = self.cb = bytes(p[1] for p in pairs)
        horiz = self.horiz = bytes(ys[p[0]] == ys[p[1]] for p in pairs)
        cross = [[] for _ in range(nc)]
        crossings = []
        for h in range(nc):
            for v in range(nc):
                if (horiz[h] and not horiz[v] and xs[ca[h]] < xs[ca[v]] < xs[cb[h]]
                        and ys[ca[v]] < ys[ca[h]] < ys[cb[v]]):
                    cross[h].append(v)
                    cross[v].append(h)
                    crossings.append((h, v))
        self.cross = tuple(tuple(c) for c in cross)
        self.crossings = tuple(crossings)  # (horizontal k, vertical k) pairs
        self.adj = tuple(tuple(k for k in range(nc) if i in (ca[k], cb[k])) for i in range(n))

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
