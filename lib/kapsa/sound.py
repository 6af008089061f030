"""Short tones for a move, an illegal move and a score, muted by the
setting. Notes are queued and stepped by frames so playing never blocks."""

# (frequency Hz, frames) per note
MOVE = ((880, 2),)
ILLEGAL = ((220, 4), (165, 5))
SCORE = ((660, 3), (880, 3), (1320, 5))


class Sound:
    def __init__(self, audio, enabled=True):
        self.audio = audio
        self.enabled = enabled
        self._notes = ()
        self._index = 0
        self._frames = 0

    def play(self, notes):
        if not self.enabled:
            return
        self._notes = notes
        self._index = 0
        self._start()

    def _start(self):
        frequency, frames = self._notes[self._index]
        self._frames = frames
        self.audio.start(frequency)

    def tick(self):
        if not self._frames:
            return
        self._frames -= 1
        if self._frames:
            return
        self._index += 1
        if self._index < len(self._notes):
            self._start()
        else:
            self.audio.stop()
