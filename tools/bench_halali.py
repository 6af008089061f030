"""Halali benchmarks: the computer opponent's strength and cost. Prints
figures, asserts nothing.

    python tools/bench_halali.py [--matches 1000] [--jobs 2] [--skip-mpy] [--only a|b]
        [--against greedy,ply2,ply2-greedy,bot]

(a) CPython: MATCHES role-swapped matches (the engine's match option: two
    games, roles swapped, totals compared) of the bot against the greedy
    player (greedy_choose below), against the stronger two-ply reference
    (TwoPly below), of that reference against greedy, and of the bot
    against itself, chance tiles picked by kapsa.rng.Rng(seed) for seeds
    0..MATCHES-1. The first player sits in seat seed % 2, and P2_BEASTS
    is set when seed // 2 is odd, so each quarter of the seeds has it on
    another seat and first side. Per line: the first player's win rate
    (seat 0's against itself) with its standard error, draws, the mean
    score margin (its total less the other's) with its standard error and
    sd, the mean points per game by side, the longest game in actions.
(b) MicroPython (tools/mpy.py through the gate's run_guest): whole matches
    bot against bot: the peak live heap after every action (engine + bot,
    imports included; gc only between actions, as the gate does) and the
    fuel of every bot decision (median, max).
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
from kapsa.engine import CHANCE, OVER  # noqa: E402
from kapsa.rng import Rng  # noqa: E402

from games.halali import bot  # noqa: E402
from games.halali import engine as E  # noqa: E402
from games.halali.tiles import MOVER, POINTS  # noqa: E402


class Greedy:
    """The baseline: the move that takes (or, in the final phase, brings
    out) the most points at once, the first such in the legal list; with
    none, a tile turned over at random (seeded), else any legal move at
    random."""

    def __init__(self, seed):
        self.rng = Rng(seed)

    def __call__(self, view, legal):
        return greedy_choose(view, legal, self.rng)


def greedy_choose(view, legal, rng):
    best = 0
    pick = -1
    flips = []
    for a in legal:
        if a < E.EXIT:
            flips.append(a)
        elif a >= E.MOVE:
            to = a & 63
            if to >= E.EXIT:
                v = POINTS[view.board[(a - E.MOVE) >> 6] & 7]
            else:
                v = POINTS[view.board[to] & 7]
            if v > best:
                best = v
                pick = a
    if pick >= 0:
        return pick
    pool = flips or legal
    return pool[rng.below(len(pool))]


class TwoPly:
    """The stronger reference: a two-ply player. Every legal action is
    worth the points it takes (or, in the final phase, brings out) less
    the most the other side can then take or bring out at once; a
    turn-over the same as an expected value over what may still lie face
    down (each kind by its count, a hunter's four rifles alike). In the
    main phase a move that takes nothing only answers the other side's
    turn-over or capture (else two such players could run and chase for
    ever). The best is played: among turn-overs that
    tie, one at random (seeded), else the first in the legal list. It sees
    only the view, as the computer does."""

    def __init__(self, seed):
        self.rng = Rng(seed)

    def __call__(self, view, legal):
        return two_ply_choose(view, legal, self.rng)


def _at_once(board, side, final):
    """The most side can take at once (or bring out, in the final phase)."""
    from games.halali.botfinal import _turns
    from games.halali.botlines import best

    pcs = [sq for sq in range(49) if board[sq] and not board[sq] & E.DOWN
           and MOVER[board[sq] & 7] == side]
    top = best(board, pcs, -1, -1, side, E.NONE, 0)
    if final:
        for sq in pcs:
            v = POINTS[board[sq] & 7]
            if v > top and _turns(board, sq, board[sq] & 7, 1) == 1:
                top = v
    return top


def two_ply_choose(view, legal, rng):
    board = bytearray(view.board)
    me = view.side
    f = view.final
    final = f >= 0
    reply = f < 0 or f >= 2  # the other side moves after this turn
    fresh = view.last < E.EXIT or view.lasttook  # it turned a tile over or took one
    top = None
    pick = []
    for a in legal:
        if a < E.EXIT:  # a turn-over: the expected reply over the kinds left
            tot = 0
            n = 0
            for k in range(1, 8):
                for aim in range(4 if k == E.HUNTER else 1):
                    c = view.left[k] * (1 if k == E.HUNTER else 4)
                    if not c:
                        continue
                    board[a] = k + E.RIFLE * aim
                    tot -= c * _at_once(board, me ^ 1, final)
                    n += c
            board[a] = E.DOWN
            v = tot / n
        elif a == E.SKIP:
            v = -_at_once(board, me ^ 1, final) if reply else 0
        else:
            fr = (a - E.MOVE) >> 6
            to = a & 63
            t = board[fr]
            u = board[to] if to < E.EXIT else 0
            g = POINTS[t & 7] if to >= E.EXIT else POINTS[u & 7]
            if not g and not (final or fresh):
                continue  # the other side only moved: no chase for ever
            board[fr] = 0
            if to < E.EXIT:
                board[to] = t
            v = g - (_at_once(board, me ^ 1, final) if reply else 0)
            if to < E.EXIT:
                board[to] = u
            board[fr] = t
        if top is None or v > top:
            top = v
            pick = [a]
        elif v == top:
            pick.append(a)
    flips = [a for a in pick if a < E.EXIT]  # a tie (at 0 or less) with a
    if flips:  # move that takes nothing: turn over, so the game goes on
        return flips[rng.below(len(flips))]
    return pick[0]


LIMIT = 4000  # actions: a match that has not ended by then is a bug (a stall)


def options_of(seed):
    return E.P2_BEASTS if seed // 2 & 1 else 0


def match(seed, other):
    """A role-swapped match of the bot (seat seed % 2) against `other`
    ("greedy" or "bot"): (the bot's total, the other's, per-side points of
    both games as (blue, brown) pairs, the number of actions, the bot's
    seat, the seed)."""
    seat = seed % 2
    me = bot.choose
    if other == "ply2-greedy":  # the reference in the bot's seat
        me = TwoPly(seed + 7)
    opp = (Greedy(seed + 1000003) if other.endswith("greedy") else
           TwoPly(seed + 1000003) if other == "ply2" else bot.choose)
    choosers = [me, opp] if seat == 0 else [opp, me]
    st = E.new_game(2, options_of(seed))
    rng = Rng(seed)
    for _ in range(LIMIT):
        p = st.current_player()
        if p == OVER:
            break
        if p == CHANCE:
            st.apply(rng.choose(st))
            continue
        legal = st.legal_actions()
        a = choosers[p](st.view(p), legal)
        if a not in legal:
            raise AssertionError("seat %d chose %r, not a legal action" % (p, a))
        st.apply(a)
    else:
        raise AssertionError("seed %d against %s: no end after %d actions" % (
            seed, other, LIMIT))
    s = st.scores()
    r = st.results
    blue0 = (options_of(seed) >> 1) & 1  # the seat playing Blue in game 1
    sides = [(r[blue0], r[1 - blue0]), (r[2 + (1 - blue0)], r[2 + blue0])]
    return s[seat], s[1 - seat], sides, len(st.actions()), seat, seed


def _job(job):
    return match(*job)


def _pool(jobs):
    if jobs <= 1:
        return None
    import multiprocessing
    return multiprocessing.Pool(jobs)


def strength(pool, matches, others=("greedy", "bot")):
    print("(a) %d role-swapped matches per line (tiles: Rng seeds 0..%d)" % (
        matches, matches - 1))
    for other in others:
        t0 = time.time()
        jobs = [(s, other) for s in range(matches)]
        res = pool.map(_job, jobs, chunksize=8) if pool else [_job(j) for j in jobs]
        if other != "bot":
            wins = sum(1 for r in res if r[0] > r[1])
            what = {"greedy": "bot against greedy: bot wins",
                    "ply2": "bot against the two-ply reference: bot wins",
                    "ply2-greedy": "two-ply reference against greedy: it wins"}[other]
        else:  # the bot in both seats: seat 0's results
            wins = sum(1 for r in res if (r[0] > r[1]) == (r[4] == 0) and r[0] != r[1])
            what = "bot against itself: seat 0 wins"
        draws = sum(1 for r in res if r[0] == r[1])
        # against greedy, the bot's margin; against itself, seat 0's
        diffs = [(r[0] - r[1]) * (-1 if other == "bot" and r[4] else 1) for r in res]
        margin = statistics.mean(diffs)
        p = wins / matches
        blue = statistics.mean(g[0] for r in res for g in r[2])
        brown = statistics.mean(g[1] for r in res for g in r[2])
        sd = statistics.pstdev(diffs)
        print("    %s %.1f%% (se %.1f), draws %.1f%%, mean margin %+.2f (se %.2f, sd %.2f); "
              "per game Blue %.1f, Brown %.1f points; longest match %d actions (%.0f s)" % (
                  what, 100.0 * p, 100.0 * (p * (1 - p) / matches) ** 0.5,
                  100.0 * draws / matches, margin, sd / matches ** 0.5, sd, blue, brown,
                  max(r[3] for r in res), time.time() - t0))
        if other != "bot":  # per side: (the first seat's points, the other's) a game
            for side, name in ((0, "Blue"), (1, "Brown")):
                games = [(g[side], g[1 - side]) for r in res for i, g in enumerate(r[2])
                         if (i ^ (r[4] != options_of(r[5]) >> 1)) == side]
                print("      as %s: %.1f points a game, the other %.1f; "
                      "wins %.1f%% of these games" % (
                          name, statistics.mean(x[0] for x in games),
                          statistics.mean(x[1] for x in games),
                          100.0 * sum(1 for x in games if x[0] > x[1]) / len(games)))
        sys.stdout.flush()


# A match bot against bot under MicroPython, as the gate runs one:
# automatic collection off, gc.collect() only at module level between two
# actions, the work in small functions (the view is made inside decide() so
# that it is garbage once the action is applied). HEAP_GUEST records the
# live heap after every action (with a budget it first fills the heap
# beyond it, as the gate does: peak = budget - least free); BOT_GUEST the
# fuel of every decision.
GUEST_HEAD = """
import gc
gc.disable()
from kapsa.engine import CHANCE, OVER
from kapsa.rng import Rng
import games.halali.engine as E
import games.halali.bot as B
gc.collect()
"""

HEAP_GUEST = GUEST_HEAD + """g = {"ballast": [], "imports": gc.mem_alloc()}

def fill(budget):
    keep = budget - gc.mem_alloc()
    n = 2048
    while gc.mem_free() > keep + 1024 and n >= 64:
        try:
            g["ballast"].append(bytearray(min(n, gc.mem_free() - keep - 64)))
        except MemoryError:
            n //= 2

def init():
    g["low"] = 1 << 30
    g["peak"] = 0
    g["st"] = E.new_game(2, %(options)d)
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
    print("scores", "%%d-%%d" %% tuple(g["st"].scores()))
    print("actions", "".join("%%04x" %% a for a in g["st"].actions()))

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
    g["st"] = E.new_game(2, %(options)d)
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
    print("costs", ",".join(str(x) for x in c))
    print("part", g["part"])
    print("scores", "%%d-%%d" %% tuple(g["st"].scores()))

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


def hexactions(st):
    return "".join("%04x" % a for a in st.actions())


def micropython_bot(seeds=(1, 2, 3, 4)):
    from test_micropython_gate import BUDGET, GUEST_HEAP

    print("(b) under MicroPython, role-swapped matches bot against bot (Rng seeds %s)" % (
        ", ".join(map(str, seeds))))
    every = []
    peaks = []
    parts = []
    for seed in seeds:
        options = options_of(seed)
        heap = _guest(HEAP_GUEST % {"options": options, "seed": seed, "budget": BUDGET},
                      GUEST_HEAP)
        cost = _guest(BOT_GUEST % {"options": options, "seed": seed})
        c = sorted(int(x) for x in cost["costs"].split(","))
        every += c
        peaks.append(int(heap["peak"]))
        parts.append(int(cost["part"]))
        print("    seed %d: scores %s; imports %s B, peak live %s B; "
              "%d decisions, fuel median %d, max %d; the dearest part (a frame) %d" % (
                  seed, cost["scores"], heap["imports"], heap["peak"], len(c),
                  c[len(c) // 2], c[-1], parts[-1]))
        sys.stdout.flush()
    every.sort()
    print("    all: %d decisions, fuel median %d, 90th percentile %d, max %d; "
          "the dearest part %d; peak live heap %d B" % (
              len(every), every[len(every) // 2], every[len(every) * 9 // 10], every[-1],
              max(parts), max(peaks)))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--matches", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--against", default="greedy,ply2,ply2-greedy,bot")
    ap.add_argument("--skip-mpy", action="store_true")
    ap.add_argument("--only", choices=("a", "b"))
    args = ap.parse_args(argv)
    print("Halali benchmark")
    if args.only in (None, "a"):
        strength(_pool(args.jobs), args.matches, args.against.split(","))
    if not args.skip_mpy and args.only in (None, "b"):
        micropython_bot()
    return 0


if __name__ == "__main__":
    sys.exit(main())
