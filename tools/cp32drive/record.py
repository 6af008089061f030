"""The recording driver of the faithful CircuitPython build (tools/cp32.py):
runs code.py as the device does, and at each frame's end (the display's
refresh) plays a person's part by pressing buttons through _cp32, which
writes every press to the recording (CP32_RECORD). Measured runs replay
that recording without this driver: the heap then holds only Kapsa.

What the person does is set by /cp32drive/phase.txt (written by the host):
the game, the frames to wait on the scores, and the keys pressed there.
What was done across VMs (a game-over scene may restart into a new VM)
is kept in /cp32drive/done.txt."""

import sys

import _cp32
import board

sys.path.append("/cp32drive")
import thumbs  # noqa: E402

KEYS = {"B": 0, "A": 1, "START": 2, "SELECT": 3}
AXES = {"LEFT": (board.JOYSTICK_X, 0), "RIGHT": (board.JOYSTICK_X, 65535),
        "UP": (board.JOYSTICK_Y, 0), "DOWN": (board.JOYSTICK_Y, 65535)}

with open("/cp32drive/phase.txt") as f:
    CONFIG = eval(f.read())


def done_keys():
    try:
        with open("/cp32drive/done.txt") as f:
            return int(f.read())
    except OSError:
        return 0


def note_done(n):
    with open("/cp32drive/done.txt", "w") as f:
        f.write(str(n))


main = {"__name__": "__main__"}


def top_name():
    """The top scene's class; "Replay-opening" while a replay opens (its
    first drawn frame is the one it is ready in)."""
    app = main.get("app")
    if app is None or not app.stack:
        return ""
    top = app.stack[-1]
    return type(top).__name__ + ("-opening" if getattr(top, "ready", True) is False else "")


def ready_play():
    """The PlayScene when a person is to decide on a screen that shows."""
    if top_name() != "PlayScene":
        return None
    play = main["app"].stack[-1]
    if play.deciding is None or play.wait or getattr(play, "remaking", False):
        return None
    return play


def wait_for(name, limit=400):
    for _ in range(limit):
        if top_name() == name and not getattr(main["app"].stack[-1], "remaking", False):
            return
        yield None
    raise RuntimeError("never came: " + name)


brain_modules = {}  # the person's own copies of the game's modules


def brain(game, view, legal):
    """What the person does: the game's computer player's choice, made
    with modules of its own. A bot keeps caches between decisions: one
    shared with the computers' would change what they decide, and the
    replay, where no person thinks on the device's heap, would then go
    another way."""
    modules = sys.modules
    ours = [key for key in modules if key == "games" or key.startswith("games.")]
    app_modules = {}
    for key in ours:
        app_modules[key] = modules.pop(key)
    modules.update(brain_modules)
    try:
        bot = __import__("games." + game + ".bot", None, None, ("bot",))
        return bot.choose(view, legal)
    finally:
        for key in [key for key in modules if key == "games" or key.startswith("games.")]:
            brain_modules[key] = modules.pop(key)
        modules.update(app_modules)


def person():
    """A whole game as people play it: their moves by presses, the pass
    screen, once the pause menu and the rules, then the scores."""
    game = CONFIG["game"]
    steer = getattr(thumbs, game)
    ready = getattr(thumbs, game + "_ready", None)
    turns = 0
    while True:
        name = top_name()
        play = ready_play()
        if play is not None:
            if ready is not None:
                yield from ready(play)
                yield None
                if ready_play() is not play:
                    continue
            turns += 1
            if turns == 3:
                _cp32.log("pause")
                for key, then in (("START", "Pause"), ("DOWN", ""), ("A", "TextScene"),
                                  ("B", "Pause"), ("B", "PlayScene")):
                    yield key
                    if then:
                        yield from wait_for(then)
                continue
            state = play.state
            before = len(state.actions())
            action = brain(game, state.view(play.deciding), state.legal_actions())
            _cp32.log("move %d" % action)
            yield from steer(play, action)
            for _ in range(3):
                if len(state.actions()) > before or top_name() != "PlayScene":
                    break
                yield None
            if len(state.actions()) <= before and top_name() == "PlayScene":
                raise RuntimeError("the move %d was not made" % action)
        elif name == "PassDevice":
            yield "A"
        elif name == "PlayScene" and getattr(main["app"].stack[-1].screen, "holding", False):
            yield "A"  # a screen holding the game until read (Halali's banner: "A: play on")
        elif name in ("GameOver", "FinalBoard"):
            break
        else:
            yield None
    yield from scores()


def scores():
    """On the scores: wait (Hashi's solo search runs meanwhile), then the
    keys, each once even if a key restarts the VM (a final board)."""
    done = done_keys()
    for _ in range(CONFIG.get("end_frames", 60) if not done else 30):
        yield None
    keys = CONFIG.get("end_keys", ("DOWN", "A", "RIGHT", "LEFT", "B", "B"))
    for i in range(done, len(keys)):
        note_done(i + 1)
        _cp32.log("end key %s" % keys[i])
        yield keys[i]
    while True:
        yield None


def launcher():
    for _ in range(30):
        yield None
    for key in CONFIG.get("presses", ()):
        yield key
    while True:
        yield None


script = None
held = []
shown = [""]  # the scene on top at the last frame's end


def on_frame():
    global script
    name = top_name()
    if name != shown[0]:
        shown[0] = name
        _cp32.log("scene " + name)  # (the frame that ended showed it first)
    while held:
        key = held.pop()
        if key in KEYS:
            _cp32.key(KEYS[key], False)
        else:
            _cp32.axis(AXES[key][0], 32768)
        return  # a frame with the button up between two presses
    if main.get("app") is None:
        return
    if script is None:
        if top_name() in ("Launcher", "Setup"):
            script = launcher()
        elif top_name() in ("GameOver", "FinalBoard") or done_keys():
            script = scores()
        else:
            script = person()
    key = next(script)
    if key is None:
        return
    if key in KEYS:
        _cp32.key(KEYS[key], True)
    else:
        _cp32.axis(*AXES[key])
    held.append(key)


_cp32.on_frame(on_frame)
with open("/code.py") as f:
    code = f.read()
exec(code, main)
