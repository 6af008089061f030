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
Reading the slots when the saves are opened is kapsa.storeopen's: a
game's VM needs it only while it starts. The keys and their slot letters,
which both need, are kapsa.record's (check_game_name, slots()).

A medium holds named blobs: read(name) -> bytes or None, write(name,
data), rename(old, new), remove(name), names(), and a `writable` flag:
kapsa.foldermedium (the device's "/saves", a desktop folder; re-exported
here) and kapsa.memorymedium (tests). The encoding is kapsa.codec (game
saves), kapsa.prefs (settings) and kapsa.record (the frame).
"""

from micropython import const

from kapsa.codec import encode_cleared, encode_game
from kapsa.foldermedium import FolderMedium  # noqa: F401  (the device's medium)
from kapsa.record import (
    HISTORY,
    KIND_CLEARED,
    KIND_GAME,
    KIND_SETTINGS,
    SETTINGS,
    check_game_name,
    crc32,
    payload,
    slots,
)
from kapsa.prefs import Settings, encode_settings

_MESSAGE = const(40)  # longest problem message

# errno numbers (CircuitPython's; a full drive, a read-only one).
_ENOSPC = const(28)
_EROFS = const(30)


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
        settings' (the launcher's VM checks the rest). Score histories are
        not checked here: kapsa.history reads a game's when it needs it."""
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
            from kapsa.storeopen import keys_on

            keys = keys_on(medium)
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

    def save_game(self, game, seats, options, bots, actions, extra=b"", width=0):
        """Save a game in progress: `game` is the registry name, `bots` the
        bitmask of computer seats, `actions` every applied action (with
        `width`: an engine's own bytes, codec.encode_game), `extra`
        up to 255 bytes for the runtime. True once it is on the medium
        (also when the same save was already there)."""
        check_game_name(game)
        return self._commit(game, KIND_GAME, encode_game,
                            (game, seats, options, actions, bots, extra), width)

    def load_game(self, game):
        """The GameSave of `game` (attributes game, seats, options, bots,
        actions, extra), or None if it has no save that verifies."""
        check_game_name(game)
        from kapsa.storeopen import load_game

        return load_game(self, game)

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

    def _check(self, key):
        """Read every slot of `key`; kapsa.storeopen says how."""
        from kapsa.storeopen import check

        return check(self, key)

    def _commit(self, key, kind, encode, args, width=0):
        if not self.writable:
            return False
        sequence, slot, _, body = self._newest.get(key, (0, None, None, None))
        if width:
            record = encode(*args, sequence=sequence + 1, width=width)
        else:
            record = encode(*args, sequence=sequence + 1)
        new_body = payload(record)
        if body == (len(new_body), crc32(new_body)):
            return True  # the newest record already says this: spare the flash
        letters = slots(key)
        target = letters[(letters.find(slot) + 1) % len(letters)] if slot else letters[0]
        try:
            self.medium.write(key + "." + target, record)
        except OSError as exc:
            self._failed(exc, key)
            return False
        self._newest[key] = (sequence + 1, target, kind, (len(new_body), crc32(new_body)))
        return True

    def _failed(self, exc, key):
        """A write failed with OSError `exc` (its errno, or its first
        argument): read-only, saving stops; else a problem is reported."""
        code = getattr(exc, "errno", None)
        if code is None and exc.args:
            code = exc.args[0]
        if code == _EROFS:
            self.medium.writable = False
        elif code == _ENOSPC:
            self._problem("Could not save: the drive is full")
        else:
            self._problem("%s: could not save (error " + str(code) + ")", key)

    def _problem(self, message, key=None):
        """Report `message` once; with `key`, its "%s" names the record,
        the whole in at most _MESSAGE characters."""
        if key is not None:
            title = "Settings" if key == SETTINGS else key[:1].upper() + key[1:]
            if key.endswith(HISTORY):  # a score history's ("Qwinto scores")
                title = title[:-len(HISTORY)] + " scores"
            while len(message % title) > _MESSAGE:
                title = title[:-1]
            message = message % title
        if message not in self.problems:
            self.problems.append(message)

