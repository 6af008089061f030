"""The solo bests a settings record of Kapsa before score histories
keeps (settings.best: "qwinto", Hashi's "hashi" and "hashiB"), moved
into the game's history (kapsa.history.load, only while there are
some): each its solo variant's best, or below a higher one there."""

from micropython import const

BEST = const(7)  # kapsa.history.BEST (kapsa.history imports this module: not it)


def migrate(app, game, h):
    """Move the settings' solo bests of `game` into `h`; their names."""
    best = app.settings.best
    moved = []
    for name in sorted(best):  # (in one order on every port)
        if name.startswith(game):
            bits = 0 if name == game else bits_of(app, game, name[len(game):])
            if bits is not None:
                e = h.entry(1, bits)
                if e[BEST] is None or best[name] > e[BEST]:
                    e[BEST] = best[name]
                moved.append(name)
    return moved


def bits_of(app, game, suffix):
    """The scored option bits a solo best's name ended in (Hashi's
    "hashiB": board B), or None."""
    for info in app.games:
        if info.name == game:
            reg = info.registry
            for _label, choices in reg.OPTIONS:
                for name, bits in choices:
                    if name == suffix and bits & getattr(reg, "SCORED", 0):
                        return bits
    return None
