"""Tones on the PyGamer/PyBadge speaker (board.SPEAKER, enabled by
board.SPEAKER_ENABLE): a short looping square wave, started and stopped by
the runtime's Sound so that playing never blocks a frame."""

import array


class SpeakerAudio:
    def __init__(self, speaker_pin, enable_pin):
        import audiocore
        import audioio
        import digitalio

        self._enable = digitalio.DigitalInOut(enable_pin)
        self._enable.switch_to_output(value=False)
        self._out = audioio.AudioOut(speaker_pin)
        self._audiocore = audiocore
        # One period of a square wave, 16 samples, unsigned 16-bit.
        self._wave = array.array("H", [0x9000] * 8 + [0x7000] * 8)

    def start(self, frequency):
        sample = self._audiocore.RawSample(self._wave, sample_rate=frequency * len(self._wave))
        self._enable.value = True
        self._out.play(sample, loop=True)

    def stop(self):
        self._out.stop()
        self._enable.value = False


class SilentAudio:
    """A do-nothing stand-in that remembers what it was asked to play."""

    def __init__(self):
        self.played = []

    def start(self, frequency):
        self.played.append(frequency)

    def stop(self):
        pass
