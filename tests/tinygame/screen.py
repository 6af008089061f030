"""Duel's screen: your card, the choices so far, Hold/Raise with the cursor."""

from kapsa import buttons as btn
from kapsa import ui
from kapsa.ui.gamescreen import GameScreen
from kapsa.ui.menulist import MenuList
from kapsa.ui.widgets import Header, text
from tinygame.engine import HOLD, RAISE


class Screen(GameScreen):
    def __init__(self, play):
        super().__init__(play)
        self.header = Header("Duel")
        self.group.append(self.header)
        self.card = text("", 4, 20, ui.TEXT, scale=2)
        self.group.append(self.card)
        self.log = text("", 4, 48, ui.DIM)
        self.group.append(self.log)
        self.menu = MenuList(4, 66, 80, 2, ["Hold", "Raise"])
        self.menu.hidden = True
        self.group.append(self.menu)

    def draw(self, view, seat):
        self.header.set("Duel: " + self.play.app.name_of(seat))
        self.card.text = "Card %d" % view.my_card if view.my_card else "No card"
        said = " ".join("R" if c == RAISE else "H" for c in view.choices)
        if view.over:
            said += "  them: %d" % view.their_card
        self.log.text = "Said: " + said
        self.menu.hidden = True

    def begin(self, view, legal):
        self.menu.hidden = False

    def press(self, pressed, held):
        if pressed & (btn.UP | btn.DOWN):
            self.menu.move(1)
        elif pressed & btn.A:
            return RAISE if self.menu.cursor == 1 else HOLD
        elif pressed & btn.B:
            return 7  # not a move: lets tests see an IllegalMove reason
        return None

    def breakdown(self, view, seat):
        return (("Card", view.my_card),)
