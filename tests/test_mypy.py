"""mypy against CircuitPython: code.py, boot.py, lib/ and games/ must
type-check against circuitpython-stubs plus the overrides in stubs-cp/
(see mypy.ini and docs/checks.md).

Run alone:  python -m pytest -q tests/test_mypy.py
mypy's own report:  python tests/test_mypy.py
"""

import os
import sys
import textwrap

from mypy import api

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONFIG = os.path.join(ROOT, "mypy.ini")
# What mypy.ini's `files` names; code.py and boot.py may not exist yet.
TARGETS = ("code.py", "boot.py", "lib", "games")


def targets():
    return [os.path.join(ROOT, t) for t in TARGETS if os.path.exists(os.path.join(ROOT, t))]


def mypy(paths, cache_dir=None):
    """(exit status, report) of mypy over `paths` with the project's config."""
    args = ["--config-file", CONFIG]
    if cache_dir:
        args += ["--cache-dir", str(cache_dir)]
    stdout, stderr, status = api.run(args + list(paths))
    return status, stdout + stderr


def test_device_code_type_checks_against_circuitpython():
    status, report = mypy(targets())
    assert status == 0, "mypy against CircuitPython failed:\n" + report


def test_playtest2_14_no_empty_container_lacks_its_type_at_mypys_default_strictness(tmp_path):
    # mypy.ini lets an empty container go unannotated inside functions
    # (var-annotated off, bodies checked). mypy as most people run it
    # (bodies of unannotated functions unchecked, var-annotated on) still
    # demands a type for an empty module-level one (`_cache = {}`): the
    # project annotates those in comments (`# type: dict`), which
    # CircuitPython, without a typing module, never reads.
    stdout, stderr, status = api.run(
        ["--config-file", CONFIG, "--enable-error-code", "var-annotated",
         "--no-check-untyped-defs", "--cache-dir", str(tmp_path / "cache")] + targets())
    report = stdout + stderr
    assert "Need type annotation" not in report, report
    assert status == 0, report


def check_snippet(tmp_path, source):
    path = tmp_path / "snippet.py"
    path.write_text(textwrap.dedent(source))
    return mypy([str(path)], cache_dir=tmp_path / "cache")


def test_overrides_make_cpython_only_apis_errors(tmp_path):
    status, report = check_snippet(tmp_path, """\
        import random
        import dataclasses
        from enum import Enum

        deck = [1, 2, 3]
        random.shuffle(deck)
        hand = random.sample(deck, 2)
        picks = random.choices(deck, k=2)

        @dataclasses.dataclass
        class Card:
            rank: int
    """)
    assert status == 1, report
    for line, what in ((3, "enum"), (6, "shuffle"), (7, "sample"), (8, "choices"),
                       (10, "dataclass")):
        assert "snippet.py:%d: error" % line in report and what in report, (what, report)


def test_overrides_keep_what_circuitpython_has(tmp_path):
    # The device's random functions, the real PyGamer/PyBadge board names,
    # DISPLAY as a busdisplay.BusDisplay, and nvm used behind a None guard.
    status, report = check_snippet(tmp_path, """\
        import random

        import board
        import busdisplay
        import keypad
        import microcontroller

        random.seed(1)
        n = random.randint(1, 6) + random.randrange(6) + random.getrandbits(3)
        face = random.choice([1, 2, 3])
        x = random.random() + random.uniform(0.0, 1.0)

        display: busdisplay.BusDisplay = board.DISPLAY
        display.auto_refresh = False
        display.refresh()
        keys = keypad.ShiftRegisterKeys(
            clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT, latch=board.BUTTON_LATCH,
            key_count=8, value_when_pressed=True)
        pins = (board.SPEAKER, board.SPEAKER_ENABLE, board.NEOPIXEL, board.LIGHT,
                board.ACCELEROMETER_INTERRUPT, board.JOYSTICK_X, board.JOYSTICK_Y)
        i2c = board.I2C()

        nvm = microcontroller.nvm
        if nvm is not None:
            nvm[0:2] = b"ok"
    """)
    assert status == 0, report


def test_unguarded_nvm_and_wrong_board_names_are_errors(tmp_path):
    status, report = check_snippet(tmp_path, """\
        import board
        import microcontroller

        microcontroller.nvm[0:2] = b"no"
        board.BUTTON_A
        board.DISPLAY.show(None)
    """)
    assert status == 1, report
    for line in (4, 5, 6):
        assert "snippet.py:%d: error" % line in report, report


if __name__ == "__main__":
    status, report = mypy(targets())
    sys.stdout.write(report)
    sys.exit(status)
