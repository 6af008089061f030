"""The pause menu: a game's VM imports it when it opens, and lets it go
(with the menu, the rules reader and the settings) once the game is back
on screen (kapsa.play)."""

from kapsa.app import Later
from kapsa.menu import Confirm, MenuScene


class Pause(MenuScene):
    """Over the game or over the pass screen; opens on Resume (also when
    back from the rules or the settings) and does not wrap around."""

    ITEMS = ["Resume", "Rules", "Restart", "Save and quit", "Settings"]
    # Over a finished game (its scores): nothing to restart or save.
    OVER = ["Resume", "Rules", "Settings", "Back to the games"]
    WRAP = False

    def __init__(self, app, play):
        self.items = self.OVER if play.finished else self.ITEMS
        super().__init__(app, "Paused: " + play.info.registry.TITLE, list(self.items), "A:ok B:resume")
        self.play = play

    def enter(self):
        self.menu.set_items(self.items, 0)

    def choose(self, index):
        item = self.items[index]
        if item == "Resume":
            self.app.pop()
        elif item == "Rules":
            # In place of this menu, which B there brings back (on Resume):
            # the menu's heap is free while the rules show, and in a game
            # alone in its VM (the device) its code too: it comes again, a
            # module a frame, on the way back (onscreen.rules).
            from kapsa import onscreen

            app, play = self.app, self.play
            app.replace(onscreen.rules(play))
            if app.stack[0] is play:
                from kapsa import forget

                for name in onscreen.PAUSE:
                    forget(name)
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

