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
    count = wanted and wanted[0] == "+"  # "+name": a game restarted, counted here first
    if count:
        wanted = wanted[1:]  # type: ignore[index, unused-ignore]
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
    for info in app.games:
        saved = store.load_game(info.name) if info.name == wanted else None
        if saved is not None:
            if count and counted(app, info, saved):
                return app  # (the device's reload ends this VM)
            app.push(Opening(app, info, saved))
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


def counted(app, info, saved):
    """A game restarted from its pause menu (kapsa.moves.restart) counted
    started in its score history, in a VM that holds nothing else yet,
    then the VM restarted into the game (False where the request cannot
    be written: it opens in this VM)."""
    from kapsa import forget
    from kapsa.tally import started

    started(app, info, saved.seats, saved.options, saved.bots)
    for name in ("kapsa.tally", "kapsa.oldbests", "kapsa.histsave", "kapsa.history"):
        forget(name)
    return app.relauncher.open_game(info.name)


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
# A finished game's count (kapsa.tally) as its game-over VM opens: these
# modules imported a frame each (each compiled after the garbage of the
# one before is collected), then the game counted.
COUNT = ("kapsa.history", "kapsa.histsave", "kapsa.tally")


class Opening(Scene):
    """A game a restart asked for, opened over several frames so that the
    garbage of each step is collected before the next: the engine replays
    the save REPLAY_STEP actions a frame (a long game's replay would
    otherwise make all its garbage at once), then, for a finished game
    (the game-over scene's VM), the game is counted in its score history
    (COUNT), then the PlayScene builds the game's screen, which is drawn
    in the frame after."""

    def __init__(self, app, info, saved):
        super().__init__(app)
        self.info = info
        self.saved = saved
        self.state = None
        self.done = 0  # actions replayed so far
        self.play = None
        self.count = None  # a finished game's steps to count it (COUNT), once replayed
        self.tallied = None

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
        from kapsa import forget

        if self.count is None:
            from kapsa.engine import OVER

            forget("kapsa.storeopen")  # the saves are open: playing only writes
            forget("kapsa.decode")
            self.count = len(COUNT) + 1 if self.state.current_player() == OVER else 0
        if self.count:
            # A finished game (the game-over scene's VM): counted in its
            # score history now, before the game's screen takes the heap,
            # a module a frame, then counted; its modules let go after.
            self.count -= 1
            if self.count:
                __import__(COUNT[-self.count])
                return
            from kapsa.tally import finished

            coded = bytes(saved.extra[:13]) if saved.extra[:1] == b"\xc5" else b""  # (PlayScene's)
            self.tallied = finished(self.app, self.info, saved.seats, saved.options, saved.bots,
                                    self.state, coded)
            for name in COUNT + ("kapsa.oldbests",):
                forget(name)
            return
        if self.play is None:
            from kapsa.play import PlayScene

            self.play = PlayScene(self.app, self.info, saved.seats, saved.options, saved.bots,
                                  state=self.state, extra=saved.extra)
            if self.tallied is not None:  # (a game-over VM's PlayScene alone carries it)
                self.play.tallied = self.tallied  # type: ignore[attr-defined, unused-ignore]
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
