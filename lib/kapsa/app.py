"""The scene stack and the frame loop.

A scene owns a displayio group and reacts to button presses; only the top
scene is on screen. App.step() is one frame: read buttons, give the press to
the top scene, tick it, refresh the display. Tests and the PNG tool call
step() directly, so everything that takes time is counted in frames.
"""

import gc

import displayio

from kapsa.rng import Rng
from kapsa.sound import Sound

FPS = 30


class Scene:
    # While true, App.step() does not refresh the display: it keeps what it
    # showed (the pause menu) while the scene makes its screen anew
    # (kapsa.play), instead of an empty, black, screen for those frames.
    remaking = 0

    def __init__(self, app):
        self.app = app
        self.group = displayio.Group()

    def enter(self):
        """The scene became the top one (pushed, or uncovered by a pop)."""

    def leave(self):
        """The scene is being removed for good."""

    def press(self, pressed, held):
        """Buttons went down this frame (masks from kapsa.buttons)."""

    def tick(self):
        """Called every frame while on top."""


class Later(Scene):
    """Stands in for a scene whose modules are not imported yet (the pause
    menu, the rules reader): the background for a few frames, one module
    imported a frame, then the scene, made by make(), takes its place.
    Each import is compiled in a frame of its own, after what the frames
    before left is freed, not beside it. What is pressed meanwhile goes
    to the scene once it is there: a quick thumb loses nothing."""

    def __init__(self, app, modules, make):
        super().__init__(app)
        self.modules = list(modules)
        self.make = make
        self.started = False
        self.presses = []

    def press(self, pressed, held):
        self.presses.append((pressed, held))

    def tick(self):
        if not self.started:
            # The frame that asked for the scene has its own garbage: it is
            # collected at this frame's end, with what the scene under let
            # go, before the first import (as .py, compiled in a heap the
            # game fragmented, the menu found no room without it).
            self.started = True
            self.app.collect_due = True
        elif self.modules:
            __import__(self.modules.pop(0))
        else:
            app = self.app
            app.replace(self.make())
            for pressed, held in self.presses:
                app.top.press(pressed, held)  # as if pressed once it was there


class GameInfo:
    """A game as the launcher knows it: its package and registry data."""

    __slots__ = ("name", "package", "registry")

    def __init__(self, name, package, registry):
        self.name = name
        self.package = package
        self.registry = registry

    def load(self, part):
        """Import games/<name>/<part>.py (engine, bot or screen)."""
        # A non-empty fromlist makes __import__ return the leaf module.
        return __import__(self.package + "." + part, None, None, (part,))

    def rules(self):
        """The rules summary: the lines of rules.txt beside the registry.
        A file, read only when shown, so the text takes no RAM while the
        game plays."""
        folder = self.registry.__file__.rpartition("/")[0]
        with open(folder + "/rules.txt") as f:
            return [line.rstrip("\r\n") for line in f]


class App:
    def __init__(self, board, store, games, seed=None):
        self.board = board
        self.display = board.display
        self.buttons = board.buttons
        self.store = store
        self.games = games
        self.settings = store.load_settings()
        self.sound = Sound(board.audio, self.settings.sound)
        self.apply_settings()
        self.root = displayio.Group()
        self.display.root_group = self.root
        self.stack = []
        self.frame = 0
        self.untidy = False  # garbage made since the heap was last tidied
        self.tidy_due = False  # a scene's tick() asked: this frame is quiet (tidy)
        self.collect_due = False  # and a collection at this frame's end, press or not (Later)
        self.running = True
        self.rng = Rng(seed)
        self.relauncher = None  # set on the device: each game gets a fresh VM

    def apply_settings(self):
        self.sound.enabled = self.settings.sound
        try:
            self.display.brightness = max(self.settings.brightness, 10) / 100
        except (AttributeError, NotImplementedError):
            pass

    def save_settings(self):
        self.apply_settings()
        self.store.save_settings(self.settings)

    def name_of(self, seat):
        names = self.settings.names
        return names[seat] if seat < len(names) and names[seat] else "P%d" % (seat + 1)

    @property
    def top(self):
        return self.stack[-1]

    def _show(self):
        # The top scene's group is the display's root group itself: a new
        # root is composed and sent whole, once. A fixed root that swapped
        # its child had the display compose the old child's area and then
        # each new layer's, up to three screens' worth (each about 14 ms of
        # the SPI bus alone on the device, before composing).
        if self.stack and self.root is not self.stack[-1].group:
            self.root = self.stack[-1].group
            self.display.root_group = self.root

    def log_memory(self, what):
        """With the memory log on (settings), the free heap on the serial
        console: for people trying Kapsa on a board (docs/device.md)."""
        free = getattr(gc, "mem_free", None)  # CircuitPython's; not on a desktop
        if self.settings.memory_log and free is not None:
            gc.collect()
            print("kapsa mem %d %s" % (free(), what))

    def push(self, scene):
        self.stack.append(scene)
        self._show()
        scene.enter()
        self.log_memory(type(scene).__name__)

    def pop(self):
        scene = self.stack.pop()
        scene.leave()
        self._show()
        gc.collect()
        if self.stack:
            self.stack[-1].enter()
            self.log_memory(type(self.stack[-1]).__name__)
        return scene

    def replace(self, scene):
        old = self.stack.pop()
        old.leave()
        self.push(scene)

    def pop_to(self, scene):
        """Remove the scenes above `scene`, without showing those between."""
        while self.stack[-1] is not scene:
            self.stack.pop().leave()

    def pop_to_root(self):
        # On the device a game's VM holds no launcher (kapsa.main): leaving
        # restarts into one, with a fresh heap.
        at_root = len(self.stack) == 1 and getattr(self.stack[0], "ROOT", False)
        if self.relauncher is not None and not at_root:
            self.relauncher.to_launcher()
            return
        while len(self.stack) > 1:
            self.stack.pop().leave()
        self._show()
        gc.collect()
        self.stack[-1].enter()

    def tidy(self):
        """Called by a scene in a quiet frame (a person deciding, the
        pause after a move): the garbage of the busy frames before it is
        collected at this frame's end, once, not in a busy frame that
        finds the heap full (a collection takes the device 20-50 ms with
        100 KB in use). It depends only on what the game does, never on
        the heap's state."""
        self.tidy_due = True

    def step(self):
        """One frame; False when nothing was shown (a scene making its
        screen anew)."""
        pressed = self.buttons.update()
        if pressed:
            self.untidy = True
        if self.stack:
            if pressed:
                self.stack[-1].press(pressed, self.buttons.held)
            if self.stack:
                self.stack[-1].tick()
        self.sound.tick()
        if self.collect_due or self.tidy_due:
            # Here, not under the scene's tick: the heap model's MicroPython
            # cannot collect under a function frame it keeps on its heap.
            self.tidy_due = False
            if self.collect_due or self.untidy and not pressed:
                self.collect_due = self.untidy = False
                gc.collect()
        self.frame += 1
        if self.stack and self.stack[-1].remaking:
            return False
        self.display.refresh()
        return True

    def run(self, should_stop=None):
        """Frames at FPS until should_stop() says so (never, on the device)."""
        from adafruit_ticks import ticks_add, ticks_diff, ticks_ms

        import time

        period = 1000 // FPS
        deadline = ticks_ms()
        while self.running and not (should_stop and should_stop()):
            if not self.step():
                continue  # nothing shown: the screen is made at once, not paced
            deadline = ticks_add(deadline, period)
            wait = ticks_diff(deadline, ticks_ms())
            if wait > 0:
                time.sleep(wait / 1000)
            else:
                deadline = ticks_ms()
