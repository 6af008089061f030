"""The VM that counts a game in its score history, then restarts into
the game (kapsa.main.make_app: a request "+name" or "=name",
kapsa.relaunch; docs/scores.md): no game's VM or game-over VM reads or
writes a score history. Only this VM imports this module."""

from kapsa.app import Scene
from kapsa.counting import HISTORY, note_of


class Counting(Scene):
    """A game counted in its score history in a VM that holds nothing
    else, then the VM restarted into the game: with `first` "+",
    restarted from its pause menu (kapsa.moves.restart), counted started;
    with "=", finished (kapsa.moves.finish), replayed by its engine alone
    by `opening` (the kapsa.main.Opening of the game: a part a frame, a
    long game's replay would otherwise make all its garbage at once),
    then counted, the count noted for its game-over VM (note_of). Where
    the request cannot be written, the opening takes over: the game
    opens in this VM."""

    # The count's modules, a frame each, first: compiled (.py) while the
    # heap is whole, not after the replay's frames have left it in pieces.
    # A finished game is kept for replays too (its last two: "=" only).
    MODULES = ("kapsa.history", "kapsa.histsave", "kapsa.tally", "kapsa.replays",
               "kapsa.replaykeep")

    def __init__(self, opening, first):
        super().__init__(opening.app)
        self.opening = opening
        self.first = first
        self.imported = 0

    def tick(self):
        first, opening = self.first, self.opening
        if first == "-":
            return  # counted: the device's reload ends this VM
        if self.imported < len(self.MODULES) - (first != "=") * 2:
            __import__(self.MODULES[self.imported])
            self.imported += 1
            return
        if first == "=" and (opening.state is None
                             or opening.done < len(opening.saved.actions)):
            opening.tick()  # the replay, a part a frame
            return
        if self.count():
            self.first = "-"
        else:
            self.app.replace(opening)

    def count(self):
        """The game counted, the VM restarted into it: False where the
        request cannot be written (the count then in opening.note)."""
        from kapsa import forget

        opening = self.opening
        app, info, saved = self.app, opening.info, opening.saved
        if self.first == "=":
            from kapsa.tally import finished

            coded = bytes(saved.extra[:13]) if saved.extra[:1] == b"\xc5" else b""  # (PlayScene's)
            opening.note = note_of(finished(app, info, saved.seats, saved.options, saved.bots,
                                            opening.state, coded))
            from kapsa.replaykeep import keep

            keep(app.store, info.name, saved.seats, saved.options, saved.bots, saved.actions,
                 saved.extra, opening.state.scores())  # (of the extra, keep takes the code's)
        else:
            from kapsa.tally import started

            started(app, info, saved.seats, saved.options, saved.bots)
        for name in HISTORY:
            forget(name)
        return app.relauncher.open_game(info.name, note=opening.note)
