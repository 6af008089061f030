"""Hashi bot: legal and whole games at 1-4 seats, deterministic, decides
from its view only, plans a turn and follows it, beats the greedy
baseline, and plays a four-seat game under MicroPython in the gate's 64 KB
budget (the same moves as on CPython)."""

import statistics

from games.hashi import bot
from games.hashi import engine as E
from games.hashi.boards import BRIDGES, NUMBERS
from kapsa.engine import CHANCE, OVER
from kapsa.selfplay import play_out
from kapsa.rng import Rng
from tools.bench_hashi import greedy_choose

DECK = tuple(zip(NUMBERS, BRIDGES))  # (number, bridges) per card

A, B = 0, E.BOARD_B


def play(seats, options, seed, choosers, check=None):
    return play_out(E.new_game(seats, options), Rng(seed), choosers, check)


def island(name):
    return ord(name) - 65


def draw(st, number, bridges):
    st.apply([c for c in st.legal_actions() if DECK[c] == (number, bridges)][0])


def test_rule_OP12_bots_play_whole_games_at_1_to_4_seats():
    for seats in (1, 2, 3, 4):
        for options in (A, B | E.RANDOM_START):
            st = play(seats, options, 10 + seats, [bot.choose] * seats)
            assert st.current_player() == OVER and len(st.drawn) == 17
            assert all(s >= 0 for s in st.scores())


def test_rule_B1_bot_places_all_of_the_cards_bridges_or_none_and_never_undoes():
    seen = []

    def check(st, view, legal, action):
        assert action != E.UNDO
        if action == E.CONFIRM:
            seen.append(len(view.placed))
            assert len(view.placed) in (0, view.bridges)

    play(1, A, 3, [bot.choose], check)
    play(2, B, 4, [bot.choose] * 2, check)
    assert len(seen) == 17 * 3 and any(seen)


def test_bot_is_deterministic_and_its_memo_changes_no_answer():
    def check(st, view, legal, action):
        assert bot.choose(view, list(legal)) == action
        bot._memo[0] = None  # plan again from scratch
        assert bot.choose(st.view(st.current_player()), list(legal)) == action

    play(1, A, 5, [bot.choose], check)
    first = play(2, A, 6, [bot.choose] * 2).actions()
    assert play(2, A, 6, [bot.choose] * 2).actions() == first


def test_bot_decides_from_its_view_only():
    # Hidden information: the order of the cards still to come (not in the
    # state at all: a chance node draws them) and, during a round, the
    # moves of the seats that played the card before. Two games that
    # differ only there give the seat the same view, and the same choice.
    def game(seat0_move):
        st = E.new_game(2, A)
        st.apply(E.START4 + island("N"))  # seat 0 writes on seat 1's board
        st.apply(E.START3 + island("L"))
        draw(st, 6, 3)
        for a in seat0_move:
            st.apply(a)
        return st

    one = game([E.NUMBER + island("H"), E.CONFIRM])
    other = game([E.SKIP_A, E.BRIDGE + one.board.conn(island("L"), island("M")),
                  E.BRIDGE + one.board.conn(island("A"), island("L")),
                  E.BRIDGE + one.board.conn(island("L"), island("P")), E.CONFIRM])
    assert one.sheets[0].br != other.sheets[0].br
    while True:
        assert one.current_player() == other.current_player() == 1
        v1, v2 = one.view(1), other.view(1)
        a = bot.choose(v1, one.legal_actions())
        bot._memo[0] = None
        assert bot.choose(v2, other.legal_actions()) == a
        one.apply(a)
        other.apply(a)
        if a == E.CONFIRM:
            break
    # The same cards so far, others to come: the same moves so far.
    first = play(1, A, 1, [bot.choose]).actions()
    cards = E.replay(1, A, first).drawn
    rng = Rng(99)
    st = E.new_game(1, A)
    while st.current_player() != OVER:
        if st.current_player() == CHANCE:
            rnd = len(st.drawn)
            st.apply(cards[rnd] if rnd < 8 else rng.choose(st))
        else:
            st.apply(bot.choose(st.view(0), st.legal_actions()))
    assert list(st.drawn[:8]) == list(cards[:8]) and st.drawn != cards
    upto = first.index(cards[8])  # the 9th card draw
    assert st.actions()[:upto] == first[:upto]


def turn_plan(view):
    """The turn's plan: what bot._turn_plan yields last."""
    for got in bot._turn_plan(view):
        pass
    return got


def test_bot_thinks_a_part_at_a_time_to_the_same_action():
    # think() (kapsa.play calls it once a frame) yields None while the
    # turn's plan is made, a place at a time, then choose()'s action.
    st = E.new_game(1, A)
    st.apply(E.START4 + island("N"))
    draw(st, 3, 3)
    bot._memo[0] = None
    steps = list(bot.think(st.view(0), st.legal_actions()))
    assert len(steps) > 3 and steps[:-1] == [None] * (len(steps) - 1)
    bot._memo[0] = None
    assert steps[-1] == bot.choose(st.view(0), st.legal_actions())


def test_bot_plans_a_turn_and_follows_it_call_after_call():
    st = E.new_game(1, A)
    st.apply(E.START4 + island("N"))
    draw(st, 3, 3)
    i, bridges = turn_plan(st.view(0))
    assert len(bridges) in (0, 3)
    st.apply(bot.choose(st.view(0), st.legal_actions()))
    for k in bridges:
        bot._memo[0] = None  # derived again from the view alone
        assert bot.choose(st.view(0), st.legal_actions()) == E.BRIDGE + k
        st.apply(E.BRIDGE + k)
    assert bot.choose(st.view(0), st.legal_actions()) == E.CONFIRM


def test_bot_finishes_an_island_when_the_card_fits_it():
    # N (start 4) bridges O twice; then a 2 arrives: writing it on O
    # finishes O (a blue flag island) at once.
    st = E.new_game(1, A)
    st.apply(E.START4 + island("N"))
    draw(st, 3, 2)
    k = st.board.conn(island("N"), island("O"))
    for a in (E.SKIP_A, E.BRIDGE + k, E.BRIDGE + k, E.CONFIRM):
        st.apply(a)
    draw(st, 2, 1)
    assert bot.choose(st.view(0), st.legal_actions()) == E.NUMBER + island("O")


def test_bot_takes_back_a_turn_it_did_not_plan():
    # A person asks the bot in the middle of a turn they began otherwise:
    # with a bridge placed of three, it can only take it back.
    st = E.new_game(1, A)
    st.apply(E.START4 + island("N"))
    draw(st, 5, 3)
    planned = turn_plan(st.view(0))
    st.apply(E.SKIP_A if planned[0] >= 0 else E.NUMBER + island("H"))
    st.apply([a for a in st.legal_actions() if a >= E.BRIDGE][0])
    assert bot.choose(st.view(0), st.legal_actions()) == E.UNDO
    st.apply(E.UNDO)
    assert bot.choose(st.view(0), st.legal_actions()) == E.CONFIRM


def test_rule_OP6_solo_bot_starts_on_an_unflagged_island_of_its_own_board():
    st = E.new_game(1, B)
    a = bot.choose(st.view(0), st.legal_actions())
    assert E.START3 <= a < E.START4 + 32 and not st.board.flag[a & 31]


def test_bot_beats_the_greedy_baseline():
    for options in (A, B):
        mine = [play(1, options, s, [bot.choose]).scores()[0] for s in range(12)]
        base = [play(1, options, s, [greedy_choose]).scores()[0] for s in range(12)]
        assert statistics.mean(mine) > statistics.mean(base) + 10, (mine, base)


def test_four_bots_play_to_the_end_under_micropython_in_64k():
    # The benchmark's guest, with the gate's budget: automatic collection
    # off, gc.collect() only at module level between two actions, the heap
    # beyond 64 KB filled with ballast once the imports are in.
    from test_micropython_gate import BUDGET, GUEST_HEAP, run_guest
    from tools.bench_hashi import HEAP_GUEST

    seed = 2
    code = HEAP_GUEST % {"seats": 4, "options": 0, "seed": seed, "budget": BUDGET}
    out = run_guest(code, GUEST_HEAP)["stdout"].split()
    # live bytes, imports included: the target is 32 KB
    assert out[2] == "peak" and 20000 < int(out[3]) <= 32 * 1024
    st = play(4, A, seed, [bot.choose] * 4)
    assert out[out.index("actions") + 1] == bytes(st.actions()).hex()  # the same game
    assert st.current_player() == OVER
