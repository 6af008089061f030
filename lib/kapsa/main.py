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


def make_app(board, saves_dir="/saves", games_dir="games", seed=None):
    from kapsa.app import App, discover
    from kapsa.scenes import Launcher
    from kapsa.store import FolderMedium, Store

    store = Store(FolderMedium(saves_dir))
    app = App(board, store, discover(games_dir), seed=seed)
    app.push(Launcher(app))
    return app


def main():
    app = make_app(build_board())
    app.run()
