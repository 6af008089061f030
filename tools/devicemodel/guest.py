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

# The interpreter's own start and code.py's code, as on the device (the
# host measures them); this program's own code and CONFIG are the model's.
BASE = CONFIG.get("base", gc.mem_alloc())
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


def open_name_pool():
    """Intern throwaway names until the interpreter opens its pool of 1280
    names (9 KB at once: the only jump that large). The stand-ins' and
    this program's names fill the first pools; without this, the app's
    names would open that pool on their 923rd, where a device's app, whose
    first name opens a pool of 20, opens a pool of 640 at its 621st and
    one of 1280 only at its 1261st. The app's names now all go into the
    new pool, and NAMES (below) stands for the device's pools."""
    count = 0
    high = gc.mem_alloc()
    while True:
        hasattr(_model, "_%d" % count)  # a name looked up is a name interned
        count += 1
        now = gc.mem_alloc()
        if now - high > 8000:
            return
        high = now


open_name_pool()
FAT_OS = _model.FatOs()  # the app's os for its saves (scenario)
gc.collect()
MODEL = gc.mem_alloc() - BASE  # what the stand-ins cost: not the device's
POOL = CONFIG.get("pool")
# Interned names (qstrs) live in pools, each twice the last. On a device
# the stand-ins' names are in flash, and the app's names start in a first
# pool of 20; here the app's names go into the pool of 1280 opened above.
# The host works out, from a counting run, what the device's pools would
# hold more than the model's before each frame (NAMES: (frame, bytes)
# from that frame on, plus NAMES_OFFSET, the most the model's ever hold
# more); the model holds that much in bytearrays (names_due), so that the
# app has what a device would, and the figures count the device's pools,
# not the model's.
NAMES = CONFIG.get("names", ())
NAMES_OFFSET = CONFIG.get("names_offset", 0)
ballast = None
if POOL:
    # Leave exactly what a device heap of that size has free at this point.
    ballast = bytearray(gc.mem_free() - (POOL - BASE + NAMES_OFFSET) - 16)
    gc.collect()
    MODEL = gc.mem_alloc() - BASE


# Every module the VM imports, with the frame whose import completed it,
# in that order (dependencies first): recorded once (CONFIG["record"]),
# then imported by every measured run before that frame (pre_import).
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
        # first, the module asked for last. A person's thinking (the bot
        # choosing for them while recording) is not the device's: what it
        # imports is recorded only when the app itself asks for it later.
        new = [key for key in sys.modules if key not in seen and key not in pending]
        if not new and name in ghosts and not thinking:
            new = [name]
            ghosts.pop(name)
        new.sort(key=lambda key: (key == name, len(key.split("."))))
        for key in new:
            seen[key] = 1
            if thinking:
                ghosts[key] = 1
            else:
                imported.append((frames, key))
        return module

    pending = []
    seen = {}
    ghosts = {}
    for _key in sys.modules:
        seen[_key] = 1
    builtins.__import__ = _recording_import

    def forgotten():
        """A module the app let go (kapsa.forget) is recorded again when it
        comes back."""
        for key in list(seen):
            if key not in sys.modules:
                seen.pop(key)

# CircuitPython collects while a frame imports a module. The model cannot
# collect inside a frame, so it imports the modules a frame imports just
# before that frame, one at a time outside the app, and collects after
# them (at module level, below): the module is in the heap from the frame
# the device compiles it in, and its compile's garbage is not in the
# frame's peak (the module check measures what compiling needs).
IMPORTS = CONFIG.get("imports", ())
due = 0  # IMPORTS imported so far


def pre_import():
    """Import the next module the next frame imports; True if there was
    one (a collection follows each: a frame may import many)."""
    global due
    if due < len(IMPORTS) and IMPORTS[due][0] <= frames:
        __import__(IMPORTS[due][1])
        due += 1
        return True
    return False

def out(*words):
    print("kv", *words)


def used():
    return gc.mem_alloc() - MODEL - NAMES_OFFSET


names_held = []  # the bytearrays standing for the device's own pools
names_next = 0  # NAMES applied so far


def names_due():
    """Hold what NAMES says for the next frame."""
    global names_next
    if names_next >= len(NAMES) or NAMES[names_next][0] > frames:
        return
    want = NAMES[names_next][1]
    held = 0
    for piece in names_held:
        held += len(piece)
    if want < held and names_held:
        names_held.clear()  # the rest after a collection: names_due() again
        return
    names_next += 1
    if want > held:
        names_held.append(bytearray(want - held))


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
    import kapsa.rng
    from kapsa.main import start

    # The device seeds from os.urandom: the model plays the same game in
    # every run (the recorded moves, figures that repeat). Its first seed
    # too: a random one makes big integers or not as the generator spreads
    # it, and the heap's holes then differ from run to run.
    kapsa.rng._entropy = int  # int() is 0 (a fixed seed), and allocates nothing
    try:
        import kapsa.foldermedium

        kapsa.foldermedium.os = FAT_OS  # stat() as on the device's FAT drive
    except ImportError:  # (the calibration's code had it in kapsa.store)
        import kapsa.store

        kapsa.store.os = FAT_OS
    app = start()  # then what code.py does
    app.rng.seed(CONFIG.get("seed", 1))
    del start
    if hasattr(kapsa, "forget"):  # code.py before kapsa.forget kept it (calibration)
        kapsa.forget("kapsa.main")
    out("phase", CONFIG["phase"])
    yield
    for _ in range(CONFIG.get("idle", 30)):
        yield
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
            elif name == "PlayScene" and getattr(app.stack[-1].screen, "holding", False):
                tap("A")  # the person reads the banner (Halali's between the games) and goes on
                yield
                release()
                yield
            elif name == "GameOver":
                break  # in this VM (a device restarts into it: CONFIG["end"])
            else:
                yield
    if CONFIG.get("play"):
        # (a VM the game-over scene restarted into opens on a final board)
        # (or on a game watched, kapsa.replay: the scores' Select)
        while top_name() not in ("GameOver", "FinalBoard", "Replay"):
            yield
        mark("game over")
        if top_name() == "Replay":  # (the same game, watched: once it is read)
            while not app.stack[-1].ready:
                yield
            actions = app.stack[-1].actions
        else:
            actions = app.stack[-1].play.state.actions()
        out("game", len(actions), sum(actions))  # the same game in every run
        done = CONFIG.get("keys_done", 0)  # by the VM before, if it restarted
        for _ in range(CONFIG.get("end_frames", 60) if not done else 30):
            yield
        keys = CONFIG.get("end_keys", ("DOWN", "A", "RIGHT", "LEFT", "B", "B"))
        for i in range(done, len(keys)):
            out("pressed", i + 1)  # (a restart in the frames after: the next VM goes on)
            tap(keys[i])
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
    if CONFIG.get("record"):
        forgotten()
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
    if CONFIG.get("record"):
        out("imports", ",".join("%d:%s" % pair for pair in imported))


if CONFIG.get("count_names"):
    print("kv names_at", 0)
    micropython.qstr_info()
while True:
    names_due()
    gc.collect()
    names_due()
    while pre_import():
        gc.collect()
    if not frame():
        break
    if not measure():
        break
    if CONFIG.get("count_names"):
        print("kv names_at", frames)
        micropython.qstr_info()
report()
