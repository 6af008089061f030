"""The pause menu: a game's VM imports it when it opens, and lets it go
(with the menu, the rules reader and the settings) once the game is back
on screen (kapsa.play). It is made by the driver's screen side
(kapsa.onscreen), which hands it the game's scene and the way to the
rules; it imports nothing of the driver."""

from kapsa.menu import Confirm, MenuScene


class Pause(MenuScene):
    """Over the game or over the pass screen; opens on Resume (also when
    back from the rules or the settings) and does not wrap around."""

    ITEMS = ["Resume", "Rules", "Restart", "Save and quit", "Settings"]
    # Over a finished game (its scores): nothing to restart or save.
    OVER = ["Resume", "Rules", "Settings", "Back to the games"]
    WRAP = False

    def __init__(self, app, play, rules):
        self.items = self.OVER if play.finished else self.ITEMS
        super().__init__(app, "Paused: " + play.info.registry.TITLE, list(self.items), "A:ok B:resume")
        if play.code:  # the game's code (kapsa.codes), on the header's right
            self.header.hint.text = play.code
        self.play = play
        self.rules = rules  # kapsa.onscreen.rules(play): the rules in its place

    def enter(self):
        self.menu.set_items(self.items, 0)

    def choose(self, index):
        item = self.items[index]
        if item == "Resume":
            self.app.pop()
        elif item == "Rules":
            self.rules(self.play)  # in place of this menu, which B there brings back
        elif item == "Restart":
            self.app.push(Confirm(self.app, "Start this game over?", self.play.restart))
        elif item == "Save and quit":
            self.play.save()
            self.app.pop_to_root()
        elif item == "Back to the games":
            self.app.pop_to_root()
        else:
            from kapsa.settings import SettingsScene

            self.app.push(SettingsScene(self.app))

