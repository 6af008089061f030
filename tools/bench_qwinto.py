"""Qwinto benchmarks: bot strength and cost. Prints figures, asserts nothing.

    python tools/bench_qwinto.py [GAMES [TABLE]]

(a) CPython: mean, standard error and standard deviation of the solo
    score of the bot, of the bot before its solo endgame took holes in
    twos (the commit NO_TWOS), of the bot before its solo endgame (the
    commit NO_ENDGAME), of the bot before its end-by-two-rows term (the commit
    PRESENT), of the bot before its look-ahead (the commit OLD), all
    loaded from git, and of the greedy baseline (games.qwinto.greedy)
    over GAMES (default 1000) games, dice from kapsa.rng.Rng(seed) for
    seeds 0..GAMES-1, and the bot's paired difference (same dice) with
    each earlier bot; the bot against each of those two at 2 to 6 seats
    (TABLE games each, default 300; one bot, the others the earlier one,
    its seat rotating); and the bot's results against five greedy
    players in six-seat games.
(b) MicroPython (tools/mpy.py, 64K heap): one six-seat game with six bots
    played to the end; the peak live heap after every action (gc.collect();
    gc.mem_alloc(), imports included) and the fuel of every bot decision
    and of every part of one (a frame of think(); median and maximum),
    plus the same for a solo game.
"""

import os
import statistics
import subprocess
import sys
import types

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (os.path.join(ROOT, "lib"), ROOT, os.path.join(ROOT, "tools")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from kapsa.selfplay import play_out  # noqa: E402
from kapsa.rng import Rng  # noqa: E402

from games.qwinto import bot, engine  # noqa: E402
from games.qwinto.greedy import greedy_choose  # noqa: E402
from games.qwinto.sheet import winners  # noqa: E402


def play(seats, seed, choosers):
    """Play one game; choosers[seat](view, legal) decides for each seat."""
    return play_out(engine.new_game(seats), Rng(seed), choosers)


# The bot before its look-ahead at its own roll (docs/qwinto.md, "The bot").
OLD = "6d78cd7cabb27faa62fab96dae8bb3d2fe944045"
# The bot before the end by two rows entered its potential (P[8]).
PRESENT = "466edb2b1282bb00921f0508228c5cfce89409d4"
# The bot before its solo endgame (games/qwinto/endgame.py).
NO_ENDGAME = "1d8a11427ad5883bdaab1903187b4527a5ad3001"
# The bot whose solo endgame took lone holes only (before the twos).
NO_TWOS = "181aab51d7a15228b123ae1d5e4259d636c23537"


def old_bot(rev=OLD):
    """games.qwinto.bot as it was at commit `rev`, with its potential, gains
    and look-ahead (where it had one), from git, as modules of their own
    (the current ones untouched)."""
    names = ("potential", "gains", "ahead", "endsheet", "endgame", "bot")
    pack = "qwinto_" + rev[:7]
    sys.modules[pack] = types.ModuleType(pack)
    for name in names:
        got = subprocess.run(["git", "-C", ROOT, "show", "%s:games/qwinto/%s.py" % (rev, name)],
                             capture_output=True, text=True)
        if got.returncode:  # no such module at that commit
            continue
        source = got.stdout
        for other in names:
            source = source.replace("games.qwinto.%s " % other, "%s.%s " % (pack, other))
            source = source.replace("from games.qwinto import %s\n" % other,
                                    "from %s import %s\n" % (pack, other))
        module = types.ModuleType(pack + "." + name)
        exec(compile(source, "%s:%s.py" % (rev[:7], name), "exec"), module.__dict__)
        sys.modules[pack + "." + name] = module
        setattr(sys.modules[pack], name, module)
    return sys.modules[pack + ".bot"]


def mean_se(values):
    return statistics.mean(values), statistics.pstdev(values) / len(values) ** 0.5


def against_old(old, seats, games):
    """The bot in seat (seed % seats), the old bot in the others: the bot's
    share of the wins, (its mean, se), (the old bots' mean, se), (the mean
    and se of the bot's score minus the old bots' mean in each game)."""
    wins = 0.0
    mine = []
    theirs = []
    diff = []
    for seed in range(games):
        me = seed % seats
        choosers = [old.choose] * seats
        choosers[me] = bot.choose
        scores = play(seats, seed, choosers).scores()
        best = winners(scores)
        if me in best:
            wins += 1.0 / len(best)
        others = [scores[s] for s in range(seats) if s != me]
        mine.append(scores[me])
        theirs.append(statistics.mean(others))
        diff.append(scores[me] - statistics.mean(others))
    return wins / games, mean_se(mine), mean_se(theirs), mean_se(diff)


def solo_scores(chooser, games):
    return [play(1, seed, [chooser]).scores()[0] for seed in range(games)]


def versus(games):
    """Bot in seat (seed % 6), greedy elsewhere: bot's wins, mean scores."""
    wins = 0.0
    mine = []
    theirs = []
    for seed in range(games):
        me = seed % 6
        choosers = [greedy_choose] * 6
        choosers[me] = bot.choose
        scores = play(6, seed, choosers).scores()
        best = winners(scores)
        if me in best:
            wins += 1.0 / len(best)
        mine.append(scores[me])
        theirs.extend(scores[s] for s in range(6) if s != me)
    return wins / games, statistics.mean(mine), statistics.mean(theirs)


# Runs under MicroPython: one whole game, bots in every seat. As in the
# MicroPython gate, automatic collection is off and gc.collect() runs only in
# the shallow module-level loop, between two actions. MODE "heap" records the
# live heap after every action (and nothing else, so the figures hold only
# the engine, the bot, their imports and this small loop); MODE "fuel" times
# every bot decision, as played ("fuel") or with the bot's per-turn table
# cache emptied before each decision ("cold").
GUEST = """
import gc
gc.disable()
from kapsa.engine import CHANCE, OVER
from kapsa.rng import Rng
from games.qwinto import engine, bot
gc.collect()
g = {"rng": Rng(%(seed)d), "state": engine.new_game(%(seats)d), "peak": gc.mem_alloc(),
     "costs": [] if "%(mode)s" != "heap" else None, "n": 0, "frame": 0, "parts": 0}

def step():
    state = g["state"]
    seat = state.current_player()
    if seat == OVER:
        return False
    if seat == CHANCE:
        action = g["rng"].choose(state)
    else:
        legal = state.legal_actions()
        view = state.view(seat)
        if "%(mode)s" == "cold":
            bot._cache[0] = None
        if g["costs"] is None:
            action = bot.choose(view, legal)
        else:
            # think() as the device runs it, a part a frame: each part's
            # fuel and the decision's
            action = None
            f0 = fuel()
            start = f0
            parts = bot.think(view, legal)
            while action is None:
                action = next(parts)
                f1 = fuel()
                if f0 - f1 > g["frame"]:
                    g["frame"] = f0 - f1
                g["parts"] += 1
                f0 = f1
            g["costs"].append(start - fuel())
    state.apply(action)
    g["n"] += 1
    return True

def note():
    if gc.mem_alloc() > g["peak"]:
        g["peak"] = gc.mem_alloc()

def report():
    costs = g["costs"] or [0]
    costs.sort()
    print("actions", g["n"], "peak", g["peak"], "decisions", len(costs),
          "median", costs[len(costs) // 2], "max", costs[-1], "frame", g["frame"],
          "parts", g["parts"])
    print("scores", g["state"].scores())

while step():
    gc.collect()
    note()
report()
"""


def micropython_game(seats, mode, seed=1, heapsize="64K"):
    """Figures of one MicroPython game: a dict of the printed numbers."""
    import mpy

    result = mpy.run(GUEST % {"seats": seats, "seed": seed, "mode": mode}, heapsize=heapsize)
    if result.rc != 0 or "scores" not in result.stdout:
        raise SystemExit("MicroPython failed:\n%s\n%s" % (result.stdout, result.stderr))
    first, second = result.stdout.splitlines()[:2]
    words = first.split()
    figures = dict(zip(words[0::2], words[1::2]))
    figures["scores"] = second[len("scores "):]
    return figures


def main(argv):
    games = int(argv[0]) if argv else 1000
    table = int(argv[1]) if len(argv) > 1 else 300
    old = old_bot()
    present = old_bot(PRESENT)
    no_endgame = old_bot(NO_ENDGAME)
    no_twos = old_bot(NO_TWOS)
    print("Qwinto bot benchmark")
    solo = {}
    for name, chooser in (("bot", bot.choose), ("no-two", no_twos.choose),
                          ("no-end", no_endgame.choose),
                          ("before", present.choose), ("old", old.choose),
                          ("greedy", greedy_choose)):
        scores = solo[name] = solo_scores(chooser, games)
        m, se = mean_se(scores)
        print("(a) solo %-6s  games %d  mean %.2f +- %.2f  sd %.2f  min %d  max %d" % (
            name, games, m, se, statistics.pstdev(scores), min(scores), max(scores)))
    for name in ("no-two", "no-end", "before", "old"):
        m, se = mean_se([a - b for a, b in zip(solo["bot"], solo[name])])
        print("(a) solo bot minus %-6s  same dice: %.2f +- %.2f" % (name, m, se))
    for name, other in (("before", present), ("old", old)):
        for seats in range(2, 7):
            share, mine, theirs, diff = against_old(other, seats, table)
            print("(a) %d seats, bot vs %d %s: games %d  bot wins %.1f%% (fair %.1f%%)  bot mean "
                  "%.2f +- %.2f  %s mean %.2f +- %.2f  difference %.2f +- %.2f" % (
                      seats, seats - 1, name, table, 100 * share, 100.0 / seats, mine[0],
                      mine[1], name, theirs[0], theirs[1], diff[0], diff[1]))
    n = max(60, games // 10)
    share, mine, theirs = versus(n)
    print("(a) 6 seats, bot vs 5 greedy: games %d  bot wins %.0f%%  bot mean %.1f  "
          "greedy mean %.1f" % (n, 100 * share, mine, theirs))
    for seats in (6, 1):
        heap = micropython_game(seats, "heap")
        warm = micropython_game(seats, "fuel")
        cold = micropython_game(seats, "cold")
        print("(b) MicroPython 64K, %d seat%s: actions %s  peak live heap %s bytes  "
              "scores %s" % (seats, "s" if seats > 1 else "", heap["actions"], heap["peak"],
                            heap["scores"]))
        print("    bot decisions %s  fuel median %s  max %s  (cache emptied before "
              "each: median %s  max %s)" % (warm["decisions"], warm["median"], warm["max"],
                                            cold["median"], cold["max"]))
        print("    parts (frames) %s  most fuel in one %s  (cache emptied: %s)" % (
            warm["parts"], warm["frame"], cold["frame"]))
    sys.stdout.flush()
    os._exit(0)  # wasmtime may print a harmless worker panic at exit


if __name__ == "__main__":
    main(sys.argv[1:])
