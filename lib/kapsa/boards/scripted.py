"""Presses from a script: the desktop's headless board, the tests and the
PNG tool drive the runtime with these (never imported on the device)."""

from kapsa.buttons import A, B, DOWN, LEFT, RIGHT, SELECT, START, UP

NAMES = (("B", B), ("A", A), ("START", START), ("SELECT", SELECT),
         ("RIGHT", RIGHT), ("DOWN", DOWN), ("UP", UP), ("LEFT", LEFT))


class ScriptedSource:
    """Presses fed by a test or the PNG tool: tap(mask) presses and releases
    within one frame; hold(mask) / release(mask) for longer presses."""

    def __init__(self):
        self._held = 0
        self._taps = 0

    def tap(self, mask):
        self._taps |= mask

    def hold(self, mask):
        self._held |= mask

    def release(self, mask):
        self._held &= ~mask

    def read(self):
        taps = self._taps
        self._taps = 0
        return self._held, taps


def mask_of(name):
    """The mask of a button name such as "A" or "LEFT"."""
    for label, mask in NAMES:
        if label == name:
            return mask
    raise ValueError("no button named " + name)
