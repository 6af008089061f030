"""A fresh heap for every game on the device.

Leaving a game should free all of it, and on a 192 KB board fragmentation
is what really runs out. So on the device the launcher does not build the
game in its own heap: it writes the game's save, leaves a one-line request
naming the game in the saves folder, and restarts the VM with
supervisor.reload(). code.py then finds the request, deletes it and opens
that game straight away. Leaving the game restarts the VM once more, into
the launcher. The request is only a hint: if it is missing or damaged the
player simply sees the launcher, and the game itself is in its save.

On a desktop (no `supervisor`) or with read-only saves nothing restarts:
the game runs in the launcher's process, as in the tests.
"""

REQUEST = "next-game.txt"


class Relauncher:
    def __init__(self, folder, supervisor_module=None):
        self.folder = folder.rstrip("/")
        if supervisor_module is None:
            try:
                import supervisor

                supervisor_module = supervisor
            except ImportError:
                supervisor_module = None
        self.supervisor = supervisor_module

    @property
    def active(self):
        return self.supervisor is not None and hasattr(self.supervisor, "reload")

    def _path(self):
        return self.folder + "/" + REQUEST

    def open_game(self, name, first="", note=""):
        """Restart the VM into game `name` (its save must exist). `first`:
        what the VM that opens first does, before it restarts into the
        game: "+" counts it started, "=" counts it finished, in its score
        history (kapsa.countvm), "~" opens a kept game to watch, its
        slot in `note` (kapsa.replay); `note`: a finished game's count, for
        its game-over VM (kapsa.counting.note_of). False when the request cannot
        be written: then run the game in this process."""
        try:
            with open(self._path(), "w") as f:
                f.write(first + name + (" " + note if note else ""))
        except OSError:
            return False
        self.supervisor.reload()
        return True

    def to_launcher(self):
        """Restart the VM into the launcher, freeing the game's heap."""
        self.supervisor.reload()

    def take(self):
        """The request a restart left ("[first]name[ note]", open_game),
        removed, or None."""
        import os

        try:
            with open(self._path()) as f:
                name = f.read(96).strip()
            os.remove(self._path())
        except (OSError, ValueError, UnicodeError):
            return None
        return name or None
