# The heap model's guest: runs Kapsa as a PyGamer would, one VM, under
# MicroPython (the WASI build). The host (tools/heapmodel.py) puts a line
# `CONFIG = ...` before this text and reads the lines it prints ("kv name
# value").
#
# The WASI build's collector cannot see a frame MicroPython keeps on its
# heap (one whose locals and value stack need more than 11 words), so
# automatic collection is off and gc.collect() runs only here, at module
# level, between two frames, when no function is running. The module's own
# frame must stay on the C stack too: every module-level statement here is
# shallow (no long list literals, no for-loops, no try), or the module's
# code itself is freed under it ("NotImplementedError: opcode"). Within a
# frame nothing is collected: a frame's garbage counts in its peak.
import gc

gc.disable()
import sys

BASE = gc.mem_alloc()  # the interpreter's own start, as on the device
sys.path[:] = "/devicemodel  / /lib".split(" ")
import _model
import analogio
import audiocore
import audioio
import bitmaptools
import board
import digitalio
import displayio
import fontio
import keypad
import microcontroller
import storage
import supervisor
import terminalio
import vectorio
import micropython

gc.collect()
MODEL = gc.mem_alloc() - BASE  # what the stand-ins cost: not the device's
POOL = CONFIG.get("pool")
ballast = None
if POOL:
    # Leave exactly what a device heap of that size has free at this point.
    ballast = bytearray(gc.mem_free() - (POOL - BASE) - 16)
    gc.collect()
    MODEL = gc.mem_alloc() - BASE


# The modules the first frame imports, in the order their imports complete
# (dependencies first): recorded for the per-module figures.
if CONFIG.get("record"):
    import builtins

    _real_import = builtins.__import__
    imported = []

    def _recording_import(asked, *args):
        name = asked
        level = args[3] if len(args) > 3 else 0
        if level:
            base = args[0].get("__name__", "")
            if "__path__" not in args[0]:
                base = base.rpartition(".")[0]
            for _ in range(level - 1):
                base = base.rpartition(".")[0]
            name = base + "." + name if name else base
        pending.append(name)
        try:
            module = _real_import(asked, *args)
        finally:
            pending.pop()
        # What appeared since, but not the imports still running around
        # this one (a module is in sys.modules from its start): packages
        # first, the module asked for last.
        new = [key for key in sys.modules if key not in seen and key not in pending]
        new.sort(key=lambda key: (key == name, len(key.split("."))))
        for key in new:
            seen[key] = 1
            imported.append(key)
        return module

    pending = []
    seen = {}
    for _key in sys.modules:
        seen[_key] = 1
    builtins.__import__ = _recording_import

# CircuitPython collects while the first frames import module after module.
# The model cannot collect inside a frame, so it imports the modules of the
# phase's first frames (its start, up to the 30 idle frames) before them,
# one at a time at module level with a collection after each, in the order
# their imports completed in a recording run.
_preload = CONFIG.get("preload", ())
_i = 0
while _i < len(_preload):
    __import__(_preload[_i])
    _i += 1
    gc.collect()


def out(*words):
    print("kv", *words)


def used():
    return gc.mem_alloc() - MODEL


# -- what a scenario can do between frames

KEYS = {"B": 0, "A": 1, "START": 2, "SELECT": 3}
AXES = {"LEFT": (0, 0), "RIGHT": (0, 65535), "UP": (1, 0), "DOWN": (1, 65535)}
pending = []  # d-pad directions to release at the next frame


def tap(name):
    if name in KEYS:
        _model.events.append((KEYS[name], True))
        _model.events.append((KEYS[name], False))
    else:
        axis, value = AXES[name]
        _model.joystick[axis] = value
        pending.append(axis)


def release():
    while pending:
        _model.joystick[pending.pop()] = 32768


def top_name():
    return type(app.stack[-1]).__name__ if app is not None and app.stack else ""


def deciding_play():
    """The PlayScene when it is on top and a person is to decide (on a
    screen that shows: back from the pause menu it is made anew first)."""
    if top_name() != "PlayScene":
        return None
    play = app.stack[-1]
    return play if play.deciding is not None and not play.remaking else None


thinking = False  # this frame is a person's thinking: not the device's
# A person's moves are the bot's choices, made once, in the recording run
# (CONFIG["record"]), and printed; every measured run makes them as
# recorded (CONFIG["moves"]). A person's head is not on the device's heap,
# and a bot thinking for a person would also leave its caches warm for the
# computers, whose decisions would then look cheaper than they are.
MOVES = CONFIG.get("moves")
moved = 0


def person_choice(play):
    """The move a person makes: the recorded one, or (recording) the one
    the computer would make. It comes in a frame of its own (`thinking`):
    the app does not run in it, and its garbage is not counted."""
    global thinking, moved
    thinking = True
    state = play.state
    if MOVES is not None:
        action = MOVES[moved]
        moved += 1
        if action not in state.legal_actions():
            raise RuntimeError("model: the recorded move %d is not legal here" % action)
        return action
    action = play.bot.choose(state.view(play.deciding), state.legal_actions())
    out("move", action)
    return action


def scenario():
    global app
    import kapsa
    from kapsa.main import start

    app = start()  # then what code.py does
    # The device seeds from os.urandom: the model plays the same game in
    # every run (the recorded moves, figures that repeat).
    app.rng.seed(CONFIG.get("seed", 1))
    del start
    kapsa.forget("kapsa.main")
    out("phase", CONFIG["phase"])
    yield
    for _ in range(CONFIG.get("idle", 30)):
        yield
    if CONFIG.get("record"):
        # What the first frames imported (a game opens over a few frames:
        # kapsa.main.Opening).
        out("boot_imports", ",".join(imported))
    for name in CONFIG.get("presses", ()):
        tap(name)
        yield
        release()
        yield
    mark("start")
    if CONFIG.get("play") and not CONFIG.get("end"):
        turns = 0
        while True:
            name = top_name()
            play = deciding_play()
            if play is not None:
                turns += 1
                if turns % 7 == 1:
                    for d in ("RIGHT", "DOWN"):
                        tap(d)
                        yield
                        release()
                        yield
                if turns == 3:
                    # pause, the rules, back, resume (each comes over a few
                    # frames: kapsa.app.Later)
                    for key, then in (("START", "Pause"), ("DOWN", ""), ("A", "TextScene"),
                                      ("", ""), ("B", "Pause"), ("B", "PlayScene")):
                        if key:
                            tap(key)
                        yield
                        while then and top_name() != then:
                            yield
                    continue
                action = person_choice(play)
                yield
                play.try_action(action)  # as the screen hands it over on A
                yield
            elif name == "PassDevice":
                tap("A")
                yield
            elif name == "GameOver":
                break  # in this VM (a device restarts into it: CONFIG["end"])
            else:
                yield
    if CONFIG.get("play"):
        while top_name() != "GameOver":
            yield
        mark("game over")
        actions = app.stack[-1].play.state.actions()
        out("game", len(actions), sum(actions))  # the same game in every run
        for _ in range(CONFIG.get("end_frames", 60)):
            yield
        for key in ("DOWN", "A", "RIGHT", "LEFT", "B", "B"):
            tap(key)
            yield
            release()
            yield
    for name in CONFIG.get("then", ()):
        tap(name)
        yield
        release()
        yield
    for _ in range(CONFIG.get("after", 0)):
        yield


marks = []


def mark(what):
    marks.append(what)


app = None
frames = 0
peak = 0
live = 0
ended = "script"
steps = scenario()


def frame():
    """One frame of the scenario and the app; False when the VM ends."""
    global frames, ended
    try:
        next(steps)
    except StopIteration:
        return False
    except _model.ReloadRequested:  # a person's move (try_action) ended the game
        ended = "reload"
        frames += 1
        return True
    if thinking:
        return True
    if app is not None and frames:
        _model.now[0] += 33
        try:
            app.step()
        except _model.ReloadRequested:
            ended = "reload"
    frames += 1
    return True


def measure():
    """Between frames: the most in use before the collection (the frame's
    peak: nothing was collected within it), live after it."""
    global peak, live, thinking
    high = used()
    gc.collect()
    live = used()
    if thinking:
        thinking = False
    elif high > peak:
        peak = high
    while marks:
        out("live@" + marks.pop(0).replace(" ", "_"), live, peak)
    return ended == "script"


def report():
    out("frames", frames)
    out("live", live)
    out("peak", peak)
    out("model", MODEL)
    out("ended", ended)
    out("modules", ",".join(sorted(sys.modules)))


while frame() and measure():
    pass
report()
