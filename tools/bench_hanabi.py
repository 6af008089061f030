"""Hanabi benchmarks: the computer teammate's self-play strength and cost.
Prints figures, asserts nothing.

    python tools/bench_hanabi.py [--games 1000] [--jobs 2] [--variants 0,1,2,4,12,15]
                                 [--seats 2,3,4,5] [--skip-mpy] [--only a|b|c]
                                 [--smartbot BIN]

(a) CPython: per variant and seat count, the mean score, its standard
    deviation, the perfect-game rate (25, or 30 with the rainbow cards), the
    lost games (score 0) and the mean mistakes of GAMES self-play games,
    every seat the bot, the draws picked by kapsa.rng.Rng(seed) for seeds
    0..GAMES-1, seat 0 first.
(b) MicroPython (tools/mpy.py through the gate's run_guest): a five-seat
    game, every seat the bot, options 0 and 15: the peak live heap after
    every action (engine + bot, imports included; gc only between actions,
    as the gate does) and the fuel of every bot decision (median, max).
(c) With --smartbot BIN: the bot against SmartBot on the same decks, paired
    (the standard game, seeds 0..GAMES-1): for each seed the deck Kapsa's
    game draws (deck(), dealt round the table from seat 0, seat 0 first) is
    given to BIN, which plays it with SmartBot at every seat and answers
    with the table's score and the mistakes made. BIN is not part of Kapsa:
    a driver of the public SmartBot (docs/hanabi-bot.md, "SmartBot on the
    same decks", says what it reads and answers). Printed: each player's
    mean and the paired difference with its standard error, counting the
    table after three mistakes as SmartBot's server does, and scoring 0
    then as Kapsa does (rule E1).
"""

import argparse
import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (os.path.join(ROOT, "lib"), ROOT, os.path.join(ROOT, "tools"),
           os.path.join(ROOT, "tests")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from benchguest import THINK_COST  # noqa: E402
from kapsa.selfplay import play_out  # noqa: E402
from games.hanabi.cards import copies  # noqa: E402
from kapsa.rng import Rng  # noqa: E402

from games.hanabi import bot  # noqa: E402
from games.hanabi import engine as E  # noqa: E402

VARIANTS = {
    0: "standard",
    1: "last breath",
    2: "choreography",
    4: "rainbow 6th colour",
    12: "rainbow every colour",
    15: "all four",
}


def play(seats, options, seed):
    return play_out(E.new_game(seats, options), Rng(seed), [bot.choose] * seats)


def _game(job):
    seats, options, seed = job
    st = play(seats, options, seed)
    return st.scores()[0], st.mistakes, 5 * st.colours


def _pool(jobs):
    if jobs <= 1:
        return None
    import multiprocessing
    return multiprocessing.Pool(jobs)


def strength(pool, games, variants, seat_counts):
    print("(a) self-play over %d games per line (draws: Rng seeds 0..%d)" % (games, games - 1))
    for options in variants:
        for seats in seat_counts:
            t0 = time.time()
            jobs = [(seats, options, s) for s in range(games)]
            res = pool.map(_game, jobs, chunksize=8) if pool else [_game(j) for j in jobs]
            sc = [r[0] for r in res]
            top = res[0][2]
            print("    %-20s %d seats  mean %.2f  sd %.2f  perfect %.1f%%  lost %.1f%%  "
                  "mistakes %.2f  (%.0f s)" % (
                      VARIANTS.get(options, str(options)), seats, statistics.mean(sc),
                      statistics.pstdev(sc), 100.0 * sc.count(top) / games,
                      100.0 * sc.count(0) / games,
                      statistics.mean(r[1] for r in res), time.time() - t0))
            sys.stdout.flush()


# A bot game under MicroPython, as the gate runs one: automatic collection
# off, gc.collect() only at module level between two actions, the work in
# small functions (the view is made inside decide() so that it is garbage
# once the action is applied). HEAP_GUEST records the live heap after every
# action (with a budget it first fills the heap beyond it, as the gate
# does: peak = budget - least free); BOT_GUEST the fuel of every decision.
GUEST_HEAD = """
import gc
gc.disable()
from kapsa.engine import CHANCE, OVER
from kapsa.rng import Rng
import games.hanabi.engine as E
import games.hanabi.bot as B
gc.collect()
"""

HEAP_GUEST = GUEST_HEAD + """g = {"ballast": []}

def fill(budget):
    # Take up the heap beyond `budget` (in smaller pieces where the free
    # heap is fragmented).
    keep = budget - gc.mem_alloc()
    n = 2048
    while gc.mem_free() > keep + 1024 and n >= 64:
        try:
            g["ballast"].append(bytearray(min(n, gc.mem_free() - keep - 64)))
        except MemoryError:
            n //= 2

def init():
    g["imports"] = gc.mem_alloc()
    g["low"] = 1 << 30
    g["peak"] = 0
    g["st"] = E.new_game(%(seats)d, %(options)d)
    g["rng"] = Rng(%(seed)d)

def decide(st, p):
    v = st.view(p)
    a = B.choose(v, st.legal_actions())
    assert a in st.legal_actions()
    return a

def step():
    st = g["st"]
    p = st.current_player()
    if p == OVER:
        return False
    if p == CHANCE:
        st.apply(g["rng"].choose(st))
    else:
        st.apply(decide(st, p))
    return True

def note():
    g["low"] = min(g["low"], gc.mem_free())
    g["peak"] = max(g["peak"], gc.mem_alloc())

def report(budget):
    print("imports", g["imports"], "peak", budget - g["low"] if budget else g["peak"])
    print("scores", g["st"].scores()[0])
    print("actions", bytes(g["st"].actions()).hex())

if %(budget)d:
    fill(%(budget)d)
gc.collect()
init()
gc.collect()
note()
while step():
    gc.collect()
    note()
report(%(budget)d)
print("GATE OK")
"""

BOT_GUEST = GUEST_HEAD + THINK_COST + """g = {}

def init():
    g["costs"] = []
    g["part"] = 0
    g["st"] = E.new_game(%(seats)d, %(options)d)
    g["rng"] = Rng(%(seed)d)

def step():
    st = g["st"]
    p = st.current_player()
    if p == OVER:
        return False
    if p == CHANCE:
        a = g["rng"].choose(st)
    else:
        legal = st.legal_actions()
        v = st.view(p)
        a, cost = think_cost(v, legal)  # a part a frame, as on the device
        g["costs"].append(cost)
    st.apply(a)
    return True

def report():
    c = g["costs"]
    c.sort()
    print("decisions", len(c), "median", c[len(c) // 2], "max", c[-1], "part", g["part"])
    print("scores", g["st"].scores()[0])

init()
gc.collect()
while step():
    gc.collect()
report()
print("GATE OK")
"""


def _guest(code, heapsize="1M"):
    from test_micropython_gate import run_guest

    out = run_guest(code, heapsize, fuel=400_000_000_000)["stdout"].split()
    return dict(zip(out[0::2], out[1::2]))


def micropython_bot(seeds=(1, 2, 3)):
    print("(b) under MicroPython, five seats, every seat the bot (Rng seeds %s)" % (
        ", ".join(map(str, seeds))))
    for options in (0, 15):
        for seed in seeds:
            heap = _guest(HEAP_GUEST % {"seats": 5, "options": options, "seed": seed,
                                        "budget": 0})
            cost = _guest(BOT_GUEST % {"seats": 5, "options": options, "seed": seed})
            print("    options %2d seed %d: score %s; imports %s B, peak live %s B; "
                  "%s decisions, fuel median %s, max %s; the dearest part (a frame) %s" % (
                      options, seed, cost["scores"], heap["imports"], heap["peak"],
                      cost["decisions"], cost["median"], cost["max"], cost["part"]))
            sys.stdout.flush()


def deck(seed, colours=5):
    """The order in which a game with Rng(seed) draws the deck (the deal
    included), as identities: every draw is one uniform pick from the cards
    left, listed by identity, so the order does not depend on the play."""
    rng = Rng(seed)
    left = [copies(c) for c in range(5 * colours)]
    out = []
    for _ in range(sum(left)):
        cards = [c for c in range(len(left)) for _ in range(left[c])]
        c = cards[rng.below(len(cards))]
        left[c] -= 1
        out.append(c)
    return out


def _kapsa_game(job):
    seats, seed = job
    st = play(seats, 0, seed)
    return sum(st.fw), st.score(), st.lost


def _paired(diffs):
    mean = statistics.mean(diffs)
    return mean, statistics.stdev(diffs) / len(diffs) ** 0.5


def against_smartbot(pool, games, seat_counts, smartbot):
    import subprocess

    print("(c) against SmartBot (%s), the standard game, the same decks (seeds 0..%d)" % (
        os.path.basename(smartbot), games - 1))
    for seats in seat_counts:
        lines = "".join("%d %s\n" % (seats, " ".join(map(str, deck(s)))) for s in range(games))
        out = subprocess.run([smartbot], input=lines, capture_output=True, text=True,
                             check=True).stdout.split("\n")
        theirs = [tuple(int(x) for x in line.split()) for line in out if line.strip()]
        if len(theirs) != games:
            raise RuntimeError("%s answered %d games of %d" % (smartbot, len(theirs), games))
        jobs = [(seats, s) for s in range(games)]
        ours = pool.map(_kapsa_game, jobs, chunksize=8) if pool else [_kapsa_game(j) for j in jobs]
        table = [o[0] - t[0] for o, t in zip(ours, theirs)]
        as_kapsa = [o[1] - (0 if t[1] >= 3 else t[0]) for o, t in zip(ours, theirs)]
        print("    %d seats  Kapsa %.2f / %.2f (lost %d)  SmartBot %.2f / %.2f (lost %d)  "
              "paired %+.2f +- %.2f / %+.2f +- %.2f" % (
                  seats, statistics.mean(o[0] for o in ours), statistics.mean(o[1] for o in ours),
                  sum(o[2] for o in ours),
                  statistics.mean(t[0] for t in theirs),
                  statistics.mean(0 if t[1] >= 3 else t[0] for t in theirs),
                  sum(1 for t in theirs if t[1] >= 3), *(_paired(table) + _paired(as_kapsa))))
        sys.stdout.flush()
    print("    (each pair: counting the table after three mistakes / scoring 0 then)")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--variants", default="0,1,2,4,12,15")
    ap.add_argument("--seats", default="2,3,4,5")
    ap.add_argument("--skip-mpy", action="store_true")
    ap.add_argument("--only", choices=("a", "b", "c"))
    ap.add_argument("--smartbot", metavar="BIN",
                    help="(c): a SmartBot driver that reads decks and answers scores")
    args = ap.parse_args(argv)
    print("Hanabi benchmark")
    if args.only in (None, "a"):
        strength(_pool(args.jobs), args.games, [int(x) for x in args.variants.split(",")],
                 [int(x) for x in args.seats.split(",")])
    if not args.skip_mpy and args.only in (None, "b"):
        micropython_bot()
    if args.smartbot and args.only in (None, "c"):
        against_smartbot(_pool(args.jobs), args.games, [int(x) for x in args.seats.split(",")],
                         args.smartbot)
    return 0


if __name__ == "__main__":
    sys.exit(main())
