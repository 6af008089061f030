"""The pause menu: a game's VM imports it when it opens, and lets it go
(with the menu, the rules reader and the settings) once the game is back
on screen (kapsa.play)."""

from kapsa import buttons as btn
from kapsa import ui
from kapsa.app import Scene
from kapsa.menu import Confirm, MenuScene
from kapsa.ui.widgets import box


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
            # In place of this menu, which B there brings back (on Resume):
            # the menu's heap is free while the rules show.
            self.app.replace(ToRules(self.app, self.play))
        elif item == "Restart":
            self.app.push(Confirm(self.app, "Start this game over?", self.play.restart))
        elif item == "Save and quit":
            self.play.save()
            self.app.pop_to_root()
        else:
            from kapsa.settings import SettingsScene

            self.app.push(SettingsScene(self.app))


class ToRules(Scene):
    """The frame between the pause menu and the rules: the background only.
    The rules reader's code is compiled here, once the menu is freed, not
    beside it (the most any game's VM needs at once, before)."""

    def __init__(self, app, play):
        super().__init__(app)
        self.play = play
        self.group.append(box(0, 0, ui.WIDTH, ui.HEIGHT, ui.BACKGROUND))
        self.ticks = 0

    def tick(self):
        self.ticks += 1
        if self.ticks == 1:
            return  # the frame of the press that chose the rules: the menu is still here
        from kapsa.reader import TextScene

        app, play = self.app, self.play
        app.replace(TextScene(app, "Rules", play.info.rules, back=lambda: Pause(app, play)))

    def press(self, pressed, held):
        if pressed & btn.B:  # back before the rules came: the menu again
            self.app.replace(Pause(self.app, self.play))
