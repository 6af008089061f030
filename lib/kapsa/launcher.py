"""The launcher VM's scenes: the list of games, resume or new game, a game's
setup. A game's VM never imports this module."""

from kapsa import ui
from kapsa.menu import MenuScene
from kapsa.ui.widgets import clip, text, wrap


class Launcher(MenuScene):
    ROOT = True  # the bottom of the launcher VM's stack (App.pop_to_root)

    def __init__(self, app, last=None):
        super().__init__(app, "Kapsa", [])
        self.last = last  # the game last opened (first())
        # The game under the cursor, in two lines: a line above the footer.
        self.blurb = (text("", 2, ui.HEIGHT - 1 - ui.LINE, ui.DIM, anchor=(0.0, 1.0)), self.footer)
        self.group.insert(len(self.group) - 1, self.blurb[0])
        self.problems_shown = False
        self.game = 0  # the game last opened (else where the cursor opened): Scores opens on it

    def enter(self):
        saved = self.app.store.saved_games()
        items = []
        for info in self.app.games:
            title = info.registry.TITLE
            items.append(title + ("  > Resume" if info.name in saved else ""))
        items.append("Settings")
        items.append("Scores")  # last: from the first game, up
        first = self.first(saved)
        self.menu.set_items(items, first)
        if first is not None:
            self.game = first
        self.moved()
        if not self.problems_shown and self.app.store.problems:
            self.message.show(self.app.store.problems[0], ui.BAD, frames=150)
            self.problems_shown = True
        elif not self.app.store.writable and not self.problems_shown:
            self.message.show("USB mode: saves are off", ui.DIM, frames=150)
            self.problems_shown = True

    def first(self, saved):
        """Where the cursor opens: on the game last opened, else the
        first with a save (A, A resumes it); later, where it was left."""
        last, self.last = self.last, ""
        if last == "":
            return None
        names = [info.name for info in self.app.games]
        if last in names:
            return names.index(last)
        for i in range(len(names)):
            if names[i] in saved:
                return i
        return None

    def moved(self):
        i = self.menu.cursor
        if i < len(self.app.games):
            reg = self.app.games[i].registry
            low, high = reg.SEATS
            seats = "%d" % low if low == high else "%d-%d" % (low, high)
            lines = wrap("%s players: %s" % (seats, reg.BLURB), ui.WIDTH - 4)
        elif i == len(self.app.games):
            lines = ["Sound, light, names"]
        else:
            lines = ["Played, won, best and", "the last scores: " + self.app.games[self.game].registry.TITLE]
        self.blurb[0].text = lines[0]
        self.blurb[1].text = clip(" ".join(lines[1:]), ui.WIDTH - 4)

    def choose(self, index):
        if index < len(self.app.games):
            self.game = index
        if index > len(self.app.games):
            from kapsa.scores import Scores

            self.app.push(Scores(self.app, self.game))
            return
        if index == len(self.app.games):
            from kapsa.settings import SettingsScene

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
            from kapsa.startgame import resume

            resume(self.app, self.info)
        elif index == 1:
            self.app.replace(Setup(self.app, self.info))
        else:
            self.app.pop()


class Setup(MenuScene):
    """Seats, which seats the computer plays, and the game's options: as
    the last game of it was started (kapsa.setups), else the defaults."""

    def __init__(self, app, info):
        super().__init__(app, info.registry.TITLE + " setup", [], "")
        self.info = info
        from kapsa.setups import recall

        self.seats, self.bots, self.choices = recall(app, info)
        self.coded = hasattr(info.registry, "CODE")  # "Play a code" under "Start game"
        self.render()
        self.menu.set_items(self.menu.items, len(self.rows()) - 1 - self.coded)  # A starts
        self.moved()

    def moved(self):
        """The footer: what the keys do on the row under the cursor."""
        kind, _ = self.rows()[self.menu.cursor]
        low, high = self.info.registry.SEATS
        if kind == "start":
            hint = "A:start B:back"
        elif kind == "code":
            hint = "A:type a code B:back"
        elif kind == "seats" and low == high:
            hint = "B:back"  # the number of players is the game's
        else:
            hint = "<>A:change B:back"
        self.footer.text = hint

    def rows(self):
        """(kind, index) per menu row."""
        rows = [("seats", 0)]
        rows += [("seat", s) for s in range(self.seats)]
        rows += [("option", i) for i in range(len(self.info.registry.OPTIONS))]
        rows.append(("start", 0))
        if self.coded:
            rows.append(("code", 0))
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
                items.append("Start game" if kind == "start" else "Play a code")
        self.menu.set_items(items)
        self.moved()

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
        if kind == "seats":  # A (step 2) goes round from the most to the fewest
            seats = low if step > 1 and self.seats == high else self.seats + min(step, 1)
            self.seats = min(max(seats, low), high)
        elif kind == "seat":
            self.bots[i] = not self.bots[i]
        elif kind == "option":
            n = len(self.info.registry.OPTIONS[i][1])
            self.choices[i] = (self.choices[i] + min(step, 1)) % n
        else:
            return
        self.render()

    def choose(self, index):
        kind, _ = self.rows()[index]
        if kind == "start":
            from kapsa.setups import remember
            from kapsa.startgame import start

            remember(self.app, self.info, self.seats, self.bots, self.options())
            start(self.app, self.info, self.seats, self.options(), self.bots_mask())
        elif kind == "code":
            from kapsa.codeentry import CodeEntry

            self.app.push(CodeEntry(self))
        else:
            self.adjust(index, 2)  # as right, but round
