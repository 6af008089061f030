"""Hanabi computer teammate: choose(view, legal) from its view only,
deterministic; its conventions are in docs/hanabi-bot.md. In order: a
finesse's blind play; save the next player's chop; play a card it knows;
the best hint; in the final round a fair chance; near the end spare
tokens on hints; discard a useless card, else its chop.
Runs unchanged on CircuitPython, MicroPython and CPython."""

from micropython import const

from games.hanabi.botknow import CP, MARKED
from games.hanabi.botread import Table
from games.hanabi.bothint import best_hint, finish

_PLAY = const(32)
_DISCARD = const(40)
_ANNOUNCE = const(48)
_CHOREOGRAPHY = const(2)
_LAST_BREATH = const(1)
_STALL = 3  # deck size from which spare tokens go on hints (bottwo.stall: 2 players)


def _weigh(t, s, vis):
    """(identities, weights) serial s of one's own hand may be: public
    candidates, less the copies this seat sees."""
    ids = []
    ws = []
    for c in t.cands(s):
        w = CP[c] - vis[c]
        if w > 0:
            ids.append(c)
            ws.append(w)
    if not ids and t.pc[s]:
        t.pc[s] = None  # the mark no longer fits: read the card by its masks
        return _weigh(t, s, vis)
    return ids, ws


def think(view, legal):
    # choose() a part a frame (kapsa.moves.think): the table made (in the
    # frame the view is), the log read 8 entries a frame, one's own cards
    # weighed, then the hints, a receiver a frame. (The view, the table,
    # the first entries and the cards in one frame, with a paint: 0.11 s.)
    t = Table(view, False)
    yield None
    for _ in t.read(view):
        yield None
    action = yield from _decide(view, legal, t)
    yield action


def choose(view, legal, t=None):
    """The action, chosen in one go (the benchmarks and the tests)."""
    if len(legal) == 1:
        return legal[0]
    return finish(_decide(view, legal, Table(view) if t is None else t))


def _decide(view, legal, t):
    # A generator: None after each receiver's hints are weighed, and the
    # action as its return value.
    if len(legal) == 1:
        return legal[0]
    me = view.seat
    n = view.seats
    two = _two(n)
    vis = bytearray(t.gone)
    for p in range(n):
        if p != me:
            for c in view.hands[p]:
                vis[c] += 1
    mine = view.serials[me]
    fw = t.fw
    play = -1
    pkey = -1
    gamble = -1
    gp = 0
    mp = -1
    mgp = 0
    trash = -1
    crit = []
    for i in range(len(mine)):
        s = mine[i]
        ids, ws = _weigh(t, s, vis)
        tot = sum(ws) or 1
        good = 0
        bad = 0
        last = 0
        for j in range(len(ids)):
            c = ids[j]
            if fw[c // 5] == c % 5:
                good += ws[j]
            elif t.trash(c):
                bad += ws[j]
            elif CP[c] - t.gone[c] == 1:
                last += ws[j]
        crit.append(last * 100 // tot)
        if ids and good == tot:
            key = (t.fl[s] & MARKED) * 10 + (ids[0] % 5 == 4) * 5 + 5 - ids[0] % 5
            if key > pkey:
                pkey = key
                play = i
        elif ids and bad == tot and trash < 0:
            trash = i
        if ids and t.fl[s] & MARKED and good * 100 // tot > mgp:
            mgp = good * 100 // tot
            mp = i
        if good * 100 // tot > gp:
            gp = good * 100 // tot
            gamble = i
    yield None
    lf = t.lf
    if lf and view.deck and (lf[0] + 1) % n == me != lf[1]:
        # a play hint just given to a later player on a card that is not
        # playable but is next after a playable one: a finesse, my newest
        # untouched card is that playable one
        h = t.hands[lf[1]]
        for i in range(len(h)):
            if h[i] == lf[2]:
                a = view.hands[lf[1]][i]
                col = a // 5
                t.extend(h[i])
                if a % 5 and fw[col] == a % 5 - 1 == t.ext[col]:
                    for j in range(len(mine)):
                        if not t.fl[mine[j]]:
                            b = _ANNOUNCE + 8 * col + j
                            return b if b in legal else _PLAY + j
    hints = view.hints
    # the next player's chop first, when they would discard it
    h = (yield from best_hint(view, t, 1, two)) if 0 < hints < 8 else None
    if h is not None:
        return h[1]
    lb = view.options & _LAST_BREATH
    if play >= 0 and two and not lb and two.first(view):
        # two players: a hint that gives a card to play goes first
        h = yield from best_hint(view, t, 0, two)
        if h is not None and h[0] >= 10:
            return h[1]
    if play < 0 and mgp >= 67 and not view.mistakes and not lb:
        # a marked card two in three likely playable: try it
        play = mp
    if play >= 0:
        return _play(view, t, mine[play], play, vis, legal)
    end = view.deck == 0
    h = (yield from best_hint(view, t, 0, two)) if hints else None
    if h is not None and (h[0] >= (8 if two else 7) or two and hints > 6 and h[0] >= 3 and two.last(view, t, h[1])):
        # (two players, with 7 tokens: also a hint that touches a needed
        # last copy rather than a discard; with 3 to 5, also a play hint
        # that touches a useless card, 10 - 3)
        return h[1]
    if end and not lb and gamble >= 0 and (view.mistakes < 2 and gp >= 20 or gp >= 75):
        return _play(view, t, mine[gamble], gamble, vis, legal)
    if h is not None and not lb and (view.deck <= _STALL if two is None else
                                     two.stall(view, t, h[0])):
        # near the end a hint costs no card from the deck: spend the tokens
        # (with two players, any hint worth something once the turns to
        # spare are few)
        return h[1]
    if hints < 8 and mine:
        if trash >= 0:
            return _DISCARD + trash
        ch = t.chop(mine)
        if ch < 0 or crit[ch] == 100:
            # every card touched, or the chop surely a needed last copy: a
            # harmless hint (but for the last breath, not when the next
            # player has every card touched and nothing to play: the hints
            # would only go back and forth until the tokens are gone),
            # else the card least likely to be one
            low = 101
            for i in range(len(mine) - 1, -1, -1):
                if not t.fl[mine[i]] & MARKED and crit[i] < low:
                    low = crit[i]
                    ch = i
            if low and h is not None and h[0] >= 0 and (lb or _busy(t, t.hands[(me + 1) % n])):
                return h[1]
        if ch >= 0:
            return _DISCARD + ch
    if h is not None:
        return h[1]
    if gamble >= 0 and view.mistakes < 2:
        return _play(view, t, mine[gamble], gamble, vis, legal)
    for a in legal:
        if a >= 96:
            return a
    return legal[-1] if hints < 8 else legal[0]


def _two(n):
    """The two-player rules (bottwo) when two play, else None: a game of
    3 to 5 never imports them."""
    if n == 2:
        from games.hanabi import bottwo

        return bottwo
    return None


def _busy(t, h):
    """Whether hand h (the next player's) will play or discard its chop
    rather than answer a harmless hint with another: it holds an
    untouched card or a card everyone knows is playable."""
    for s in h:
        if not t.fl[s] or t.sure(s):
            return True
    return False


def _play(view, t, s, i, vis, legal):
    """Play position i, announcing its colour in timed choreography when
    every card it may be has that colour."""
    if view.options & _CHOREOGRAPHY:
        ids = _weigh(t, s, vis)[0]
        col = ids[0] // 5 if ids else -1
        for c in ids:
            if c // 5 != col:
                col = -1
        a = _ANNOUNCE + 8 * col + i
        if col >= 0 and a in legal:
            return a
    return _PLAY + i
