"""The game last opened, noted in the saves folder as last-game.txt: the
launcher's cursor opens on it (kapsa.launcher). Only the launcher's VM
imports this: a game's VM, which opens no other game, never needs it. A
hint: any text that names no game is ignored."""

LAST = "last-game.txt"


def read(folder):
    """The game last opened, or None."""
    try:
        with open(folder.rstrip("/") + "/" + LAST) as f:
            return f.read(32).strip()
    except (OSError, ValueError, UnicodeError):
        return None


def note(folder, name):
    """Note `name` as the game last opened: written only if another was."""
    if read(folder) != name:
        try:
            with open(folder.rstrip("/") + "/" + LAST, "w") as f:
                f.write(name)
        except OSError:
            pass  # only a hint
