"""A saves medium in memory, for tests and tools: the device never
imports it (kapsa.foldermedium is its medium)."""

from micropython import const

_ENOENT = const(2)
_EROFS = const(30)


class MemoryMedium:
    """Slots in a dict (`files`, name -> bytes): tests and the simulator."""

    def __init__(self, files=None, writable=True):
        """Start with `files` (a dict, kept and shared) or none."""
        self.files = {} if files is None else files
        self.writable = writable

    def _guard(self, *names):
        if not self.writable:
            raise OSError(_EROFS, "read-only")
        for name in names:
            if name not in self.files:
                raise OSError(_ENOENT, name)

    def read(self, name):
        """The bytes of `name`, or None."""
        return self.files.get(name)

    def write(self, name, data):
        """Store `data` under `name`."""
        self._guard()
        self.files[name] = bytes(data)

    def rename(self, old, new):
        """Move `old` to `new`."""
        self._guard(old)
        self.files[new] = self.files.pop(old)

    def remove(self, name):
        """Delete `name`."""
        self._guard(name)
        del self.files[name]

    def names(self):
        """Every name held."""
        return list(self.files)
