"""audioio as the heap model sees it."""


class AudioOut:
    def __init__(self, left_channel, *, right_channel=None, quiescent_value=0x8000):
        self.playing = False

    def play(self, sample, *, loop=False):
        self.playing = True

    def stop(self):
        self.playing = False
