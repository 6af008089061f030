"""Hashi benchmarks: bot strength, hindsight best, bot and solver cost.
Prints figures, asserts nothing.

    python tools/bench_hashi.py [--games 1000] [--orders 100] [--workers 4]
                                [--screen-orders 100] [--jobs 2] [--skip-mpy] [--only a|b|c|d]

(a) CPython, per board A and B: mean, standard deviation, min and max of
    the solo score of the bot, of the greedy baseline (greedy_choose
    below: the number where it finishes an island or comes closest, bridges
    to the numbered islands that miss the most) and of random legal play
    (all of the card's bridges or none), over GAMES games whose card draws
    kapsa.rng.Rng(seed) picks, seeds 0..GAMES-1.
(b) CPython, per board: the hindsight best of the first ORDERS of those
    games (the bot's start and card order), proven by CP-SAT
    (tools/hashi_exact.py, WORKERS search workers): mean, sd, min, max, the
    gain over the bot's own score, the seconds per order; and what the end
    screen's own search (games/hashi/solver.py, its budget of
    ending.SOLVER_UNITS units) shows for the first
    SCREEN_ORDERS of them:
    its mean "at least", how often it proved its figure, how often its
    figure was the optimum.
(c) MicroPython (tools/mpy.py through the gate's run_guest): a four-seat
    bot game and a solo game: peak live heap after every action (engine +
    bot, imports included; gc only between actions, as the gate does) and
    the fuel of every bot decision (median, max; and of the turn's first
    call, which plans the turn).
(d) MicroPython: the solver's fuel per unit of work (step(1)) in each
    phase, the units a whole beam pass takes, and the units and fuel to
    prove a short order.
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

from kapsa.selfplay import play_out  # noqa: E402
from kapsa.rng import Rng  # noqa: E402

from games.hashi import bot  # noqa: E402
from games.hashi import engine as E  # noqa: E402
from games.hashi.solver import from_game  # noqa: E402

BOARDS = (("A", 0), ("B", E.BOARD_B))


def greedy_choose(view, legal):
    """Baseline: the number where it finishes an island (else where the
    island comes closest to it, else nowhere); each bridge to the numbered
    islands that miss the most, as long as the rest can still be placed."""
    if view.phase == E.SETUP:
        return legal[0]
    sh = view.sheet
    b = sh.b
    if view.phase == E.ACTION_A:
        pick = E.SKIP_A
        gap = 99
        for a in legal:
            if a < b.n and view.number - sh.deg[a] < gap:
                gap = view.number - sh.deg[a]
                pick = a
        return pick
    left = view.to_place
    if not left or (not view.placed and not sh.can_place(left)):
        return E.CONFIRM
    pick = E.UNDO
    most = -1
    for a in legal:
        if E.BRIDGE <= a < E.BRIDGE + b.nc:
            k = a - E.BRIDGE
            miss = sum(sh.num[i] - sh.deg[i] for i in (b.ca[k], b.cb[k]) if sh.num[i])
            if miss > most:
                sh.add(k)
                ok = sh.can_place(left - 1)
                sh.remove(k)
                if ok:
                    most = miss
                    pick = a
    return pick


class RandomPlayer:
    """Random legal play: a uniform number (or none), then uniform bridges
    among those that keep the card's count placeable, or none when it is
    not."""

    def __init__(self, seed):
        self.rng = Rng(seed)

    def __call__(self, view, legal):
        if view.phase != E.ACTION_B:
            return legal[self.rng.below(len(legal))]
        sh = view.sheet
        left = view.to_place
        if not left or (not view.placed and not sh.can_place(left)):
            return E.CONFIRM
        good = []
        for a in legal:
            if E.BRIDGE <= a < E.BRIDGE + sh.b.nc:
                sh.add(a - E.BRIDGE)
                if sh.can_place(left - 1):
                    good.append(a)
                sh.remove(a - E.BRIDGE)
        return good[self.rng.below(len(good))] if good else E.UNDO


def play(seats, options, seed, choosers):
    return play_out(E.new_game(seats, options), Rng(seed), choosers)


def _solo(job):
    name, options, seed = job
    chooser = {"bot": bot.choose, "greedy": greedy_choose}.get(name) or RandomPlayer(seed + 7)
    return play(1, options, seed, [chooser]).scores()[0]


def _device(job):
    """The end screen's search on one game: (its best, proven)."""
    from games.hashi import ending

    options, seed = job
    game = play(1, options, seed, [bot.choose])
    s = from_game(options, game.actions())
    for _ in range(ending.SOLVER_UNITS):
        if s.step(1):
            break
    return s.best, s.proven


def _pool(jobs):
    if jobs <= 1:
        return None
    import multiprocessing
    return multiprocessing.Pool(jobs)


def _map(pool, fn, items):
    return pool.map(fn, items, chunksize=4) if pool else [fn(x) for x in items]


def strength(pool, games):
    print("(a) solo scores over %d games per board (card draws: Rng seeds 0..%d)" % (
        games, games - 1))
    for label, options in BOARDS:
        for name in ("bot", "greedy", "random"):
            t0 = time.time()
            scores = _map(pool, _solo, [(name, options, s) for s in range(games)])
            print("    board %s  %-6s  mean %.2f  sd %.2f  min %d  max %d  (%.0f s)" % (
                label, name, statistics.mean(scores), statistics.pstdev(scores),
                min(scores), max(scores), time.time() - t0))


def hindsight(pool, orders, workers, screen_orders):
    from tools.hashi_exact import solve as solve_exact
    from tools.hashi_solve import bot_start, seed_cards

    print("(b) hindsight best of the bot's first %d games per board (CP-SAT, %d workers), "
          "and what the end screen's search shows" % (orders, workers))
    for label, options in BOARDS:
        bid = 1 if options & E.BOARD_B else 0
        start = bot_start(options)
        mine = [_solo(("bot", options, s)) for s in range(orders)]
        best = []
        took = []
        for seed in range(orders):
            r = solve_exact(bid, start, seed_cards(options, seed), None, workers)
            assert r.proven
            best.append(r.best)
            took.append(r.seconds)
        shown = _map(pool, _device, [(options, s) for s in range(min(orders, screen_orders))])
        print("    board %s  bot %.2f  hindsight best %.2f (sd %.2f, min %d, max %d); "
              "gain over the bot %.2f" % (
                  label, statistics.mean(mine), statistics.mean(best), statistics.pstdev(best),
                  min(best), max(best), statistics.mean(b - m for b, m in zip(best, mine))))
        print("             CP-SAT seconds per order: median %.1f, mean %.1f, max %.1f" % (
            statistics.median(took), statistics.mean(took), max(took)))
        if shown:
            print("             end screen, first %d: mean %.2f (optimum %.2f); proven %d; "
                  "equal to the optimum %d" % (
                      len(shown), statistics.mean(x[0] for x in shown),
                      statistics.mean(best[:len(shown)]), sum(1 for x in shown if x[1]),
                      sum(1 for x, b in zip(shown, best) if x[0] == b)))
        spread = {}
        for b in best:
            spread[b] = spread.get(b, 0) + 1
        print("             optimum: %s" % ", ".join(
            "%d x%d" % (b, spread[b]) for b in sorted(spread)))


# A bot game under MicroPython. As in the MicroPython gate, automatic
# collection is off and gc.collect() runs only in the shallow module-level
# loop, between two actions; the work is in small functions. HEAP_GUEST
# records the live heap after every action and nothing else (so the figure
# holds the engine, the bot, their imports and this small loop; the view is
# made in decide(): made in an expression of step() it stayed reachable
# after step() returned, 1.5 KB more); with a budget it first fills the
# heap beyond it, as the gate does (peak = budget - least free).
# BOT_GUEST records the fuel of every decision.
# Both bot guests start alike: collection off, the engine and bot imported.
GUEST_HEAD = """
import gc
gc.disable()
from kapsa.engine import CHANCE, OVER
from kapsa.rng import Rng
import games.hashi.engine as E
import games.hashi.bot as B
gc.collect()
"""

HEAP_GUEST = GUEST_HEAD + """g = {"ballast": []}

def fill(budget):
    # As the MicroPython gate: take up the heap beyond `budget` bytes.
    keep = budget - gc.mem_alloc()
    while gc.mem_free() > keep + 64:
        g["ballast"].append(bytearray(min(2048, gc.mem_free() - keep - 48)))

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
    print("scores", g["st"].scores())
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

BOT_GUEST = GUEST_HEAD + """g = {}

def init():
    g["imports"] = gc.mem_alloc()
    g["peak"] = 0
    g["costs"] = []
    g["plans"] = []
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
        f0 = fuel()
        a = B.choose(v, legal)
        f1 = f0 - fuel()
        g["costs"].append(f1)
        if v.phase != E.ACTION_B:
            g["plans"].append(f1)
    st.apply(a)
    return True

def note():
    m = gc.mem_alloc()
    if m > g["peak"]:
        g["peak"] = m

def report():
    c = g["costs"] or [0]
    c.sort()
    q = g["plans"] or [0]
    q.sort()
    print("imports", g["imports"], "peak", g["peak"], "decisions", len(c), "median", c[len(c) // 2],
          "max", c[-1], "plans", len(q), "plan_median", q[len(q) // 2])
    print("scores", g["st"].scores())

init()
gc.collect()
while step():
    gc.collect()
    note()
report()
print("GATE OK")
"""

# The solver under MicroPython: fuel per unit of work.
SOLVER_GUEST = """
import gc
gc.disable()
from games.hashi.solver import Search
gc.collect()
g = {}

def init():
    g["s"] = Search(%(board)d, %(start)d, %(cards)r, %(width)d, 0)
    g["units"] = 0
    g["fuel"] = [0, 0]
    g["n"] = [0, 0]
    g["pass"] = 0

def run():
    s = g["s"]
    phase = s.phase
    f0 = fuel()
    s.step(1)
    f = f0 - fuel()
    g["fuel"][phase - 1] += f
    g["n"][phase - 1] += 1
    g["units"] += 1
    if s.phase == 1 and s._variant == 1 and not g["pass"]:
        g["pass"] = g["units"]
    return not s.proven and g["units"] < %(limit)d

def report():
    s = g["s"]
    n = g["n"]
    f = g["fuel"]
    print("units", g["units"], "first_pass", g["pass"], "beam_units", n[0],
          "beam_fuel", f[0] // (n[0] or 1), "exact_units", n[1], "exact_fuel", f[1] // (n[1] or 1),
          "total", f[0] + f[1], "best", s.best, "upper", s.upper, "proven", int(s.proven),
          "heap", gc.mem_alloc())

init()
gc.collect()
while run():
    gc.collect()
report()
print("GATE OK")
"""


def _guest(code, heapsize="1M"):
    from test_micropython_gate import run_guest

    out = run_guest(code, heapsize, fuel=400_000_000_000)["stdout"].split()
    return dict(zip(out[0::2], out[1::2]))


def micropython_bot():
    print("(c) bot under MicroPython (board A, Rng seed 1)")
    for seats in (4, 1):
        heap = _guest(HEAP_GUEST % {"seats": seats, "options": 0, "seed": 1, "budget": 0})
        cost = _guest(BOT_GUEST % {"seats": seats, "options": 0, "seed": 1})
        print("    %d seat%s: imports %s B, peak live %s B; %s decisions, fuel median %s, "
              "max %s; first call of a turn (%s) median %s" % (
                  seats, "s" if seats > 1 else "", heap["imports"], heap["peak"],
                  cost["decisions"], cost["median"], cost["max"], cost["plans"],
                  cost["plan_median"]))


def micropython_solver():
    from tools.hashi_solve import bot_start, seed_cards

    print("(d) solver under MicroPython")
    cards = seed_cards(0, 1)
    start = bot_start(0)
    full = _guest(SOLVER_GUEST % {"board": 0, "start": start, "cards": cards, "width": 1,
                                  "limit": 2500})
    print("    board A, 17 cards, width 1: %s units (first beam pass %s), fuel per unit: "
          "beam %s, exact %s; best %s, upper %s" % (
              full["units"], full["first_pass"], full["beam_fuel"], full["exact_fuel"],
              full["best"], full["upper"]))
    for rounds in (3, 4):
        short = _guest(SOLVER_GUEST % {"board": 0, "start": start, "cards": cards[:rounds],
                                       "width": 1, "limit": 200000})
        print("    board A, first %d cards: proven %s (best %s) after %s units, fuel %s" % (
            rounds, "yes" if short["proven"] == "1" else "no", short["best"], short["units"],
            short["total"]))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--orders", type=int, default=100)
    ap.add_argument("--workers", type=int, default=4, help="CP-SAT search workers for (b)")
    ap.add_argument("--screen-orders", type=int, default=100,
                    help="orders on which (b) also runs the end screen's search")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--skip-mpy", action="store_true")
    ap.add_argument("--only", choices=("a", "b", "c", "d"))
    args = ap.parse_args(argv)
    print("Hashi benchmark")
    pool = _pool(args.jobs)
    if args.only in (None, "a"):
        strength(pool, args.games)
    if args.only in (None, "b"):
        hindsight(pool, args.orders, args.workers, args.screen_orders)
    if not args.skip_mpy and args.only in (None, "c"):
        micropython_bot()
    if not args.skip_mpy and args.only in (None, "d"):
        micropython_solver()
    return 0


if __name__ == "__main__":
    sys.exit(main())
