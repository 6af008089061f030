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


class FatOs:
    """os as kapsa.foldermedium uses it, with stat() as CircuitPython's on
    the device's FAT drive: small integers (no inode numbers, FAT times).
    The WASI build's stat() gives the host's inode numbers and times, which
    come out as big integers, so its garbage and the heap's holes after it
    differ from run to run."""

    def __init__(self):
        import os

        self.mkdir = os.mkdir
        self.rename = os.rename
        self.remove = os.remove
        self.listdir = os.listdir

    def stat(self, path):
        try:
            self.listdir(path)
            return (0x4000, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        except OSError:
            pass
        with open(path, "rb") as f:
            size = f.seek(0, 2)
        return (0x8000, 0, 0, 0, 0, 0, size, 0, 0, 0)
