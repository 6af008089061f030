"""PyGamer: A, B, Select and Start on a shift register, the analog joystick
as the d-pad, speaker, 160x128 display. Only four keys sit on the PyGamer's
shift register: reading eight would report the unconnected inputs."""

from kapsa.boards import Board
from kapsa.boards.pybadge import shift_register_keys, speaker
from kapsa.buttons import DOWN, LEFT, RIGHT, UP, Buttons, KeypadSource


def build():
    import analogio
    import board

    display = board.DISPLAY
    display.auto_refresh = False
    joystick = JoystickSource(analogio.AnalogIn(board.JOYSTICK_X), analogio.AnalogIn(board.JOYSTICK_Y))
    buttons = Buttons(KeypadSource(shift_register_keys(4), extra=joystick))
    return Board("pygamer", display, buttons, speaker())


class JoystickSource:
    """The PyGamer's analog joystick read as a d-pad with a dead zone."""

    def __init__(self, x_in, y_in, low=15000, high=50000):
        self._x = x_in
        self._y = y_in
        self._low = low
        self._high = high

    def read(self):
        x = self._x.value
        y = self._y.value
        held = 0
        if x < self._low:
            held |= LEFT
        elif x > self._high:
            held |= RIGHT
        if y < self._low:
            held |= UP
        elif y > self._high:
            held |= DOWN
        return held, 0
