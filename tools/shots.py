"""Render the runtime's scenes with the real games to PNG, for docs/img/.

    python tools/shots.py [--out docs/img] [--scale 2]

Launcher, setup, pause menu, rules, settings, pass-the-device (Hashi with two
people), game over (Qwinto, three computer seats) and the game watched
again, the scores, the kept games and one watched (Hanabi). Seat names Anna, Ben,
Cleo; seed 4. Each picture is the real framebuffer, scaled without smoothing.
"""

import argparse
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "lib"), os.path.join(ROOT, "tools")]
sys.path.append(ROOT)  # last: code.py must not shadow the stdlib `code`
os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
os.environ.setdefault("BLINKA_SKIP_DEPENDENCY_CHECK", "1")


def fresh_app(seed=4):
    from kapsa.boards import desktop
    from kapsa.main import make_app

    app = make_app(desktop.build(headless=True), saves_dir=tempfile.mkdtemp(prefix="kapsa-shots-"),
                   games_dir=os.path.join(ROOT, "games"), seed=seed)
    app.settings.names[:] = ["Anna", "Ben", "Cleo"]
    app.step()
    return app


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default=os.path.join(ROOT, "docs", "img"))
    parser.add_argument("--scale", type=int, default=2)
    args = parser.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)

    from render import run_script

    def shoot(app, *tokens):
        run_script(app, list(tokens), args.out, args.scale)

    app = fresh_app()
    # (setup opens on "Start game"; below it "Play a code", then round to "Players")
    shoot(app, "shot:launcher", "A", "DOWNx2", "RIGHTx2", "DOWNx3", "RIGHT", "shot:setup")
    # The pause menu and the rules come over a few frames (kapsa.app.Later).
    shoot(app, "DOWNx2", "A", "human", "START", "wait:5", "shot:pause", "DOWN", "A", "wait:3",
          "DOWNx2", "shot:rules", "B", "wait:3", "DOWNx4", "A",
          "shot:settings")  # the pause menu is back on Resume after the rules

    # Game over: Qwinto with three computer seats.
    app = fresh_app()
    shoot(app, "A", "DOWNx2", "RIGHTx2", "DOWN", "A", "UPx3", "A")
    from kapsa.gameover import GameOver

    for _ in range(200000):
        if isinstance(app.top, GameOver):
            break
        app.step()
    shoot(app, "wait:2", "shot:gameover", "wait:20", "A", "wait:2", "shot:finalboard-code")
    # ... and watched again (Select): 25 moves on, and the start
    shoot(app, "B", "SELECT", "wait:8", "shot:replay-start", "RIGHTx25", "wait:4",
          "shot:replay-qwinto")

    # Pass the device: Hashi, two people.
    app = fresh_app()
    shoot(app, "DOWN", "A", "DOWNx2", "RIGHT", "DOWNx2", "A", "UPx4", "A", "wait:40", "shot:pass")

    # A game code typed in Hanabi's setup: what it holds, then one character
    # wrong and A: refused, with the reason.
    from kapsa import codes

    hanabi = [info for info in app.games if info.name == "hanabi"][0].registry
    code = codes.encode(hanabi, 3, 0b110, 32 | 12, 4711)
    typing = []
    for c in code:
        value = codes.ALPHABET.index(c) + 1  # up from blank, or down round the end
        typing += ["UPx%d" % value if value <= 16 else "DOWNx%d" % (33 - value), "RIGHT"]
    app = fresh_app()
    shoot(app, "DOWNx2", "A", "DOWN", "A", "UPx3", "RIGHT", "UP", "shot:code-typing", "DOWN",
          "LEFT", "DOWNx3")  # blank again, the caret on the first
    shoot(app, *typing)
    shoot(app, "shot:code-entry", "LEFTx3", "UP", "A", "wait:2", "shot:code-refused")

    # Scores: histories of whole games the computer played for the person
    # (kapsa.selfplay; a game counted as the game-over scene counts it),
    # then Scores from the launcher (up from the first game) and the
    # variants and games beside it.
    app = fresh_app()
    played(app, "qwinto", 1, 0, 0, 23)
    played(app, "qwinto", 3, 0, 0b110, 7)
    played(app, "hashi", 1, 1, 0, 4)
    played(app, "hashi", 1, 0, 0, 6)
    played(app, "hanabi", 3, 1 | 4, 0b110, 5)
    shoot(app, "UP", "shot:launcher-scores", "A", "shot:scores-computers", "DOWN", "shot:scores",
          "RIGHT", "DOWN", "shot:scores-hashi", "RIGHT", "shot:scores-hanabi")
    # Hanabi's kept games (A), the newest watched: every hand shows
    shoot(app, "A", "DOWN", "wait:3", "shot:replays", "UP", "A", "wait:8", "RIGHTx45", "wait:4",
          "shot:replay-hanabi", "B", "B", "RIGHT", "shot:scores-empty")


class Coded:
    """Chance as a game with a code draws it (kapsa.rng.pick from the
    code's seed): selfplay's rng."""

    def __init__(self, reg, seats, options, bots, rng):
        from kapsa import codes

        self.seed = rng.below(codes.seeds(reg))
        self.code = codes.encode(reg, seats, bots, options, self.seed)
        self.picks = 0

    def choose(self, state):
        from kapsa.rng import pick

        self.picks += 1
        return pick(self.seed, self.picks - 1, state)

    def extra(self):
        from kapsa import codes

        return codes.extra(self.code, self.seed, self.picks)


def played(app, game, seats, options, bots, count):
    """`count` whole games of `game` played by its computer in every seat,
    counted in its score history as started and finished by people in
    the seats not in `bots`."""
    from kapsa import histsave, history, tally
    from kapsa.replaykeep import keep
    from kapsa.rng import Rng
    from kapsa.selfplay import play_out

    info = [i for i in app.games if i.name == game][0]
    engine, bot = info.load("engine"), info.load("bot")
    h = history.load(app, game)[0]
    rng = Rng(len(h.entries) * 100 + 7)
    for n in range(count):
        h.started += 1
        h.entry(*history.variant(info.registry, seats, options))[history.PLAYED] += 1
        chance = Coded(info.registry, seats, options, bots, rng)  # a game a code plays again
        state = play_out(engine.new_game(seats, options), chance, [bot.choose] * seats)
        tally.add(h, info.registry, seats, options, bots, state.scores(), n + 1)
        keep(app.store, game, seats, options, bots, state.actions(), chance.extra(),
             state.scores())
    histsave.save(app, game, h, [])


if __name__ == "__main__":
    main()
