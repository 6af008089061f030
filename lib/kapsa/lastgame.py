"""The game last opened, noted in the saves folder as last-game.txt: the
launcher's cursor opens on it (kapsa.launcher). Only the launcher's VM
imports this (opening a game there: opened()): a game's VM, which opens
no other game, never needs it. A hint: any text that names no game is
ignored."""

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


def opened(app, name):
    """Restart into game `name` (app.relauncher, the device's), noted as
    the last opened; False where the request cannot be written."""
    note(app.relauncher.folder, name)
    return app.relauncher.open_game(name)
