"""Buttons: one snapshot a frame.

Masks follow the PyBadge/PyGamer shift register, where key number n is bit n,
so a keypad key number turns into a mask with one shift.

Buttons.update() is called once a frame; afterwards `held` is the mask of
buttons down now and `pressed` the mask of buttons that went down since the
last frame, plus d-pad auto-repeat while a direction is held. Nothing is
allocated per frame. The source is injected: a board reads keypad events or
the joystick, a test feeds presses directly.

A source has one method, read() -> (held_mask, went_down_mask): went_down
catches a tap that started and ended between two frames.
"""

from micropython import const

B = const(1)
A = const(2)
START = const(4)
SELECT = const(8)
RIGHT = const(16)
DOWN = const(32)
UP = const(64)
LEFT = const(128)
DPAD = const(16 | 32 | 64 | 128)

REPEAT_DELAY = const(12)  # frames before a held direction repeats (0.4 s at 30 fps)
REPEAT_EVERY = const(4)  # frames between repeats after that


class Buttons:
    def __init__(self, source, repeat_delay=REPEAT_DELAY, repeat_every=REPEAT_EVERY):
        self.source = source
        self.held = 0
        self.pressed = 0
        self._repeat_delay = repeat_delay
        self._repeat_every = repeat_every
        self._dpad_frames = 0

    def update(self):
        held, went_down = self.source.read()
        pressed = (held & ~self.held) | went_down
        dpad = held & DPAD
        if dpad and dpad == self.held & DPAD:
            self._dpad_frames += 1
            extra = self._dpad_frames - self._repeat_delay
            if extra >= 0 and extra % self._repeat_every == 0:
                pressed |= dpad
        else:
            self._dpad_frames = 0
        self.held = held
        self.pressed = pressed
        return pressed


class KeypadSource:
    """keypad events (ShiftRegisterKeys) as a button source.

    `keymap[n]` is the mask of key number n (by default 1 << n); `extra` is
    an optional second source whose held mask is OR-ed in (the PyGamer
    joystick)."""

    def __init__(self, keys, keymap=None, extra=None):
        import keypad

        self._keys = keys
        self._event = keypad.Event()  # reused: no allocation per frame
        self._keymap = keymap
        self._extra = extra
        self._held = 0

    def read(self):
        went_down = 0
        event = self._event
        while self._keys.events.get_into(event):
            n = event.key_number
            mask = self._keymap[n] if self._keymap else 1 << n
            if event.pressed:
                self._held |= mask
                went_down |= mask
            else:
                self._held &= ~mask
        held = self._held
        if self._extra is not None:
            extra_held, extra_down = self._extra.read()
            held |= extra_held
            went_down |= extra_down
        return held, went_down
