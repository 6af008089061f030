"""The hindsight search's board (solver.py): the numbers, bridges and
degrees of one line of play, and the rule tests the search makes on them.
Search extends Position. Runs unchanged on CircuitPython, MicroPython and
CPython.
"""

from micropython import const

from games.hashi import value as V
from games.hashi.sheet import HIGH, LOW, SOLO_DEADLINE

# engine.py's numbers (private copies: inlined, no names kept at run time;
# tests/test_hashi_engine.py checks that they are the engine's).
_START4 = const(160)

# The search's own codes in a line's steps: no number, no (more) bridges.
SKIP = const(255)  # option: no number this round
NONE = const(254)  # option: no bridges this round


class Position:
    """b: the board; num, deg, br: numbers, degrees, bridges per line; blk:
    bridged lines crossing each line; start: the start action (on the
    board from the start); dl: each bonus category's deadline in a game of
    R rounds; at_dl: whether this line met it by then."""

    def __init__(self, b, start, R):
        self.b = b
        self.start = start
        self.num = bytearray(b.n)
        self.deg = bytearray(b.n)
        self.br = bytearray(b.nc)
        self.blk = bytearray(b.nc)  # bridged lines crossing each line
        self.num[start & 31] = 4 if start >= _START4 else 3
        self.dl = [min(SOLO_DEADLINE[c], R) for c in range(3)]
        self.at_dl = bytearray(3)  # category met at its deadline, this line

    def add(self, k):
        b = self.b
        self.br[k] += 1
        self.deg[b.ca[k]] += 1
        self.deg[b.cb[k]] += 1
        if self.br[k] == 1:
            for c in b.cross[k]:
                self.blk[c] += 1

    def remove(self, k):
        b = self.b
        self.br[k] -= 1
        self.deg[b.ca[k]] -= 1
        self.deg[b.cb[k]] -= 1
        if self.br[k] == 0:
            for c in b.cross[k]:
                self.blk[c] -= 1

    def load(self, board):
        """Set the board from bytes: the numbers, then the bridges."""
        n = self.b.n
        self.num[:] = board[:n]
        br = board[n:]
        for k in range(self.b.nc):
            self.br[k] = 0
            self.blk[k] = 0
        for i in range(self.b.n):
            self.deg[i] = 0
        for k in range(self.b.nc):
            for _ in range(br[k]):
                self.add(k)

    def can_bridge(self, k):
        if self.br[k] >= 2 or self.blk[k]:
            return False
        b = self.b
        u = b.ca[k]
        v = b.cb[k]
        nu = self.num[u]
        nv = self.num[v]
        if not (nu or nv):
            return False
        return self.deg[u] < (nu or 6) and self.deg[v] < (nv or 6)

    def can_number(self, i, n):
        return not self.num[i] and (self.deg[i] or not self.b.flag[i]) and n >= self.deg[i]

    def finished(self):
        c = 0
        num = self.num
        deg = self.deg
        for i in range(self.b.n):
            if num[i] and num[i] == deg[i]:
                c += 1
        return c

    def met(self, c):
        """Whether bonus category c (0 red, 1 blue, 2 six) is met now."""
        b = self.b
        num = self.num
        deg = self.deg
        if c == 2:
            return V.finished_group(b, num, deg, self.br) >= 6
        for i in (b.reds if c == 0 else b.blues):
            if not num[i] or num[i] != deg[i]:
                return False
        return True

    def score(self):
        """Final score of the current board (at_dl: met by the deadlines)."""
        s = 2 * self.finished()
        for c in range(3):
            if self.met(c):
                s += HIGH[c] if self.at_dl[c] else LOW[c]
        return s

    def round_end(self, r):
        for c in range(3):
            if self.dl[c] == r + 1:
                self.at_dl[c] = 1 if self.met(c) else 0

    def num0(self):
        """The numbers at the start: the start number alone."""
        num = bytearray(self.b.n)
        num[self.start & 31] = 4 if self.start >= _START4 else 3
        return num
