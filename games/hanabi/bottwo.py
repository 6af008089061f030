"""The Hanabi teammate's two-player rules (docs/hanabi-bot.md), imported
by bot.choose only when two play: a game of 3 to 5 never holds this code.

- The "2 save": a 2 on the chop of a player with nothing to play is saved
  like a needed last copy when no copy of it is gone and the other is not
  in view (lone2; bothint weighs its save 8, and a hint that moves such a
  chop onto a 2 like that -4).
- "The turns to spare" (spare): the cards left to draw and the final
  round's turns, less the points still to make; once they are 4 or fewer,
  a hint worth something rather than a discard, and spare tokens go on any
  hint from a deck of 3 (stall).
- "The early save" (last): with 7 tokens, a hint worth 3 or more that
  touches a needed last copy for the first time goes before a discard.
- "Hint before playing" (first): while 1 to 20 cards are left to draw, a
  hint that gives the other player a card to play goes before one's own
  play.
Runs unchanged on CircuitPython, MicroPython and CPython."""

from games.hanabi.botknow import CP


def lone2(t, ids, c):
    """The "2 save": whether card c of hand ids (the other player's) is a
    2 of which no copy is gone and the other is not in view."""
    if c % 5 != 1 or t.gone[c]:
        return False
    k = 0
    for x in ids:
        if x == c:
            k += 1
    return k == 1


def spare(view, t):
    """The turns to spare: the cards left to draw and the final round's
    turns, less the points still to make (those not lost to discards);
    every discard spends one."""
    p = view.deck + view.seats
    for col in range(t.cols):
        v = t.fw[col]
        while v < 5 and t.gone[col * 5 + v] < CP[col * 5 + v]:
            v += 1
            p -= 1
    return p


def stall(view, t, worth):
    """Whether the best hint (worth: its weight) goes before a discard:
    spare tokens on any hint from a deck of 3, and a hint worth something
    once the turns to spare are 4 or fewer."""
    return view.deck <= 3 or worth > 0 and spare(view, t) <= 4


def first(view):
    """Whether a hint giving a card to play goes before one's own play:
    while 1 to 20 cards are left to draw and a token is in hand."""
    return view.hints and 0 < view.deck <= 20


def last(view, t, a):
    """Whether hint a touches a needed last copy for the first time."""
    p = (a - 96) >> 4
    k = a & 15
    h = t.hands[p]
    for i in range(len(h)):
        c = view.hands[p][i]
        if not t.fl[h[i]] and (c % 5 + 9 == k if k & 8 else c // 5 == k) and CP[c] - t.gone[c] == 1 and not t.trash(c):
            return True
    return False
