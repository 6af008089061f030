"""The pass-the-device screen, before every person's turn in a game with
hidden information."""

from kapsa import buttons as btn
from kapsa import ui
from kapsa.app import Scene
from kapsa.ui.widgets import text


class PassDevice(Scene):
    """Hides the game until the named seat has the device and presses A.
    Start opens the pause menu over this scene: the game stays hidden."""

    def __init__(self, app, name, play):
        super().__init__(app)
        self.play = play
        self.group.append(text("Pass the device to", ui.WIDTH // 2, 28, ui.DIM, anchor=(0.5, 0.5)))
        self.group.append(text(name, ui.WIDTH // 2, 52, ui.ACCENT, scale=2, anchor=(0.5, 0.5)))
        self.group.append(text("%s: press A" % name, ui.WIDTH // 2, 80, ui.TEXT, anchor=(0.5, 0.5)))
        self.group.append(text("when no one else looks", ui.WIDTH // 2, 94, ui.DIM, anchor=(0.5, 0.5)))
        self.group.append(text("Start: pause menu", ui.WIDTH // 2, 120, ui.DIM, anchor=(0.5, 0.5)))

    def press(self, pressed, held):
        if pressed & btn.A:
            self.app.pop()
        elif pressed & btn.START:
            self.play.pause()
