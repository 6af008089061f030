"""UI benchmark: how much of the screen one button press redraws.

    python tools/bench_ui.py

For the launcher, the setup scene and each game's screen (seat 1 a person,
at the game's smallest seat count), it presses the d-pad and prints the
pixels redrawn by the refresh that follows each press (of 160x128 = 20480)
and the time that refresh took on this desktop (a relative figure only).
"""

import os
import statistics
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "lib"), os.path.join(ROOT, "tools")]
sys.path.append(ROOT)  # last: code.py must not shadow the stdlib `code`
os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
os.environ.setdefault("BLINKA_SKIP_DEPENDENCY_CHECK", "1")

PRESSES = ("DOWN", "DOWN", "UP", "RIGHT", "RIGHT", "LEFT", "DOWN", "RIGHT")


def measure(app, presses):
    from kapsa.boards import scripted

    dirty = []
    for name in presses:
        app.buttons.source.tap(scripted.mask_of(name))
        start = time.perf_counter()
        app.step()
        dirty.append((app.display.dirty_pixels, time.perf_counter() - start))
    return dirty


def report(name, rows):
    pixels = [d for d, _ in rows]
    ms = [t * 1000 for _, t in rows]
    print("%-22s median %5d px  max %5d px  (%4.1f%% of the screen)  median frame %.1f ms" % (
        name, statistics.median(pixels), max(pixels), 100 * max(pixels) / 20480, statistics.median(ms)))


def main():
    from kapsa.boards import desktop
    from kapsa.main import make_app
    from kapsa.play import PlayScene
    from render import waiting_for_person

    def fresh():
        app = make_app(desktop.build(headless=True), saves_dir=tempfile.mkdtemp(prefix="kapsa-bench-"),
                       games_dir=os.path.join(ROOT, "games"), seed=1)
        app.step()
        return app

    app = fresh()
    report("launcher", measure(app, ("DOWN", "UP", "DOWN", "UP")))
    from kapsa import buttons as btn

    app.buttons.source.tap(btn.A)
    app.step()
    report("setup", measure(app, PRESSES))
    for index, info in enumerate(app.games):
        game = fresh()
        for _ in range(index):
            game.buttons.source.tap(btn.DOWN)
            game.step()
        game.buttons.source.tap(btn.A)
        game.step()
        game.buttons.source.tap(btn.A)  # Start game, defaults
        game.step()
        for _ in range(5000):
            if isinstance(game.top, PlayScene) and waiting_for_person(game):
                break
            if not isinstance(game.top, PlayScene):  # pass-the-device
                game.buttons.source.tap(btn.A)
            game.step()
        report(info.registry.TITLE + " screen", measure(game, PRESSES))


if __name__ == "__main__":
    main()
