"""PyGamer: A, B, Select and Start on a shift register, the analog joystick
as the d-pad, speaker, 160x128 display. Only four keys sit on the PyGamer's
shift register: reading eight would report the unconnected inputs."""

from kapsa.boards import Board
from kapsa.boards.pybadge import shift_register_keys, speaker
from kapsa.buttons import Buttons, JoystickSource, KeypadSource


def build():
    import analogio
    import board

    display = board.DISPLAY
    display.auto_refresh = False
    joystick = JoystickSource(analogio.AnalogIn(board.JOYSTICK_X), analogio.AnalogIn(board.JOYSTICK_Y))
    buttons = Buttons(KeypadSource(shift_register_keys(4), extra=joystick))
    return Board("pygamer", display, buttons, speaker())
