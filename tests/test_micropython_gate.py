"""The MicroPython gate: Kapsa's pure modules and every game's engine and
bot run UNCHANGED under a real MicroPython interpreter (1.27, WASI build,
through tools/mpy.py).

Every game folder with an engine.py (games/*/, and tests/tinygame) is found
here by itself and plays whole games in a 64 KB heap, bots in every seat at
the game's largest seat count (and, when the game has options, a second
game at its smallest seat count with the last choice of every option):
chance nodes are picked with
kapsa.rng.Rng, each bot choice must be in legal_actions(), and describe(),
view(), copy(), scores(), actions() and replay() run too. A guest fails on
any exception (exit status, or "Traceback" on its stderr); the failure
message shows what the guest printed.

The WASI interpreter's garbage collector cannot see a Python frame that
MicroPython keeps on its heap (any function whose locals and stack need
more than 11 words): a collection while such a function runs frees the
frame under it (wrong values, NameError, or a wasm trap). So every guest
here turns automatic collection off (gc.disable()) and calls gc.collect()
only from module-level code, between two actions, where no function is
running. A game guest runs with `-X heapsize=256K` so that its imports can
compile without a collection; once they are in, everything beyond 64 KB is
filled with ballast. The game therefore passes only if its imports, its
live state and each single action's garbage fit in 64 KB together; the
guest prints the figures (shown on failure).

Run alone:  python -m pytest -q tests/test_micropython_gate.py
"""

import json
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUDGET = 64 * 1024  # the heap a game, its bot and their imports must live in
GUEST_HEAP = "256K"  # room to compile the imports; the rest beyond BUDGET is filled
UNIT_HEAP = "1M"  # the module checks below are about behaviour, not heap
MAX_STEPS = 20000  # a whole game of any Kapsa game ends well before this
# Instruction budget of one guest: a 6-seat Qwinto game, its 1-seat variant
# and both replays take about 7e9 (about 1.5 s), mostly the collections of
# the 256K heap after every action.
FUEL = 60_000_000_000

# tools/mpy.py's run() is called in a child process: wasmtime may print a
# harmless worker-thread panic when a process that used it exits, which
# would land after pytest's summary. The child leaves with os._exit.
_CHILD = """
import json, os, sys
sys.path.insert(0, os.path.join(sys.argv[1], "tools"))
import mpy
r = mpy.run(sys.stdin.read(), heapsize=sys.argv[2], fuel=int(sys.argv[3]), repo=sys.argv[4])
sys.stdout.write(json.dumps({"rc": r.rc, "stdout": r.stdout, "stderr": r.stderr,
                             "fuel_used": r.fuel_used}))
sys.stdout.flush()
os._exit(0)
"""

_TRAP_HINT = """
A wasm trap (not a Python exception) usually means a garbage collection ran
while a function with a heap-allocated frame was active: see this module's
docstring. Collect only from module-level code, with gc.disable() on."""

_MEMORY_HINT = """
MemoryError: the imports, the live game and one action's garbage must fit
in the guest heap without a collection (the guest cannot collect safely in
the middle of an action)."""


def run_guest(code, heapsize, fuel=FUEL, repo=ROOT):
    """Run `code` under MicroPython with `repo` mounted at /proj; return the
    Result as a dict, failing the test (with the guest's output) on any
    exception."""
    child = subprocess.run([sys.executable, "-c", _CHILD, ROOT, heapsize, str(fuel), str(repo)],
                           input=code, capture_output=True, text=True, timeout=600)
    assert child.returncode == 0, "tools/mpy.py failed:\n" + child.stderr
    result = json.loads(child.stdout)
    shown = "guest rc=%d, fuel %d\n--- stdout ---\n%s\n--- stderr ---\n%s" % (
        result["rc"], result["fuel_used"], result["stdout"][-4000:], result["stderr"][-4000:])
    if "wasm trap" in result["stderr"]:
        shown += _TRAP_HINT
    if "MemoryError" in result["stderr"]:
        shown += _MEMORY_HINT
    assert result["rc"] == 0 and "Traceback" not in result["stderr"], shown
    assert "GATE OK" in result["stdout"], shown
    return result


def run_both(program, heapsize=UNIT_HEAP):
    """Run `program` on CPython (here) and under MicroPython; return both
    printed outputs as lists of lines. `program` prints its results and
    must print the same lines on both."""
    cpython = []
    exec(program, {"print": lambda *words: cpython.append(" ".join(str(w) for w in words))})
    guest = run_guest("import gc\ngc.disable()\n" + program + "\nprint('GATE OK')\n", heapsize)
    return cpython, [line for line in guest["stdout"].splitlines() if line != "GATE OK"]


# ---------------------------------------------------------------- runtime

def test_engine_module_under_micropython():
    cpython, guest = run_both("""
from kapsa.engine import CHANCE, OVER, IllegalMove, replay
print(CHANCE, OVER, issubclass(IllegalMove, ValueError))
try:
    raise IllegalMove("9 is already in this column")
except ValueError as exc:
    print(str(exc))

class Log:
    def __init__(self, seats, options):
        self.log = [seats, options]
    def apply(self, action):
        self.log.append(action)

print(replay(Log, 3, 5, [7, 8, 9]).log)
""")
    assert cpython == ["-1 -2 True", "9 is already in this column", "[3, 5, 7, 8, 9]"]
    assert guest == cpython


RNG_PROGRAM = """
from kapsa.rng import Rng

def sample(seed):
    r = Rng(seed)
    out = [r.next32() for _ in range(3)]
    for n in (1, 2, 6, 7, 36, 100, 1000, 65536):
        out.extend(r.below(n) for _ in range(5))
    return out

class AtChance:
    def legal_actions(self):
        return [10, 20, 20, 30]

for seed in (0, 1, 2, 42, 12345, 0xFFFFFFFF, 1 << 32, -1):
    print(seed & 0xFFFFFFFF, sample(seed))
r = Rng(7)
print("choose", [r.choose(AtChance()) for _ in range(40)])
r = Rng()  # seeded from os.urandom (or the clock) on the device
print("fresh", 0 <= r.below(6) < 6)
try:
    r.below(0)
    print("below(0) did not raise")
except ValueError:
    print("below(0) raises")
"""


def test_rng_gives_the_same_sequence_as_on_cpython():
    cpython, guest = run_both(RNG_PROGRAM)
    assert guest == cpython
    assert cpython[-2:] == ["fresh True", "below(0) raises"]
    assert {"10", "20", "30"} <= set(cpython[-3].replace(",", " ").replace("]", " ").split())


CODED_PROGRAM = """
from kapsa.rng import pick
from kapsa import coderead, codes

class AtChance:
    def __init__(self, n):
        self.n = n
    def legal_actions(self):
        return list(range(self.n))

for seed in (0, 1, 4242, (1 << 29) - 1):
    print(seed, [pick(seed, k, AtChance(n)) for k in range(12) for n in (6, 36, 192)])
print(list(codes.extra("J9997F7X", (1 << 29) - 1, 777)))

class Reg:
    SEATS = (2, 5)
    OPTIONS = (("A", (("x", 32), ("y", 0))), ("B", (("p", 0), ("q", 4), ("r", 12))))
    CODE = (2, 1)

for index in (0, 1, 59, 60, 359):
    setup = coderead.setup_of(Reg, index)
    code = codes.encode(Reg, setup[0], setup[1], setup[2], 99991)
    print(index, setup, code, coderead.decode(code, Reg))
try:
    coderead.decode("AAAAAAAA", Reg)
except ValueError as reason:
    print(reason)
"""


def test_coded_picks_and_codes_are_the_same_under_micropython():
    """A code's chance (kapsa.rng.pick: 32-bit products), its save's extra
    and the codes themselves (kapsa.codes, kapsa.coderead): the same
    outcomes and codes as on CPython."""
    cpython, guest = run_both(CODED_PROGRAM)
    assert guest == cpython
    assert cpython[-1] == "Mistyped: check the code"


# ---------------------------------------------------------------- store codec

CODEC_PROGRAM = """
from kapsa.codec import encode_cleared, encode_game
from kapsa.decode import decode_game, decode_record, decode_settings
from kapsa.crc import crc32_pure
from kapsa.prefs import Settings, encode_settings
from kapsa.record import CorruptRecord, crc32

def hexed(data):
    return "".join("%02x" % b for b in data)

GAMES = (
    ("qwinto", 6, 1, [0, 5, 17, 200, 3], 0b111110, b""),  # one byte an action
    ("hashi", 1, 0, list(range(250, 400)), 0, b"xy"),  # varints
    ("duel", 2, 0, [-1, 5, -300, 70000], 1, b""),  # zigzag varints
    ("halali", 2, 3, [], 3, bytes(range(20))),
)
for game, seats, options, actions, bots, extra in GAMES:
    record = encode_game(game, seats, options, actions, bots, extra, 7)
    back = decode_game(record)
    print(game, hexed(record) if len(record) < 80 else crc32(record),
          (back.game, back.seats, back.options, back.bots, back.actions, back.extra,
           back.sequence) == (game, seats, options, bots, actions, extra, 7))

settings = Settings(False, 55, ["Ann", "Bo", ""], {"qwinto": 71, "hashi": -3})
record = encode_settings(settings, 9)
print("settings", hexed(record), decode_settings(record) == settings)
record = encode_cleared("hanabi", 3)
print("cleared", hexed(record), decode_record(record)[1:])

record = encode_game("qwinto", 3, 0, [1, 2, 3, 40, 50])
refused = 0
for i in range(len(record)):
    damaged = bytearray(record)
    damaged[i] ^= 0x41
    try:
        decode_game(bytes(damaged))
    except CorruptRecord:
        refused += 1
print("damaged records refused", refused, "of", len(record))
try:
    decode_game(record[:-1])
except CorruptRecord as exc:
    print("truncated", str(exc))
data = bytes(range(256)) * 3
print("crc", crc32(data), crc32_pure(data) == crc32(data))

# An engine's own bytes (State._acts: a byte or two an action) make
# the very record its list of actions makes.
for game, seats, options, actions, bots, extra in GAMES:
    if actions and min(actions) < 0:
        continue
    listed = encode_game(game, seats, options, actions, bots, extra, 7)
    pairs = bytearray()
    for a in actions:
        pairs.append(a >> 8)
        pairs.append(a & 255)
    same = encode_game(game, seats, options, pairs, bots, extra, 7, 2) == listed
    if not actions or max(actions) < 256:
        same = same and encode_game(game, seats, options, bytearray(actions), bots, extra, 7,
                                    1) == listed
    print("packed", game, same)
"""

STORE_PROGRAM = """
from kapsa.memorymedium import MemoryMedium
from kapsa.store import Store

files = {}
store = Store(MemoryMedium(files))
print(store.save_game("qwinto", 3, 1, 0b110, [1, 2, 3]))
print(store.save_game("qwinto", 3, 1, 0b110, [1, 2, 3, 4]))
print(sorted(files), store.saved_games())
again = Store(MemoryMedium(files))
save = again.load_game("qwinto")
print(save.seats, save.options, save.bots, save.actions)
newest = max(files, key=lambda name: files[name][4:8])
files[newest] = files[newest][:20]  # a power cut in the middle of a write
third = Store(MemoryMedium(files))
print(third.load_game("qwinto").actions, len(third.problems))
print(third.clear_game("qwinto"), Store(MemoryMedium(files)).load_game("qwinto"))
"""

HISTORY_PROGRAM = """
from kapsa import histsave, history, tally
from kapsa.memorymedium import MemoryMedium
from kapsa.prefs import Settings
from kapsa.store import Store


class Reg:
    TITLE = "Qwinto"
    OPTIONS = (("Board", (("A", 0), ("B", 1))),)
    SCORED = 1


class Info:
    name = "qwinto"
    registry = Reg


class App:
    def __init__(self, files):
        self.store = Store(MemoryMedium(files))
        self.settings = Settings(best={"qwinto": 70, "qwintoB": -3})
        self.games = [Info]

    def save_settings(self):
        self.store.save_settings(self.settings)


files = {}
app = App(files)
h, moved = history.load(app, "qwinto")
print(sorted(moved))
for n in range(23):
    tally.add(h, Reg, 1 + n % 2, n % 3, 0b10 if n % 2 else 0, [n * 7 - 40, 30], n + 1)
histsave.save(app, "qwinto", h, moved)
tally.add(h, Reg, 2, 1, 0b10, [5, 6], 99)
histsave.save(app, "qwinto", h, [])
print(sorted(files), app.settings.best)
body = histsave.build(h)
print(bytes(body).hex())
again = history.load(App(files), "qwinto")[0]
print(again.started, again.last, again.entries)
newest = max((name for name in files if name.startswith("qwinto_h")), key=lambda name: files[name][4:8])
files[newest] = files[newest][:30]  # a power cut in the middle of a write
third = App(files)
print(len(history.load(third, "qwinto")[0].entries), third.store.problems)
"""

REPLAYS_PROGRAM = """
from kapsa import replays
from kapsa.memorymedium import MemoryMedium
from kapsa.replaykeep import keep
from kapsa.store import Store

files = {}
store = Store(MemoryMedium(files))
code = b"\\xc5ABCD2345" + bytes((1, 2, 3, 4, 5, 0))
for n in range(11):  # the last ten kept, each a different game
    print(keep(store, "halali", 2, n % 3, 0b10, [n, 300 + n, 7], code, [n - 5, 40]))
print(keep(store, "halali", 2, 10 % 3, 0b10, [10, 310, 7], code, [5, 40]))  # kept already
picks = bytearray((0, 5, 1, 44))  # an engine's own bytes, two an action
print(keep(Store(MemoryMedium(files)), "qwinto", 1, 0, 0, picks, b"", [-12], 2))
files["halali.k"] = files["halali.k"][:25]  # a power cut in the middle of a write
for s in replays.kept(Store(MemoryMedium(files)), "halali"):
    print(s.slot, s.sequence, s.seats, s.options, s.bots, s.scores, s.code, s.count)
saved, scores = replays.load(store, "halali", "i")
print(saved.actions, saved.extra == code, scores, replays.load(store, "halali", "k"))
print(replays.load(store, "qwinto", "i")[0].actions, sorted(files))
"""


def _exists(module):
    return os.path.isfile(os.path.join(ROOT, "lib", *module.split(".")) + ".py")


if _exists("kapsa.codec"):
    def test_save_codec_round_trips_and_matches_cpython_byte_for_byte():
        cpython, guest = run_both(CODEC_PROGRAM)
        assert guest == cpython
        assert all(line.endswith("True") for line in cpython[:5]), cpython
        refused = cpython[6].split()
        assert refused[3] == refused[5], cpython[6]  # every damaged byte is caught
        packed = [line for line in cpython if line.startswith("packed")]
        assert packed == ["packed qwinto True", "packed hashi True", "packed halali True"]

if _exists("kapsa.store"):
    def test_store_saves_and_loads_under_micropython():
        cpython, guest = run_both(STORE_PROGRAM)
        assert guest == cpython
        assert cpython[3] == "3 1 6 [1, 2, 3, 4]"
        assert cpython[4] == "[1, 2, 3] 1"  # the damaged newer slot set aside


if _exists("kapsa.replays"):
    def test_replays_kept_and_read_back_alike_under_micropython():
        cpython, guest = run_both(REPLAYS_PROGRAM)
        assert guest == cpython
        assert cpython[:13] == ["True"] * 13, cpython
        assert cpython[13] == "i 11 2 1 2 [5, 40] ABCD2345 3", cpython  # the newest first
        assert len(cpython) == 13 + 9 + 2  # the torn slot k left out
        assert cpython[22] == "[10, 310, 7] True [5, 40] None", cpython
        assert cpython[23].startswith("[5, 300] "), cpython


if _exists("kapsa.history"):
    def test_score_history_counts_writes_and_reads_the_same_bytes_under_micropython():
        cpython, guest = run_both(HISTORY_PROGRAM)
        assert guest == cpython
        assert cpython[0] == "['qwinto', 'qwintoB']"
        assert cpython[1] == "['qwinto_h.a', 'qwinto_h.b', 'settings.a'] {}"
        assert cpython[4] == "4 ['Qwinto scores: one copy set aside']", cpython


# ---------------------------------------------------------------- games

def game_packages():
    """(name, package, folder, guest sys.path entry) for every game folder
    with an engine.py: games/<name>/ and the test game tests/tinygame/.
    A game still being written (no engine.py yet) is simply not collected."""
    found: list = []
    games_dir = os.path.join(ROOT, "games")
    for name in sorted(os.listdir(games_dir)):
        folder = os.path.join(games_dir, name)
        if os.path.isfile(os.path.join(folder, "engine.py")):
            found.append((name, "games." + name, folder, None))
    folder = os.path.join(ROOT, "tests", "tinygame")
    if os.path.isfile(os.path.join(folder, "engine.py")):
        found.append(("tinygame", "tinygame", folder, "/proj/tests"))
    return found


GAMES = game_packages()

# Module-level code below stays shallow (few stack slots, no nested loops)
# so that MicroPython keeps its frame on the C stack, where the collector
# sees it: gc.collect() runs only there, between two actions. The helpers
# do the work with automatic collection off.
GAME_PROGRAM = """
import gc
gc.disable()
from kapsa.engine import CHANCE, OVER
from kapsa.rng import Rng
import PACKAGE.engine as E
if HAS_BOT:
    import PACKAGE.bot as B
if HAS_REGISTRY:
    import PACKAGE as registry
gc.collect()
g = {"imports": gc.mem_alloc(), "churn": 0, "ballast": []}

def fill():
    # Take up the heap beyond BUDGET bytes, so that the imports, the game
    # and each action's garbage must fit in BUDGET, as on a BUDGET heap.
    keep = BUDGET - gc.mem_alloc()
    assert keep > 0, "the imports alone take %d bytes" % gc.mem_alloc()
    while gc.mem_free() > keep + 1024:
        g["ballast"].append(bytearray(min(2048, gc.mem_free() - keep - 64)))
    g["low"] = gc.mem_free()

def runs():
    bits = 0  # the last choice of every option group, OR-ed: a valid combination
    if HAS_REGISTRY:
        assert registry.SEATS == E.SEATS, (registry.SEATS, E.SEATS)
        for _label, choices in getattr(registry, "OPTIONS", ()):
            bits |= choices[-1][1]
    if bits:
        return ((E.SEATS[1], 0, 1), (E.SEATS[0], bits, 2))
    return ((E.SEATS[1], 0, 1),)

def start(seats, options, seed):
    g["seats"] = seats
    g["options"] = options
    g["rng"] = Rng(seed)
    g["pick"] = Rng(seed + 100)  # only for a game that has no bot.py yet
    g["state"] = E.new_game(seats, options)
    g["steps"] = 0

def advance():
    # One action; False once the game is over.
    state = g["state"]
    steps = g["steps"]
    before = gc.mem_alloc()
    player = state.current_player()
    if player == OVER:
        return False
    legal = state.legal_actions()
    assert legal, "no legal action for player %d at step %d" % (player, steps)
    if player == CHANCE:
        action = g["rng"].choose(state)
    else:
        assert 0 <= player < g["seats"], "current_player() = %r" % (player,)
        if HAS_BOT:
            action = B.choose(state.view(player), list(legal))
        else:
            action = legal[g["pick"].below(len(legal))]
        assert action in legal, "bot chose %r, not in legal_actions() %r (step %d)" % (
            action, legal, steps)
    text = state.describe(action)
    assert isinstance(text, str), "describe(%r) gave %r" % (action, text)
    if steps == 5:
        assert state.copy().legal_actions() == legal, "copy() differs"
    state.apply(action)
    g["steps"] = steps + 1
    assert steps < MAX_STEPS, "no end after %d steps" % steps
    g["churn"] = max(g["churn"], gc.mem_alloc() - before)
    return True

def note():
    g["low"] = min(g["low"], gc.mem_free())

def finish():
    state = g["state"]
    scores = state.scores()
    assert len(scores) == g["seats"], scores
    for seat in range(g["seats"]):
        state.view(seat)
    actions = state.actions()
    assert len(actions) == g["steps"], (len(actions), g["steps"])
    short = E.replay(g["seats"], g["options"], actions[:3])
    assert short.actions() == actions[:3], "replay() of 3 actions"
    g["again"] = E.new_game(g["seats"], g["options"])
    g["todo"] = actions
    g["done"] = 0
    g["scores"] = scores
    g["state"] = None

def reapply():
    # Replay the whole game one action at a time; False when done.
    again = g["again"]
    done = g["done"]
    if done == len(g["todo"]):
        assert again.current_player() == OVER, "replay did not end the game"
        assert again.scores() == g["scores"], (again.scores(), g["scores"])
        assert again.actions() == g["todo"], "replayed actions() differ"
        return False
    again.apply(g["todo"][done])
    g["done"] = done + 1
    return True

def report():
    print("%s seats=%d options=%d steps=%d scores=%r" % (
        NAME, g["seats"], g["options"], g["steps"], g["scores"]))
    g["again"] = g["todo"] = None

fill()
gc.collect()
for seats, options, seed in runs():
    start(seats, options, seed)
    gc.collect()
    while advance():
        gc.collect()
        note()
    finish()
    gc.collect()
    while reapply():
        gc.collect()
    report()
    gc.collect()
print("heap of %d: imports %d, peak live %d, most garbage in one action %d bytes" % (
    BUDGET, g["imports"], BUDGET - g["low"], g["churn"]))
print("GATE OK")
"""


def game_guest(name, package, folder, path):
    head = "NAME = %r\nBUDGET = %d\nMAX_STEPS = %d\nHAS_BOT = %r\nHAS_REGISTRY = %r\n" % (
        name, BUDGET, MAX_STEPS, os.path.isfile(os.path.join(folder, "bot.py")),
        os.path.isfile(os.path.join(folder, "__init__.py")))
    if path:
        head = "import sys\nsys.path.append(%r)\n" % path + head
    return head + GAME_PROGRAM.replace("PACKAGE", package)


@pytest.mark.parametrize("name,package,folder,path", GAMES, ids=[g[0] for g in GAMES])
def test_game_plays_whole_games_under_micropython(name, package, folder, path):
    result = run_guest(game_guest(name, package, folder, path), GUEST_HEAP)
    assert "%s seats=" % name in result["stdout"], result["stdout"]


def test_gate_fails_a_bot_that_breaks_the_rules(tmp_path):
    # The gate itself must bite: Duel with a bot that answers 7 (never legal).
    shutil.copytree(os.path.join(ROOT, "lib", "kapsa"), tmp_path / "lib" / "kapsa",
                    ignore=shutil.ignore_patterns("__pycache__"))
    folder = tmp_path / "tests" / "tinygame"
    shutil.copytree(os.path.join(ROOT, "tests", "tinygame"), folder,
                    ignore=shutil.ignore_patterns("__pycache__"))
    (folder / "bot.py").write_text("def choose(view, legal):\n    return 7\n")
    with pytest.raises(AssertionError, match="bot chose 7, not in legal_actions"):
        run_guest(game_guest("tinygame", "tinygame", str(folder), "/proj/tests"),
                  GUEST_HEAP, repo=tmp_path)
