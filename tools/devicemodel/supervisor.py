"""supervisor as the heap model sees it: reload() ends the VM by raising,
as CircuitPython's does; ticks_ms() is the model's frame clock."""

import _model


class _Runtime:
    autoreload = True
    serial_connected = False


runtime = _Runtime()
_next_code = [None]


def reload():
    raise _model.ReloadRequested()


def set_next_code_file(filename, *, reload_on_success=False, reload_on_error=False,
                       sticky_on_success=False, sticky_on_error=False, sticky_on_reload=False):
    _next_code[0] = filename


def ticks_ms():
    return _model.now[0]
