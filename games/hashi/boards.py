"""Hashi board data: the deck, and the geometry of a board side (Board),
built once from its island map (maps.py) on first use.

Runs unchanged on CircuitPython, MicroPython and CPython.

NUMBERS and BRIDGES are the one table of the 18 cards: card c shows the
number NUMBERS[c] and BRIDGES[c] bridges; the card index used everywhere
(chance outcomes, the card bar) is the position in this table. Replace the
table to change the deck: nothing else refers to its contents (OP-1
placeholder deck of the spec). Bytes, not a tuple of pairs: 36 bytes of
data where 18 tuples took about 400.

Islands are numbered in reading order (row by row, left to right) and
named "A".."R". A Board holds, for its map:
- connections (lines): neighbouring islands on one row or column with no
  island between, in a fixed order (all horizontal ones in reading order,
  then the vertical ones by their upper island), ends ca[k] < cb[k];
- crossings: a horizontal and a vertical connection that intersect strictly
  between their islands; cross[k] lists the connections crossing k;
- adj[i]: the connections touching island i.
board(index) builds it from what maps.build() reads from the map, and
then lets maps.py go (kapsa.forget()): the maps and the code that reads
them are needed once a game.
"""

NUMBERS = bytes((1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6))
BRIDGES = bytes((1, 1, 2, 1, 1, 2, 1, 2, 3, 1, 2, 3, 1, 2, 3, 2, 3, 3))

NONE = 0
RED = 1
BLUE = 2


class Board:
    """Static geometry of one board side (shared by every seat, never
    changed): name, w x h grid; islands at x[i], y[i] with flag[i] (bytes);
    connections ca[k], cb[k], horiz[k] (bytes), cross[k] and adj[i] (tuples
    of tuples), crossings ((horizontal k, vertical k) pairs)."""

    def __init__(self, name, w, h, x, y, flag, ca, cb, horiz, cross, crossings, adj):
        self.name = name
        self.w = w
        self.h = h
        n = self.n = len(x)
        self.x = x
        self.y = y
        self.flag = flag
        self.reds = tuple(i for i in range(n) if flag[i] == RED)
        self.blues = tuple(i for i in range(n) if flag[i] == BLUE)
        self.nc = len(ca)
        self.ca = ca
        self.cb = cb
        self.horiz = horiz
        self.cross = cross
        self.crossings = crossings
        self.adj = adj

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


_cache = {}  # type: dict


def board(index):
    """Board 0 = A, 1 = B, 2 = P; built on first use and cached."""
    b = _cache.get(index)
    if b is None:
        from games.hashi import maps
        from kapsa import forget

        b = _cache[index] = Board(*maps.build(*maps.MAPS[index]))
        forget("games.hashi.maps")
    return b
