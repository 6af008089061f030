"""The seat-name editor: its own module, imported only when a name is
edited from the settings."""

from kapsa import buttons as btn
from kapsa import sound, ui
from kapsa.app import Scene
from kapsa.ui.widgets import Header, box, text

NAME_LENGTH = 8  # the settings record holds names of up to 8 characters
COLUMNS = 8
ROWS = 5
# The keys, row by row; letters are shown and typed in the case the name
# wants next (see NameEditor). " " is the space, "Aa" switches the case
# of the next letter, "<" deletes the last one, "OK" keeps the name.
KEYS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ" + "0123456789" + " \x01\x02\x03"
SHIFT, DELETE, DONE = "\x01", "\x02", "\x03"
SHOWN = {" ": "sp", SHIFT: "Aa", DELETE: "<", DONE: "OK"}
CELL_W = ui.WIDTH // COLUMNS
CELL_H = 12
GRID_Y = 46


class NameEditor(Scene):
    """A keyboard of 8 x 5 keys: the d-pad moves over it (wrapping round
    at every edge, so any key is at most 4 + 2 moves away), A types the
    key. B deletes the last letter (on an empty name: leaves, the name
    unchanged); Start keeps the name. A name's first letter, and a letter
    after a space, come as capitals, the others small; Aa switches that
    for the next letter. A six-letter name takes at most 6 x (6 + 1) + 1
    = 43 presses."""

    def __init__(self, app, seat):
        super().__init__(app)
        self.seat = seat
        names = app.settings.names
        self.name = names[seat] if seat < len(names) else ""
        self.key = 0
        self.shift = False
        self.group.append(Header("Name of seat %d" % (seat + 1)))
        self.label = text("", 8, 17, ui.TEXT, scale=2)
        self.group.append(self.label)
        self.caret = box(8, 40, 12, 2, ui.ACCENT)
        self.group.append(self.caret)
        self.bar = box(0, 0, CELL_W, CELL_H, ui.ACCENT)
        self.group.append(self.bar)
        self.keys = []
        for i, key in enumerate(KEYS):
            x = (i % COLUMNS) * CELL_W + CELL_W // 2
            y = GRID_Y + (i // COLUMNS) * CELL_H + CELL_H // 2
            t = text(SHOWN.get(key, key), x, y, ui.TEXT, anchor=(0.5, 0.5))
            self.keys.append(t)
            self.group.append(t)
        self.group.append(text("A:type B:del Start:done", 2, ui.HEIGHT - 1, ui.DIM, anchor=(0.0, 1.0)))
        self.capitals = None
        self.render()

    def wants_capital(self):
        auto = not self.name or self.name[-1] == " "
        return auto != self.shift

    def render(self):
        self.label.text = self.name
        self.caret.x = 8 + 12 * len(self.name)
        ui.show(self.caret, len(self.name) < NAME_LENGTH)
        capitals = self.wants_capital()
        if capitals != self.capitals:
            self.capitals = capitals
            for i in range(26):
                letter = KEYS[i]
                self.keys[i].text = letter if capitals else letter.lower()
        self.bar.x = (self.key % COLUMNS) * CELL_W
        self.bar.y = GRID_Y + (self.key // COLUMNS) * CELL_H
        for i, t in enumerate(self.keys):
            color = ui.BACKGROUND if i == self.key else ui.TEXT
            if t.color != color:
                t.color = color

    def press(self, pressed, held):
        row, col = divmod(self.key, COLUMNS)
        if pressed & btn.LEFT:
            col = (col - 1) % COLUMNS
        elif pressed & btn.RIGHT:
            col = (col + 1) % COLUMNS
        elif pressed & btn.UP:
            row = (row - 1) % ROWS
        elif pressed & btn.DOWN:
            row = (row + 1) % ROWS
        elif pressed & btn.A:
            self.type(KEYS[self.key])
            return
        elif pressed & btn.B:
            if not self.name:
                self.app.pop()  # nothing typed: leave, the name unchanged
                return
            self.type(DELETE)
            return
        elif pressed & btn.START:
            self.type(DONE)
            return
        self.key = row * COLUMNS + col
        self.render()

    def type(self, key):
        if key == DONE:
            names = self.app.settings.names
            while len(names) <= self.seat:
                names.append("")
            names[self.seat] = self.name.strip()
            self.app.pop()
            return
        if key == DELETE:
            self.name = self.name[:-1]
            self.shift = False
        elif key == SHIFT:
            self.shift = not self.shift
        elif len(self.name) >= NAME_LENGTH:
            self.app.sound.play(sound.ILLEGAL)
            return
        else:
            self.name += key if self.wants_capital() else key.lower()
            self.shift = False
        self.render()
