"""Start Kapsa: build the board, open the saves, list the games, run the
launcher. code.py calls main() on the device; tools/sim.py on a desktop."""


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
    from kapsa.app import App, discover
    from kapsa.store import FolderMedium, Store

    store = Store(FolderMedium(saves_dir))
    app = App(board, store, discover(games_dir) if games is None else games, seed=seed)
    if relauncher is not None and relauncher.active and store.writable:
        app.relauncher = relauncher
        wanted = relauncher.take()
        for info in app.games:
            saved = store.load_game(info.name) if info.name == wanted else None
            if saved is not None:
                from kapsa.play import PlayScene

                app.push(PlayScene(app, info, saved.seats, saved.options, saved.bots,
                                   saved.actions))
                return app
    from kapsa.launcher import Launcher

    app.push(Launcher(app))
    return app


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
