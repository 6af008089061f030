"""The desktop hindsight solver (tools/hashi_exact.py, CP-SAT): its optimum
equals a brute force over engine actions and the device search's proven
optimum on short orders; it proves 60 on the 60-point plans; on whole
games it lies between the device search's best and its upper bound; its
witness replays through the engine to exactly its best."""

from games.hashi import engine as E
from games.hashi.boards import BRIDGES, NUMBERS
from games.hashi.solver import Search
from test_hashi_boards import PLAN_60
from test_hashi_solver import A, B, CASES, OPTIONS, P, brute_force, island, order, run
from tools.hashi_exact import solve


def replayed(bid, line):
    st = E.replay(1, OPTIONS[bid], line)
    assert st.current_player() in (E.CHANCE, E.OVER)
    return st.scores()[0]


def test_optimum_equals_a_brute_force_over_engine_actions():
    for bid, start, cards in CASES:
        r = solve(bid, start, cards)
        assert r.proven and r.upper == r.best
        assert r.best == brute_force(OPTIONS[bid], start, cards), (bid, start, cards)
        assert replayed(bid, r.line) == r.best
        assert r.summary() == "best with these cards: %d" % r.best


def test_optimum_equals_the_device_search_on_orders_it_proves():
    cases = (
        (A, E.START4 + island("N"), order(5, 4)),
        (B, E.START3 + island("G"), order(6, 4)),
        (P, E.START3 + island("I"), order(7, 4)),
        (B, E.START4 + island("F"), order(9, 4)),
    )
    for bid, start, cards in cases:
        s = run(Search(bid, start, cards), budget=100000)
        assert s.proven, (bid, cards)
        r = solve(bid, start, cards)
        assert r.proven and r.best == s.best, (bid, cards, r.best, s.best)


def test_the_60_point_plans_are_proven_60():
    for bid, (start, lines) in PLAN_60.items():
        cards = []
        for line in lines:
            want = (int(line[0]), int(line[1]))
            cards.append([c for c in range(18) if (NUMBERS[c], BRIDGES[c]) == want and c not in cards][0])
        code = (E.START4 if start[0] == "4" else E.START3) + island(start[1])
        r = solve(bid, code, cards)
        assert r.proven and r.best == 60 and replayed(bid, r.line) == 60


def test_whole_games_lie_between_the_device_search_and_its_bound():
    # Rng seeds whose optimum CP-SAT proves in a few seconds.
    for bid, seed in ((A, 1), (B, 1)):
        start = E.START3 + island("E" if bid == A else "F")
        cards = order(seed)
        s = Search(bid, start, cards, width=2)
        while s.phase == 1:
            s.step(200)
        r = solve(bid, start, cards)
        assert r.proven and s.best <= r.best <= s.upper, (s.best, r.best, s.upper)
        assert len(r.line) == 1 + 17 * 3 + sum(1 for a in r.line if a >= E.BRIDGE and a < E.START3)
        assert replayed(bid, r.line) == r.best
