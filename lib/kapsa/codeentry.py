"""Typing a game code (setup's "Play a code"): eight characters on the
d-pad. Only the launcher's VM imports this; kapsa.coderead reads the code."""

from kapsa import buttons as btn
from kapsa import sound, ui
from kapsa.app import Scene
from kapsa.coderead import decode, describe
from kapsa.codes import ALPHABET, LENGTH
from kapsa.ui.widgets import Header, MessageLine, box, text

PITCH = 18  # pixels from one character to the next (12 wide at scale 2)
LEFT = (ui.WIDTH - PITCH * LENGTH + PITCH - 12) // 2
TOP = 18
BLANK = "-"
LINES = 6  # what the code holds, a line each (decode, describe)


class CodeEntry(Scene):
    """Up/down turn the character under the caret through ALPHABET (and
    back to blank), left/right move the caret (round the ends), A plays
    the code, B goes back to the setup. Once the eight are typed, the
    lines below say what the code holds, or why it is refused; A on a
    refused code shows the reason on the message line, with a low tone."""

    def __init__(self, setup):
        """Over `setup` (kapsa.launcher.Setup), whose place the game takes."""
        super().__init__(setup.app)
        self.setup = setup
        self.info = info = setup.info
        self.values = [0] * LENGTH  # 0 blank, else 1 + the index in ALPHABET
        self.at = 0
        self.group.append(Header(info.registry.TITLE + ": play a code"))
        self.chars = []
        for i in range(LENGTH):
            t = text(BLANK, LEFT + i * PITCH, TOP, ui.TEXT, scale=2)
            self.chars.append(t)
            self.group.append(t)
        self.caret = box(LEFT, TOP + 26, 12, 2, ui.ACCENT)
        self.group.append(self.caret)
        self.lines = []
        for i in range(LINES):
            t = text("", 4, TOP + 34 + i * 10, ui.TEXT)
            self.lines.append(t)
            self.group.append(t)
        self.group.append(text("^v<>:type A:play B:back", 2, ui.HEIGHT - 1, ui.DIM,
                               anchor=(0.0, 1.0)))
        self.message = MessageLine()
        self.group.append(self.message)
        self.render()

    def code(self):
        return "".join(ALPHABET[v - 1] if v else BLANK for v in self.values)

    def render(self):
        for i in range(LENGTH):
            v = self.values[i]
            c = ALPHABET[v - 1] if v else BLANK
            if self.chars[i].text != c:
                self.chars[i].text = c
        self.caret.x = LEFT + self.at * PITCH
        shown = []
        color = ui.TEXT
        if all(self.values):
            try:
                seats, bots, options, _seed = decode(self.code(), self.info.registry,
                                                     self.app.games)
                shown = describe(self.info.registry, seats, bots, options)
            except ValueError as reason:
                shown = [str(reason)]
                color = ui.BAD
        for i in range(LINES):
            line = shown[i] if i < len(shown) else ""
            t = self.lines[i]
            if t.text != line:
                t.text = line
            if t.color != color:
                t.color = color

    def press(self, pressed, held):
        if pressed & (btn.UP | btn.DOWN):
            step = 1 if pressed & btn.UP else -1
            self.values[self.at] = (self.values[self.at] + step) % (len(ALPHABET) + 1)
            self.render()
        elif pressed & (btn.LEFT | btn.RIGHT):
            self.at = (self.at + (1 if pressed & btn.RIGHT else -1)) % LENGTH
            self.render()
        elif pressed & btn.A:
            self.confirm()
        elif pressed & btn.B:
            self.app.pop()

    def confirm(self):
        try:
            seats, bots, options, seed = decode(self.code(), self.info.registry, self.app.games)
        except ValueError as reason:
            self.message.show(str(reason), ui.BAD, frames=90)
            self.app.sound.play(sound.ILLEGAL)
            return
        from kapsa.startgame import start

        self.app.pop_to(self.setup)
        start(self.app, self.info, seats, options, bots, seed)

    def tick(self):
        self.message.tick()
