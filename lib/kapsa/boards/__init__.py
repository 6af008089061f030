"""Board modules: each builds a Board (display, buttons, audio) and nothing
else. Nothing starts hardware at import time: call build()."""


class Board:
    __slots__ = ("name", "display", "buttons", "audio")

    def __init__(self, name, display, buttons, audio):
        self.name = name
        self.display = display
        self.buttons = buttons
        self.audio = audio


def detect():
    """The name of the board we run on, from what `board` offers."""
    try:
        import board
    except (ImportError, NotImplementedError, RuntimeError):
        return "desktop"
    names = dir(board)
    if "JOYSTICK_X" in names and "BUTTON_CLOCK" in names:
        return "pygamer"
    if "BUTTON_CLOCK" in names:
        return "pybadge"
    return "desktop"
