"""What one seat of a Hanabi game may see: View, made by State.view(seat)
(engine.py); docs/hanabi.md lists its fields.

The seat's own card identities are the one thing left out (3.4): its own
hand shows UNKNOWN (255) in place of each card, with the same knowledge
(positive and negative hint information) as every other hand. Once the
game is over nothing is secret: the view shows them too. The deck's
contents are not shown either (only its count): with the cards in view
they would give away the seat's own hand.

Runs unchanged on CircuitPython, MicroPython and CPython.
"""

from micropython import const

from kapsa.engine import OVER

# engine.py's numbers (private copies; the engine's test checks them).
_UNKNOWN = const(255)
_LAST_BREATH = const(1)


class View:
    """state.view(seat): plain data, every container a fresh copy (a bot
    may change them freely).

    Per seat p, for each card of p's hand from left (newest) to right:
      hands[p][i]    identity (colour * 5 + value - 1), UNKNOWN in one's own
                     (until the game is over)
      serials[p][i]  the card's draw number (0 = first card dealt): public,
                     follows a card as it moves along the hand
      colours_of[p][i], values_of[p][i]  what p knows from hints: bit c a
                     possible colour, bit v - 1 a possible value
      hinted[p][i]   bit 0: a colour hint pointed at it, bit 1: a value hint
    log: the public history, 3 bytes a turn (seat, action, info): info is
    the card played or discarded (| MISPLAY when a play failed) or the
    positions a hint pointed at (bit i = hand position i at that moment).
    """

    __slots__ = ("seat", "seats", "options", "colours", "hand_size", "current",
                 "turn", "first", "over", "hands", "serials", "colours_of",
                 "values_of", "hinted", "fireworks", "hints", "mistakes", "deck",
                 "final", "discards", "log", "score", "played", "max_score",
                 "lost", "rating")

    def __init__(self, st, seat, shown=False):
        self.seat = seat
        self.seats = n = st.seats
        self.options = st.options
        self.colours = st.colours  # 5, or 6 with rainbow (colour 5)
        self.hand_size = st.hand_size
        self.current = cur = st.current_player()  # a seat, CHANCE or OVER
        self.turn = st.turn  # the seat acting, or drawing at a CHANCE node
        self.first = st.first  # the seat that played first
        self.over = cur == OVER
        self.hands = []
        self.serials = []
        self.colours_of = []
        self.values_of = []
        self.hinted = []
        cards = st.cards
        kc = st.kc
        kv = st.kv
        hide = -1 if self.over or shown else seat  # the game over (a replay), every card shows
        for p in range(n):
            h = st.hands[p]
            k = len(h)
            ids = bytearray(k)
            cm = bytearray(k)
            vm = bytearray(k)
            hm = bytearray(k)
            for i in range(k):
                s = h[i]
                ids[i] = _UNKNOWN if p == hide else cards[s]
                cm[i] = kc[s] & 63
                vm[i] = kv[s] & 31
                hm[i] = kc[s] >> 7 | (kv[s] >> 7) << 1
            self.hands.append(ids)
            self.serials.append(bytearray(h))
            self.colours_of.append(cm)
            self.values_of.append(vm)
            self.hinted.append(hm)
        self.fireworks = bytearray(st.fw[:st.colours])  # top value per colour
        self.hints = st.hints  # hint tokens available, 0..8
        self.mistakes = st.mistakes  # 0..3
        self.deck = st.ndeck  # cards left to draw
        self.final = st.final  # turns left in the final round, -1 before it
        self.discards = bytearray(st.discards)  # identities, oldest first
        self.log = bytearray(st.log)
        self.played = sum(st.fw)  # cards on the fireworks
        self.max_score = 5 * st.colours
        self.lost = bool(st.lost)
        self.score = st.score()
        self.rating = None  # (title, line) once the game is over
        if self.over:
            from games.hanabi.rating import rating

            self.rating = rating(self.score, self.max_score, self.lost,
                                 st.options & _LAST_BREATH)

    def events(self, start=0):
        """The log from turn `start` on, as (seat, action, info) tuples."""
        log = self.log
        return [(log[j], log[j + 1], log[j + 2]) for j in range(3 * start, len(log), 3)]

    def since_my_turn(self):
        """What happened since this seat's last turn (everything, before
        its first): the events a screen shows as "while you were away"."""
        log = self.log
        j = len(log) - 3
        while j >= 0 and log[j] != self.seat:
            j -= 3
        return self.events(j // 3 + 1)

    def playable(self, c):
        """Whether card identity c would extend its firework now."""
        return self.fireworks[c // 5] == c % 5
