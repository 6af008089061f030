"""Start Kapsa: build the board, open the saves, list the games, run the
launcher. code.py calls main() on the device; tools/sim.py on a desktop."""

from kapsa.app import GameInfo, Scene


def build_board(name=None):
    from kapsa import boards

    name = name or boards.detect()
    if name == "pygamer":
        from kapsa.boards import pygamer

        return pygamer.build()
    if name == "pybadge":
        from kapsa.boards import pybadge

        return pybadge.build()
    from kapsa.boards import desktop

    return desktop.build()


def make_app(board, saves_dir="/saves", games_dir="games", seed=None, relauncher=None, games=None):
    """The app listing `games` (default: those found in games_dir), with
    its launcher on top. With a relauncher (the device), a game that a
    restart asked for is opened at once instead, alone in this VM: its
    heap holds no launcher, and leaving the game restarts into one."""
    from kapsa.app import App
    from kapsa.store import FolderMedium, Store, check_game_name

    medium = FolderMedium(saves_dir)
    active = relauncher is not None and relauncher.active and bool(medium.writable)
    wanted = relauncher.take() if active else None
    first = note = ""  # what to do first, a finished game's count (kapsa.relaunch.open_game)
    if wanted:
        if wanted[0] in "+=~":
            first, wanted = wanted[0], wanted[1:]
        wanted, _, note = wanted.partition(" ")
    if wanted:
        try:
            check_game_name(wanted)
        except ValueError:
            wanted = None  # a damaged request: the launcher
    # A game's VM opens only that game's saves and the settings.
    store = Store(medium, only=wanted) if wanted else Store(medium)
    listed = games
    if listed is None:
        # A game's VM lists that game alone: no other registry in its heap.
        listed = discover(games_dir, only=wanted) if wanted else discover(games_dir)
    app = App(board, store, listed, seed=seed)
    if active:
        app.relauncher = relauncher
    if first == "~" and wanted and app.games:  # a finished game watched (kapsa.replay), `note` its slot
        from kapsa.replay import Replay

        app.push(Replay(app, app.games[0], slot=note))
        return app
    for info in app.games:
        saved = store.load_game(info.name) if info.name == wanted else None
        if saved is not None:
            if first:  # counted first, in this VM's frames (kapsa.countvm)
                from kapsa.countvm import Counting

                app.push(Counting(Opening(app, info, saved), first))
                return app
            app.push(Opening(app, info, saved, note))
            return app
    if wanted:
        # nothing to resume: the launcher, with every game and every save
        if games is None:
            app.games = discover(games_dir)
        app.store = Store(medium)
    from kapsa.launcher import Launcher

    # The cursor starts on the game last opened (the device notes it).
    from kapsa.lastgame import read

    app.push(Launcher(app, read(saves_dir) if active else None))
    return app


ORDER = ("qwinto", "hashi", "hanabi", "halali")


def discover(root="games", package="games", only=None):
    """GameInfo for each game folder (or for game `only`), in the box's
    order, importing only each game's registry data (its __init__.py),
    never its engine."""
    import os

    try:
        names = [n for n in os.listdir(root) if not n.startswith(("_", "."))]
    except OSError:
        return []
    if only is not None:
        names = [n for n in names if n == only]
    names.sort(key=lambda n: (ORDER.index(n) if n in ORDER else len(ORDER), n))
    games = []
    for name in names:
        try:
            registry = __import__(package + "." + name, None, None, ("TITLE",))
        except ImportError:
            continue
        if hasattr(registry, "TITLE"):
            games.append(GameInfo(name, package + "." + name, registry))
    return games


REPLAY_STEP = 32  # actions replayed a frame while a game opens


class Opening(Scene):
    """A game a restart asked for, opened over several frames so that the
    garbage of each step is collected before the next: the engine replays
    the save REPLAY_STEP actions a frame (a long game's replay would
    otherwise make all its garbage at once), then the PlayScene builds the
    game's screen, which is drawn in the frame after. A finished game (the
    game-over scene's VM) comes with its count (`note`, kapsa.counting)."""

    def __init__(self, app, info, saved, note=""):
        super().__init__(app)
        self.info = info
        self.saved = saved
        self.note = note
        self.over = -1  # once replayed: 0, or 1 for a finished game (2: its scene's module in)
        self.tallied = None  # a finished game's count, read from `note`
        self.state = None
        self.done = 0  # actions replayed so far
        self.play = None

    def tick(self):
        saved = self.saved
        actions = saved.actions
        if self.state is None:
            self.state = self.info.load("engine").new_game(saved.seats, saved.options)
            return
        if self.done < len(actions):
            end = min(self.done + REPLAY_STEP, len(actions))
            apply = self.state.apply
            for i in range(self.done, end):
                apply(actions[i])
            self.done = end
            return
        if self.over < 0:
            from kapsa import forget
            from kapsa.engine import OVER

            forget("kapsa.storeopen")  # the saves are open: playing only writes
            forget("kapsa.decode")
            self.over = 1 if self.state.current_player() == OVER else 0
            if self.over:  # a game-over VM: its count (kapsa.counting.over)
                from kapsa.counting import over

                self.tallied = over(self)
                forget("kapsa.counting")
                return
        if self.over == 1:
            # A game-over VM: the scene's module now, in a frame of its own,
            # while the heap holds the replayed game and little else (as
            # .py, compiled after the game's screen, it found no room).
            __import__("kapsa.gameover")
            self.over = 2
            return
        if self.play is None:
            from kapsa.play import PlayScene

            self.play = PlayScene(self.app, self.info, saved.seats, saved.options, saved.bots,
                                  state=self.state, extra=saved.extra)
            if self.tallied is not None:  # (a game-over VM's PlayScene alone carries it,
                self.play.tallied = self.tallied  # type: ignore[attr-defined, unused-ignore]
                self.play.note = self.note  # type: ignore[attr-defined, unused-ignore]
                # and the note, for a game-over VM it opens: kapsa.moves.reopen_over)
            return  # the screen is made; it is first drawn in a later frame
        if self.play.screen.build_step():  # the rest of it, a part a frame
            self.app.replace(self.play)
            self.play.show()  # its first draw, in this frame: no tick follows


def start():
    """The app as the device starts it: the board, the saves in /saves,
    and the game a restart asked for, if any (the heap model starts here
    too, then steps the frames itself)."""
    from kapsa.relaunch import Relauncher

    saves = "/saves"
    app = make_app(build_board(), saves_dir=saves, relauncher=Relauncher(saves))
    app.log_memory("boot")
    return app


def main():
    start().run()
