"""Hashi engine: every numbered rule of rules/hashi.md (test names carry the
rule ids), the seed's worked examples, random playouts with invariants,
illegal actions, replay, copy and what a seat may see.

Board P (spec 1.1) is used for most rule tests:

     A-----------B-----------C      red flags:  A C P R
     :           :           :      blue flags: B K O
     :   D-------+-------E   :
     F---+-------G-------+---H
     :   I-------+---J   :   :
     K-----------L-------+---M
     :       N---+-------O   :
     P-----------Q-----------R
"""

import pytest

from kapsa.engine import CHANCE, OVER, IllegalMove
from kapsa.rng import Rng
from games.hashi import engine as E
from games.hashi.boards import BRIDGES, NUMBERS, board
from games.hashi.engine import (
    BOARD_B, BOARD_P, BRIDGE, CONFIRM, NUMBER, RANDOM_START, SKIP_A, START3, START4, UNDO,
    new_game, replay)
from games.hashi.ending import rank_title
from games.hashi.sheet import CAT_BLUE, CAT_RED, CAT_SIX, Sheet

DECK = tuple(zip(NUMBERS, BRIDGES))  # (number, bridges) per card

ALL_ACTIONS = range(256)


def island(name):
    return ord(name) - 65


def conn(b, pair):
    k = b.conn(island(pair[0]), island(pair[1]))
    assert k >= 0, pair
    return k


def bridge(state, pair):
    return BRIDGE + conn(state.board, pair)


def draw(state, code):
    """The chance draw of an undrawn card showing (number, bridges) = code."""
    want = (int(code[0]), int(code[1]))
    state.apply([c for c in state.legal_actions() if DECK[c] == want][0])


def begin(state, move):
    """A seat's moves without confirming: "N MN NO" = number on N, bridges
    M-N and N-O; "-" skips the number."""
    parts = move.split()
    state.apply(SKIP_A if parts[0] == "-" else NUMBER + island(parts[0]))
    for pair in parts[1:]:
        state.apply(bridge(state, pair))


def turn(state, move):
    """One seat's whole turn: begin(move), then confirm."""
    begin(state, move)
    state.apply(CONFIRM)


def play(state, rounds):
    """rounds: (card code, move of seat 0, move of seat 1, ...) per round."""
    for card, *moves in rounds:
        draw(state, card)
        for move in moves:
            turn(state, move)


def game(seats=1, options=BOARD_P, starts=("4G",)):
    """A game after setup; starts[s] is what seat s writes ("4G": 4 on G)."""
    s = new_game(seats, options)
    for start in starts:
        s.apply((START4 if start[0] == "4" else START3) + island(start[1]))
    return s


def rejects(state, action, reason):
    """The action is not offered, raises IllegalMove(reason), changes nothing."""
    assert action not in state.legal_actions()
    before = snap(state)
    with pytest.raises(IllegalMove) as exc:
        state.apply(action)
    assert str(exc.value) == reason
    assert snap(state) == before


def snap(s):
    """Everything a state holds, for 'unchanged' comparisons."""
    return (
        tuple(bytes(x.num) + bytes(x.br) + bytes(x.deg) for x in s.sheets),
        tuple(bytes(x.num) + bytes(x.br) + bytes(x.deg) for x in s.pub),
        s.starts, bytes(s.drawn), bytes(s.seen), s.card, s.turn, s.phase, s.a_island,
        tuple(s.steps), tuple(bytes(b) for b in s.bonus), bytes(s.high), tuple(s.actions()))


# ---------------------------------------------------------------- setup (section 2, 9.1)

def test_rule_S2_2_each_seat_writes_the_start_on_its_left_neighbours_board():
    s = new_game(3, BOARD_P)
    assert s.current_player() == 0
    s.apply(START3 + island("F"))
    assert s.current_player() == 1
    s.apply(START4 + island("G"))
    assert s.current_player() == 2
    s.apply(START3 + island("Q"))
    assert s.current_player() == CHANCE
    assert s.sheets[1].num[island("F")] == 3  # seat 0 wrote on seat 1's board
    assert s.sheets[2].num[island("G")] == 4
    assert s.sheets[0].num[island("Q")] == 3  # the last seat on the first seat's board
    assert [sum(1 for n in x.num if n) for x in s.sheets] == [1, 1, 1]
    assert [s.describe(a) for a in (START3 + 5, START4 + 17)] == ["Start 3 on F", "Start 4 on R"]


def test_rule_S2_2_start_is_a_3_or_4_on_an_island_without_flag():
    s = new_game(2, BOARD_P)
    legal = s.legal_actions()
    unflagged = [i for i in range(18) if not s.board.flag[i]]
    assert sorted(legal) == sorted([START3 + i for i in unflagged] + [START4 + i for i in unflagged])
    assert len(legal) == 22
    rejects(s, START3 + island("A"), "No start on a flag island")
    rejects(s, START4 + island("O"), "No start on a flag island")
    rejects(s, NUMBER + 3, "Write a 3 or a 4 to start")
    rejects(s, CONFIRM, "Write a 3 or a 4 to start")


def test_rule_S8_4_solo_player_writes_the_start_on_their_own_board():
    s = new_game(1, BOARD_P)
    assert s.current_player() == 0 and s.view(0).phase == E.SETUP and s.view(0).target == 0
    s.apply(START4 + island("L"))
    assert s.sheets[0].num[island("L")] == 4
    assert s.current_player() == CHANCE


def test_rule_OP6_random_start_is_a_chance_node():
    for seats in (1, 3):
        s = new_game(seats, BOARD_P | RANDOM_START)
        for p in range(seats):
            assert s.current_player() == CHANCE
            legal = s.legal_actions()
            assert len(legal) == len(set(legal)) == 22  # uniform over number x island
            s.apply(legal[(7 * p + 3) % 22])
        assert s.current_player() == CHANCE and s.card < 0
        assert all(sum(1 for n in x.num if n) == 1 for x in s.sheets)
        assert all(x.num[i] in (0, 3, 4) for x in s.sheets for i in range(18))


def test_registry_options_match_engine_bits():
    import games.hashi as registry
    assert registry.TITLE == "Hashi" and registry.SEATS == E.SEATS == (1, 4)
    assert registry.HIDDEN is True
    bits = {label: dict(choices) for label, choices in registry.OPTIONS}
    assert bits["Board"] == {"A": 0, "B": BOARD_B}
    assert bits["Start"] == {"Chosen": 0, "Random": RANDOM_START}
    assert new_game(2, BOARD_B).board.name == "B" and new_game(2).board.name == "A"


def test_rule_OP12_one_to_four_seats():
    for seats in (0, 5):
        with pytest.raises(IllegalMove):
            new_game(seats)


# ---------------------------------------------------------------- cards and rounds (2.3, 3)

def test_rule_S2_3_OP11_17_of_the_18_cards_are_drawn_uniformly_and_the_18th_never():
    s = game(2, starts=("4G", "3L"))
    drawn = []
    for rnd in range(17):
        assert s.current_player() == CHANCE
        legal = s.legal_actions()
        # Each undrawn card once: a uniform pick is the true probability.
        assert sorted(legal) == [c for c in range(18) if c not in drawn]
        card = legal[(rnd * 5) % len(legal)]
        s.apply(card)
        drawn.append(card)
        assert s.describe(SKIP_A) == "No number"
        for _ in range(2):
            turn(s, "-")
    assert s.current_player() == OVER and s.legal_actions() == []
    assert len(set(drawn)) == 17
    assert sum(s.view(0).seen) == 17  # OP-11: the removed card is never shown
    assert list(s.view(1).drawn) == drawn
    rejects(s, 0, "The game is over")


def test_rule_S3_1_S3_2_every_seat_resolves_each_card_in_seating_order():
    s = game(3, starts=("4G", "3L", "4F"))
    card = [c for c in s.legal_actions() if DECK[c] == (5, 3)][0]
    assert s.describe(card) == "Card 5, 3 bridges"
    s.apply(card)
    order = []
    while s.current_player() != CHANCE:
        order.append(s.current_player())
        s.apply(SKIP_A if s.phase == E.ACTION_A else CONFIRM)
    assert order == [0, 0, 1, 1, 2, 2]
    assert len(s.drawn) == 1


def test_rule_S3_3_OP4_action_a_and_b_may_each_be_skipped():
    s = game()
    draw(s, "32")
    s.apply(SKIP_A)  # no number
    s.apply(bridge(s, "GH"))
    s.apply(bridge(s, "GL"))
    s.apply(CONFIRM)
    assert sum(1 for n in s.sheets[0].num if n) == 1 and s.sheets[0].deg[island("G")] == 2
    draw(s, "21")
    s.apply(NUMBER + island("H"))
    s.apply(CONFIRM)  # no bridges
    assert s.sheets[0].num[island("H")] == 2 and s.sheets[0].deg[island("H")] == 1
    draw(s, "11")
    turn(s, "-")  # both skipped
    assert len(s.drawn) == 3 and s.current_player() == CHANCE


def test_rule_S3_4_game_ends_after_the_17th_card():
    s = game()
    for rnd in range(17):
        assert s.current_player() == CHANCE
        s.apply(s.legal_actions()[0])
        turn(s, "-")
    assert s.current_player() == OVER
    assert s.view(0).phase == E.DONE and s.view(0).over


def test_rule_S3_5_view_shows_the_seen_cards():
    s = game()
    draw(s, "53")
    v = s.view(0)
    seen = [c for c in range(18) if v.seen[c]]
    assert len(seen) == 1 and DECK[seen[0]] == (5, 3) and list(v.drawn) == seen
    assert (v.number, v.bridges, v.round, v.card) == (5, 3, 1, seen[0])


# ---------------------------------------------------------------- action a (3.1)

def test_rule_A1_number_goes_on_an_island_without_a_number():
    s = game()
    draw(s, "31")
    rejects(s, NUMBER + island("G"), "Island G has a number")
    assert NUMBER + island("G") not in s.legal_actions()
    s.apply(NUMBER + island("L"))
    assert s.sheets[0].num[island("L")] == 3
    assert s.describe(CONFIRM) == "Done, no bridges"


def test_rule_A2_unflagged_island_may_always_be_chosen():
    s = game()
    draw(s, "32")
    turn(s, "- GH GL")  # H and L carry a bridge but no number
    draw(s, "42")
    legal = s.legal_actions()
    for name in "DEFHIJLMNQ":
        assert NUMBER + island(name) in legal
    s.apply(NUMBER + island("H"))
    assert s.sheets[0].num[island("H")] == 4


def test_rule_A3_flag_island_needs_a_bridge_first():
    s = game()
    draw(s, "31")
    for name in "ABCKOPR":
        assert NUMBER + island(name) not in s.legal_actions()
    rejects(s, NUMBER + island("B"), "Flag needs a bridge first")
    s.apply(SKIP_A)
    s.apply(bridge(s, "BG"))
    s.apply(CONFIRM)
    draw(s, "21")
    assert NUMBER + island("B") in s.legal_actions()
    assert NUMBER + island("A") not in s.legal_actions()
    s.apply(NUMBER + island("B"))
    assert s.sheets[0].num[island("B")] == 2


def test_rule_A4_number_at_least_the_bridges_and_equal_finishes_at_once():
    s = game()
    draw(s, "33")
    turn(s, "M GH GH HM")  # H: no number, 3 bridges
    draw(s, "21")
    rejects(s, NUMBER + island("H"), "Too small: H has 3 bridges")
    s.apply(SKIP_A)
    s.apply(CONFIRM)
    draw(s, "32")
    s.apply(NUMBER + island("H"))
    assert s.sheets[0].finished(island("H"))
    assert s.view(0).sheet.finished(island("H"))
    assert s.sheets[0].why_number(island("I"), 7) == "Numbers go from 1 to 6"


# ---------------------------------------------------------------- action b (3.2)

def test_rule_B1_all_bridges_or_none():
    s = game()
    draw(s, "53")
    s.apply(NUMBER + island("L"))
    assert CONFIRM in s.legal_actions()  # none at all
    s.apply(bridge(s, "GL"))
    assert CONFIRM not in s.legal_actions()
    rejects(s, CONFIRM, "All 3 bridges or none")
    s.apply(bridge(s, "GL"))
    rejects(s, CONFIRM, "All 3 bridges or none")
    s.apply(bridge(s, "KL"))
    assert CONFIRM in s.legal_actions()
    assert [a for a in s.legal_actions() if a >= BRIDGE] == []  # count reached
    rejects(s, bridge(s, "LQ"), "All bridges are placed")
    s.apply(CONFIRM)
    assert s.sheets[0].deg[island("L")] == 3


def test_rule_B2_bridges_run_only_along_lines():
    s = game()
    b = s.board
    assert b.conn(island("A"), island("G")) == -1  # not on one row or column
    assert b.conn(island("A"), island("K")) == -1  # F lies between
    assert b.conn(island("G"), island("Q")) == -1  # L lies between
    draw(s, "21")
    s.apply(SKIP_A)
    rejects(s, BRIDGE + b.nc, "No such line")
    for k in range(b.nc):
        assert b.horiz[k] == (b.y[b.ca[k]] == b.y[b.cb[k]])


def test_rule_B3_a_bridge_starts_at_a_numbered_island():
    s = game()
    draw(s, "21")
    s.apply(SKIP_A)
    rejects(s, bridge(s, "FK"), "Bridges start at a number")
    assert bridge(s, "FK") not in s.legal_actions()
    s.apply(UNDO)  # back into action a: a number written now counts
    s.apply(NUMBER + island("F"))
    assert bridge(s, "FK") in s.legal_actions()
    s.apply(bridge(s, "FK"))
    s.apply(CONFIRM)
    assert s.sheets[0].br[conn(s.board, "FK")] == 1


def test_rule_B4_tims_example_bridges_split_freely():
    # Seed: card 5 with 3 bridges; Tim writes 5 on an unflagged island, one
    # bridge from the island with the setup 4 and two bridges from the 5.
    s = game(1, 0, ("4J",))  # board A: the right neighbour wrote 4 on J
    draw(s, "53")
    s.apply(NUMBER + island("N"))
    s.apply(bridge(s, "EJ"))  # from the 4
    s.apply(bridge(s, "NQ"))  # two from the 5
    s.apply(bridge(s, "HN"))
    assert s.view(0).to_place == 0 and s.view(0).can_confirm()
    s.apply(CONFIRM)
    sheet = s.sheets[0]
    assert (sheet.num[island("J")], sheet.deg[island("J")]) == (4, 1)
    assert (sheet.num[island("N")], sheet.deg[island("N")]) == (5, 2)
    assert sheet.deg[island("E")] == sheet.deg[island("Q")] == sheet.deg[island("H")] == 1


def test_rule_B5_second_parallel_bridge_same_round_or_later():
    s = game()
    draw(s, "33")
    turn(s, "H GH GH GL")  # double in the same round
    assert s.sheets[0].br[conn(s.board, "GH")] == 2
    draw(s, "21")
    turn(s, "- GL")  # the second one on G-L a round later
    assert s.sheets[0].br[conn(s.board, "GL")] == 2


# ---------------------------------------------------------------- always in force (4)

def test_rule_H1_one_number_never_changed():
    s = game()
    draw(s, "31")
    s.apply(NUMBER + island("F"))
    rejects(s, NUMBER + island("H"), "Number done; undo first")
    rejects(s, SKIP_A, "Number done; undo first")
    s.apply(CONFIRM)
    draw(s, "62")
    rejects(s, NUMBER + island("F"), "Island F has a number")
    assert s.sheets[0].num[island("F")] == 3
    sheet = s.sheets[0]
    assert sheet.why_number(island("H"), 0) == "Numbers go from 1 to 6"
    assert sheet.why_number(18, 3) == "No such island"


def test_rule_H2_at_most_two_bridges_on_a_line():
    s = game()
    draw(s, "63")
    begin(s, "L GL GL")
    rejects(s, bridge(s, "GL"), "At most 2 bridges a line")


def test_rule_H3_bridges_never_cross():
    s = game()
    draw(s, "32")
    begin(s, "D DE")
    rejects(s, bridge(s, "BG"), "Bridges may not cross")
    s.apply(UNDO)
    s.apply(bridge(s, "BG"))  # now D-E is the blocked one
    rejects(s, bridge(s, "DE"), "Bridges may not cross")
    s.apply(bridge(s, "DI"))
    s.apply(CONFIRM)
    draw(s, "21")
    s.apply(SKIP_A)
    rejects(s, bridge(s, "FG"), "Bridges may not cross")  # crosses D-I, a round later


def test_rule_H4_degree_never_exceeds_the_number_and_finished_islands_close():
    s = game()
    draw(s, "22")
    begin(s, "F FG FK")
    assert s.sheets[0].finished(island("F"))
    s.apply(CONFIRM)
    draw(s, "33")
    s.apply(SKIP_A)
    for pair in ("AF", "FG", "FK"):
        rejects(s, bridge(s, pair), "Island F is finished")
    s.apply(UNDO)
    turn(s, "- GL GL GH")  # G: 4 bridges = its number: finished
    draw(s, "11")
    s.apply(SKIP_A)
    rejects(s, bridge(s, "GH"), "Island G is finished")
    assert s.sheets[0].finished_count() == 2


def test_rule_H5_no_island_takes_more_than_six_bridges():
    s = game(1, 0, ("4N",))  # board A: H has four lines (C, G, I, N)
    play(s, [("63", "C CH CH HN"), ("62", "I HI HI"), ("31", "G GH")])
    sheet = s.sheets[0]
    h = island("H")
    assert sheet.num[h] == 0 and sheet.deg[h] == 6
    draw(s, "21")
    s.apply(SKIP_A)
    rejects(s, bridge(s, "HN"), "Island H has 6 bridges")
    assert not sheet.can_bridge(conn(s.board, "HN"))
    s.apply(UNDO)
    assert NUMBER + h not in s.legal_actions()  # a 2 is below its 6 bridges
    assert sheet.number_options(6) and h in sheet.number_options(6)


def test_rule_H6_H7_finished_islands_score_apart_unfinished_ones_do_not():
    s = game()  # 4 on G
    play(s, [("22", "F FG FK"), ("31", "Q"), ("11", "N NO")])
    sheet = s.sheets[0]
    assert sheet.finished(island("F")) and sheet.finished(island("N"))
    assert not sheet.finished(island("G")) and not sheet.finished(island("Q"))
    assert sheet.largest_group() == 1  # F and N are not connected: both count
    assert s.scores() == [4]


# ---------------------------------------------------------------- bonuses (5)

# Blue flags of P are B, K and O. With the start 4 on G this finishes them in
# rounds 1-5; "late" finishes O only in round 6.
BLUE_FAST = [("21", "F BG"), ("11", "B FK"), ("12", "K FG GL"), ("31", "E EO"), ("11", "O")]
BLUE_LATE = [("21", "F BG"), ("11", "B FK"), ("12", "K FG GL"), ("31", "E EO"), ("11", "- EO"),
             ("21", "O")]


def two_tracks(first, second, seats_extra=0):
    """Rounds where seat 0 plays `first` and seat 1 `second` ('-' once one runs out)."""
    rounds = []
    for i in range(max(len(first), len(second))):
        a = first[i] if i < len(first) else None
        b = second[i] if i < len(second) else None
        card = (a or b)[0]
        assert b is None or a is None or a[0] == b[0]
        rounds.append((card, a[1] if a else "-", b[1] if b else "-") + ("-",) * seats_extra)
    return rounds


def test_rule_K1_first_in_the_same_round_all_score_high():
    s = game(2, starts=("4G", "4G"))
    play(s, two_tracks(BLUE_FAST, BLUE_FAST))
    assert [list(b) for b in s.bonus] == [[0, 7, 0], [0, 7, 0]]
    assert s.high[CAT_BLUE] == 5


def test_rule_K2_K3_later_rounds_score_low_and_the_high_value_is_crossed_off():
    s = game(2, starts=("4G", "4G"))
    play(s, two_tracks(BLUE_FAST, BLUE_LATE[:5]))
    assert [b[CAT_BLUE] for b in s.bonus] == [7, 0]
    v = s.view(1)
    assert v.high[CAT_BLUE] == 5  # crossed off for everyone else (K3)
    assert v.bonus_value(CAT_BLUE) == 3 and v.bonus_value(CAT_RED) == 9
    assert s.view(0).bonus_value(CAT_BLUE) == 0  # already scored
    play(s, [("21", "-", "O")])
    assert [b[CAT_BLUE] for b in s.bonus] == [7, 3]
    assert s.scores() == [7 + 2 * 4, 3 + 2 * 4]


def test_rule_K4_six_connected_means_finished_islands_joined_by_bridges():
    b = board(2)
    sheet = Sheet(b)
    path = ("AB", "BC", "CH", "HM", "MR")
    for pair in path:
        sheet.add(conn(b, pair))
    for name, n in zip("ABCHMR", (1, 2, 2, 2, 2, 1)):
        sheet.write(island(name), n)
    assert sheet.largest_group() == 6 and sheet.achieved(CAT_SIX)
    sheet.erase(island("H"))
    sheet.write(island("H"), 3)  # an unfinished island in between
    assert sheet.largest_group() == 3 and not sheet.achieved(CAT_SIX)
    # Finished neighbours without a bridge between them are not connected.
    other = Sheet(b)
    for pair in ("AB", "BC", "HM", "MR"):
        other.add(conn(b, pair))
    for name, n in zip("ABCHMR", (1, 2, 1, 1, 2, 1)):
        other.write(island(name), n)
    assert other.finished_count() == 6 and other.largest_group() == 3
    # Flag islands count like any other.
    assert b.flag[island("A")] and b.flag[island("R")]


def test_rule_K5_several_categories_in_one_round():
    s = sarah_game()
    before = None
    for rnd, snapshot in enumerate(s._history, 1):
        if rnd == 11:
            assert before == [0, 7, 0] and snapshot == [9, 7, 8]  # red and six at once
        before = snapshot


def test_rule_OP8_bonus_check_after_every_seat_confirmed_action_a_alone_counts():
    s = game(2, starts=("4G", "4G"))
    play(s, two_tracks(BLUE_FAST[:4], BLUE_FAST[:4]))
    draw(s, "11")
    turn(s, "O")  # seat 0 finishes its blues by action a alone (no bridge)
    assert s.sheets[0].achieved(CAT_BLUE)
    assert s.bonus[0][CAT_BLUE] == 0 and s.scores() == [6, 6]  # not checked yet
    turn(s, "-")  # seat 1 confirms: the round ends
    assert s.bonus[0][CAT_BLUE] == 7 and s.bonus[1][CAT_BLUE] == 0
    assert s.scores() == [7 + 8, 6]


def test_rule_OP9_OP10_shared_high_closes_the_category_later_is_any_later_round():
    s = game(3, starts=("4G", "4G", "4G"))
    fast = two_tracks(BLUE_FAST, BLUE_FAST)
    play(s, [r + ("-",) for r in fast])
    assert [b[CAT_BLUE] for b in s.bonus] == [7, 7, 0]
    # Seat 2 finishes its blues many rounds later: still the low value.
    assert s.view(2).bonus_value(CAT_BLUE) == 3
    # Seat 2 finishes its blues five rounds later: still the low value.
    late = [("21", "F BG"), ("22", "B BG FK"), ("32", "E EO EO"), ("33", "K FK KL GL"),
            ("42", "O NO NO")]
    play(s, [(card, "-", "-", move) for card, move in late])
    assert len(s.drawn) == 10
    assert [b[CAT_BLUE] for b in s.bonus] == [7, 7, 3]
    assert s.high[CAT_BLUE] == 5


# ---------------------------------------------------------------- end (6)

def test_rule_F1_two_points_per_finished_island_at_the_end():
    s = game()
    play(s, BLUE_FAST)
    while s.current_player() != OVER:
        s.apply(s.legal_actions()[0])
        turn(s, "-")
    sheet = s.sheets[0]
    finished = sum(1 for i in range(18) if sheet.num[i] and sheet.deg[i] == sheet.num[i])
    assert finished == 4  # B, F, K, O
    assert s.scores() == [7 + 2 * finished]


def test_rule_F2_OP13_highest_total_wins_ties_share():
    s = game(3, starts=("4G", "4G", "4G"))
    play(s, [r + ("-",) for r in two_tracks(BLUE_FAST, BLUE_FAST)])
    while s.current_player() != OVER:
        s.apply(s.legal_actions()[0])
        for _ in range(3):
            turn(s, "-")
    assert s.scores() == [15, 15, 0]
    assert s.winners() == [0, 1]
    assert sarah_game().winners() == [0]


# ---------------------------------------------------------------- seed examples (6.1)

# Two seats on board A. Seat 0 (here the first achiever of everything) and
# seat 1, Sarah. Found offline: Sarah finishes 15 islands, gets the red flags
# and six connected only after seat 0 did, and never the blue flags.
SARAH_ROUNDS = [
    ("63", "N MN NO NQ", "N MN NO NQ"),
    ("31", "M LM", "L EJ"),
    ("33", "O OR LM OR", "O OR LM OR"),
    ("42", "R QR QR", "R QR QR"),
    ("52", "C BC CD", "C BC CD"),
    ("32", "B AB BC", "B AB BC"),
    ("21", "A AL", "A AL"),
    ("12", "D CH NQ", "D CH NQ"),
    ("62", "Q PQ PQ", "M"),
    ("41", "P LP", "- LP"),
    ("51", "L LP", "-"),
    ("43", "E HN EF EF", "E HN EF EF"),
    ("21", "K EJ", "K EJ"),
    ("11", "G JK", "G JK"),
    ("11", "I CH", "I CH"),
    ("63", "H HI JK HN", "H HI JK HN"),
    ("22", "F EJ GH", "P GH PQ"),
]


def sarah_game():
    s = game(2, 0, ("4J", "4J"))
    s._history = []
    for rnd in SARAH_ROUNDS:
        play(s, [rnd])
        s._history.append(list(s.bonus[0]))
    return s


def test_worked_example_sarah_39_points():
    s = sarah_game()
    assert s.current_player() == OVER
    sarah = s.sheets[1]
    assert sarah.finished_count() == 15
    assert list(s.bonus[1]) == [5, 0, 4]  # red later, no blue, six later
    assert s.scores()[1] == 15 * 2 + 5 + 4 == 39
    assert list(s.bonus[0]) == [9, 7, 8] and s.scores()[0] == 60
    assert s.high[CAT_RED] < 17 and s.high[CAT_SIX] < 17
    v = s.view(1)
    assert v.score == 39 and v.scores == [60, 39] and v.bonus[1] == bytes([5, 0, 4])


def test_worked_example_linus_first_to_six_connected_records_8():
    s = game(2, 0, ("4J", "4J"))
    for rnd in SARAH_ROUNDS:
        play(s, [rnd])
        if s.bonus[0][CAT_SIX]:
            break
    assert s.bonus[0][CAT_SIX] == 8 and s.bonus[1][CAT_SIX] == 0
    assert s.sheets[0].largest_group() >= 6 and s.sheets[1].largest_group() < 6
    assert s.high[CAT_SIX] == len(s.drawn)
    assert s.view(1).bonus_value(CAT_SIX) == 4


# ---------------------------------------------------------------- solo (8)

def test_rule_S8_2_OP7_solo_blue_7_by_card_7_else_3():
    s = game()
    play(s, BLUE_FAST + [("51", "-"), ("52", "-")])
    assert s.bonus[0][CAT_BLUE] == 7
    late = game()
    play(late, [("51", "-"), ("52", "-"), ("53", "-")] + BLUE_FAST)
    assert len(late.drawn) == 8 and late.bonus[0][CAT_BLUE] == 3
    edge = game()
    play(edge, [("51", "-"), ("52", "-")] + BLUE_FAST)
    assert len(edge.drawn) == 7 and edge.bonus[0][CAT_BLUE] == 7


def test_rule_S8_3_solo_red_and_six_high_by_card_12():
    s = game()
    for rnd in range(1, 14):
        s.apply(s.legal_actions()[0])
        v = s.view(0)
        assert v.round == rnd
        assert v.bonus_value(CAT_RED) == (9 if rnd <= 12 else 5)
        assert v.bonus_value(CAT_SIX) == (8 if rnd <= 12 else 4)
        assert v.bonus_value(CAT_BLUE) == (7 if rnd <= 7 else 3)
        turn(s, "-")


def test_rule_S8_5_rank_titles():
    expected = {0: "Gofer", 40: "Gofer", 41: "Water carrier", 42: "Water carrier",
                43: "Bamboo binder", 44: "Bamboo binder", 45: "Bolt tightener",
                46: "Bolt tightener", 47: "Concrete pourer", 48: "Concrete pourer",
                49: "Project manager", 50: "Project manager", 51: "Bridge master",
                52: "Planning specialist", 54: "Chief structural engineer",
                56: "Design ace", 58: "Construction genius", 60: "Island god"}
    for score, title in expected.items():
        assert rank_title(score) == title, score
    assert rank_title(53) == "Planning specialist"  # unreachable in solo (spec 8)


# ---------------------------------------------------------------- OP-5: never trapped

def test_rule_OP5_confirm_only_at_zero_or_the_full_count():
    s = game()  # 4 on G
    draw(s, "12")
    s.apply(NUMBER + island("N"))  # 1 on N
    s.apply(bridge(s, "NO"))  # N is finished; every other line needs G
    v = s.view(0)
    assert v.to_place == 1 and not v.can_confirm()
    s.apply(bridge(s, "GL"))
    assert s.view(0).can_confirm()
    s.apply(UNDO)
    s.apply(UNDO)
    assert s.view(0).placed == b"" and s.view(0).can_confirm()
    s.apply(CONFIRM)


def test_rule_OP5_a_dead_end_offers_undo_and_confirming_none_stays_possible():
    s = game(1, BOARD_P, ("4N",))  # N has a single line, N-O
    draw(s, "33")
    s.apply(SKIP_A)
    assert [a for a in s.legal_actions() if a >= BRIDGE] == [bridge(s, "NO")]
    assert not s.view(0).can_complete()  # no complete set of 3 exists
    assert s.view(0).legal_bridges() == []  # so the screen offers none
    s.apply(bridge(s, "NO"))
    s.apply(bridge(s, "NO"))
    assert s.legal_actions() == [UNDO]  # stuck half-way: only undo
    rejects(s, CONFIRM, "All 3 bridges or none")
    s.apply(UNDO)
    s.apply(UNDO)
    assert CONFIRM in s.legal_actions()
    s.apply(CONFIRM)
    assert s.sheets[0].deg[island("N")] == 0 and s.current_player() == CHANCE


def test_rule_OP3_undo_reaches_back_into_action_a_until_confirm():
    s = game()
    draw(s, "32")
    rejects(s, UNDO, "Write or skip the number")
    rejects(s, CONFIRM, "Write or skip the number")
    rejects(s, bridge(s, "GH"), "Write or skip the number")
    s.apply(NUMBER + island("H"))
    s.apply(bridge(s, "GH"))
    v = s.view(0)
    assert v.phase == E.ACTION_B and v.a_island == island("H") and list(v.placed) == [
        conn(s.board, "GH")] and v.to_place == 1
    s.apply(UNDO)
    s.apply(UNDO)
    assert s.phase == E.ACTION_A and s.sheets[0].num[island("H")] == 0
    assert s.view(0).legal_islands() == s.sheets[0].number_options(3)
    s.apply(NUMBER + island("L"))
    s.apply(bridge(s, "GL"))
    s.apply(bridge(s, "GL"))
    s.apply(CONFIRM)
    draw(s, "21")
    s.apply(SKIP_A)
    s.apply(UNDO)  # this turn only: last round's moves are final
    assert s.sheets[0].br[conn(s.board, "GL")] == 2 and s.sheets[0].num[island("L")] == 3


# ---------------------------------------------------------------- what a seat sees (9.2)

def test_rule_S9_2_view_hides_the_other_seats_moves_on_this_card():
    s = game(2, starts=("4G", "4G"))
    play(s, [("21", "F BG", "-")])
    public = s.view(1).sheets[0]
    assert public.num[island("F")] == 2  # between rounds all boards are public
    draw(s, "33")
    s.apply(NUMBER + island("L"))
    s.apply(bridge(s, "GL"))
    own = s.view(0)
    assert own.sheet.num[island("L")] == 3 and list(own.placed) == [conn(s.board, "GL")]
    assert own.sheets[0].num[island("L")] == 3
    s.apply(bridge(s, "GL"))
    s.apply(bridge(s, "KL"))
    scores_before = s.scores()
    s.apply(CONFIRM)
    for moment in range(2):
        other = s.view(1)
        assert other.phase == (E.ACTION_A if moment == 0 else E.ACTION_B)
        them = other.sheets[0]
        assert them.num[island("L")] == 0 and them.br[conn(s.board, "GL")] == 0
        assert bytes(them.num) == bytes(public.num) and bytes(them.br) == bytes(public.br)
        assert other.placed == b"" or moment == 1
        assert s.view(0).phase == E.WAITING and s.view(0).placed == b""
        assert s.scores() == scores_before
        if moment == 0:
            s.apply(SKIP_A)
    s.apply(CONFIRM)
    after = s.view(1).sheets[0]
    assert after.num[island("L")] == 3 and after.br[conn(s.board, "GL")] == 2


def test_a_view_copies_its_own_board_and_shares_the_public_ones():
    # Memory on the device: a view of four seats copied three boards a
    # move. The others' boards as of the last round's end change only at
    # a round's end and are read only; its own is a snapshot.
    s = game(2, starts=("4G", "4G"))
    play(s, [("21", "F BG", "-")])
    draw(s, "33")
    v = s.view(0)
    assert v.sheets[1] is s.pub[1] and v.sheet is not s.sheets[0]
    before = bytes(v.sheet.num)
    s.apply(NUMBER + island("L"))
    assert bytes(v.sheet.num) == before  # the snapshot did not move
    assert s.view(0).sheet.num[island("L")] == 3


def test_view_during_setup_shows_no_start_numbers_yet():
    s = new_game(3, BOARD_P)
    s.apply(START4 + island("G"))  # on seat 1's board
    v = s.view(1)
    assert v.phase == E.SETUP and v.target == 2
    assert all(sum(x.num) == 0 for x in v.sheets)
    assert s.view(0).phase == E.WAITING
    s.apply(START3 + island("F"))
    s.apply(START3 + island("L"))
    v = s.view(1)
    assert v.sheet.num[island("G")] == 4 and v.sheets[2].num[island("F")] == 3


def test_rule_OP5_only_bridges_that_leave_the_count_placeable_are_offered():
    from games.hashi.sheet import Sheet

    # In random playouts, the View offers exactly the legal steps after
    # which the card's other bridges can still all be placed; some legal
    # steps are left out (dead ends), and a seat that only takes offered
    # steps always reaches the full count.
    left_out = 0
    for seed in range(12):
        rng = Rng(seed)
        s = E.new_game(1, (0, BOARD_B, BOARD_P)[seed % 3])
        while s.current_player() != OVER:
            if s.current_player() == CHANCE:
                s.apply(rng.choose(s))
                continue
            v = s.view(0)
            legal = s.legal_actions()
            if v.phase == E.ACTION_B and v.to_place:
                steps = [a - BRIDGE for a in legal if BRIDGE <= a < START3]
                fine = []
                for k in steps:
                    v.sheet.add(k)
                    if v.sheet.can_place(v.to_place - 1):
                        fine.append(k)
                    v.sheet.remove(k)
                assert v.legal_bridges() == fine
                # worked out once a view: asked again, no search, a list of its own
                searched = Sheet.can_place
                Sheet.can_place = None  # type: ignore[assignment]
                try:
                    again = v.legal_bridges()
                finally:
                    Sheet.can_place = searched  # type: ignore[method-assign]
                assert again == fine and again is not v.legal_bridges()
                left_out += len(steps) - len(fine)
                if v.placed:
                    assert fine  # never stuck half-way when following the offer
                if fine:
                    s.apply(BRIDGE + fine[rng.below(len(fine))])
                    continue
                s.apply(CONFIRM)
                continue
            s.apply(legal[rng.below(len(legal))] if v.phase != E.ACTION_B else CONFIRM)
    assert left_out > 0


def test_view_copies_are_independent_and_helpers_agree_with_legal_actions():
    s = game()
    draw(s, "32")
    v = s.view(0)
    assert v.legal_islands() == [a - NUMBER for a in s.legal_actions() if a < SKIP_A]
    assert v.legal_bridges() == [] and v.to_place == 0
    s.apply(NUMBER + island("H"))
    v = s.view(0)
    assert [BRIDGE + k for k in v.legal_bridges()] == [a for a in s.legal_actions() if a >= BRIDGE]
    assert v.to_place == 2 and v.can_complete() and v.legal_islands() == []
    v.sheet.add(conn(s.board, "GH"))  # a bot may play on its copy
    v.sheet.write(island("I"), 6)
    assert s.sheets[0].br[conn(s.board, "GH")] == 0 and s.sheets[0].num[island("I")] == 0
    assert v.board is s.board


# ---------------------------------------------------------------- random playouts

_GEOMETRY = {}


def independent_geometry(b):
    """Crossing pairs (as connection indices) recomputed from coordinates."""
    if b.name not in _GEOMETRY:
        from test_hashi_boards import geometry_by_brute_force
        conns, crossings = geometry_by_brute_force(b)
        index = {(b.ca[k], b.cb[k]): k for k in range(b.nc)}
        _GEOMETRY[b.name] = [(index[h], index[v]) for h, v in crossings]
    return _GEOMETRY[b.name]


def check_sheet(b, sheet, crossings):
    deg = [0] * b.n
    for k in range(b.nc):
        n = sheet.br[k]
        assert 0 <= n <= 2  # H2
        deg[b.ca[k]] += n
        deg[b.cb[k]] += n
        if n:
            assert sheet.num[b.ca[k]] or sheet.num[b.cb[k]]  # B3
    assert list(sheet.deg) == deg
    for h, v in crossings:
        assert not (sheet.br[h] and sheet.br[v])  # H3
    for i in range(b.n):
        n = sheet.num[i]
        assert 0 <= n <= 6 and deg[i] <= 6  # H1, H5
        if n:
            assert deg[i] <= n  # H4
        assert sheet.finished(i) == bool(n and deg[i] == n)


def finished_set(b, sheet):
    deg = [0] * b.n
    for k in range(b.nc):
        deg[b.ca[k]] += sheet.br[k]
        deg[b.cb[k]] += sheet.br[k]
    return {i for i in range(b.n) if sheet.num[i] and deg[i] == sheet.num[i]}


def met(b, sheet):
    """The three bonus conditions, recomputed from the board alone."""
    done = finished_set(b, sheet)
    links = {}
    for k in range(b.nc):
        if sheet.br[k] and b.ca[k] in done and b.cb[k] in done:
            links.setdefault(b.ca[k], []).append(b.cb[k])
            links.setdefault(b.cb[k], []).append(b.ca[k])
    best, seen = 0, set()
    for start in done:
        if start in seen:
            continue
        group, todo = {start}, [start]
        while todo:
            for j in links.get(todo.pop(), ()):
                if j not in group:
                    group.add(j)
                    todo.append(j)
        seen |= group
        best = max(best, len(group))
    return (set(b.reds) <= done, set(b.blues) <= done, best >= 6)


def playout(seats, options, seed, deep=False):
    rng = Rng(seed)
    s = new_game(seats, options)
    b = s.board
    crossings = independent_geometry(b)
    bonus = [[0, 0, 0] for _ in range(seats)]
    taken = [False] * 3
    public = None
    steps = 0
    while s.current_player() != OVER:
        legal = s.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        player = s.current_player()
        action = legal[rng.below(len(legal))]
        assert s.describe(action) not in ("", "?")
        rnd_before = len(s.drawn)
        in_round = s.card >= 0
        s.apply(action)
        steps += 1
        assert steps < 20000
        if deep:
            for sheet in s.sheets:
                check_sheet(b, sheet, crossings)
            if s.card >= 0 and public is not None:
                for q in range(seats):
                    v = s.view(q)
                    for p in range(seats):
                        if p != q:  # others' boards as at the end of the last round
                            assert bytes(v.sheets[p].num) + bytes(v.sheets[p].br) == public[p]
        if in_round and s.card < 0:  # a round just ended: bonus check, own logic
            rnd = rnd_before
            newly = []
            for p in range(seats):
                conds = met(b, s.sheets[p])
                for cat in range(3):
                    if conds[cat] and not bonus[p][cat]:
                        if seats == 1:
                            high = rnd <= (12, 7, 12)[cat]
                        else:
                            high = not taken[cat]
                        bonus[p][cat] = (9, 7, 8)[cat] if high else (5, 3, 4)[cat]
                        newly.append((cat, high))
            for cat, high in newly:
                taken[cat] = taken[cat] or high
            assert [list(x) for x in s.bonus] == bonus
            for p in range(seats):
                check_sheet(b, s.sheets[p], crossings)
                expect = sum(bonus[p]) + 2 * len(finished_set(b, s.sheets[p]))
                assert s.scores()[p] == expect
            public = [bytes(x.num) + bytes(x.br) for x in s.sheets]
    assert len(s.drawn) == 17 and sum(s.seen) == 17
    for p in range(seats):
        assert s.scores()[p] == sum(bonus[p]) + 2 * len(finished_set(b, s.sheets[p]))
    assert s.view(0).phase == E.DONE
    return s


def test_random_playouts_keep_every_invariant():
    total = 0
    for seed in range(1000):
        seats = 1 + seed % 4
        options = (0, BOARD_B, BOARD_P, RANDOM_START, BOARD_B | RANDOM_START)[seed % 5]
        s = playout(seats, options, seed, deep=seed < 40)
        total += max(s.scores())
    assert total > 0


def test_illegal_actions_are_rejected_with_a_reason_and_change_nothing():
    for seed in range(24):
        rng = Rng(1000 + seed)
        s = new_game(1 + seed % 4, (0, BOARD_B, BOARD_P | RANDOM_START)[seed % 3])
        step = 0
        while s.current_player() != OVER:
            legal = s.legal_actions()
            if step % 9 == 0:
                before = snap(s)
                for action in ALL_ACTIONS:
                    if action in legal:
                        other = s.copy()
                        other.apply(action)  # every legal action is accepted
                        continue
                    with pytest.raises(IllegalMove) as exc:
                        s.apply(action)
                    assert str(exc.value) and str(exc.value)[0].isupper()
                assert snap(s) == before
            s.apply(legal[rng.below(len(legal))])
            step += 1


def test_replay_equals_play_and_copies_are_independent():
    for seed in range(40):
        seats = 1 + seed % 4
        options = (BOARD_P, 0, BOARD_B | RANDOM_START, RANDOM_START)[seed % 4]
        s = playout(seats, options, 5000 + seed)
        again = replay(seats, options, s.actions())
        assert snap(again) == snap(s) and again.scores() == s.scores()
        assert E.replay(seats, options, s.actions()[:7]).actions() == s.actions()[:7]
    s = game(3, starts=("4G", "4G", "4G"))
    play(s, [("21", "F BG", "-", "-")])
    draw(s, "33")
    s.apply(NUMBER + island("H"))
    before = snap(s)
    c = s.copy()
    assert snap(c) == before
    c.apply(bridge(c, "GH"))
    c.apply(bridge(c, "GH"))
    c.apply(bridge(c, "HM"))
    c.apply(CONFIRM)
    c.sheets[1].write(3, 6)
    c.bonus[2][0] = 9
    assert snap(s) == before
    s.apply(UNDO)
    assert c.sheets[0].num[island("H")] == 3 and c.turn == 1


def test_describe_names_every_kind_of_action():
    s = game()
    draw(s, "53")
    assert s.describe(NUMBER + island("H")) == "5 on H"
    assert s.describe(SKIP_A) == "No number"
    assert s.describe(UNDO) == "Undo"
    s.apply(NUMBER + island("H"))
    assert s.describe(bridge(s, "GH")) == "Bridge G-H"
    s.apply(bridge(s, "GH"))
    assert s.describe(CONFIRM) == "Done, 1 bridge"
    assert s.describe(250) == "?"


def test_view_start_is_the_start_action_on_the_seats_own_board():
    from games.hashi import engine as H

    state = H.new_game(2)
    assert state.view(0).start is None
    first = [a for a in state.legal_actions() if a >= H.START3][0]
    state.apply(first)  # seat 0 writes on seat 1's board
    second = [a for a in state.legal_actions() if a >= H.START4][0]
    state.apply(second)  # seat 1 writes on seat 0's board
    assert state.view(0).start == second
    assert state.view(1).start == first
    assert state.copy().view(1).start == first


# ---------------------------------------------------------------- play-testing round 1

def test_playtest_6_every_refusal_fits_one_message_line():
    # The runtime's message line holds 26 characters (terminalio, 160 px):
    # every reason the engine gives, over whole games, fits one line.
    reasons = set()
    with pytest.raises(IllegalMove) as exc:
        new_game(5)
    reasons.add(str(exc.value))
    for seed in range(8):
        rng = Rng(2000 + seed)
        s = new_game(1 + seed % 4, (0, BOARD_B, BOARD_P | RANDOM_START)[seed % 3])
        step = 0
        while True:
            legal = s.legal_actions()
            if step % 3 == 0 or not legal:
                for action in ALL_ACTIONS:
                    if action not in legal:
                        with pytest.raises(IllegalMove) as exc:
                            s.apply(action)
                        reasons.add(str(exc.value))
            if not legal:
                break
            s.apply(legal[rng.below(len(legal))])
            step += 1
    assert len(reasons) >= 15, reasons
    assert [r for r in reasons if len(r) > 26] == []


def test_playtest_12_between_rounds_bonus_value_is_the_next_rounds():
    s = game()  # solo: blue high by card 7, red and six by card 12
    assert s.view(0).bonus_value(CAT_BLUE) == 7  # before the first card
    for rnd in range(1, 14):
        s.apply(s.legal_actions()[0])  # a card
        turn(s, "-")
        v = s.view(0)
        assert v.card < 0 and v.round == rnd  # between rounds
        nxt = rnd + 1
        assert v.bonus_value(CAT_BLUE) == (7 if nxt <= 7 else 3), rnd
        assert v.bonus_value(CAT_RED) == (9 if nxt <= 12 else 5), rnd
        assert v.bonus_value(CAT_SIX) == (8 if nxt <= 12 else 4), rnd
    # Another seat's value, and none once the game is over.
    s = game(2, starts=("4G", "4G"))
    play(s, two_tracks(BLUE_FAST, []))
    v = s.view(1)
    assert s.bonus[0][CAT_BLUE] == 7 and v.bonus_value(CAT_BLUE, 0) == 0
    assert v.bonus_value(CAT_BLUE) == 3 == v.bonus_value(CAT_BLUE, 1)
    while s.current_player() != OVER:
        s.apply(s.legal_actions()[0] if s.current_player() == CHANCE else
                SKIP_A if s.phase == E.ACTION_A else CONFIRM)
    assert [s.view(0).bonus_value(c) for c in range(3)] == [0, 0, 0]


def test_playtest_14_a_non_integer_action_is_refused_and_changes_nothing():
    class Int(int):
        pass

    bad = (33.0, None, "3", True, False, 1.0, 160.0, b"\x01", [1], Int(1))
    s = new_game(2)
    rng = Rng(3)
    phases = set()
    one_legal = False
    while True:
        legal = s.legal_actions()
        before = (s.actions(), s.scores(), legal, snap(s))
        for action in bad:
            with pytest.raises(IllegalMove) as exc:
                s.apply(action)
            assert str(exc.value) == "A move is a whole number"
            assert (s.actions(), s.scores(), s.legal_actions(), snap(s)) == before
        one_legal = one_legal or 1 in legal  # True would have passed for it
        phases.add((s.current_player(), s.phase if s.card >= 0 else -1, len(s.steps) > 0))
        if not legal:
            break
        s.apply(legal[rng.below(len(legal))])
    assert one_legal
    kinds = set((p if p < 0 else 0, ph, st) for p, ph, st in phases)
    assert {(CHANCE, -1, False), (0, E.ACTION_A, False), (0, E.ACTION_B, True), (OVER, -1, False)} <= kinds


# ---------------------------------------------------------------- module layout

def test_private_copies_of_the_engines_numbers_are_the_engines():
    # The engine's parts, the bot, the solver and the screen keep private
    # copies of engine.py's numbers (_UNDO = const(21)): MicroPython inlines
    # them and keeps no name at run time. They must be the engine's own.
    import os
    import re

    folder = os.path.dirname(E.__file__)
    checked = 0
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".py") or name == "engine.py":
            continue
        with open(os.path.join(folder, name)) as f:
            source = f.read()
        for const, value in re.findall(r"^_([A-Z][A-Z0-9_]*) = const\((\d+)\)", source, re.M):
            if hasattr(E, const):
                assert getattr(E, const) == int(value), (name, const)
                checked += 1
    assert checked >= 20
