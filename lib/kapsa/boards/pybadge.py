"""PyBadge: eight buttons on a shift register, speaker, 160x128 display."""

from kapsa.boards import Board
from kapsa.buttons import Buttons, KeypadSource


def shift_register_keys(key_count=8):
    """Key n is bit n: B, A, Start, Select, Right, Down, Up, Left."""
    import board
    import keypad

    return keypad.ShiftRegisterKeys(
        clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT, latch=board.BUTTON_LATCH,
        key_count=key_count, value_when_pressed=True)


def speaker():
    import board

    from kapsa.boards.speaker import SpeakerAudio

    return SpeakerAudio(board.SPEAKER, board.SPEAKER_ENABLE)


def build():
    import board

    display = board.DISPLAY
    display.auto_refresh = False
    buttons = Buttons(KeypadSource(shift_register_keys()))
    return Board("pybadge", display, buttons, speaker())
