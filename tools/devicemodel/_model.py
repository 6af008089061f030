"""State the heap model's guest shares with its device stand-ins: the
presses a scenario feeds in, the joystick position, and the exception that
supervisor.reload() raises to end the VM (CircuitPython raises one too)."""


class ReloadRequested(BaseException):
    pass


# (key_number, pressed) events waiting for keypad's EventQueue
events = []
# the PyGamer joystick, 0..65535 per axis; 32768 is the centre
joystick = [32768, 32768]
# milliseconds as supervisor.ticks_ms() reports them: the guest advances it
# by one frame (33 ms) per App.step()
now = [0]
