"""What is public of each card in the Hanabi teammate's reading
(botread.py): its candidates, playable, possibly a needed last copy.
Runs unchanged on CircuitPython, MicroPython and CPython."""

from micropython import const

TOUCHED = const(1)  # a hint has pointed at the card
MARKED = const(2)  # a play hint's focus: "play this"

# Copies of each identity (cards.copies() as a table).
CP = b"\x03\x02\x02\x02\x01\x03\x02\x02\x02\x01\x03\x02\x02\x02\x01\x03\x02\x02\x02\x01\x03\x02\x02\x02\x01\x01\x01\x01\x01\x01"


class Know:
    """Per serial: masks kc, kv; flags fl; pc, the candidates of a marked
    card; fireworks fw (ext: with the known marked cards played); gone:
    copies discarded or played."""

    __slots__ = ("kc", "kv", "fl", "pc", "fw", "gone", "cols", "hands", "ext", "lf", "pr")

    def __init__(self, v):
        self.cols = cols = v.colours
        total = 55 if cols == 6 else 50
        self.kc = bytearray([(1 << cols) - 1] * total)
        self.kv = bytearray([31] * total)
        self.fl = bytearray(total)
        self.pc = [None] * total  # type: list
        self.fw = bytearray(cols)
        self.ext = bytearray(cols)
        self.gone = bytearray(30)
        self.hands = [bytearray() for _ in range(v.seats)]
        self.lf = None
        self.pr = []
    def scan(self, s, save):
        # One walk over the candidates of serial s, allocating nothing:
        # save=1: is one a needed last copy, not playable; save=0: are
        # there candidates, all playable.
        kc = self.kc[s]
        kv = self.kv[s]
        gone = self.gone
        fw = self.fw
        pc = self.pc[s]
        seen = False
        for col in range(self.cols):
            if kc >> col & 1:
                for v in range(5):
                    c = col * 5 + v
                    if kv >> v & 1 and gone[c] < CP[c] and (not pc or c in pc):
                        if save:
                            if CP[c] - gone[c] == 1 and fw[col] != v and not self.trash(c) and (save == 1 or v < 4):
                                return True
                        elif fw[col] != v:
                            return False
                        seen = True
        return seen and not save

    def cands(self, s):
        """Identities serial s may be by public knowledge (masks, marks,
        copies gone)."""
        kc = self.kc[s]
        kv = self.kv[s]
        gone = self.gone
        pc = self.pc[s]
        out = []
        if pc:
            for c in pc:
                if kc >> (c // 5) & 1 and kv >> (c % 5) & 1 and gone[c] < CP[c]:
                    out.append(c)
            return out
        for col in range(self.cols):
            if kc >> col & 1:
                for v in range(5):
                    c = col * 5 + v
                    if kv >> v & 1 and gone[c] < CP[c]:
                        out.append(c)
        return out

    def playable(self, s):
        """The candidates of serial s (by masks) playable now, as bytes."""
        kc = self.kc[s]
        kv = self.kv[s]
        fw = self.ext
        out = bytearray()
        for col in range(self.cols):
            v = fw[col]
            if kc >> col & 1 and v < 5 and kv >> v & 1:
                c = col * 5 + v
                if self.gone[c] < CP[c]:
                    out.append(c)
        return bytes(out)

    def ident(self, s):
        """The one identity serial s can be by public knowledge, or -1."""
        pc = self.pc[s]
        kc = self.kc[s]
        kv = self.kv[s]
        gone = self.gone
        one = -1
        for c in (pc or range(5 * self.cols)):
            if kc >> (c // 5) & 1 and kv >> (c % 5) & 1 and gone[c] < CP[c]:
                if one >= 0:
                    return -1
                one = c
        return one

    def extend(self, s):
        """ext: the fireworks once every card (but serial s) that is marked
        to play and whose identity everyone knows is played."""
        ext = self.ext
        fw = self.fw
        for i in range(self.cols):
            ext[i] = fw[i]
        fl = self.fl
        more = True
        while more:
            more = False
            for h in self.hands:
                for x in h:
                    if x != s and fl[x] & MARKED:
                        c = self.ident(x)
                        if c >= 0 and ext[c // 5] == c % 5:
                            ext[c // 5] += 1
                            more = True

    def trash(self, c):
        """Whether card c can never be played: its firework passed it, or
        every copy of a lower value it needs is gone."""
        col = c // 5
        v = self.fw[col]
        if c % 5 < v:
            return True
        for x in range(col * 5 + v, c):
            if self.gone[x] >= CP[x]:
                return True
        return False
