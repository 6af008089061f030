"""Test setup: import paths as on the device (lib/ and the root), the test
game in tests/, and Blinka's OS-agnostic board for the display code."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The root goes last: Kapsa's code.py must not shadow the standard library's
# `code` module (pdb imports it).
for path in (os.path.join(ROOT, "tests"), os.path.join(ROOT, "lib")):
    if path not in sys.path:
        sys.path.insert(0, path)
if ROOT not in sys.path:
    sys.path.append(ROOT)

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
os.environ.setdefault("BLINKA_SKIP_DEPENDENCY_CHECK", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def _fill_region_as_circuitpython():
    """bitmaptools.fill_region as CircuitPython 10 checks its corners:
    x1 in 0..width and x2 in x1..width (y alike), or ValueError. Blinka's
    clips instead, so a region off the bitmap passed every test here and
    crashed the faithful CircuitPython build (Hashi's board B)."""
    import bitmaptools

    blinka = bitmaptools.fill_region
    if getattr(blinka, "circuitpython_checks", False):
        return

    def fill_region(dest_bitmap, x1, y1, x2, y2, value):
        for name, lo, hi, limit in (("x", x1, x2, dest_bitmap.width), ("y", y1, y2, dest_bitmap.height)):
            if not 0 <= lo <= limit:
                raise ValueError("%s1 must be 0-%d" % (name, limit))
            if not lo <= hi <= limit:
                raise ValueError("%s2 must be %d-%d" % (name, lo, limit))
        return blinka(dest_bitmap, x1, y1, x2, y2, value)

    fill_region.circuitpython_checks = True
    bitmaptools.fill_region = fill_region


_fill_region_as_circuitpython()


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _kapsa_modules_as_before():
    """A test of a game's VM lets modules go as the device does
    (kapsa.forget); afterwards the runtime's modules there before the
    test are put back, so that a class a test file holds (Pause, Confirm)
    is the one the app makes again in the next test, whatever the order.
    (A game's modules are left as the app leaves them: tests count which
    of them a VM holds.)"""
    before = {name: module for name, module in sys.modules.items()
              if name == "kapsa" or name.startswith("kapsa.")}
    yield
    for name, module in before.items():
        if sys.modules.get(name) is not module:
            sys.modules[name] = module
