"""Saves and settings, safe against a power cut at any byte of a write.

Every record (the settings, and each game's save) is kept in two slots,
"<key>.a" and "<key>.b", written alternately: a save always overwrites the
slot that does NOT hold the newest verified record, with a sequence number
one higher. Power lost during that write damages only the slot being
written, so the next start finds the previous record intact in the other
slot; a record only counts once its CRC verifies. Slots that do not verify
are set aside (renamed "<slot>.bad", not deleted) and reported in
Store.problems. docs/saves.md has the format, the proof and the limits.

A medium holds named blobs: read(name) -> bytes or None, write(name,
data), rename(old, new), remove(name), names(), and a `writable` flag.
FolderMedium keeps them as files in a folder (the device's "/saves", or a
desktop folder), MemoryMedium in a dict (tests). The encoding itself is
kapsa.codec (game saves), kapsa.prefs (settings) and kapsa.record (the frame).
"""

import os

from micropython import const

from kapsa.codec import (
    KIND_CLEARED,
    KIND_GAME,
    KIND_SETTINGS,
    MAX_RECORD,
    CorruptRecord,
    GameSave,
    decode_record,
    encode_cleared,
    encode_game,
)
from kapsa.record import crc32, payload
from kapsa.prefs import Settings, encode_settings

SETTINGS = "settings"  # the key of the settings record; no game may use it
SLOTS = ("a", "b")
SET_ASIDE = ".bad"
MESSAGE = const(40)  # longest problem message

# The errno module knows each port's own numbers (a WASI MicroPython's
# differ from CircuitPython's); the constants are the fallback where a port
# leaves a name out. (Not const(): MicroPython would put the fallback's
# number in every use at compile time, whichever branch runs.)
try:
    import errno as _errno_module

    ENOENT = _errno_module.ENOENT
    EACCES = _errno_module.EACCES
    EEXIST = _errno_module.EEXIST
except (ImportError, AttributeError):
    ENOENT = 2
    EACCES = 13
    EEXIST = 17
ENOSPC = const(28)
EROFS = const(30)


def _errno(exc):
    code = getattr(exc, "errno", None)
    if code is None and exc.args:
        code = exc.args[0]
    return code


def _is_folder(path):
    try:
        return os.stat(path)[0] & 0x4000 != 0  # S_IFDIR
    except OSError:
        return False


def check_game_name(game):
    """ValueError unless `game` can name a save: 1..16 characters of
    a-z, 0-9 and _, starting with a letter, and not "settings"."""
    ok = isinstance(game, str) and 1 <= len(game) <= 16 and game != SETTINGS
    if ok:
        ok = "a" <= game[0] <= "z"
        for c in game:
            if not ("a" <= c <= "z" or "0" <= c <= "9" or c == "_"):
                ok = False
    if not ok:
        raise ValueError("not a game name for saves: %r" % (game,))


def _slot_key(name):
    """The record key of a slot file name ("qwinto.a" -> "qwinto"), or
    None for any other name (set-aside copies, foreign files)."""
    dot = name.rfind(".")
    if dot < 1 or name[dot + 1:] not in SLOTS:
        return None
    key = name[:dot]
    if key == SETTINGS:
        return key
    try:
        check_game_name(key)
    except ValueError:
        return None
    return key


def _say(template, key):
    """A problem message of at most MESSAGE characters about `key`."""
    title = "Settings" if key == SETTINGS else key[:1].upper() + key[1:]
    while len(template % title) > MESSAGE:
        title = title[:-1]
    return template % title


class Store:
    """The runtime's saves and settings on one medium.

    store = Store(FolderMedium("/saves")) reads every slot once, sets aside
    the ones that do not verify and lists them in `problems`. Saving never
    raises for a medium error: on a read-only medium it does nothing (and
    `writable` is False); any other write error is added to `problems`.
    """

    def __init__(self, medium):
        """Open the saves on `medium` and check every slot on it."""
        self.medium = medium
        self.problems = []  # short messages (<= 40 characters) for the player
        # key -> (sequence, slot, kind, (length, CRC) of the payload) of the
        # newest verified record; keys without one are absent.
        self._newest = {}
        keys = []
        try:
            names = medium.names()
        except OSError:
            names = []
        for name in names:
            key = _slot_key(name)
            if key is not None and key not in keys:
                keys.append(key)
        for key in sorted(keys):
            self._check(key)

    @property
    def writable(self):
        """False when the medium is read-only: saving then does nothing."""
        return bool(self.medium.writable)

    # ---------------------------------------------------------- settings

    def load_settings(self):
        """The saved Settings, or the defaults when there are none (or none
        that verify)."""
        newest = self._check(SETTINGS)
        return newest if newest is not None else Settings()

    def save_settings(self, settings):
        """Save `settings` (a Settings); True once it is on the medium."""
        return self._commit(SETTINGS, KIND_SETTINGS, encode_settings, (settings,))

    # ---------------------------------------------------------- games

    def save_game(self, game, seats, options, bots, actions, extra=b""):
        """Save a game in progress: `game` is the registry name, `bots` the
        bitmask of computer seats, `actions` every applied action, `extra`
        up to 255 bytes for the runtime. True once it is on the medium
        (also when the same save was already there)."""
        check_game_name(game)
        return self._commit(game, KIND_GAME, encode_game,
                            (game, seats, options, actions, bots, extra))

    def load_game(self, game):
        """The GameSave of `game` (attributes game, seats, options, bots,
        actions, extra), or None if it has no save that verifies."""
        check_game_name(game)
        newest = self._check(game)
        return newest if isinstance(newest, GameSave) else None

    def clear_game(self, game):
        """Forget the save of `game` (a finished or abandoned game). Writes
        a small "cleared" record in the next slot, so that a power cut
        leaves either the save or nothing, and the slot files keep their
        place on the flash. Does nothing if there is no save."""
        check_game_name(game)
        newest = self._newest.get(game)
        if newest is None or newest[2] == KIND_CLEARED:
            return True
        return self._commit(game, KIND_CLEARED, encode_cleared, (game,))

    def saved_games(self):
        """Names of the games that have a verified save, sorted."""
        return sorted(key for key in self._newest
                      if key != SETTINGS and self._newest[key][2] == KIND_GAME)

    # ---------------------------------------------------------- slots

    def _read(self, name):
        try:
            return self.medium.read(name)
        except OSError:
            return b""  # unreadable: damaged

    def _check(self, key):
        """Read both slots of `key`, set aside those that do not verify,
        remember the newest verified record; return its value or None."""
        newest = None
        value = None
        bad = []
        for slot in SLOTS:
            name = key + "." + slot
            data = self._read(name)
            if data is None:
                continue
            try:
                kind, sequence, found = decode_record(data)
                if key == SETTINGS:
                    ours = kind == KIND_SETTINGS
                elif kind == KIND_GAME:
                    ours = found.game == key
                else:
                    ours = kind == KIND_CLEARED and found == key
                if not ours:
                    raise CorruptRecord("a valid record of another slot")
            except CorruptRecord:
                bad.append(name)
                continue
            if newest is None or sequence > newest[0]:
                body = payload(data)
                newest = (sequence, slot, kind, (len(body), crc32(body)))
                value = found
        if newest is None:
            self._newest.pop(key, None)
        else:
            self._newest[key] = newest
        for name in bad:
            self._set_aside(key, name, newest is not None)
        return value if newest is not None and newest[2] != KIND_CLEARED else None

    def _set_aside(self, key, name, other_copy_ok):
        moved = False
        if self.writable:
            try:
                try:
                    self.medium.remove(name + SET_ASIDE)  # an older set-aside copy
                except OSError:
                    pass
                self.medium.rename(name, name + SET_ASIDE)
                moved = True
            except OSError as exc:
                self._failed(exc, key)
        done = "set aside" if moved else "ignored"
        if other_copy_ok:
            message = _say("%s: one copy was bad; " + done, key)
        elif key == SETTINGS:
            message = "Settings were damaged; " + done
        else:
            message = _say("%s save was damaged; " + done, key)
        self._problem(message)

    def _commit(self, key, kind, encode, args):
        if not self.writable:
            return False
        sequence, slot, _, body = self._newest.get(key, (0, None, None, None))
        record = encode(*args, sequence=sequence + 1)
        new_body = payload(record)
        if body == (len(new_body), crc32(new_body)):
            return True  # the newest record already says this: spare the flash
        target = SLOTS[1] if slot == SLOTS[0] else SLOTS[0]
        try:
            self.medium.write(key + "." + target, record)
        except OSError as exc:
            self._failed(exc, key)
            return False
        self._newest[key] = (sequence + 1, target, kind, (len(new_body), crc32(new_body)))
        return True

    def _failed(self, exc, key):
        code = _errno(exc)
        if code == EROFS:
            self.medium.writable = False
        elif code == ENOSPC:
            self._problem("Could not save: the drive is full")
        else:
            self._problem(_say("%s: could not save (error " + str(code) + ")", key))

    def _problem(self, message):
        if message not in self.problems:
            self.problems.append(message)


# -------------------------------------------------------------- media

GUARD = const(3584)  # bytes before and after the record region of a slot file
MIN_CAPACITY = const(2048)  # record region of a new slot file
_FILL = b"\xff" * 512


class FolderMedium:
    """Slots as files in a folder: "/saves" on CIRCUITPY, any folder on a
    desktop. The folder is created if missing.

    Each slot file is GUARD + capacity + GUARD bytes, the record at offset
    GUARD, and a save rewrites it in place ("r+b"): no cluster is allocated
    or freed, so the FAT is not written, and on a contiguous file every 4 KB
    flash erase sector that the rewrite touches belongs to this file alone
    (docs/saves.md). A file is only (re)created when missing or too small.
    `writable` is False when the filesystem is read-only (OSError errno 30),
    probed without writing anything, and set False by the first write that
    meets it.
    """

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
            code = _errno(exc)
            if code == EROFS or (code != EEXIST and not _is_folder(self.path)):
                self.writable = False
        access = getattr(os, "access", None)  # CPython only
        if self.writable and access is not None and not access(self.path, 2):
            self.writable = False

    def _path(self, name):
        return self.path + "/" + name if self.path != "/" else "/" + name

    def _size(self, name):
        try:
            return os.stat(self._path(name))[6]
        except OSError:
            return -1

    def read(self, name):
        """The record region of slot `name` (bytes), or None if missing."""
        size = self._size(name)
        if size < 0:
            return None
        try:
            with open(self._path(name), "rb") as f:
                if size > 2 * GUARD:
                    f.seek(GUARD)
                    return f.read(min(size - 2 * GUARD, MAX_RECORD))
                return f.read(MAX_RECORD)
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
        capacity = MIN_CAPACITY
        while capacity < len(data):
            capacity += 1024
        with open(path, "wb") as f:
            _fill(f, GUARD)
            f.write(data)
            _fill(f, capacity - len(data) + GUARD)

    def rename(self, old, new):
        """Rename a file of the folder."""
        os.rename(self._path(old), self._path(new))

    def remove(self, name):
        """Delete a file of the folder."""
        os.remove(self._path(name))

    def names(self):
        """The names of the files in the folder."""
        try:
            return os.listdir(self.path)
        except OSError:
            return []


def _fill(f, count):
    while count > 0:
        f.write(_FILL if count >= len(_FILL) else _FILL[:count])
        count -= len(_FILL)


class MemoryMedium:
    """Slots in a dict (`files`, name -> bytes): tests and the simulator."""

    def __init__(self, files=None, writable=True):
        """Start with `files` (a dict, kept and shared) or none."""
        self.files = {} if files is None else files
        self.writable = writable

    def _guard(self, *names):
        if not self.writable:
            raise OSError(EROFS, "read-only")
        for name in names:
            if name not in self.files:
                raise OSError(ENOENT, name)

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
