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
