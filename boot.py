"""Kapsa's storage mode, chosen at power-up (runs once, before USB starts).

Normally the CIRCUITPY drive is remounted writable for Kapsa, so that
saves and settings work; a computer then sees the drive read-only.
Hold SELECT while switching on or pressing reset to skip that: the drive
stays writable over USB (to update Kapsa) and Kapsa shows that saves are
off. docs/saves.md has the details.

This file writes nothing. It reads the buttons by clocking the 74HC165
shift register itself with digitalio: keypad's debouncer starts from "no
state", so a key already held when the scanner starts gives no "pressed"
event (CircuitPython shared-module/keypad), and a user's held SELECT must
not be missed. Runs only on the device (PyGamer, PyBadge).
"""

import time

import board
import digitalio
import storage

SELECT = 3  # bit of the shift register: 0 B, 1 A, 2 START, 3 SELECT, ...
KEYS = 8


def read_buttons():
    """The eight shift-register buttons as a bitmask (bit set = pressed)."""
    latch = digitalio.DigitalInOut(board.BUTTON_LATCH)
    clock = digitalio.DigitalInOut(board.BUTTON_CLOCK)
    data = digitalio.DigitalInOut(board.BUTTON_OUT)
    latch.switch_to_output(value=False)  # low: the register follows the buttons
    clock.switch_to_output(value=False)
    data.switch_to_input()
    time.sleep(0.001)
    latch.value = True  # high: freeze them; bit 0 is already on the data pin
    bits = 0
    for key in range(KEYS):
        clock.value = False
        if data.value:  # a pressed button reads high
            bits |= 1 << key
        clock.value = True  # the next bit moves onto the data pin
    latch.value = False
    latch.deinit()
    clock.deinit()
    data.deinit()
    return bits


def select_held():
    """True if SELECT reads pressed twice, 20 ms apart."""
    if not read_buttons() & (1 << SELECT):
        return False
    time.sleep(0.02)
    return bool(read_buttons() & (1 << SELECT))


if not select_held():
    storage.remount("/", readonly=False)
