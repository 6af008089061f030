"""Saves and settings, safe against a power cut at any byte of a write.

Every record (the settings, and each game's save) has slots "<key>.a",
"<key>.b", ... (a game eight, the settings two), written in turn: a save
always writes the slot after the one holding the newest verified record,
with a sequence number one higher, so it never touches that record, and
the flash's wear is spread over the slots (FolderMedium puts slot x in a
folder x of its own). Power lost during a write damages only the slot
being written; a record only counts once its CRC verifies. Slots that do
not verify are set aside (renamed "<slot>.bad") and reported in
Store.problems. docs/saves.md has the format, the proof and the limits.

A medium holds named blobs: read(name) -> bytes or None, write(name,
data), rename(old, new), remove(name), names(), and a `writable` flag:
kapsa.foldermedium (the device's "/saves", a desktop folder; re-exported
here) and kapsa.memorymedium (tests). The encoding is kapsa.codec (game
saves), kapsa.prefs (settings) and kapsa.record (the frame).
"""

from micropython import const

from kapsa.codec import (
    KIND_CLEARED,
    KIND_GAME,
    KIND_SETTINGS,
    MAX_GAME_NAME,
    MAX_RECORD,
    CorruptRecord,
    GameSave,
    decode_record,
    encode_cleared,
    encode_game,
)
from kapsa.foldermedium import FolderMedium  # noqa: F401  (the device's medium)
from kapsa.record import crc32, payload, unframe
from kapsa.prefs import Settings, encode_settings

SETTINGS = "settings"  # the key of the settings record; no game may use it
SLOTS = "abcdefgh"  # a game's slots, written in turn
SETTINGS_SLOTS = "ab"  # the settings change rarely: two slots are enough
SET_ASIDE = ".bad"
MESSAGE = const(40)  # longest problem message

# errno numbers (CircuitPython's; a full drive, a read-only one).
ENOSPC = const(28)
EROFS = const(30)


def _errno(exc):
    code = getattr(exc, "errno", None)
    if code is None and exc.args:
        code = exc.args[0]
    return code


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
    slot = name[dot + 1:]
    if dot < 1 or len(slot) != 1 or slot not in SLOTS:
        return None
    key = name[:dot]
    if key == SETTINGS:
        return key if slot in SETTINGS_SLOTS else None
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

    def __init__(self, medium, only=None):
        """Open the saves on `medium` and check every slot on it; with
        `only` (a game's VM on the device), only that game's slots and the
        settings' (the launcher's VM checks the rest)."""
        self.medium = medium
        self.problems = []  # short messages (<= 40 characters) for the player
        # key -> (sequence, slot, kind, (length, CRC) of the payload) of the
        # newest verified record; keys without one are absent.
        self._newest = {}
        keys = []
        if only is not None:
            check_game_name(only)
            keys = [only, SETTINGS]
        else:
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
        known = self._newest.get(game)
        if known is not None and known[2] == KIND_GAME:
            # The slot found newest when the saves were opened, alone: it
            # must still be that very record, or every slot is read again.
            data = self._read(game + "." + known[1])
            try:
                kind, sequence, value = decode_record(data or b"")
            except CorruptRecord:
                kind = sequence = value = None
            if (kind == KIND_GAME and sequence == known[0] and isinstance(value, GameSave)
                    and value.game == game):
                body = payload(data)
                if (len(body), crc32(body)) == known[3]:
                    return value
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
        """Read every slot of `key`, set aside those that do not verify,
        remember the newest verified record; return its value or None.
        Every slot's frame and checksum are verified, but only the newest
        record is decoded whole: on the device all that is decoded is
        garbage to collect (a long game's actions, eight times over)."""
        found = []  # (sequence, slot, kind, data) of the slots that verify
        bad = []
        for slot in _slots(key):
            name = key + "." + slot
            data = self._read(name)
            if data is None:
                continue
            try:
                kind, sequence, r = unframe(data)
                if key == SETTINGS:
                    ours = kind == KIND_SETTINGS
                else:  # a game's record (saved or cleared) starts with its name
                    ours = kind != KIND_SETTINGS and r.text(1, MAX_GAME_NAME, "game name") == key
                if not ours:
                    raise CorruptRecord("a valid record of another slot")
            except CorruptRecord:
                bad.append(name)
                continue
            found.append((sequence, slot, kind, data))
        found.sort(reverse=True)
        newest = None
        value = None
        for sequence, slot, kind, data in found:
            try:
                value = decode_record(data)[2]
            except CorruptRecord:  # verifies, yet does not parse
                bad.append(key + "." + slot)
                continue
            body = payload(data)
            newest = (sequence, slot, kind, (len(body), crc32(body)))
            break
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
        slots = _slots(key)
        target = slots[(slots.find(slot) + 1) % len(slots)] if slot else slots[0]
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


def _slots(key):
    return SETTINGS_SLOTS if key == SETTINGS else SLOTS
