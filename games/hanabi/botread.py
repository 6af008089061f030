"""The Hanabi teammate's reading of the table (docs/hanabi-bot.md): what
every hint so far meant under the teammate's conventions, worked out again
from the view's public log alone, so every seat (and a person following
the conventions) reads the same marks.

Runs unchanged on CircuitPython, MicroPython and CPython.
"""

from micropython import const

# engine.py's numbers (private copies; tests/test_hanabi_bot.py checks them).
_PLAY = const(32)
_DISCARD = const(40)
_ANNOUNCE = const(48)
_HINT = const(96)
_VALUE = const(8)
_MISPLAY = const(64)
_RAINBOW_WILD = const(8)

TOUCHED = const(1)  # a hint has pointed at the card
MARKED = const(2)  # a play hint's focus: "play this"


# Copies of each identity (cards.copies() as a table).
CP = b"\x03\x02\x02\x02\x01\x03\x02\x02\x02\x01\x03\x02\x02\x02\x01\x03\x02\x02\x02\x01\x03\x02\x02\x02\x01\x01\x01\x01\x01\x01"


class Table:
    """Public knowledge after the log: per card serial the masks (kc, kv),
    the flags (fl: TOUCHED, MARKED) and a marked card's candidates (pc:
    the identities it could be that were playable when it was marked);
    fireworks (fw), copies discarded or played per identity (gone)."""

    __slots__ = ("kc", "kv", "fl", "pc", "fw", "gone", "cols", "hands")

    def __init__(self, v):
        n = v.seats
        self.cols = cols = v.colours
        total = 55 if cols == 6 else 50
        self.kc = kc = bytearray([(1 << cols) - 1] * total)
        self.kv = kv = bytearray([31] * total)
        self.fl = bytearray(total)
        self.pc = [None] * total
        self.fw = fw = bytearray(cols)
        self.gone = gone = bytearray(30)
        self.hands = hands = [bytearray() for _ in range(n)]
        nxt = n * v.hand_size
        for s in range(nxt):
            p = s % n
            hands[p] = bytearray((s,)) + hands[p]
        wild = v.options & _RAINBOW_WILD
        log = v.log
        for j in range(0, len(log), 3):
            p = log[j]
            a = log[j + 1]
            info = log[j + 2]
            if a >= _HINT:
                t = (a - _HINT) >> 4
                k = a & 15
                h = hands[t]
                if k & _VALUE:
                    know = kv
                    bit = 1 << (k - _VALUE - 1)
                else:
                    know = kc
                    bit = 1 << k
                    if wild:
                        bit |= 32
                for i in range(len(h)):
                    s = h[i]
                    if info >> i & 1:
                        know[s] &= bit
                    else:
                        know[s] &= ~bit & 255
                self.mark(h, info)
            elif a >= _PLAY:
                h = hands[p]
                i = a & 7
                hands[p] = h[:i] + h[i + 1:]
                c = info & 31
                gone[c] += 1
                if (a < _DISCARD or a >= _ANNOUNCE) and not info & _MISPLAY:
                    fw[c // 5] = c % 5 + 1
                if nxt < total:
                    hands[p] = bytearray((nxt,)) + hands[p]
                    nxt += 1

    def chop(self, h):
        """The position of the oldest card no hint touched, or -1."""
        fl = self.fl
        for i in range(len(h) - 1, -1, -1):
            if not fl[h[i]]:
                return i
        return -1

    def focus(self, h, m):
        """The card a hint pointing at positions m is about: the chop if
        it is among them, else the newest card it touches for the first
        time; -1 if it touches no new card."""
        ch = self.chop(h)
        if ch >= 0 and m >> ch & 1:
            return ch
        fl = self.fl
        for i in range(len(h)):
            if m >> i & 1 and not fl[h[i]]:
                return i
        return -1

    def mark(self, h, m):
        """Apply the conventions to a hint pointing at positions m of hand
        h (masks already updated): the focus is marked to play if it could
        be a playable card, else the hint was a save. Returns the focus."""
        f = self.focus(h, m)
        ch = self.chop(h)
        fl = self.fl
        for i in range(len(h)):
            if m >> i & 1:
                fl[h[i]] |= TOUCHED
        if f >= 0:
            s = h[f]
            c = self.playable(s)
            if c and f == ch and self.saving(s):
                c = None
            if c:
                fl[s] |= MARKED
                self.pc[s] = c
        return f

    def saving(self, s):
        """Whether serial s could be the last copy of a card still
        needed that is not playable now (a hint on the chop is then a
        save)."""
        return self.scan(s, 1)

    def sure(self, s):
        """Whether everyone knows serial s is playable now."""
        return self.scan(s, 0)

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
                            if CP[c] - gone[c] == 1 and fw[col] != v and not self.trash(c):
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
        fw = self.fw
        out = bytearray()
        for col in range(self.cols):
            v = fw[col]
            if kc >> col & 1 and v < 5 and kv >> v & 1:
                c = col * 5 + v
                if self.gone[c] < CP[c]:
                    out.append(c)
        return bytes(out)

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
