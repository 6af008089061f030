"""Drive the whole runtime headless: a desktop board fed by scripted
presses, a store in memory, and helpers to read what is on screen."""

import displayio

from kapsa.boards import scripted
from kapsa.app import App, GameInfo
from kapsa.main import discover
from kapsa.boards import desktop
from kapsa.launcher import Launcher
from kapsa.ui.textline import TextLine

import tinygame

DUEL = GameInfo("duel", "tinygame", tinygame)


def memory_store():
    from kapsa.memorymedium import MemoryMedium
    from kapsa.store import Store

    return Store(MemoryMedium())


class Rig:
    """An App on a headless board. press("A", "DOWN") taps buttons one frame
    each; frames(n) lets time pass."""

    def __init__(self, games=None, store=None, seed=1):
        self.board = desktop.build(headless=True)
        self.source = self.board.buttons.source
        self.store = store if store is not None else memory_store()
        self.app = App(self.board, self.store, games if games is not None else [DUEL], seed=seed)
        self.app.push(Launcher(self.app))
        self.app.step()

    def press(self, *names, frames=1):
        for name in names:
            self.source.tap(scripted.mask_of(name))
            self.app.step()
            self.frames(frames - 1)

    def frames(self, n):
        for _ in range(n):
            self.app.step()

    def settle(self):
        """Run until the scene asked for is there: kapsa.app.Later brings
        the pause menu and the rules over a few frames, and a game back
        from the pause menu makes its screen anew over a few (remaking)."""
        from kapsa.app import Later

        self.until(lambda: not isinstance(self.top, Later)
                   and not getattr(self.top, "remaking", False), 10)

    def until(self, condition, limit=3000):
        for _ in range(limit):
            if condition():
                return
            self.app.step()
        raise AssertionError("condition not met in %d frames" % limit)

    def setup_seats(self, seats, people, names=None):
        """On a game's setup scene (cursor on "Start game"): choose the
        number of seats and which are people, end on "Start game" and
        check the menu says so (seat names from `names` when given)."""
        setup = self.top
        # from "Start game" round to "Players" (past "Play a code": kapsa.codes)
        self.press(*["DOWN"] * (1 + setup.coded))
        self.press(*["RIGHT"] * (seats - setup.seats))
        for seat in range(seats):
            self.press("DOWN")
            if (seat in people) == setup.bots[seat]:
                self.press("RIGHT")
        self.press(*["DOWN"] * (len(setup.info.registry.OPTIONS) + 1))
        assert setup.menu.items[setup.menu.cursor] == "Start game"
        texts = self.texts()
        assert "Players: %d" % seats in texts
        for seat in range(seats):
            who = "Person" if seat in people else "Computer"
            name = names[seat] if names else self.app.name_of(seat)
            assert "%d %s: %s" % (seat + 1, name, who) in texts

    @property
    def top(self):
        return self.app.top

    def texts(self):
        """Every visible text on screen, in drawing order."""
        return visible_texts(self.app.root)

    def screen_text(self):
        return "\n".join(self.texts())

    def png(self, path, scale=1):
        self.board.display.save_png(path, scale)


def per_frame(rig, monkeypatch, owner, name):
    """Wrap `owner.name` (a module's function or a class's method) for the
    test (pytest's monkeypatch) so that each call is counted against the
    frame it runs in: returns the dict frame -> calls, filled as the rig
    runs. What a frame does twice, or does with something else, is where a
    device's frame gets slow."""
    counts = {}
    function = getattr(owner, name)

    def counted(*args, **kwargs):
        counts[rig.app.frame] = counts.get(rig.app.frame, 0) + 1
        return function(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return counts


def visible_texts(group):
    found = []
    if getattr(group, "hidden", False):
        return found
    if isinstance(group, TextLine):
        if group.text:
            found.append(group.text)
        return found
    if isinstance(group, displayio.Group):
        for item in group:
            found.extend(visible_texts(item))
    return found


def real_games():
    import os

    root = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "games")
    return discover(root, "games")


def past_guard(rig):
    """Let the game-over scene's first half second pass: it takes no
    press before (kapsa.gameover.GUARD)."""
    rig.until(lambda: rig.app.frame >= getattr(rig.top, "until", 0), 60)
