"""Whole games on the faithful CircuitPython build (CP32): Kapsa as
deployed, every VM of a phase played to its end by a person's presses,
and the smallest heap each VM runs in.

The build itself is not part of Kapsa: it is CircuitPython's unix port
with the PyGamer's settings and the real displayio, made as
docs/checks.md ("The faithful build") says. Point this tool at it:

    python tools/cp32.py --cp32 BIN --mpy-cross MPYCROSS            # every phase, .py and .mpy
    python tools/cp32.py --cp32 BIN --phase hanabi-5 --seed 1 --py  # one phase, .py only
    python tools/cp32.py --cp32 BIN --phase qwinto-solo --heap 104K --mpy   # runs or not

A phase is recorded once per seed (tools/cp32drive/record.py plays the
people's part at a large heap and records every press); each VM is then
replayed from its recorded presses and the saves it started with, at
heaps from --top down in 1 KB steps: its figure is the smallest heap
above which every heap tried runs the VM to its end (passing is not
monotonic in the heap size: where the holes fall moves with it). At the
first failure the frame log's out-of-memory line gives the free total
and the largest free run.

--times and --profile run the build with CP32_TIMES=1. A build made as
docs/checks.md says then leaves out of its frame clock the time of the
host's file calls (a save on the device costs what its flash costs, not
what this machine's disk does scaled by pystone) and does not count the
heap's blocks on every allocation; its frame log then also says in which
frames the heap was collected, and --times names them. An older build
ignores the variable: its times hold the host's file calls. They also
set CP32_AREAS=1: a build that logs each refresh (an `R` line: frame,
areas, full or dirty; an `A` line an area) lets --times tell a new
screen (a refresh of the whole screen) from a play frame whose areas add
up to a screen's bytes.

Runs as root (each VM runs in a chroot of the drive: the build is static,
and Kapsa finds its saves at /saves as on the device).
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

TOOLS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(TOOLS)
sys.path.insert(0, TOOLS)

# What a person does in each phase: the game's setup (as the launcher
# saves it), then a whole game; end_frames on the scores before the keys.
# The keys on the scores: a final board and back, then B to the games;
# or (WATCH) Select: the game watched in a VM of its own (kapsa.replay),
# to its end, 40 moves back, to the start, 3 on, and B to the games.
END_KEYS = ("DOWN", "A", "RIGHT", "LEFT", "B", "B")
WATCH = END_KEYS[:-1] + ("SELECT", "A") + ("LEFT",) * 40 + ("SELECT", "RIGHT", "RIGHT", "RIGHT", "B")
PHASES = {
    # (first: Scores, up from the first game, its kept games (A) and the
    # next, back, back, down to the first game)
    "launcher": dict(game=None, presses=("UP", "A", "A", "DOWN", "B", "B", "DOWN",
                                         "DOWN", "UP", "DOWN", "DOWN", "DOWN", "A", "DOWN",
                                         "B", "UP", "UP", "UP", "A", "UP", "RIGHT", "B", "A", "A")),
    "qwinto-solo": dict(game="qwinto", seats=1, bots=0, options=0),
    "qwinto-2": dict(game="qwinto", seats=2, bots=0b10, options=0),
    "qwinto-6": dict(game="qwinto", seats=6, bots=0b111110, options=0, end_keys=WATCH),
    # the computer alone, watched: its solo endgame (games/qwinto/endgame.py)
    "qwinto-computer": dict(game="qwinto", seats=1, bots=0b1, options=0),
    # the solo search runs about 3,400 frames (a part of it a frame): the
    # scores wait for its end
    "hashi-solo": dict(game="hashi", seats=1, bots=0, options=0, end_frames=3800),
    "hashi-3": dict(game="hashi", seats=3, bots=0b110, options=1),  # board B
    "hashi-4": dict(game="hashi", seats=4, bots=0b1100, options=0, end_keys=WATCH),
    "hanabi-2": dict(game="hanabi", seats=2, bots=0b10, options=0),
    "hanabi-3": dict(game="hanabi", seats=3, bots=0b110, options=8),  # rainbow
    "hanabi-5": dict(game="hanabi", seats=5, bots=0b11110, options=6, end_keys=WATCH),
    "halali-2": dict(game="halali", seats=2, bots=0b10, options=0, end_keys=WATCH),
}
RECORD_HEAP = 1024 * 1024
# Every module of Kapsa imported at once, and the device's collections no
# rarer than they need be (a larger heap takes longer to sweep).
PROFILE_HEAP = 256 * 1024
CHROOT = shutil.which("chroot") or "/usr/sbin/chroot"
MAX_VMS = 6


def parse_size(text):
    text = str(text).upper()
    return int(float(text[:-1]) * 1024) if text.endswith("K") else int(text)


def make_drive(folder, cp32, mpy_cross=None, root=ROOT):
    """Kapsa (of checkout `root`) deployed as tools/deploy.py deploys it
    (.mpy with the build's own mpy-cross), the build at /cp32 and the
    recording driver beside."""
    import deploy

    os.makedirs(folder, exist_ok=True)
    for rel, data in deploy.plan(root, mpy_cross=mpy_cross):
        path = os.path.join(folder, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
    shutil.copy(cp32, os.path.join(folder, "cp32"))
    shutil.copytree(os.path.join(TOOLS, "cp32drive"), os.path.join(folder, "cp32drive"),
                    ignore=shutil.ignore_patterns("__pycache__"))
    os.makedirs(os.path.join(folder, "saves"), exist_ok=True)
    return folder


def run_vm(drive, saves, main, heap, seed, script=None, record=False, measure=False, timed=False,
           timeout=600):
    """One VM in a chroot of a copy of `drive` whose /saves is a copy of
    `saves`: (exit code, frame log lines, recording or None, stderr,
    saves after)."""
    with tempfile.TemporaryDirectory(dir=os.path.dirname(drive)) as run:
        root = os.path.join(run, "root")
        subprocess.run(["cp", "-al", drive, root], check=True)
        for copied in ("saves", "cp32drive"):  # written in the run: not through links
            shutil.rmtree(os.path.join(root, copied))
        shutil.copytree(os.path.join(drive, "cp32drive"), os.path.join(root, "cp32drive"))
        shutil.copytree(saves, os.path.join(root, "saves"))
        env = {"CP32_LOG": "/frames.log", "CP32_URANDOM_SEED": str(seed),
               "MICROPYPATH": "/:/lib", "HOME": "/"}
        if script is not None:
            with open(os.path.join(root, "script.txt"), "w") as f:
                f.write(script)
            env["CP32_SCRIPT"] = "/script.txt"
        if record:
            env["CP32_RECORD"] = "/presses.txt"
        if measure:
            env["CP32_MEASURE"] = "1"
        if timed:
            env["CP32_TIMES"] = "1"  # a build that counts blocks skips it: time the device does not spend
            env["CP32_AREAS"] = "1"  # a build that composes logs each refresh (R and A lines)
        try:
            done = subprocess.run([CHROOT, root, "/cp32", "-X", "heapsize=%d" % heap, main],
                                  env=env, capture_output=True, timeout=timeout)
            rc = done.returncode
            err = (done.stdout + done.stderr).decode("utf-8", "replace")
        except subprocess.TimeoutExpired:
            rc, err = -9, "timeout"
        log = _read(os.path.join(root, "frames.log")).splitlines()
        presses = _read(os.path.join(root, "presses.txt")) if record else None
        kept = os.path.join(tempfile.mkdtemp(dir=os.path.dirname(drive)), "saves")
        shutil.copytree(os.path.join(root, "saves"), kept)  # what the next VM starts from
        done = os.path.join(root, "cp32drive", "done.txt")  # the keys pressed on the scores
        if record and os.path.exists(done):
            shutil.copy(done, os.path.join(drive, "cp32drive", "done.txt"))
        return rc, log, presses, err, kept


def _read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return ""


class VM:
    """A recorded VM: the saves it starts from, its presses, how it ends."""

    def __init__(self, number, saves, script, rc, frames, notes):
        self.number = number
        self.saves = saves
        self.script = script
        self.rc = rc
        self.frames = frames
        self.notes = notes  # (frame, what the driver did or saw)


def last_frame(log):
    frames = [int(line.split()[1]) for line in log if line.startswith("F ")]
    return frames[-1] if frames else -1


def record(drive, phase, seed, work):
    """The phase played once at a large heap: its VMs, each with the saves
    it started from and the presses made in it."""
    from heapmodel import write_saves

    spec = PHASES[phase]
    config = dict(spec)
    with open(os.path.join(drive, "cp32drive", "phase.txt"), "w") as f:
        f.write(repr(config))
    done = os.path.join(drive, "cp32drive", "done.txt")
    if os.path.exists(done):
        os.remove(done)
    saves = os.path.join(work, "saves-0")
    os.makedirs(saves)
    if spec.get("game"):
        write_saves(saves, spec)
    keys = len(spec.get("end_keys", END_KEYS))
    vms = []
    for number in range(MAX_VMS):
        rc, log, presses, err, after = run_vm(drive, saves, "/cp32drive/record.py", RECORD_HEAP,
                                              seed, record=True)
        if rc not in (0, 99):
            raise RuntimeError("%s seed %d: the recording's VM %d ended with %d:\n%s"
                               % (phase, seed, number, rc, err[-3000:]))
        with open(os.path.join(work, "vm%d-record.txt" % number), "w") as f:
            f.write(presses)  # the presses, and what the driver did (lines "# frame what")
        script = "".join(line + "\n" for line in presses.splitlines() if not line.startswith("#"))
        # A replay that goes its own way (it should not) ends 300 frames late, not never.
        script += "%d e 0 0\n" % (last_frame(log) + 300)
        notes = []
        for line in presses.splitlines():
            if line.startswith("# "):
                frame, _, what = line[2:].partition(" ")
                notes.append((int(frame), what))
        vms.append(VM(number, saves, script, rc, last_frame(log), notes))
        saves = after
        if not spec.get("game") or int(_read(done) or 0) >= keys:
            return vms  # back to the launcher: the phase is over
    raise RuntimeError("%s: no end after %d VMs" % (phase, MAX_VMS))


def passes(drive, vm, heap, seed):
    """(runs to its end, the out-of-memory line or '')."""
    rc, log, _p, err, after = run_vm(drive, vm.saves, "/code.py", heap, seed, script=vm.script)
    shutil.rmtree(after, ignore_errors=True)
    oom = [line for line in log if line.startswith("OOM")]
    ok = rc == vm.rc and not oom and last_frame(log) == vm.frames and "Traceback" not in err
    where = [line.strip() for line in err.splitlines() if line.strip().startswith("File ")]
    where = " at " + where[-1] if where else ""  # the innermost line of the traceback
    return ok, (oom[0] + where if oom else ("" if ok else "rc %d: %s" % (rc, err.strip()[-200:])))


def smallest(drive, vm, seed, top, low=64 * 1024, window=8, jobs=2):
    """(the smallest heap H such that every heap tried from H up runs the
    VM, the failure just below it). A bisection between `low` and `top`
    in 1 KB steps finds a boundary; then every heap in the `window` KB
    above it is tried, and a failure there moves the boundary above it
    (passing is not monotonic: where the holes fall moves with the heap)."""
    ok, why = passes(drive, vm, top, seed)
    if not ok:
        return None, "fails at the top heap %d (%s)" % (top, why)
    lo, hi = low, top
    failure = ""
    while hi - lo > 1024:
        mid = (lo + hi) // 2 // 1024 * 1024
        ok, why = passes(drive, vm, mid, seed)
        if ok:
            hi = mid
        else:
            lo, failure = mid, why
    with ThreadPoolExecutor(jobs) as pool:
        checked = hi
        while checked < min(hi + window * 1024, top):
            tries = [h for h in (checked + 1024 * (i + 1) for i in range(jobs)) if h < top]
            if not tries:
                break
            for h, (ok, why) in zip(tries, pool.map(lambda h: passes(drive, vm, h, seed), tries)):
                if not ok:
                    hi, failure = h + 1024, why
            checked = tries[-1]
    return hi, failure


# Scenes a person can use: a VM's first drawn frame is the first frame
# that ends with one of them on top (a VM that shows none, the one that
# counts a finished game: its whole run).
READY = ("Launcher", "PlayScene", "PassDevice", "GameOver", "FinalBoard", "Replay")


def timing(drive, vm, heap, seed):
    """Times of a VM replayed at `heap`, in ms of this build: (its first
    drawn frame, [ms from Start to the pause menu], [ms from A on
    "Rules" to the rules], [ms from the press that leaves the menu to the
    game back on screen], {play frame: its own ms}, the frames in which
    the heap was collected, the frames that sent the whole screen): the
    play frames are the ones not counted in the figures before them. (A
    build whose frame log says how many collections each frame had, and
    what its display sent, gives the last two; else they are empty.) Each
    figure is a pair: ms of this build, and s of the SPI bus on the
    device for what the display sent meanwhile (a build that composes the
    display logs its bytes a frame; else 0), which does not scale with
    the build's speed."""
    rc, log, _p, err, after = run_vm(drive, vm.saves, "/code.py", heap, seed, script=vm.script,
                                     timed=True)
    shutil.rmtree(after, ignore_errors=True)
    end = {}  # frame -> (ns at its end, its own ns, SPI s by its end, its own SPI s)
    collected = set()
    whole = set()  # frames that sent the whole screen: a new root group (a new screen)
    full = set()  # frames whose refresh was whole (R lines: a build that logs its refreshes)
    spi_by = 0.0
    for line in log:
        if line.startswith("R ") and line.split()[3] == "full":
            full.add(int(line.split()[1]))
        elif line.startswith("F "):
            w = line.split()
            spi = int(w[8]) / SPI_BYTES_PER_S if len(w) > 8 else 0.0
            spi_by += spi
            end[int(w[1])] = (int(w[4]), int(w[5]), spi_by, spi)
            if len(w) > 7 and w[7] != "0":
                collected.add(int(w[1]))
            if len(w) > 8 and int(w[8]) >= WHOLE_SCREEN_BYTES:
                whole.add(int(w[1]))
    if full:
        # Many small areas may add up to a screen's bytes (a popup closed
        # over the hands): a new screen is a refresh of the whole screen.
        whole = full

    def since(asked, shown):
        before = end.get(asked - 1, (0, 0, 0.0, 0.0))
        return ((end[shown][0] - before[0]) / 1e6, end[shown][2] - before[2])

    pressed = sorted(int(line.split()[0]) for line in vm.script.splitlines()
                     if line.split()[1] in "ka" and line.split()[3] not in ("0", "32768"))
    first = None
    menus, rules, backs = [], [], []
    slow = set()  # frames counted in the figures above, not as play
    in_menu = False
    for frame, what in vm.notes:
        shown = frame - 1  # a note at a frame's hook: the frame before ended with it
        if first is None and what.startswith("scene ") and what[6:] in READY:
            first = (end[shown][0] / 1e6, end[shown][2])
            slow.update(range(shown + 1))
        elif in_menu and what.startswith("scene ") and what[6:] in READY:
            # back from the menu: the game's screen made anew (the menu
            # stays on the display meanwhile), from the press that left
            in_menu = False
            asked = max([p for p in pressed if p <= shown] or [0])
            backs.append(since(asked, shown))
            slow.update(range(asked, shown + 1))
        if what in ("scene Pause", "scene TextScene"):
            in_menu = True
            asked = max([p for p in pressed if p <= shown] or [0])
            (menus if what == "scene Pause" else rules).append(since(asked, shown))
            slow.update(range(asked, shown + 1))
    if first is None and end:
        # A VM that never shows a scene a person can use (the one that
        # counts a game in its score history, then restarts): its whole
        # run, which a person waits through, is its "first frame".
        last = max(end)
        first = (end[last][0] / 1e6, end[last][2])
        slow.update(range(last + 1))
    play = {frame: (own / 1e6, spi) for frame, (_t, own, _s, spi) in end.items() if frame not in slow}
    return first, menus, rules, backs, play, collected, whole


def least_times(drive, vm, heap, seed, repeat, speed_now):
    """timing() over `repeat` replays, each on the device's scale by the
    build's speed measured just before and just after it (speed_now():
    the machine is shared and its speed moves from second to second): a
    replay whose two speeds differ by more than 10% is run again (at most
    3 times as many; if none held, the steadiest, scaled by the faster of
    its two speeds). Each figure is the least of the replays (a
    disturbed replay is only ever slower): (the speeds used, and
    timing()'s figures in s on the device, play frames in ms)."""
    speeds = []
    best = None
    steadiest = None  # (how far the speed moved, the replay, its faster speed)
    before = speed_now()
    for attempt in range(3 * repeat):
        if len(speeds) == repeat:
            break
        now = timing(drive, vm, heap, seed)
        after = speed_now()
        moved = abs(before - after) / max(before, after)
        if steadiest is None or moved < steadiest[0]:
            steadiest = (moved, now, max(before, after))
        held = moved <= 0.1
        speed = (before + after) / 2
        before = after
        if not held and not (best is None and attempt == 3 * repeat - 1):
            continue
        if not held:
            # no replay held: the steadiest one, scaled by its faster
            # speed (the device's figures the longer), said on stderr
            moved, now, speed = steadiest
            print("VM%d: the build's speed moved by %.0f%% or more through every replay"
                  % (vm.number, 100 * moved), file=sys.stderr)
        speeds.append(speed)
        k = speed / 1000  # ms here -> s on the device (and the SPI bus's s added)
        now = (now[0][0] * k + now[0][1], [ms * k + spi for ms, spi in now[1]],
               [ms * k + spi for ms, spi in now[2]], [ms * k + spi for ms, spi in now[3]],
               {frame: (ms * k + spi) * 1000 for frame, (ms, spi) in now[4].items()}, now[5],
               now[6])
        if best is None:
            best = now
            continue
        first, menus, rules, backs, play, collected, whole = best
        best = (min(first, now[0]), [min(x, y) for x, y in zip(menus, now[1])],
                [min(x, y) for x, y in zip(rules, now[2])],
                [min(x, y) for x, y in zip(backs, now[3])],
                {frame: min(ms, now[4].get(frame, ms)) for frame, ms in play.items()},
                collected | now[5], whole | now[6])
    return speeds, best


def scene_at(vm, frame):
    """The scene on screen at `frame` by the recording's notes, and the
    last thing the driver did before it."""
    scene, did = "?", ""
    for at, what in vm.notes:
        if at > frame + 1:
            break
        if what.startswith("scene "):
            scene = what[6:]
        else:
            did = "%s at %d" % (what, at)
    return scene + (", after " + did if did else "")


def profile(drive, vm, seed, slow_ns, heap=PROFILE_HEAP):
    """The VM replayed under tools/cp32drive/profile.py: [(frame, ns,
    [(function, ns)])] for its frames over slow_ns."""
    with open(os.path.join(drive, "cp32drive", "slow.txt"), "w") as f:
        f.write(str(int(slow_ns)))
    rc, log, _p, err, after = run_vm(drive, vm.saves, "/cp32drive/profile.py", heap, seed,
                                     script=vm.script, timed=True)
    shutil.rmtree(after, ignore_errors=True)
    if rc != vm.rc:
        raise RuntimeError("the profiled replay ended with %d:\n%s" % (rc, err[-2000:]))
    frames = []
    for line in log:
        if line.startswith("P "):
            w = line.split()
            parts = [(word.rpartition("=")[0], int(word.rpartition("=")[2])) for word in w[3:]]
            frames.append((int(w[1]), int(w[2]), parts))
    return frames


METRO_M4_PYSTONES = 1521.6  # passes a second, CircuitPython on the PyGamer's chip and clock
# The PyGamer's display bus: SPI at 24 MHz (the SAMD51's SERCOM at its most;
# the board asks for 60), 16 bits a pixel, the display waiting on each piece
SPI_BYTES_PER_S = 24e6 / 8
WHOLE_SCREEN_BYTES = 160 * 128 * 2


def pystone_speed(drive, pystone, loops=20000):
    """How many times faster than the device the build runs now: the best
    of three pystone runs (the machine is shared; the best is the least
    disturbed)."""
    shutil.copy(pystone, os.path.join(drive, "pystone.py"))
    code = ("import _cp32, pystone\npystone.Setup()\nt = _cp32.ns()\npystone.Proc0(%d)\n"
            "print(%d * 1e9 / (_cp32.ns() - t))\n" % (loops, loops))
    best = 0.0
    for _ in range(3):
        done = subprocess.run([CHROOT, drive, "/cp32", "-X", "heapsize=131072", "-c", code],
                              env={"MICROPYPATH": "/:/lib", "CP32_TIMES": "1"},
                              capture_output=True, timeout=120)
        best = max(best, float(done.stdout.split()[-1]))
    return best / METRO_M4_PYSTONES


def describe_oom(line):
    """'OOM frame asked used free largest ones twos' as words. `ones` is
    gc_info's num_1block: live objects of one block, not free blocks."""
    w = line.split()
    if len(w) < 8 or w[0] != "OOM":
        return line
    return ("frame %s asked %s B: %s free, largest run %s, %s one-block objects live%s"
            % (w[1], w[2], w[4], w[5], w[6], line.partition(" at ")[1] + line.partition(" at ")[2]))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cp32", required=True, help="the faithful build's binary")
    parser.add_argument("--mpy-cross", help="its mpy-cross (for --mpy)")
    parser.add_argument("--phase", action="append", help="a phase (default: all)")
    parser.add_argument("--seed", type=int, action="append", help="seeds (default: 1)")
    parser.add_argument("--py", action="store_true", help=".py only")
    parser.add_argument("--mpy", action="store_true", help=".mpy only")
    parser.add_argument("--heap", help="only: does every VM run at this heap")
    parser.add_argument("--top", default="136K", help="the largest heap tried")
    parser.add_argument("--times", action="store_true",
                        help="instead: each VM's times at the top heap, and on the device by --speed")
    parser.add_argument("--speed", type=float, default=140.0,
                        help="how many times faster this build runs than the device (pystone: "
                             "the build's passes/s over the Metro M4's 1,521.6)")
    parser.add_argument("--pystone", metavar="FILE",
                        help="with --times: a pystone module (Proc0(loops), as MicroPython's "
                             "tests/perf_bench/misc_pystone.py) run on the build just before each "
                             "VM's times; the speed it gives replaces --speed")
    parser.add_argument("--repeat", type=int, default=1,
                        help="with --times: replays per VM, each figure the least of them")
    parser.add_argument("--profile", type=int, metavar="MS",
                        help="instead: each VM replayed with every function of Kapsa timed, and "
                             "the frames over MS on the device (by --speed or --pystone) listed "
                             "with the functions that took their time (the wrapping slows it)")
    parser.add_argument("--top-frames", type=int, default=3,
                        help="with --times: how many of the slowest play frames to name")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--work", help="a folder for drives and runs (default: a temporary one)")
    parser.add_argument("--root", default=ROOT, help="the checkout to deploy (default: this one)")
    args = parser.parse_args(argv)
    import heapmodel

    heapmodel.SAVES_FROM[0] = os.path.abspath(args.root)  # its own save format
    phases = args.phase or list(PHASES)
    seeds = args.seed or [1]
    forms = [f for f in ("py", "mpy") if not (f == "py" and args.mpy) and not (f == "mpy" and args.py)]
    work = args.work or tempfile.mkdtemp(prefix="cp32-")
    for form in forms:
        drive = make_drive(os.path.join(work, "drive-" + form), args.cp32,
                           args.mpy_cross if form == "mpy" else None, os.path.abspath(args.root))
        for phase in phases:
            for seed in seeds:
                vms = record(drive, phase, seed, tempfile.mkdtemp(dir=work))
                figures = []
                for vm in vms:
                    if args.profile:
                        speed = pystone_speed(drive, args.pystone) if args.pystone else args.speed
                        ns_per_device_ms = 1e6 / speed
                        rows = profile(drive, vm, seed, args.profile * ns_per_device_ms)
                        lines = ["VM%d: %d frames over %d ms on the device (x%.0f)"
                                 % (vm.number, len(rows), args.profile, speed)]
                        for frame, ns, parts in rows:
                            lines.append("  frame %d %.0f ms (%s): %s" % (
                                frame, ns / ns_per_device_ms, scene_at(vm, frame),
                                ", ".join("%s %.0f" % (name, t / ns_per_device_ms)
                                          for name, t in parts)))
                        figures.append("\n".join(lines))
                    elif args.times:
                        speeds, figures_now = least_times(
                            drive, vm, parse_size(args.top), seed, args.repeat,
                            (lambda: pystone_speed(drive, args.pystone)) if args.pystone
                            else (lambda: args.speed))
                        first, menus, rules, backs, shown, collected, whole = figures_now
                        # a new screen drawn whole (the pass screen, the game back after
                        # it, the scores' lines): its own figure, apart from play's
                        screens = {f: ms for f, ms in shown.items() if f in whole}
                        play = {f: ms for f, ms in shown.items() if f not in whole} or {0: 0.0}
                        at = max(play, key=play.get)
                        over = sorted((f for f in play if play[f] > 100), key=play.get,
                                      reverse=True)
                        figures.append(
                            "VM%d (x%.0f-%.0f, %d replays) first frame %.2f s, pause menu %s, "
                            "rules %s, back to the game %s, "
                            "slowest play frame %.0f ms (frame %d, %s)"
                            ", %d play frames over 100 ms on the device%s%s%s" % (
                                vm.number, min(speeds), max(speeds), len(speeds), first,
                                "/".join("%.2f s" % m for m in menus) or "-",
                                "/".join("%.2f s" % m for m in rules) or "-",
                                "/".join("%.2f s" % m for m in backs) or "-",
                                play[at], at, scene_at(vm, at), len(over),
                                "".join(" [frame %d %.0f ms: %s%s]" % (
                                    f, play[f], scene_at(vm, f),
                                    "; the heap collected" if f in collected else "")
                                        for f in over[:args.top_frames]),
                                "; the heap collected in %d play frames, %d of them over 100 ms" % (
                                    len(collected & set(play)), len(collected & set(over)))
                                if collected else "",
                                "; %d new screens drawn whole during play, the slowest %.0f ms"
                                " (frame %d, %s)" % (
                                    len(screens), max(screens.values()),
                                    max(screens, key=screens.get),
                                    scene_at(vm, max(screens, key=screens.get)))
                                if screens else ""))
                    elif args.heap:
                        ok, why = passes(drive, vm, parse_size(args.heap), seed)
                        figures.append("VM%d %s%s" % (vm.number, "runs" if ok else "FAILS",
                                                      "" if ok else " (%s)" % describe_oom(why)))
                    else:
                        heap, why = smallest(drive, vm, seed, parse_size(args.top), jobs=args.jobs)
                        figures.append("VM%d %s KB%s" % (
                            vm.number, "-" if heap is None else heap // 1024,
                            " (below: %s)" % describe_oom(why) if why else ""))
                print("%s %s seed %d: %s" % (form, phase, seed, "; ".join(figures)), flush=True)
    if not args.work:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
