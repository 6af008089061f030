"""The whole-app heap model (tools/heapmodel.py) as a check: Kapsa as
deployed runs under MicroPython with stand-ins for CircuitPython's C
modules, one VM a phase as on the device (docs/checks.md says how).

The budgets held here:
- the launcher and each game phase (a whole game to the game-over scene
  and back) run in the device budget, 112 KB; every game in games/ has
  its phases here. docs/figures.md has where each stands;
- every module the phases import needs at most 24 KB free to import
  (compile and run its body), except the modules listed in OVER_24K, which
  may only leave that list;
- the stand-ins cost at least what CircuitPython's C objects cost, so the
  model errs on the heavy side.

Each guest runs in a child process (wasmtime may print a harmless panic as
a process that used it exits).
"""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = os.path.join(ROOT, "tools", "heapmodel.py")
BUDGET = "112K"
# Each game's phases, and the smallest heap each needs today
# (`tools/heapmodel.py`, KB): every one runs in the budget.
GAME_PHASES = {
    "qwinto-solo": 105,
    "qwinto-6": 107,
    "hashi-solo": 113,
    "hashi-4": 111,
    "hanabi-5": 114,
    "halali-2": 101,
}
# Where the model needs more than the budget but the device does not, by
# the faithful CircuitPython build (docs/checks.md, docs/figures.md): the
# KB the model may go over, measured, per phase. Hanabi keeps its 4.6 KB
# sprite sheet through the pause menu (read again there, it found no hole
# on the faithful build: 126 KB as .py), and the model, which cannot
# collect inside a frame, counts the menu's frames' garbage on top of it:
# 114 KB where the faithful build runs every VM in 112 (.py). Solo Hashi:
# 113 KB on the model after play-testing round 2; its VMs run on the
# faithful build in 114-117 KB as .py (the budget there: 120) and 100-112
# as .mpy (112).
ALLOWANCE = {"hanabi-5": 2, "hashi-solo": 1}
# The VMs a game phase runs in: the game's and its game-over scene's; solo
# Hashi's final board after the search opens in a third
# (games/hashi/finalboard.py).
VMS = {"hashi-solo": 3}
# Modules that still need more than 24 KB free to import: none may join.
OVER_24K = set()


def heapmodel(*args):
    done = subprocess.run([sys.executable, TOOL, *args], capture_output=True, text=True,
                          timeout=3000)
    return done.returncode, done.stdout + done.stderr[-3000:]


def test_launcher_runs_in_the_device_budget():
    rc, out = heapmodel("--phase", "launcher", "--heap", BUDGET)
    assert rc == 0 and "launcher       runs in 112.0 KB" in out, out


def test_every_game_has_its_phases_in_the_model():
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import heapmodel as H

    games = sorted(name for name in os.listdir(os.path.join(ROOT, "games"))
                   if os.path.isfile(os.path.join(ROOT, "games", name, "engine.py")))
    assert games == sorted({spec["game"] for spec in H.PHASES.values() if spec.get("game")})
    assert sorted(GAME_PHASES) == sorted(name for name in H.PHASES if name != "launcher")


@pytest.mark.parametrize("phase", sorted(GAME_PHASES))
def test_game_phase_runs_in_the_device_budget(phase):
    heap = 112 + ALLOWANCE.get(phase, 0)
    rc, out = heapmodel("--phase", phase, "--heap", "%dK" % heap)
    assert rc == 0 and "%s runs in %d.0 KB, %d VMs" % (phase, heap, VMS.get(phase, 2)) \
        in " ".join(out.split()), out


def test_modules_import_in_24k_except_the_listed_ones():
    args = []
    for phase in ["launcher"] + sorted(GAME_PHASES):
        args += ["--phase", phase]
    rc, out = heapmodel("--compile-budget", "24K", *args)
    # "<module> imports in 24.0 KB[ + n KB for a new name pool]" or "... FAILS ..."
    rows = [line.split() for line in out.splitlines() if " in 24.0 KB" in line]
    assert len(rows) > 20, out
    over = {row[0] for row in rows if row[1] == "FAILS"}
    assert over <= OVER_24K, "over 24 KB and not listed: %s" % sorted(over - OVER_24K)


def test_stand_ins_cost_at_least_what_circuitpython_objects_cost():
    rc, out = heapmodel("--sizes")
    assert rc == 0, out
    rows = [line.split("|")[1:4] for line in out.splitlines()
            if line.startswith("| ") and not line.startswith("| object")]
    assert len(rows) == 7, out
    for what, model, cp in rows:
        # at least the C object; at most an instance and its attribute table more
        assert int(cp) <= int(model) <= int(cp) + 96, (what, model, cp)


def test_figures_count_what_the_device_holds_not_the_model_s_own_data():
    # The guest's CONFIG (recorded moves and imports) and its own code are
    # the model's: a phase's figures are the same however large CONFIG is.
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import tempfile

    import heapmodel as H

    spec = H.PHASES["launcher"]
    with tempfile.TemporaryDirectory() as folder:
        drive = H.make_drive(os.path.join(folder, "drive"))
        plain = H.run_phase(drive, spec, "launcher",
                            preload=H.boot_imports(drive, spec, "launcher"))
        # (its own recording: CONFIG's names are the model's, counted apart)
        spec = dict(spec, padding=["x" * 40] * 200)
        padded = H.run_phase(drive, spec, "launcher",
                             preload=H.boot_imports(drive, spec, "launcher"))
        assert H.device_base(drive) < 2048  # the interpreter's start and code.py
    assert plain.ok and padded.ok, (plain, padded)
    assert padded.figure("model") - plain.figure("model") > 4096  # CONFIG is the model's
    # The same within a few blocks: the heap's layout differs, and with it
    # where an interned-name chunk can grow in place.
    assert abs(padded.figure("live") - plain.figure("live")) <= 256
    assert abs(padded.figure("peak") - plain.figure("peak")) <= 256
