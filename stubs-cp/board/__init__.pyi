"""`board` for the boards Kapsa runs on: Adafruit PyGamer and PyBadge.

circuitpython-stubs ships one generic `board` stub (and per-board copies
that its `circuitpy_setboard` command would write into the installed
package); its PyGamer/PyBadge copies type DISPLAY as `displayio.Display`,
a class CircuitPython 9 removed. This stub replaces both for Kapsa's mypy
check. Pin names follow CircuitPython's ports/atmel-samd/boards/pygamer/pins.c
and pybadge/pins.c.

Names marked "PyGamer only" are absent on a PyBadge: code that runs on both
must test them with hasattr(board, "JOYSTICK_X") before use.
"""

import busdisplay
import busio
import microcontroller

board_id: str

# Analog and digital header pins (identical on both boards).
A0: microcontroller.Pin  # PA02, also SPEAKER
A1: microcontroller.Pin  # PA05
A2: microcontroller.Pin  # PB08
A3: microcontroller.Pin  # PB09
A4: microcontroller.Pin  # PA04
A5: microcontroller.Pin  # PA06
A6: microcontroller.Pin  # PB01
A7: microcontroller.Pin  # PB04, also LIGHT
A8: microcontroller.Pin  # PB03
A9: microcontroller.Pin  # PB02
D0: microcontroller.Pin  # PB17
D1: microcontroller.Pin  # PB16
D2: microcontroller.Pin  # PB03
D3: microcontroller.Pin  # PB02
D4: microcontroller.Pin  # PA14
D5: microcontroller.Pin  # PA16
D6: microcontroller.Pin  # PA18
D7: microcontroller.Pin  # PB14
D8: microcontroller.Pin  # PA15
D9: microcontroller.Pin  # PA19
D10: microcontroller.Pin  # PA20
D11: microcontroller.Pin  # PA21
D12: microcontroller.Pin  # PA22
D13: microcontroller.Pin  # PA23
LED: microcontroller.Pin  # PA23
RX: microcontroller.Pin  # PB17
TX: microcontroller.Pin  # PB16
SDA: microcontroller.Pin  # PA12
SCL: microcontroller.Pin  # PA13
SCK: microcontroller.Pin  # PA17
MISO: microcontroller.Pin  # PB22
MOSI: microcontroller.Pin  # PB23

# Special pins.
NEOPIXEL: microcontroller.Pin  # PA15: the five NeoPixels under the screen
LIGHT: microcontroller.Pin  # PB04: light sensor
ACCELEROMETER_INTERRUPT: microcontroller.Pin  # PB14
SPEAKER: microcontroller.Pin  # PA02: DAC to the speaker
SPEAKER_ENABLE: microcontroller.Pin  # PA27: high turns the amplifier on
BUTTON_LATCH: microcontroller.Pin  # PB00: 74HC165 shift register
BUTTON_OUT: microcontroller.Pin  # PB30
BUTTON_CLOCK: microcontroller.Pin  # PB31

# The ST7735R display's pins (board.DISPLAY already drives them).
TFT_LITE: microcontroller.Pin  # PA01
TFT_MOSI: microcontroller.Pin  # PB15
TFT_SCK: microcontroller.Pin  # PB13
TFT_RST: microcontroller.Pin  # PA00
TFT_CS: microcontroller.Pin  # PyGamer PB12, PyBadge PB07
TFT_DC: microcontroller.Pin  # PB05

# PyGamer only.
SD_CS: microcontroller.Pin  # PA14: microSD card slot
JOYSTICK_X: microcontroller.Pin  # PB07: analog joystick
JOYSTICK_Y: microcontroller.Pin  # PB06

def I2C() -> busio.I2C:
    """The board's I2C bus singleton (the accelerometer is on it)."""

def STEMMA_I2C() -> busio.I2C:
    """The same bus as I2C()."""

def SPI() -> busio.SPI:
    """The board's SPI bus singleton."""

def UART() -> busio.UART:
    """The board's UART singleton."""

DISPLAY: busdisplay.BusDisplay
"""The built-in 160x128 ST7735R display, set up by CircuitPython at boot."""
