"""The Hanabi teammate's hints (docs/hanabi-bot.md): each is read as its
receiver will (botread.Table.mark); every card it makes someone play must
be the card read (else it is never given): 10 each (0 for a copy of a
card coming; a bluff's focus, which waits, BLUFF), a save of a chop
that would go 8 (a needed last copy; with two players also a 2 whose
other copy is not in view), a newly touched useful card 1 (last copy
3), useless -3; leaving a needed last copy on the chop of a player with
nothing to play -8 (such a 2: -4). The "2 save" is bottwo.lone2, given
only when two play.
Runs unchanged on CircuitPython, MicroPython and CPython."""

from micropython import const

from games.hanabi.botknow import CP, MARKED, TOUCHED

_HINT = const(96)
_VALUE = const(8)
_RAINBOW_WILD = const(8)
_LAST_BREATH = const(1)
_CHOREOGRAPHY = const(2)


def _queued(view, t):
    """Identities the other seats will play (marked or known playable),
    and per seat whether it has such a card."""
    q = bytearray(30)
    has = bytearray(view.seats)
    for p in range(view.seats):
        if p == view.seat:
            continue
        h = t.hands[p]
        for i in range(len(h)):
            s = h[i]
            if t.sure(s):
                has[p] = 1
                q[view.hands[p][i]] += 1
            elif t.fl[s] & MARKED:
                q[view.hands[p][i]] += 1
    return q, has


def finish(parts):
    """What a generator of parts returns, run to its end in one go."""
    try:
        while True:
            next(parts)
    except StopIteration as done:
        return done.value


def best_hint(view, t, save=0, two=None):
    """A generator, None after each receiver's hints are weighed (a frame's
    work on the device), returning (score, action) of the best hint that makes nobody play an
    unplayable card, or None; with save, only hints to the next player
    when their chop must be saved: on the chop, or giving a card to play
    now. two: the two-player rules (bottwo) when two play, else None."""
    me = view.seat
    n = view.seats
    q, has = _queued(view, t)
    wild = view.options & _RAINBOW_WILD
    lb = view.options & _LAST_BREATH
    kinds = list(range(5 if wild else t.cols)) + [_VALUE + v for v in range(1, 6)]
    best = None
    fid = -1
    h = t.hands[(me + 1) % n]
    for i in range(len(h)):
        if view.deck and not t.fl[h[i]]:
            # the next player's finesse card: their newest untouched one
            fid = view.hands[(me + 1) % n][i]
            break
    risk = -1
    if view.hints == 1 and view.deck and not save:
        # the last token: a later player's chop to save (-8 to others)
        for d in range(2, n):
            p = (me + d) % n
            c = t.chop(t.hands[p])
            if risk < 0 and c >= 0 and not has[p]:
                c = view.hands[p][c]
                if CP[c] - t.gone[c] == 1 and not t.trash(c):
                    risk = p
    for d in range(1, 2 if save else n):
        if 0 <= view.final <= d:
            break
        p = (me + d) % n
        ids = view.hands[p]
        h = t.hands[p]
        nh = len(h)
        ch = t.chop(h)
        urgent = ch >= 0 and (lb or not has[p]) and (lb or view.deck > 0)
        if save:
            c = ids[ch] if urgent else 0
            if not urgent or CP[c] - t.gone[c] > 1 or t.trash(c):
                return None
        for k in kinds:
            m = 0
            for i in range(nh):
                c = ids[i]
                if k & _VALUE:
                    hit = c % 5 + 1 == k - _VALUE
                else:
                    hit = c // 5 == k or (wild and c >= 25)
                if hit:
                    m |= 1 << i
            if not m:
                continue
            sc = _score(view, t, h, ids, m, k, wild, q, ch, urgent, fid if d > 1 else -1, two)
            # a save, or a card to play now (a card that waits for another
            # one would not stop the discard)
            if sc is not None and (not save or m >> ch & 1 or sc >= 10 and _NOW[0]):
                if risk >= 0 and p != risk:
                    sc -= 8
                sc = sc * 8 + n - d
                if best is None or sc > best[0]:
                    best = (sc, _HINT + 16 * p + k)
        yield None
    if best is not None:
        best = (best[0] >> 3, best[1])
    return best


BLUFF = 5  # a bluff's focus: known one above a playable card, it waits
_OLD = bytearray(20)  # a hand's masks, flags and "will play" before a hint
_PC = [None] * 5
_NOW = bytearray(1)  # whether the hint _score weighed last gives a card to play now


def _score(view, t, h, ids, m, k, wild, q, ch, urgent, fid, two):
    nh = len(h)
    kc = t.kc
    kv = t.kv
    fl = t.fl
    pc = t.pc
    old = _OLD
    for i in range(nh):
        s = h[i]
        old[i] = kc[s]
        old[5 + i] = kv[s]
        old[10 + i] = fl[s]
        old[15 + i] = 1 if fl[s] & MARKED or t.sure(s) else 0
        _PC[i] = pc[s]
    if k & _VALUE:
        know = kv
        bit = 1 << (k - _VALUE - 1)
    else:
        know = kc
        bit = 1 << k
        if wild:
            bit |= 32
    for i in range(nh):
        s = h[i]
        if m >> i & 1:
            know[s] &= bit
        else:
            know[s] &= ~bit & 255
    t.mark(h, m, k, view.seat)
    sc = 0
    bad = False
    seen = now = 0
    fw = t.fw
    for x in t.pr:
        # a prompted card must be the card it is read as
        for p in range(view.seats):
            hp = t.hands[p]
            for i in range(len(hp)):
                if hp[i] == x:
                    c = view.hands[p][i]
                    if c != pc[x][0]:
                        bad = True
                    elif not q[c]:
                        sc += 10
                    fl[x] = TOUCHED
                    pc[x] = None
    for i in range(nh):
        s = h[i]
        c = ids[i]
        last = CP[c] - t.gone[c] == 1
        if not old[15 + i] and (fl[s] & MARKED or t.sure(s)):
            b = 1 << c
            w = 10
            if not (c in pc[s] if fl[s] & MARKED else fw[c // 5] == c % 5):
                if not (fl[s] & MARKED and c % 5 and fid >= 0 and fw[c // 5] == c % 5 - 1 == t.ext[c // 5] and fw[fid // 5] == fid % 5 and not q[fid]):
                    bad = True
                    break
                if fid != c - 1:
                    # a bluff: the receiver, seeing fid played, must read
                    # its card as one above a playable one, not as fid + 1
                    # (not in timed choreography: the blind player announces
                    # the focus's colour, wrong for a bluff)
                    if fid % 5 < 4 and kc[s] >> (fid // 5) & 1 and kv[s] >> (fid % 5 + 1) & 1 or t.trash(c) or view.options & _CHOREOGRAPHY:
                        bad = True
                        break
                    w = BLUFF
                sc += 10  # a finesse or bluff: the next player plays fid blind
                fid = -1
            if not (q[c] or seen & b):
                sc += w  # a copy of a card already coming counts nothing
            seen |= b
            if fw[c // 5] == c % 5:
                now = 1
        elif m >> i & 1 and not old[10 + i] & TOUCHED:
            if t.trash(c):
                sc -= 3
            elif i == ch and urgent and (last or two and two.lone2(t, ids, c)):
                sc += 8
            else:
                sc += 3 if last else 1
    c = t.chop(h)
    if c != ch and c >= 0 and not bad:
        # the hint leaves a needed last copy on the chop and nothing to play
        c = ids[c]
        if CP[c] - t.gone[c] == 1 and not t.trash(c) and not now:
            sc -= 8
        elif not now and two and two.lone2(t, ids, c):
            sc -= 4
    _NOW[0] = now
    for i in range(nh):
        s = h[i]
        kc[s] = old[i]
        kv[s] = old[5 + i]
        fl[s] = old[10 + i]
        pc[s] = _PC[i]
    return None if bad else sc
