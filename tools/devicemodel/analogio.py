"""analogio as the heap model sees it: the joystick axes read the model's
position (centre unless a scenario moves it)."""

import _model


class AnalogIn:
    def __init__(self, pin):
        self._axis = 0 if pin == "JOYSTICK_X" else 1

    @property
    def value(self):
        return _model.joystick[self._axis]

    def deinit(self):
        pass
