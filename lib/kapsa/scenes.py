"""The scenes every game shares: launcher, setup, pause menu, rules,
pass-the-device, game over, settings, and a yes/no dialog."""

from kapsa import buttons as btn
from kapsa import ui
from kapsa.app import Scene
from kapsa.ui.widgets import Header, MenuList, MessageLine, box, clip, text, wrap

MENU_ROWS = 7  # rows of a full-screen menu between header and footer


class MenuScene(Scene):
    """A header, a menu list and a footer line; subclasses fill the items
    and act on choose(index) and adjust(index, step) (left/right). Up/down
    wrap around at the ends unless WRAP is False."""

    WRAP = True

    def __init__(self, app, title, items, hint="A:ok B:back"):
        super().__init__(app)
        self.group.append(box(0, 0, ui.WIDTH, ui.HEIGHT, ui.BACKGROUND))
        self.header = Header(title, "")
        self.group.append(self.header)
        self.menu = MenuList(0, ui.LINE + 3, ui.WIDTH, MENU_ROWS, items)
        self.group.append(self.menu)
        self.footer = text(hint, 2, ui.HEIGHT - 1, ui.DIM, anchor=(0.0, 1.0))
        self.group.append(self.footer)
        self.message = MessageLine()
        self.group.append(self.message)

    def press(self, pressed, held):
        if pressed & (btn.UP | btn.DOWN):
            step = -1 if pressed & btn.UP else 1
            menu = self.menu
            if self.WRAP or 0 <= menu.cursor + step < len(menu.items):
                menu.move(step)
                self.moved()
        elif pressed & btn.LEFT:
            self.adjust(self.menu.cursor, -1)
        elif pressed & btn.RIGHT:
            self.adjust(self.menu.cursor, 1)
        elif pressed & btn.A:
            self.choose(self.menu.cursor)
        elif pressed & btn.B:
            self.back()

    def tick(self):
        self.message.tick()

    def moved(self):
        pass

    def choose(self, index):
        pass

    def adjust(self, index, step):
        pass

    def back(self):
        self.app.pop()


class Launcher(MenuScene):
    def __init__(self, app):
        super().__init__(app, "Kapsa", [])
        # The game under the cursor, in two lines: a line above the footer.
        self.blurb = (text("", 2, ui.HEIGHT - 1 - ui.LINE, ui.DIM, anchor=(0.0, 1.0)), self.footer)
        self.group.insert(len(self.group) - 1, self.blurb[0])
        self.problems_shown = False

    def enter(self):
        saved = self.app.store.saved_games()
        items = []
        for info in self.app.games:
            title = info.registry.TITLE
            items.append(title + ("  > Resume" if info.name in saved else ""))
        items.append("Settings")
        self.menu.set_items(items)
        self.moved()
        if not self.problems_shown and self.app.store.problems:
            self.message.show(self.app.store.problems[0], ui.BAD, frames=150)
            self.problems_shown = True
        elif not self.app.store.writable and not self.problems_shown:
            self.message.show("USB mode: saves are off", ui.DIM, frames=150)
            self.problems_shown = True

    def moved(self):
        i = self.menu.cursor
        if i < len(self.app.games):
            reg = self.app.games[i].registry
            low, high = reg.SEATS
            seats = "%d" % low if low == high else "%d-%d" % (low, high)
            lines = wrap("%s players: %s" % (seats, reg.BLURB), ui.WIDTH - 4)
        else:
            lines = ["Sound, light, names"]
        self.blurb[0].text = lines[0]
        self.blurb[1].text = clip(" ".join(lines[1:]), ui.WIDTH - 4)

    def choose(self, index):
        if index >= len(self.app.games):
            self.app.push(SettingsScene(self.app))
            return
        info = self.app.games[index]
        if info.name in self.app.store.saved_games():
            self.app.push(ResumeMenu(self.app, info))
        else:
            self.app.push(Setup(self.app, info))

    def back(self):
        pass  # the launcher is the bottom of the stack


class ResumeMenu(MenuScene):
    def __init__(self, app, info):
        super().__init__(app, info.registry.TITLE, ["Resume", "New game", "Back"])
        self.info = info

    def choose(self, index):
        if index == 0:
            from kapsa.play import resume

            resume(self.app, self.info)
        elif index == 1:
            self.app.replace(Setup(self.app, self.info))
        else:
            self.app.pop()


class Setup(MenuScene):
    """Seats, which seats the computer plays, and the game's options."""

    def __init__(self, app, info):
        super().__init__(app, info.registry.TITLE + " setup", [], "<>:change A:start")
        self.info = info
        reg = info.registry
        self.seats = reg.SEATS[0] if reg.SEATS[0] > 1 or reg.SEATS[1] == 1 else 1
        # Seat 0 is a person by default, every other seat the computer.
        self.bots = [False] + [True] * (reg.SEATS[1] - 1)
        self.choices = [0] * len(reg.OPTIONS)
        self.render()
        self.menu.set_items(self.menu.items, len(self.menu.items) - 1)  # A starts at once

    def rows(self):
        """(kind, index) per menu row."""
        rows = [("seats", 0)]
        rows += [("seat", s) for s in range(self.seats)]
        rows += [("option", i) for i in range(len(self.info.registry.OPTIONS))]
        rows.append(("start", 0))
        return rows

    def render(self):
        items = []
        for kind, i in self.rows():
            if kind == "seats":
                items.append("Players: %d" % self.seats)
            elif kind == "seat":
                who = "Computer" if self.bots[i] else "Person"
                items.append("%d %s: %s" % (i + 1, self.app.name_of(i), who))
            elif kind == "option":
                label, choices = self.info.registry.OPTIONS[i]
                items.append("%s: %s" % (label, choices[self.choices[i]][0]))
            else:
                items.append("Start game")
        self.menu.set_items(items)

    def options(self):
        bits = 0
        for i, (_label, choices) in enumerate(self.info.registry.OPTIONS):
            bits |= choices[self.choices[i]][1]
        return bits

    def bots_mask(self):
        mask = 0
        for seat in range(self.seats):
            if self.bots[seat]:
                mask |= 1 << seat
        return mask

    def adjust(self, index, step):
        kind, i = self.rows()[index]
        low, high = self.info.registry.SEATS
        if kind == "seats":
            self.seats = min(max(self.seats + step, low), high)
        elif kind == "seat":
            self.bots[i] = not self.bots[i]
        elif kind == "option":
            n = len(self.info.registry.OPTIONS[i][1])
            self.choices[i] = (self.choices[i] + step) % n
        else:
            return
        self.render()

    def choose(self, index):
        kind, _ = self.rows()[index]
        if kind == "start":
            from kapsa.play import start

            start(self.app, self.info, self.seats, self.options(), self.bots_mask())
        else:
            self.adjust(index, 1)


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

class Confirm(MenuScene):
    """A yes/no question; on_yes() runs after the dialog is gone."""

    def __init__(self, app, question, on_yes, title="Are you sure?"):
        super().__init__(app, title, ["No", "Yes"])
        self.on_yes = on_yes
        self.group.append(text(clip(question, ui.WIDTH - 4), 2, 100, ui.TEXT, anchor=(0.0, 0.5)))

    def choose(self, index):
        self.app.pop()
        if index == 1:
            self.on_yes()


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
            self.app.push(SettingsScene(self.app))


class SettingsScene(MenuScene):
    def __init__(self, app):
        super().__init__(app, "Settings", [], "<>:change B:done")

    def enter(self):
        self.render()  # also back from the name editor: the new name shows

    def render(self):
        s = self.app.settings
        items = ["Sound: " + ("on" if s.sound else "off"), "Brightness: %d%%" % s.brightness]
        for seat in range(6):
            items.append("Name %d: %s" % (seat + 1, self.app.name_of(seat)))
        self.menu.set_items(items)

    def adjust(self, index, step):
        s = self.app.settings
        if index == 0:
            s.sound = not s.sound
        elif index == 1:
            s.brightness = min(max(s.brightness + 10 * step, 10), 100)
        else:
            return
        self.app.apply_settings()
        self.render()

    def choose(self, index):
        if index < 2:
            self.adjust(index, 1)
        else:
            from kapsa.names import NameEditor

            self.app.push(NameEditor(self.app, index - 2))

    def back(self):
        self.app.save_settings()  # a safe point: written once, on leaving
        self.app.pop()
