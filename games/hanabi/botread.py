"""The Hanabi teammate's reading of the table (docs/hanabi-bot.md): what
every hint so far meant under the teammate's conventions, worked out again
from the view's public log alone, so every seat (and a person following
the conventions) reads the same marks.

Runs unchanged on CircuitPython, MicroPython and CPython.
"""

from micropython import const

from games.hanabi.botknow import CP, MARKED, TOUCHED, Know

# engine.py's numbers (private copies; tests/test_hanabi_bot.py checks them).
_PLAY = const(32)
_DISCARD = const(40)
_ANNOUNCE = const(48)
_HINT = const(96)
_VALUE = const(8)
_MISPLAY = const(64)
_RAINBOW_WILD = const(8)


class Table(Know):
    """Public knowledge after the log: per card serial the masks (kc, kv),
    the flags (fl: TOUCHED, MARKED) and a marked card's candidates (pc:
    the identities it could be that were playable when it was marked);
    fireworks (fw), copies discarded or played per identity (gone)."""

    __slots__ = ()

    def __init__(self, v):
        Know.__init__(self, v)
        n = v.seats
        total = len(self.kc)
        kc = self.kc
        kv = self.kv
        fw = self.fw
        gone = self.gone
        hands = self.hands
        nxt = n * v.hand_size
        for s in range(nxt):
            p = s % n
            hands[p] = bytearray((s,)) + hands[p]
        wild = v.options & _RAINBOW_WILD
        log = v.log
        fin = None
        for j in range(0, len(log), 3):
            p = log[j]
            a = log[j + 1]
            info = log[j + 2]
            lf = fin
            fin = None
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
                f = self.mark(h, info, k & _VALUE)
                if f >= 0 and self.fl[h[f]] & MARKED:
                    fin = (p, t, h[f])
            elif a >= _PLAY:
                h = hands[p]
                i = a & 7
                hands[p] = h[:i] + h[i + 1:]
                c = info & 31
                gone[c] += 1
                if (a < _DISCARD or a >= _ANNOUNCE) and not info & _MISPLAY:
                    fw[c // 5] = c % 5 + 1
                    if lf and lf[0] + 1 - p in (0, n) and p != lf[1] and not self.fl[h[i]] and nxt < total:
                        # a blind play right after a play hint answers a
                        # finesse: the hint's focus is the next card
                        f = lf[2]
                        if c % 5 < 4 and kc[f] >> (c // 5) & 1 and kv[f] >> (c % 5 + 1) & 1:
                            self.pc[f] = bytes((c + 1,))
                if nxt < total:
                    hands[p] = bytearray((nxt,)) + hands[p]
                    nxt += 1
        self.lf = fin

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

    def mark(self, h, m, val=1):
        """Apply the conventions to a hint pointing at positions m of hand
        h (masks already updated; val: a value hint): the focus is marked
        to play if it could be the next card of its colour once the cards
        everyone knows are marked to play are played, unless it is the
        chop and could be a needed last copy that is not playable (a save;
        a colour hint does not save a 5). Returns the focus."""
        f = self.focus(h, m)
        ch = self.chop(h)
        fl = self.fl
        for i in range(len(h)):
            if m >> i & 1:
                fl[h[i]] |= TOUCHED
        if f >= 0:
            s = h[f]
            self.extend(s)
            c = self.playable(s)
            if c and f == ch and self.scan(s, 1 if val else 2):
                c = None
            if c:
                fl[s] |= MARKED
                self.pc[s] = c
        return f

    def sure(self, s):
        """Whether everyone knows serial s is playable now."""
        return self.scan(s, 0)
