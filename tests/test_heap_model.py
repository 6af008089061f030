"""The whole-app heap model (tools/heapmodel.py) as a check: Kapsa as
deployed runs under MicroPython with stand-ins for CircuitPython's C
modules, one VM a phase as on the device (docs/checks.md says how).

The budgets held here:
- the launcher runs in the device budget, 112 KB;
- each game phase (a whole game to the game-over scene and back) runs
  within its CEILING: the heap it needs today, measured, plus a little, so
  that no change makes a game need more. The goal is 112 KB for every
  phase; docs/figures.md has where each stands. Lower a ceiling when a
  change earns it;
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
# The heap (KB) each game phase needs at most today: smallest heap measured
# by `tools/heapmodel.py` plus 4 KB, never more than the budget once a
# phase is inside it. The goal is 112 for each.
CEILING = {
    "qwinto-solo": 112,  # 108 measured: inside the 112 KB budget
    "qwinto-6": 112,  # 111 measured
    "hashi-solo": 133,  # 132 measured
    "hashi-4": 124,  # 123 measured
    "hanabi-5": 112,  # 111 measured
    "halali-2": 112,  # 107 measured
}
# Modules that still need more than 24 KB free to import: none may join.
OVER_24K = set()


def heapmodel(*args):
    done = subprocess.run([sys.executable, TOOL, *args], capture_output=True, text=True,
                          timeout=3000)
    return done.returncode, done.stdout + done.stderr[-3000:]


def test_launcher_runs_in_the_device_budget():
    rc, out = heapmodel("--phase", "launcher", "--heap", BUDGET)
    assert rc == 0 and "launcher       runs in 112.0 KB" in out, out


@pytest.mark.parametrize("phase", sorted(CEILING))
def test_game_phase_runs_within_its_ceiling(phase):
    rc, out = heapmodel("--phase", phase, "--heap", "%dK" % CEILING[phase])
    assert rc == 0 and "%s runs in" % phase in " ".join(out.split()), out


def test_modules_import_in_24k_except_the_listed_ones():
    args = []
    for phase in ["launcher"] + sorted(CEILING):
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
