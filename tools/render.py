"""Render a scripted sequence of button presses to PNG files, headless.

    python tools/render.py --out DIR [--seed N] [--scale K] [--saves DIR] TOKEN ...

Tokens, applied in order to a fresh Kapsa (launcher first):
    A B UP DOWN LEFT RIGHT START SELECT   tap that button (one frame)
    NAMEx3                                 tap it three times
    wait:N                                 let N frames pass (30 a second)
    human                                  run until a person is asked to decide
    shot:NAME                              save DIR/NAME.png

Example (the Duel test game is not in games/; this uses the real games):
    python tools/render.py --out out/png shot:launcher A shot:setup
"""

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "lib")]
sys.path.append(ROOT)  # last: code.py must not shadow the stdlib `code`
os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
os.environ.setdefault("BLINKA_SKIP_DEPENDENCY_CHECK", "1")


def waiting_for_person(app):
    from kapsa.play import PlayScene

    top = app.top
    return not isinstance(top, PlayScene) or (top.deciding is not None and not top.wait)


def run_script(app, tokens, out, scale=1, log=print):
    from kapsa.boards import scripted

    source = app.buttons.source
    for token in tokens:
        if token.startswith("wait:"):
            for _ in range(int(token[5:])):
                app.step()
        elif token.startswith("shot:"):
            path = os.path.join(out, token[5:] + ".png")
            app.display.save_png(path, scale)
            log("wrote " + path)
        elif token == "human":
            for _ in range(20000):
                if waiting_for_person(app):
                    break
                app.step()
        else:
            name, _, times = token.partition("x")
            for _ in range(int(times) if times else 1):
                source.tap(scripted.mask_of(name.upper()))
                app.step()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scale", type=int, default=1)
    parser.add_argument("--saves", default=None, help="saves folder (default: a fresh temporary one)")
    parser.add_argument("tokens", nargs="*")
    args = parser.parse_args(argv)

    import tempfile

    from kapsa.boards import desktop
    from kapsa.main import make_app

    os.makedirs(args.out, exist_ok=True)
    saves = args.saves or tempfile.mkdtemp(prefix="kapsa-saves-")
    app = make_app(desktop.build(headless=True), saves_dir=saves,
                   games_dir=os.path.join(ROOT, "games"), seed=args.seed)
    app.step()
    run_script(app, args.tokens, args.out, args.scale)


if __name__ == "__main__":
    main()
