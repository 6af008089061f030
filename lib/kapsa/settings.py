"""The settings scene (sound, brightness, seat names, memory log), opened
from the launcher or the pause menu; imported only when opened."""

from kapsa.menu import MenuScene


NAMES = 6  # seat names, after sound and brightness
MEMORY_LOG = 2 + NAMES  # the last row


class SettingsScene(MenuScene):
    def __init__(self, app):
        super().__init__(app, "Settings", [], "")

    def enter(self):
        self.render()  # also back from the name editor: the new name shows
        self.moved()

    def moved(self):
        """The footer: what the keys do on the row under the cursor."""
        i = self.menu.cursor
        self.footer.text = "A:edit name B:done" if 2 <= i < MEMORY_LOG else "<>A:change B:done"

    def render(self):
        s = self.app.settings
        items = ["Sound: " + ("on" if s.sound else "off"), "Brightness: %d%%" % s.brightness]
        for seat in range(NAMES):
            items.append("Name %d: %s" % (seat + 1, self.app.name_of(seat)))
        items.append("Memory log: " + ("on" if s.memory_log else "off"))
        self.menu.set_items(items)

    def adjust(self, index, step):
        s = self.app.settings
        if index == 0:
            s.sound = not s.sound
        elif index == 1:  # A (step 2) goes round from the brightest to the dimmest
            s.brightness = (10 if step > 1 and s.brightness >= 100
                            else min(max(s.brightness + 10 * min(step, 1), 10), 100))
        elif index == MEMORY_LOG:
            s.memory_log = not s.memory_log
        else:
            return
        self.app.apply_settings()
        self.render()

    def choose(self, index):
        if index < 2 or index == MEMORY_LOG:
            self.adjust(index, 2)  # as right, but round
        else:
            from kapsa.names import NameEditor

            self.app.push(NameEditor(self.app, index - 2))

    def back(self):
        self.app.save_settings()  # a safe point: written once, on leaving
        self.app.pop()
