"""The words of Hashi's screen (screen.py): the header (who, points, the
round, solo the next deadline), the panel's one word on what now, the
footer saying what the buttons do, and the bonuses announced on the
message line (docs/hashi.md, "Screens and controls").
"""

from micropython import const

from kapsa import sound, ui

from games.hashi.sheet import SOLO_DEADLINE

# engine.py's numbers (private copies: inlined, no names kept at run time;
# tests/test_hashi_engine.py checks that they are the engine's).
_ROUNDS = const(17)
_SETUP = const(0)
_ACTION_A = const(1)
_ACTION_B = const(2)

DEADLINE_WORDS = ("red", "blue", "six")
CATEGORIES = ("all red flags", "all blue flags", "6 linked")
BANNER_FRAMES = 75


def paint(screen, view):
    """Header, word and footer for `view` on `screen`."""
    app = screen.play.app
    solo = view.solo
    seat = view.seat
    phase = view.phase
    name = app.name_of(seat)
    if phase == _SETUP:
        if solo:
            title = "Your start"
        else:
            title = "Start for " + app.name_of(view.target)
        hint = ""
    elif view.over:  # a final board, as Qwinto's final sheets say it
        shown = screen.shown(view)
        who = app.name_of(shown)
        title = who + ("'s final board" if len(who) < 6 else "'s final")
        hint = "%d pts" % view.scores[shown]
    elif solo:
        title = "%d/%d" % (view.round, _ROUNDS) if view.round else "Hashi"
        title += deadline(view)
        hint = "%d pts" % view.score
    else:
        shown = screen.shown(view)
        if shown == seat:
            title = "%s %d pts" % (name, view.score)
            hint = "%d/%d" % (view.round, _ROUNDS) if view.round else ""
        else:
            title = "%s %d pts" % (app.name_of(shown), view.scores[shown])
            hint = "last round"
    screen.header.set(title, hint)
    _set(screen.panel.word, word(view))
    _set(screen.footer, prompt(screen, view))


def deadline(view):
    """Solo: the next bonus deadline still open, as header words."""
    got = view.bonus[0]
    for due in sorted(set(SOLO_DEADLINE)):
        if view.round > due:
            continue
        words = [DEADLINE_WORDS[c] for c in range(3) if SOLO_DEADLINE[c] == due and not got[c]]
        if words:
            return " %s by %d" % ("+".join(words), due)
    return ""


def _set(label, string):
    if label.text != string:
        label.text = string


def word(view):
    """The panel's word: what the seat does now."""
    phase = view.phase
    if phase == _SETUP:
        return "start"
    if phase == _ACTION_A:
        return "number"
    if phase == _ACTION_B:
        return "%d to go" % view.to_place if view.to_place else "all set"
    if view.seats > 1:
        return "<>:boards"
    return "the end" if view.over else ""


def prompt(screen, view):
    """The footer: what the buttons do now, or who is playing."""
    phase = view.phase
    if not screen.deciding:
        if view.over:
            return "B: back to the scores"
        p = view.current
        if p < 0:
            return ""
        who = screen.play.app.name_of(p)
        if screen.play.bots & (1 << p):
            return who + " (computer) plays"
        return "" if p == view.seat else who + " is playing"
    if phase == _SETUP:
        return "A:write %d  SEL:3 or 4" % screen.start_number
    if phase == _ACTION_A:
        if not view.legal_islands():
            return "No island for %d: SEL:skip" % view.number
        return "A:write %d  SEL:skip" % view.number
    if not view.to_place:
        return "SEL:done  B:undo"
    if not view.can_complete():
        return "Can't place all: B:undo" if view.placed else "No room: SEL:no bridges"
    if screen.selected:
        return "<>^v:bridge A:drop B:undo"
    return "A:take  B:undo" + ("" if view.placed else "  SEL:none")


class Banner:
    """Bonuses as they are scored, one at a time on the runtime's message
    line (the bottom line: the board, the card and the bonus row stay in
    sight) for BANNER_FRAMES frames each, with a sound. Each waits for a
    person's decision and a free line: the card drawn and a computer's
    move say themselves first."""

    def __init__(self, play):
        self.play = play
        self.news = []
        self.known = None  # the bonuses as last seen

    def announce(self, view):
        """Queue the bonuses scored since the last view."""
        now = [bytes(x) for x in view.bonus]
        old = self.known
        self.known = now
        if old is None or len(old) != len(now):
            return
        for p in range(len(now)):
            for cat in range(3):
                if now[p][cat] and not old[p][cat]:
                    news = "%s +%d" % (CATEGORIES[cat], now[p][cat])
                    if not view.solo:
                        news = self.play.app.name_of(p) + ": " + news
                    self.news.append(news)

    def tick(self):
        play = self.play
        if self.news and play.deciding is not None and not play.message.text:
            play.message.show(self.news.pop(0), ui.ACCENT, frames=BANNER_FRAMES)
            play.app.sound.play(sound.SCORE)
