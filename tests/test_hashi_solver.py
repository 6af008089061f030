"""Hashi hindsight solver: its witness replays through the engine to
exactly its best; its proven optimum matches a brute force over every
engine action on short orders; its bound is never below a score a line
reaches; a search cut short says "at least"; it runs the same under
MicroPython."""

from games.hashi import bot, bound, value
from games.hashi import engine as E
from games.hashi.boards import BRIDGES, NUMBERS, board
from games.hashi.sheet import HIGH
from games.hashi.solver import Search, from_game
from kapsa.engine import CHANCE, OVER
from kapsa.rng import Rng
from test_hashi_boards import PLAN_60
from tools.bench_hashi import RandomPlayer

DECK = tuple(zip(NUMBERS, BRIDGES))  # (number, bridges) per card

A, B, P = 0, 1, 2
OPTIONS = (0, E.BOARD_B, E.BOARD_P)


def island(name):
    return ord(name) - 65


def order(seed, rounds=17):
    """Deck indices as kapsa.rng.Rng(seed) draws them in a solo game."""
    rng = Rng(seed)
    left = list(range(len(DECK)))
    out = []
    for _ in range(rounds):
        out.append(left.pop(rng.below(len(left))))
    return out


def run(search, budget=200000):
    while not search.proven and budget > 0:
        search.step(50)
        budget -= 50
    return search


def replayed(search):
    """The witness through the engine: its score (at the end of its last
    round) and whether it played every card in order."""
    st = E.replay(1, search.options, search.line)
    assert st.drawn == bytearray(search.cards)
    assert st.current_player() in (CHANCE, OVER)
    return st.scores()[0]


# ---------------------------------------------------------------- brute force

def _key(st):
    sh = st.sheets[0]
    return bytes(sh.num) + bytes(sh.br) + bytes(st.bonus[0])


def _bridge_sets(st, want, first=0):
    """Every set of `want` more bridges, through legal_actions(), each set
    once (connections in ascending order)."""
    if want == 0:
        yield st
        return
    for a in st.legal_actions():
        if E.BRIDGE + first <= a < E.BRIDGE + st.board.nc:
            t = st.copy()
            t.apply(a)
            yield from _bridge_sets(t, want - 1, a - E.BRIDGE)


def brute_force(options, start, cards):
    """The best score over every legal line of the engine (boards that
    end a round alike are merged)."""
    st = E.new_game(1, options)
    st.apply(start)
    boards = {_key(st): st}
    for card in cards:
        nxt = {}
        for s in boards.values():
            s = s.copy()
            s.apply(card)
            for a in s.legal_actions():
                s1 = s.copy()
                s1.apply(a)
                for s2 in [s1.copy()] + list(_bridge_sets(s1, DECK[card][1])):
                    s2.apply(E.CONFIRM)
                    nxt.setdefault(_key(s2), s2)
        boards = nxt
    return max(s.scores()[0] for s in boards.values())


CASES = (  # board, start, cards (deck indices)
    (P, E.START3 + island("I"), [5, 12]),
    (A, E.START3 + island("H"), [17, 3]),
    (B, E.START3 + island("G"), [1, 5]),
    (A, E.START3 + island("G"), [2, 4]),
    (A, E.START4 + island("N"), [13, 1]),
    (P, E.START4 + island("J"), [0, 1, 3]),
)


def test_proven_optimum_matches_a_brute_force_over_engine_actions():
    for bid, start, cards in CASES:
        s = run(Search(bid, start, cards))
        assert s.proven and s.upper == s.best
        assert s.best == brute_force(OPTIONS[bid], start, cards), (bid, start, cards)
        assert replayed(s) == s.best
        assert s.summary() == "best with these cards: %d" % s.best


def test_witness_replays_to_exactly_the_best():
    for bid, seed in ((A, 1), (B, 2)):
        s = Search(bid, E.START4 + (island("N") if bid == A else island("G")),
                   order(seed), width=1)
        while s.phase == 1:
            s.step(100)
        assert s.best > 30 and replayed(s) == s.best
    s = run(Search(P, E.START3 + island("G"), [4, 7, 11, 14]))
    assert s.proven and replayed(s) == s.best


def test_bound_is_never_below_the_score_of_a_line():
    # Lines of random legal play and of the bot: at every step, the bound of
    # the solver from that board is at least the score the line ends with.
    for bid, seed, who in ((A, 1, 0), (B, 2, 0), (P, 3, 0), (A, 4, 1), (B, 5, 1), (A, 6, 1),
                           (B, 7, 1), (P, 8, 1)):
        options = OPTIONS[bid]
        rng = Rng(seed)
        player = bot.choose if who else RandomPlayer(seed)
        st = E.new_game(1, options)
        start = player(st.view(0), st.legal_actions())
        st.apply(start)
        states = []
        while st.current_player() != OVER:
            if st.current_player() == CHANCE:
                st.apply(rng.choose(st))
                continue
            states.append(st.copy())
            st.apply(player(st.view(0), st.legal_actions()))
        final = st.scores()[0]
        s = Search(bid, start, list(st.drawn))
        assert s.upper >= final
        bounds = [_bound_at(s, mid) for mid in states]
        assert min(bounds) >= final, (bid, seed, final, bounds)
        assert bounds[-1] <= final + 6  # and it closes in at the end


def _bound_at(search, st):
    """The solver's bound from the engine state st (a seat to act)."""
    sh = st.sheets[0]
    search.load(bytes(sh.num) + bytes(sh.br))
    r = len(st.drawn) - 1
    for c in range(3):
        search.at_dl[c] = st.bonus[0][c] == HIGH[c]
    want = DECK[st.card][1]
    if st.phase == E.ACTION_A:
        return bound.bound(search, r, r, 0, want)
    placed = len(st.steps)
    if placed:
        return bound.bound(search, r, r + 1, want - placed, 0)
    return bound.bound(search, r, r + 1, 0, want)


def test_search_cut_short_says_at_least_and_never_a_best():
    s = Search(A, E.START4 + island("N"), order(7))
    s.step(30)
    assert not s.proven
    assert s.upper >= s.best >= 0 or s.best == -1
    assert s.summary().startswith(("at least", "searching"))
    seen = []
    for _ in range(40):
        s.step(40)
        seen.append((s.best, s.upper, s.proven))
    assert all(u >= b for b, u, _p in seen)
    assert all(not p for _b, _u, p in seen)  # 17 cards: not proven this fast
    assert s.summary() == "at least %d" % s.best
    assert replayed(s) == s.best


def test_a_known_line_that_reaches_the_bound_is_proven_at_once():
    # The 60-point plans of the board tests: 60 is the most any game can
    # score, so the plan's line proves itself; the bound must allow it.
    for bid, (start, lines) in PLAN_60.items():
        st = E.new_game(1, OPTIONS[bid])
        st.apply((E.START4 if start[0] == "4" else E.START3) + island(start[1]))
        for line in lines:
            code, move = line.split(" ", 1)
            want = (int(code[0]), int(code[1]))
            st.apply([c for c in st.legal_actions() if DECK[c] == want][0])
            parts = move.split()
            st.apply(E.SKIP_A if parts[0] == "-" else E.NUMBER + island(parts[0]))
            for pair in parts[1:]:
                st.apply(E.BRIDGE + st.board.conn(island(pair[0]), island(pair[1])))
            st.apply(E.CONFIRM)
        s = from_game(OPTIONS[bid], st.actions())
        assert s.cards == bytes(st.drawn) and s.upper == 60
        assert s.proven and s.best == 60 and s.summary() == "best with these cards: 60"


def test_from_game_starts_from_the_players_own_score():
    def play(seed):
        rng = Rng(seed)
        st = E.new_game(1, E.BOARD_B)
        while st.current_player() != OVER:
            p = st.current_player()
            st.apply(rng.choose(st) if p == CHANCE else bot.choose(st.view(p), st.legal_actions()))
        return st

    st = play(5)
    s = from_game(E.BOARD_B, st.actions(), width=2)
    assert s.best == st.scores()[0] and s.line == st.actions()
    assert s.cards == bytes(st.drawn) and s.start == st.actions()[0]
    while s.phase == 1:
        s.step(100)
    assert s.best >= st.scores()[0] and replayed(s) == s.best
    # Cut in the middle of a round: only the confirmed rounds count.
    actions = st.actions()
    cut = actions.index(E.CONFIRM, 40) + 3
    s = from_game(E.BOARD_B, actions[:cut])
    assert len(s.cards) == actions[:cut].count(E.CONFIRM)
    assert s.best == E.replay(1, E.BOARD_B, actions[:actions.index(E.CONFIRM, 40) + 1]).scores()[0]


def test_search_leaves_the_bot_figures_as_they_were():
    before = list(value.P)
    s = Search(B, E.START3 + island("G"), order(3), width=4)
    for _ in range(30):
        s.step(37)  # slices that end inside passes of every variant
        assert list(value.P) == before


def test_solver_runs_under_micropython_as_on_cpython():
    from test_micropython_gate import run_guest

    bid, start, cards = P, E.START3 + island("G"), [4, 7, 11]
    s = run(Search(bid, start, cards, 2))
    guest = """
import gc
gc.disable()
from games.hashi.solver import Search
gc.collect()
g = {}

def init():
    g["s"] = Search(%d, %d, %r, 2)

def work():
    return not g["s"].step(20)

init()
while work():
    gc.collect()
print("best", g["s"].best, g["s"].upper, g["s"].proven)
print("line", bytes(g["s"].line).hex())
print("GATE OK")
""" % (bid, start, cards)
    out = run_guest(guest, "1M")["stdout"].split()
    assert out[1:4] == [str(s.best), str(s.upper), "True"]
    assert out[out.index("line") + 1] == bytes(s.line).hex()


def test_board_geometry_is_read_not_copied():
    # The solver uses the engine's board geometry (boards.board), so a
    # changed map cannot make the two disagree.
    assert Search(A, E.START4 + island("N"), [0]).b is board(0)


def test_the_search_tables_are_counted_as_they_were_sorted():
    # tails() and the bound's pairing count (a histogram) where they sorted
    # lists: the same tables, the same bound, with little garbage.
    from games.hashi import assign
    from games.hashi.cardtables import tails

    rng = Rng(5)
    for _ in range(40):
        nums = [1 + rng.below(6) for _ in range(rng.below(18) + 1)]
        for end in range(len(nums) + 1):
            assert tails(nums, end) == [bytes(sorted(nums[t:end])) for t in range(end + 2)]

    class S:
        hist = bytearray(7)

    for _ in range(200):
        nums = bytes(sorted(1 + rng.below(6) for _ in range(8)))
        degs = [rng.below(7) for _ in range(rng.below(9))]
        d = sorted(degs)
        old = sum(max(0, nums[x] - d[x]) for x in range(len(d)))
        assert assign.pair(assign.degrees(S, degs), nums) == old
