"""keypad as the heap model sees it: ShiftRegisterKeys keeps its scan state
and a 64-event queue on the heap; events come from the model's script."""

import _model


class Event:
    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed

    @property
    def released(self):
        return not self.pressed


class EventQueue:
    def __init__(self, max_events=64):
        self._ring = bytearray(2 * max_events)

    def get_into(self, event):
        if not _model.events:
            return False
        event.key_number, event.pressed = _model.events.pop(0)
        return True

    def clear(self):
        del _model.events[:]

    def __len__(self):
        return len(_model.events)


class ShiftRegisterKeys:
    def __init__(self, *, clock, data, latch, value_to_latch=True, key_count,
                 value_when_pressed, interval=0.020, max_events=64, debounce_threshold=1):
        self.key_count = key_count
        self._state = bytearray(2 * key_count)
        self.events = EventQueue(max_events)
