"""Qwinto benchmarks: bot strength and cost. Prints figures, asserts nothing.

    python tools/bench_qwinto.py [GAMES]

(a) CPython: mean and standard deviation of the solo score of the bot and of
    the greedy baseline (bot.greedy_choose) over GAMES (default 1000) games,
    dice from kapsa.rng.Rng(seed) for seeds 0..GAMES-1; and the bot's results
    against five greedy players in six-seat games.
(b) MicroPython (tools/mpy.py, 64K heap): one six-seat game with six bots
    played to the end; the peak live heap after every action (gc.collect();
    gc.mem_alloc(), imports included) and the fuel of every bot decision
    (median and maximum), plus the same for a solo game.
"""

import os
import statistics
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (os.path.join(ROOT, "lib"), ROOT, os.path.join(ROOT, "tools")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from kapsa.engine import CHANCE, OVER  # noqa: E402
from kapsa.rng import Rng  # noqa: E402

from games.qwinto import bot, engine  # noqa: E402


def play(seats, seed, choosers):
    """Play one game; choosers[seat](view, legal) decides for each seat."""
    rng = Rng(seed)
    state = engine.new_game(seats)
    while True:
        seat = state.current_player()
        if seat == OVER:
            return state
        if seat == CHANCE:
            action = rng.choose(state)
        else:
            legal = state.legal_actions()
            action = choosers[seat](state.view(seat), legal)
            if action not in legal:
                raise AssertionError("illegal choice %r" % action)
        state.apply(action)


def solo_scores(chooser, games):
    return [play(1, seed, [chooser]).scores()[0] for seed in range(games)]


def versus(games):
    """Bot in seat (seed % 6), greedy elsewhere: bot's wins, mean scores."""
    wins = 0.0
    mine = []
    theirs = []
    for seed in range(games):
        me = seed % 6
        choosers = [bot.greedy_choose] * 6
        choosers[me] = bot.choose
        scores = play(6, seed, choosers).scores()
        best = engine.winners(scores)
        if me in best:
            wins += 1.0 / len(best)
        mine.append(scores[me])
        theirs.extend(scores[s] for s in range(6) if s != me)
    return wins / games, statistics.mean(mine), statistics.mean(theirs)


# Runs under MicroPython: one whole game, bots in every seat.
GUEST = """
import gc
gc.collect()
from kapsa.engine import CHANCE, OVER
from kapsa.rng import Rng
from games.qwinto import engine, bot
rng = Rng(%(seed)d)
state = engine.new_game(%(seats)d)
costs = []
peak = 0
actions = 0
while True:
    seat = state.current_player()
    if seat == OVER:
        break
    if seat == CHANCE:
        action = rng.choose(state)
    else:
        legal = state.legal_actions()
        view = state.view(seat)
        f0 = fuel()
        action = bot.choose(view, legal)
        costs.append(f0 - fuel())
        view = legal = None
    state.apply(action)
    actions += 1
    gc.collect()
    used = gc.mem_alloc()
    if used > peak:
        peak = used
costs.sort()
print("actions", actions, "peak", peak, "decisions", len(costs),
      "median", costs[len(costs) // 2], "max", costs[-1], "scores", state.scores())
"""


def micropython_game(seats, seed=1, heapsize="64K"):
    import mpy

    result = mpy.run(GUEST % {"seats": seats, "seed": seed}, heapsize=heapsize)
    if result.rc != 0:
        raise SystemExit("MicroPython failed:\n%s\n%s" % (result.stdout, result.stderr))
    words = result.stdout.split()
    figures = dict(zip(words[0:-1:2], words[1::2]))
    figures["scores"] = result.stdout.split("scores", 1)[1].strip()
    return figures


def main(argv):
    games = int(argv[0]) if argv else 1000
    print("Qwinto bot benchmark")
    for name, chooser in (("bot", bot.choose), ("greedy", bot.greedy_choose)):
        scores = solo_scores(chooser, games)
        print("(a) solo %-6s  games %d  mean %.2f  sd %.2f  min %d  max %d" % (
            name, games, statistics.mean(scores), statistics.pstdev(scores),
            min(scores), max(scores)))
    n = max(60, games // 10)
    share, mine, theirs = versus(n)
    print("(a) 6 seats, bot vs 5 greedy: games %d  bot wins %.0f%%  bot mean %.1f  "
          "greedy mean %.1f" % (n, 100 * share, mine, theirs))
    for seats in (6, 1):
        f = micropython_game(seats)
        print("(b) MicroPython 64K, %d seat%s: actions %s  peak live heap %s bytes  "
              "decisions %s  fuel median %s  max %s  scores %s" % (
                  seats, "s" if seats > 1 else "", f["actions"], f["peak"],
                  f["decisions"], f["median"], f["max"], f["scores"]))
    sys.stdout.flush()
    os._exit(0)  # wasmtime may print a harmless worker panic at exit


if __name__ == "__main__":
    main(sys.argv[1:])
