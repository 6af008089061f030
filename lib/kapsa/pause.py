"""The pause menu and the pass-the-device screen: a game's VM imports them
the first time they show."""

from kapsa import buttons as btn
from kapsa import ui
from kapsa.app import Scene
from kapsa.menu import Confirm, MenuScene
from kapsa.ui.widgets import box, text


class Pause(MenuScene):
    """Over the game or over the pass screen; opens on Resume (also when
    back from the rules or the settings) and does not wrap around."""

    ITEMS = ["Resume", "Rules", "Restart", "Save and quit", "Settings"]
    WRAP = False

    def __init__(self, app, play):
        super().__init__(app, "Paused: " + play.info.registry.TITLE, list(self.ITEMS), "A:ok B:resume")
        self.play = play

    def enter(self):
        self.menu.set_items(self.ITEMS, 0)

    def choose(self, index):
        item = self.ITEMS[index]
        if item == "Resume":
            self.app.pop()
        elif item == "Rules":
            from kapsa.reader import TextScene

            self.app.push(TextScene(self.app, "Rules", self.play.info.rules()))
        elif item == "Restart":
            self.app.push(Confirm(self.app, "Start this game over?", self.play.restart))
        elif item == "Save and quit":
            self.play.save()
            self.app.pop_to_root()
        else:
            from kapsa.settings import SettingsScene

            self.app.push(SettingsScene(self.app))


class PassDevice(Scene):
    """Hides the game until the named seat has the device and presses A.
    Start opens the pause menu over this scene: the game stays hidden."""

    def __init__(self, app, name, play):
        super().__init__(app)
        self.play = play
        self.group.append(box(0, 0, ui.WIDTH, ui.HEIGHT, ui.BACKGROUND))
        self.group.append(text("Pass the device to", ui.WIDTH // 2, 28, ui.DIM, anchor=(0.5, 0.5)))
        self.group.append(text(name, ui.WIDTH // 2, 52, ui.ACCENT, scale=2, anchor=(0.5, 0.5)))
        self.group.append(text("%s: press A" % name, ui.WIDTH // 2, 80, ui.TEXT, anchor=(0.5, 0.5)))
        self.group.append(text("when no one else looks", ui.WIDTH // 2, 94, ui.DIM, anchor=(0.5, 0.5)))
        self.group.append(text("Start: pause menu", ui.WIDTH // 2, 120, ui.DIM, anchor=(0.5, 0.5)))

    def press(self, pressed, held):
        if pressed & btn.A:
            self.app.pop()
        elif pressed & btn.START:
            self.play.save()
            self.app.push(Pause(self.app, self.play))
