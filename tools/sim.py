"""The Kapsa simulator: the launcher in a window scaled x4.

    python tools/sim.py                 a window (keys: arrows, X = A, Z = B,
                                        Enter = Start, Backspace = Select)
    python tools/sim.py --headless DIR  no window: writes DIR/launcher.png

Saves and settings go to ~/.kapsa (a folder, like /saves on the device).
With no display (no DISPLAY or WAYLAND_DISPLAY), it runs headless into out/sim.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "lib"), os.path.join(ROOT, "tools")]
sys.path.append(ROOT)  # last: code.py must not shadow the stdlib `code`
os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
os.environ.setdefault("BLINKA_SKIP_DEPENDENCY_CHECK", "1")


def main(argv):
    headless = None
    if argv[:1] == ["--headless"]:
        headless = argv[1] if len(argv) > 1 else os.path.join(ROOT, "out", "sim")
    elif not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        headless = os.path.join(ROOT, "out", "sim")
        print("no display found: running headless")
    if headless:
        import render

        render.main(["--out", headless, "--scale", "2", "shot:launcher"])
        return
    from kapsa.boards import desktop
    from kapsa.main import make_app

    board = desktop.build(headless=False)
    saves = os.path.join(os.path.expanduser("~"), ".kapsa")
    app = make_app(board, saves_dir=saves, games_dir=os.path.join(ROOT, "games"))
    app.run(should_stop=lambda: board.buttons.source.closed)


if __name__ == "__main__":
    main(sys.argv[1:])
