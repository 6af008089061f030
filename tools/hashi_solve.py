"""Hashi hindsight solver on the desktop: the best solo score possible with
a card order, from a start, proven.

    python tools/hashi_solve.py --seed 12                # board A, bot's start
    python tools/hashi_solve.py --board B --seed 3 --start 4J --time 120
    python tools/hashi_solve.py --board P --cards 5,12,0,9 --start 3I
    python tools/hashi_solve.py --seed 12 --method device --time 30

The card order is that of a solo game whose card draws kapsa.rng.Rng(seed)
picks (as the benchmarks play them), or --cards (deck indices, drawing
order; fewer than 17 is a game cut short). The start defaults to the one
the bot picks.

--method exact (the default) solves the game as an integer program with
OR-Tools' CP-SAT (tools/hashi_exact.py) to the proven optimum; --method
device runs the end screen's search (games/hashi/solver.py: beam passes up
to --width, then branch and bound), which on 17 cards rarely proves its
figure. Either stops after --time seconds (none: no limit for exact, 60 s
for device) and then prints "best with these cards: X" only if proven,
else "at least X (upper bound Y)"; then the witness line.
"""

import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (os.path.join(ROOT, "lib"), ROOT):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from kapsa.engine import CHANCE  # noqa: E402
from kapsa.rng import Rng  # noqa: E402

from games.hashi import bot  # noqa: E402
from games.hashi import engine as E  # noqa: E402
from games.hashi.boards import BRIDGES, NUMBERS, conn_name, island_name  # noqa: E402
from games.hashi.solver import Search  # noqa: E402

BOARDS = {"A": 0, "B": E.BOARD_B, "P": E.BOARD_P}


def board_id(options):
    return 2 if options & E.BOARD_P else (1 if options & E.BOARD_B else 0)


def bot_start(options):
    """The start the bot picks for its own board."""
    st = E.new_game(1, options)
    return bot.choose(st.view(0), st.legal_actions())


def seed_cards(options, seed, rounds=17):
    """The cards a solo game with chance picked by Rng(seed) draws, in order
    (the moves do not change the draws)."""
    rng = Rng(seed)
    st = E.new_game(1, options)
    st.apply(st.legal_actions()[0])
    cards = []
    while len(cards) < rounds:
        assert st.current_player() == CHANCE
        card = rng.choose(st)
        cards.append(card)
        st.apply(card)
        st.apply(E.SKIP_A)
        st.apply(E.CONFIRM)
    return cards


def parse_start(text):
    """"4J" -> START4 + island J."""
    number, name = text[0], text[1:].upper()
    if number not in "34" or len(name) != 1:
        raise argparse.ArgumentTypeError("start like 4J: 3 or 4, then the island")
    return (E.START4 if number == "4" else E.START3) + ord(name) - 65


def solve(search, seconds, slice_=50, report=None):
    """Step the search until proven or `seconds` passed; report(search)
    after each improvement. Returns the seconds used."""
    t0 = time.time()
    best = search.best
    while not search.proven and time.time() - t0 < seconds:
        search.step(slice_)
        if report and search.best != best:
            best = search.best
            report(search, time.time() - t0)
    return time.time() - t0


def verdict(search):
    if search.proven:
        return search.summary()
    return "at least %d (upper bound %d)" % (search.best, search.upper)


def describe_line(options, line):
    """The witness as readable turns: "5/3: 5 on N; M-N N-O N-Q"."""
    st = E.new_game(1, options)
    out = [st.describe(line[0])]
    st.apply(line[0])
    turn = []
    for a in line[1:]:
        if st.current_player() == CHANCE:
            n, b = NUMBERS[a], BRIDGES[a]
            turn = ["%d/%d:" % (n, b)]
        elif a == E.CONFIRM:
            out.append(" ".join(turn))
        elif a == E.SKIP_A:
            turn.append("-")
        elif a < E.SKIP_A:
            turn.append("on " + island_name(a))
        elif a >= E.BRIDGE:
            turn.append(conn_name(st.board, a - E.BRIDGE))
        st.apply(a)
    return out, st.scores()[0]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", default="A", choices=sorted(BOARDS))
    ap.add_argument("--seed", type=int, default=0, help="card order of this Rng seed")
    ap.add_argument("--cards", help="deck indices in drawing order, comma separated")
    ap.add_argument("--start", type=parse_start, help="like 4J (default: the bot's)")
    ap.add_argument("--width", type=int, default=64, help="widest beam pass")
    ap.add_argument("--method", choices=("exact", "device"), default="exact")
    ap.add_argument("--time", type=float, help="seconds before giving up")
    ap.add_argument("--workers", type=int, default=4, help="CP-SAT search workers (exact)")
    ap.add_argument("--table", type=int, default=2_000_000,
                    help="positions the exact phase remembers")
    args = ap.parse_args(argv)
    options = BOARDS[args.board]
    cards = ([int(c) for c in args.cards.split(",")] if args.cards
             else seed_cards(options, args.seed))
    start = args.start if args.start is not None else bot_start(options)
    print("board %s, start %d on %s, cards %s" % (
        args.board, 4 if start >= E.START4 else 3, island_name(start & 31),
        " ".join("%d/%d" % (NUMBERS[c], BRIDGES[c]) for c in cards)))
    if args.method == "exact":
        from tools.hashi_exact import solve as solve_exact

        result = solve_exact(board_id(options), start, cards, args.time, args.workers)
        print(result.summary() + "  [%.1f s]" % result.seconds)
        turns, score = describe_line(options, result.line)
        assert score == result.best, (score, result.best)
        for t in turns:
            print("  " + t)
        return 0
    search = Search(board_id(options), start, cards, args.width, args.table)
    print("upper bound at the start: %d" % search.upper)

    def report(s, t):
        print("  %6.1f s  %s: %d (upper bound %d)" % (
            t, "beam" if s.phase == 1 else "exact", s.best, s.upper))

    used = solve(search, 60.0 if args.time is None else args.time, report=report)
    print(verdict(search) + "  [%.1f s, %d units of work]" % (used, search.nodes))
    turns, score = describe_line(options, search.line)
    assert score == search.best, (score, search.best)
    for t in turns:
        print("  " + t)
    return 0


if __name__ == "__main__":
    sys.exit(main())
