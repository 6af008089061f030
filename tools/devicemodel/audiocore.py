"""audiocore as the heap model sees it: a RawSample refers to its buffer."""


class RawSample:
    def __init__(self, buffer, *, channel_count=1, sample_rate=8000):
        self._buffer = buffer
        self.sample_rate = sample_rate
