"""The saves' medium on a filesystem: slot files in a folder ("/saves" on
CIRCUITPY, any folder on a desktop), laid out for FAT on NOR flash
(docs/saves.md, "Slot files on the flash").

A slot "<key>.<x>" (x one letter: the store's slot) lives in the subfolder
x, so that saves written in turn to slots a, b, c, ... rewrite the
directory entries of different folders: each folder's directory is a
cluster of its own, created just before the folder's first slot file (so
a slot file of at least 9 KB lies between any two of them), and FatFs
rewrites the entry of a written file on every close. Other names (a
set-aside "<slot>.bad" sits beside its slot) stay where their slot is, or
in the folder itself.

Each slot file is GUARD + capacity + GUARD bytes, the record at offset
GUARD, and a save rewrites it in place ("r+b"): no cluster is allocated or
freed, so the FAT is not written, and on a contiguous file every 4 KB
erase sector that the rewrite touches belongs to this file alone. A file
is only (re)created when missing or too small.
"""

import os

from micropython import const

from kapsa.record import MAX_RECORD

GUARD = const(3584)  # bytes before and after the record region of a slot file
_HEADER = const(10)  # kapsa.record's HEADER, TRAILER, MAGIC0, MAGIC1
_TRAILER = const(4)
_MAGIC0 = const(0x4B)
_MAGIC1 = const(0x53)
MIN_CAPACITY = const(2048)  # record region of a new slot file
_EROFS = const(30)
_FILL = b"\xff" * 512


def folder_of(name):
    """The subfolder of slot `name` ("qwinto.c" and "qwinto.c.bad": "c"),
    or "" for a name that is no slot's."""
    dot = name.find(".")
    if 0 < dot and len(name) > dot + 1 and "a" <= name[dot + 1] <= "z":
        if len(name) == dot + 2 or name[dot + 2] == ".":
            return name[dot + 1]
    return ""


def _is_folder(path):
    try:
        return os.stat(path)[0] & 0x4000 != 0  # S_IFDIR
    except OSError:
        return False


class FolderMedium:
    """Slots as files in the folder `path` and its one-letter subfolders
    (created when needed). `writable` is False when the filesystem is
    read-only (OSError errno 30), probed without writing anything, and set
    False by the first write that meets it (kapsa.store does that)."""

    def __init__(self, path):
        """Use the folder `path`, creating it if it is missing."""
        self.path = path.rstrip("/") or "/"
        self.writable = True
        try:
            os.mkdir(self.path)  # CircuitPython checks read-only before existence
        except OSError as exc:
            # Read-only, or not there after all. (An existing folder is not
            # judged by its errno alone: MicroPython's WebAssembly port
            # reports the host's number for "exists".)
            code = getattr(exc, "errno", None)
            if code is None and exc.args:
                code = exc.args[0]
            if code == _EROFS or not _is_folder(self.path):
                self.writable = False
        access = getattr(os, "access", None)  # CPython only
        if self.writable and access is not None and not access(self.path, 2):
            self.writable = False

    def _folder(self, sub):
        top = self.path if self.path != "/" else ""
        return top + "/" + sub if sub else self.path

    def _path(self, name):
        return self._folder(folder_of(name)).rstrip("/") + "/" + name

    def _size(self, name):
        try:
            return os.stat(self._path(name))[6]
        except OSError:
            return -1

    def read(self, name):
        """The record in slot `name` (bytes: as many as its header says, or
        the first few if there is no record header), or None if missing.
        Only the record is read, not its whole region: opening the saves
        reads every slot, and on the device what is read is garbage to
        collect."""
        size = self._size(name)
        if size < 0:
            return None
        start = GUARD if size > 2 * GUARD else 0
        region = min(size - 2 * start, MAX_RECORD)
        try:
            with open(self._path(name), "rb") as f:
                f.seek(start)
                head = f.read(min(_HEADER, region))
                if len(head) < _HEADER or head[0] != _MAGIC0 or head[1] != _MAGIC1:
                    return head  # no record: the store sets the slot aside
                f.seek(start)
                return f.read(min(_HEADER + (head[8] | head[9] << 8) + _TRAILER, region))
        except OSError:
            return b""

    def write(self, name, data):
        """Put `data` at the start of the record region of slot `name`,
        in place when the file is large enough."""
        path = self._path(name)
        if self._size(name) >= 2 * GUARD + len(data):
            with open(path, "r+b") as f:
                f.seek(GUARD)
                f.write(data)
            return
        sub = folder_of(name)
        if sub and not _is_folder(self._folder(sub)):
            os.mkdir(self._folder(sub))  # its directory cluster, then at once the file
        capacity = MIN_CAPACITY
        while capacity < len(data):
            capacity += 1024
        with open(path, "wb") as f:
            _fill(f, GUARD)
            f.write(data)
            _fill(f, capacity - len(data) + GUARD)

    def rename(self, old, new):
        """Rename a file (a set-aside copy stays in its slot's folder)."""
        os.rename(self._path(old), self._path(new))

    def remove(self, name):
        """Delete a file."""
        os.remove(self._path(name))

    def names(self):
        """The names of the files in the folder and its slot folders."""
        try:
            found = os.listdir(self.path)
        except OSError:
            return []
        for sub in list(found):
            if len(sub) == 1 and "a" <= sub <= "z" and _is_folder(self._folder(sub)):
                try:
                    found += os.listdir(self._folder(sub))
                except OSError:
                    pass
        return found


def _fill(f, count):
    fill = memoryview(_FILL)  # its slices copy nothing (a 0.5 KB slice did, late in a VM)
    while count > 0:
        f.write(fill if count >= len(_FILL) else fill[:count])
        count -= len(_FILL)
