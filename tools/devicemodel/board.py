"""A PyGamer's board module as the heap model sees it: pins are names, the
display is static (no heap on the device)."""

import displayio

BUTTON_CLOCK = "BUTTON_CLOCK"
BUTTON_OUT = "BUTTON_OUT"
BUTTON_LATCH = "BUTTON_LATCH"
JOYSTICK_X = "JOYSTICK_X"
JOYSTICK_Y = "JOYSTICK_Y"
SPEAKER = "SPEAKER"
SPEAKER_ENABLE = "SPEAKER_ENABLE"
DISPLAY = displayio.Display()
