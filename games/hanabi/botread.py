"""The Hanabi teammate's reading of the public log (docs/hanabi-bot.md):
what every hint meant, so every seat reads the same marks.
Runs unchanged on CircuitPython, MicroPython and CPython."""

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
    """Public knowledge after the log (botknow.Know); lf: the last action
    if it was a play hint, (hinter, receiver, focus)."""

    __slots__ = ()

    def __init__(self, v, now=True):
        Know.__init__(self, v)
        if now:
            for _ in self.read(v):
                pass

    def read(self, v):
        """Read the log: a generator, None after every 8 entries (bot.think
        reads a part a frame, so each part's garbage is collected first)."""
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
                f = self.mark(h, info, k, p)
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
                        else:
                            # a bluff: the focus is one above a card that
                            # was playable (before this play); it waits
                            b = bytearray()
                            for x in range(5 * self.cols):
                                y = x // 5
                                if kc[f] >> y & 1 and kv[f] >> x % 5 & 1 and x % 5 == (c % 5 if y == c // 5 else fw[y]) + 1 and gone[x] < CP[x]:
                                    b.append(x)
                            self.pc[f] = bytes(b) or None
                if nxt < total:
                    hands[p] = bytearray((nxt,)) + hands[p]
                    nxt += 1
            if j % 24 == 21:
                yield None
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

    def mark(self, h, m, k, hp):
        """Read hint k from seat hp on positions m of hand h (masks set):
        a colour hint prompts the touched cards of the others (hp's and
        h's aside, seat after seat from hp on, newest first) that could be
        the next card of its colour (pr: marked as that card); the focus
        is then marked to play if it could be the next card of its colour
        (pc: those), unless it is a save: the chop, possibly a needed last
        copy not playable (a 5 only by value). Returns the focus."""
        f = self.focus(h, m)
        ch = self.chop(h)
        fl = self.fl
        pc = self.pc
        pr = self.pr = []
        for i in range(len(h)):
            if m >> i & 1:
                fl[h[i]] |= TOUCHED
        if f >= 0:
            s = h[f]
            self.extend(s)
            n = len(self.hands)
            while k < _VALUE and self.kc[s] == 1 << k and self.ext[k] < 5:
                c = 5 * k + self.ext[k]
                x = -1
                for d in range(1, n):
                    o = self.hands[(hp + d) % n]
                    for y in o:
                        if x < 0 and fl[y] == TOUCHED and o is not h and self.kc[y] >> k & 1 and self.kv[y] >> c % 5 & 1:
                            x = y
                if x < 0 or self.gone[c] >= CP[c]:
                    break
                fl[x] |= MARKED
                pc[x] = bytes((c,))
                pr.append(x)
                self.extend(s)
            c = self.playable(s)
            if c:
                # another touched card of this hand that everyone now
                # knows is one of those: the focus is not asked to be
                # that card again (a hint that shows a B2 is no second B2)
                for x in h:
                    if x != s and fl[x] & TOUCHED:
                        y = self.ident(x)
                        if y >= 0 and y in c:
                            c = bytes(z for z in c if z != y)
            if c and f == ch and self.scan(s, 2 if k < _VALUE else 1):
                c = None
            if c:
                fl[s] |= MARKED
                pc[s] = c
            else:
                for x in pr:
                    fl[x] = TOUCHED
                    pc[x] = None
                self.pr = []
        return f

    def sure(self, s):
        """Whether everyone knows serial s is playable now."""
        return self.scan(s, 0)
