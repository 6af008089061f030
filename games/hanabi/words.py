"""The words of Hanabi's screen (screen.py): the log's lines, what a
holder knows of a card, the footer, the result of one's own play or
discard (tell), and the end's lines.
"""

from micropython import const

from kapsa.ui.widgets import wrap

from games.hanabi.cards import LETTERS, NAMES

# engine.py's numbers (private copies; tests/test_hanabi_screen.py checks them).
_SKIP = const(30)
_DISCARD = const(40)
_ANNOUNCE = const(48)
_HINT = const(96)
_VALUE = const(8)
_MISPLAY = const(64)
_HOLD = const(60)  # frames the game waits on one's own result (2 s; a press goes on)
_BAD = const(0xFF5A5A)  # ui.BAD: the message line's red
_TEXT = const(0xFFFFFF)


def who(s, view, p, upper=True):
    if p == view.seat:
        return "You" if upper else "you"
    return s.play.app.name_of(p)


def card_words(c):
    return "%s %d" % (NAMES[c // 5], c % 5 + 1)


def event(s, view, p, a, info):
    """One log entry in words."""
    name = who(s, view, p)
    if _HINT <= a < _HINT + 80:
        k = a & 15
        at = ["#%d" % (i + 1) for i in range(5) if info >> i & 1]
        one = len(at) < 2
        if k & _VALUE:
            what = ("is a %d" if one else "are %ds") % (k - _VALUE)
        else:
            what = ("is " if one else "are ") + NAMES[k]
        return "%s told %s: %s %s" % (name, who(s, view, (a - _HINT) >> 4, False),
                                       " ".join(at) or "no card", what)
    if a == _SKIP:
        return name + " skipped"
    c = info & 63
    if _DISCARD <= a < _DISCARD + 5:
        return "%s discarded %s" % (name, card_words(c))
    line = "%s %s %s" % (name, "misplayed" if info & _MISPLAY else "played", card_words(c))
    if _ANNOUNCE <= a < _HINT:
        line += " as " + NAMES[(a - _ANNOUNCE) >> 3]
    return line


def tell(s, view):
    """screen.draw(): when the last move is the viewer's own play or
    discard, not told yet, its result on the message line until the next
    press (hush) or the next person's turn, and the game waits _HOLD frames
    on it first (the pass screen, the computers). Not at the screen's first
    draw (a game opened or resumed) nor at the end (the last lines say)."""
    log = view.log
    n = len(log)
    told = s.told
    s.told = n
    if told is None or n <= told or view.over or log[n - 3] != view.seat:  # (shorter: a replay went back)
        return
    a = log[n - 2]
    if a >= _HINT or a == _SKIP:
        return
    bad = log[n - 1] & _MISPLAY  # "You played white 1", as the log says it
    text = event(s, view, view.seat, a, log[n - 1])
    if bad:
        text += " (mistake %d of 3)" % view.mistakes
    play = s.play
    play.message.show(text, _BAD if bad else _TEXT, frames=0)
    play.wait = max(play.wait, _HOLD)
    s.result_shown = text


def hush(s, go):
    """The result told ends: cleared from the message line if it is still
    there; go: and the game goes on at once."""
    play = s.play
    if s.result_shown and play.message.text == s.result_shown:
        play.message.clear()
        if go:
            play.wait = 0
    s.result_shown = None


def log_lines(s, view, events):
    """The events as lines of the panel: (text, bad) pairs, a misplay bad."""
    out = []
    for p, a, info in events:
        bad = a < _HINT and bool(info & _MISPLAY)
        for line in wrap(event(s, view, p, a, info), 154):
            out.append((line, bad))
    return out


def _set_words(mask, n, names, one):
    """A knowledge mask of n possibilities in words."""
    have = [i for i in range(n) if mask >> i & 1]
    if len(have) == 1:
        return one(have[0])
    if len(have) == n or not have:
        return ""
    if len(have) <= n - len(have):
        return "/".join(names[i] for i in have)
    return "not " + "".join(names[i] for i in range(n) if not mask >> i & 1)


def knows(view, p, i):
    """What seat p knows of its card i: "red 3", "R/M not 15", "no hints"."""
    n = view.colours
    col = _set_words(view.colours_of[p][i], n, LETTERS, lambda c: NAMES[c])
    val = _set_words(view.values_of[p][i], 5, "12345", lambda v: str(v + 1))
    out = (col + " " + val).strip()
    return out or "no hints"


def footer(s, view):
    """What the bottom line says now."""
    if s.mode == 1:
        more = " ^v" if len(s.log) > 8 else ""
        return ("Since your turn" if s.fresh else "Log") + more + "  A:ok"
    if s.mode == 2:
        return "Discards: %d  B:back" % len(view.discards)
    if not s.popup.hidden:
        return "A:ok <>:change B:back"
    if view.over:
        return "Game over SEL:log B:back"  # the final board (kapsa.gameover)
    if not s.deciding:
        return "SEL: log, discards"
    hand = view.hands[s.target]
    if s.index >= len(hand):
        return "No cards  A:choose"
    return knows(view, s.target, s.index) + ("  A:play" if s.target == view.seat
                                             else "  A:hint")


def final_lines(s, view):
    """The rating; a lost game also says the move that lost it."""
    title, line = view.rating
    out = wrap("%s %d/%d: %s" % (title, view.score, view.max_score, line), 156)
    log = view.log
    if view.lost and log:
        p = log[-3]
        last = event(s, view, p, log[-2], log[-1])
        if p == view.seat:
            last = s.play.app.name_of(p) + last[3:]  # not "You": a seat of the scores
        out = wrap(last, 156) + out
    return out
