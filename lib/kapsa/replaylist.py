"""A game's kept games (kapsa.replays: the last ten finished), newest
first, from its scores (kapsa.scores, A): each row the people's score,
the seats and the game's code, the message line all the scores; A opens
one to watch (kapsa.replay: on the device in a VM of its own), B goes
back. The launcher's VM only; docs/scores.md, "Replays"."""

from kapsa import ui
from kapsa.menu import MenuScene
from kapsa.replays import kept


def top_score(game):
    """The people's best score of a kept game (all seats' if computers
    played alone): what its score history counted."""
    scores = game.scores
    people = [scores[s] for s in range(len(scores)) if not game.bots >> s & 1]
    return max(people or scores)


class KeptGames(MenuScene):
    def __init__(self, app, info):
        self.info = info
        self.games = kept(app.store, info.name)
        rows = []
        for g in self.games:
            seats = "Solo" if g.seats == 1 else "%d players" % g.seats
            rows.append("%4d  %-10s %s" % (top_score(g), seats, g.code))
        super().__init__(app, "Replays: " + info.registry.TITLE,
                         rows or ["No finished games yet"], "A:watch B:back" if rows else "B:back")
        self.moved()

    def moved(self):
        """The game under the cursor: every seat's score, for 3 s (then
        the footer again)."""
        if self.games:
            g = self.games[self.menu.cursor]
            self.message.show(" ".join([self.app.name_of(s) + " %d" % g.scores[s]
                                        for s in range(g.seats)]), ui.TEXT, frames=90)

    def choose(self, index):
        if not self.games:
            return
        app, name, slot = self.app, self.info.name, self.games[index].slot
        relauncher = app.relauncher
        if relauncher is not None and relauncher.open_game(name, "~", slot):
            return  # the device: a VM of its own
        from kapsa.replay import Replay

        app.push(Replay(app, self.info, slot=slot))
