"""The profiling driver of the faithful CircuitPython build (tools/cp32.py
--profile): replays a VM's recorded presses like code.py, but first
imports every module of Kapsa and wraps each function and method so that
it adds its own time (inclusive: a caller's time holds its callees') to
the frame it runs in. At each frame's end the frames slower than
/cp32drive/slow.txt (ns of this build) are written to the log, with the
functions that took most of them:

    P <frame> <ns> <function>=<ns> ...

The wrapping costs time of its own and the imports heap: this run says
where a slow frame's time goes, not how long it takes (tools/cp32.py
--times says that, without this driver)."""

import sys

import _cp32

with open("/cp32drive/slow.txt") as f:
    SLOW = int(f.read())
spent = {}  # function -> ns in this frame


def wrap(name, function):
    def timed(*args, **kwargs):
        t = _cp32.ns()
        try:
            return function(*args, **kwargs)
        finally:
            spent[name] = spent.get(name, 0) + _cp32.ns() - t
    return timed


def wrap_module(module_name, functions):
    """Wraps the methods of the module's classes, and its functions if
    `functions` (App.run, which holds every frame, is left alone)."""
    module = sys.modules[module_name]
    short = module_name.rpartition(".")[2]
    for key in dir(module):
        value = getattr(module, key)
        kind = type(value).__name__
        if kind in ("function", "closure", "bound_method"):
            if not functions:
                continue
            setattr(module, key, wrap(short + "." + key, value))
        elif kind == "type" and getattr(value, "__module__", module_name) == module_name:
            for attr in list(value.__dict__):
                member = value.__dict__[attr]
                if (type(member).__name__ in ("function", "closure")
                        and attr not in ("__init__", "run")):
                    try:
                        setattr(value, attr, wrap(key + "." + attr, member))
                    except AttributeError:
                        pass  # a class of the build's own (a native base)


# Only the modules a frame's time is first split by, of the phase's game:
# each wrapper is a Python frame more (the build's 2 KB pystack, the
# device's, holds only so many), and each module imported ahead of its
# time is heap the game did not have.
with open("/cp32drive/phase.txt") as f:
    GAME = eval(f.read()).get("game")
WRAPPED = ["kapsa.app", "kapsa.play", "kapsa.gameover", "kapsa.store", "kapsa.passdevice"]
if GAME:
    # (and the classes a screen paints with: Hashi's board and panel)
    WRAPPED += ["games.%s.%s" % (GAME, part) for part in ("engine", "view", "bot", "screen",
                                                          "ending", "picture", "panel")]
for module_name in WRAPPED:
    try:
        __import__(module_name)
    except ImportError:
        continue
    wrap_module(module_name, module_name.startswith("games.") and
                module_name.rpartition(".")[2] in ("bot", "screen", "ending"))

frame = [0]


def on_frame():
    total = _cp32.ns() - frame[0]
    if total > SLOW:
        top = sorted(spent.items(), key=lambda item: -item[1])[:12]
        _cp32.log("P %d %d %s" % (_cp32.frame() - 1, total,
                                   " ".join("%s=%d" % item for item in top)))
    spent.clear()
    frame[0] = _cp32.ns()


_cp32.on_frame(on_frame)
frame[0] = _cp32.ns()
with open("/code.py") as f:
    code = f.read()
exec(code, {"__name__": "__main__"})
