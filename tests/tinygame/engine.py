"""Duel: the runtime's test game.

One CHANCE node deals both cards at once (outcome = card0 * 10 + card1).
Then seat 0 and seat 1 each choose HOLD (0) or RAISE (1). The higher card
scores 1 + number of raises; a tie scores nothing.

Options: WIDE (1) deals 1-9 instead of 1-5.
"""

from kapsa.engine import CHANCE, OVER, IllegalMove, replay as _replay

SEATS = (2, 2)
WIDE = 1
HOLD = 0
RAISE = 1


class View:
    __slots__ = ("seat", "my_card", "their_card", "choices", "over")

    def __init__(self, seat, my_card, their_card, choices, over):
        self.seat = seat
        self.my_card = my_card
        self.their_card = their_card  # 0 until the game is over
        self.choices = choices
        self.over = over


class State:
    def __init__(self, seats, options):
        if seats != 2:
            raise IllegalMove("Duel is for 2 seats")
        self.seats = seats
        self.options = options
        self.cards = [0, 0]
        self.choices = []
        self._actions = []

    def current_player(self):
        if not self.cards[0]:
            return CHANCE
        if len(self.choices) < 2:
            return len(self.choices)
        return OVER

    def legal_actions(self):
        p = self.current_player()
        if p == CHANCE:
            top = 9 if self.options & WIDE else 5
            return [a * 10 + b for a in range(1, top + 1) for b in range(1, top + 1)]
        if p == OVER:
            return []
        return [HOLD, RAISE]

    def apply(self, action):
        if type(action) is not int:  # 1.0 == 1 and True == 1 would pass the test below
            raise IllegalMove("A move is a whole number")
        if action not in self.legal_actions():
            raise IllegalMove("You cannot do that now")
        if self.current_player() == CHANCE:
            self.cards = [action // 10, action % 10]
        else:
            self.choices.append(action)
        self._actions.append(action)

    def scores(self):
        result = [0, 0]
        if self.current_player() == OVER and self.cards[0] != self.cards[1]:
            winner = 0 if self.cards[0] > self.cards[1] else 1
            result[winner] = 1 + sum(self.choices)
        return result

    def actions(self):
        return list(self._actions)

    def describe(self, action):
        if self.current_player() == CHANCE:
            return "Cards dealt"
        return "Raise" if action == RAISE else "Hold"

    def view(self, seat):
        over = self.current_player() == OVER
        return View(seat, self.cards[seat], self.cards[1 - seat] if over else 0,
                    list(self.choices), over)

    def copy(self):
        other = State(self.seats, self.options)
        other.cards = list(self.cards)
        other.choices = list(self.choices)
        other._actions = list(self._actions)
        return other


def new_game(seats, options=0):
    return State(seats, options)


def replay(seats, options, actions):
    return _replay(new_game, seats, options, actions)
