"""Hanabi engine: every numbered rule of rules/hanabi.md (test names carry
the rule ids: 1_1 for the numbered item 1 of section 1, H1 for a lettered
rule, OP1 for an open point's decision), the seed's worked example (14
points, "Decent"), random playouts in every variant combination with
invariants, what a seat may see (thousands of states), illegal actions,
replay and copy.

Cards are written "R3" (colour letter W R B Y G, M for rainbow, value).
Chance is the test's: deal() and the drawers pick the cards.
"""

import os
import re

import pytest

from kapsa.engine import CHANCE, OVER, IllegalMove
from kapsa.rng import Rng
from games.hanabi import engine as E
from games.hanabi.cards import COUNT, card_name, copies, could_be, mask_list, short_name
from games.hanabi.engine import (
    ANNOUNCE, CHOREOGRAPHY, DISCARD, EMPTY_HINTS, HINT, LAST_BREATH, MISPLAY, PLAY,
    RAINBOW, RAINBOW_WILD, RANDOM_START, SKIP, START, UNKNOWN, VALUE, new_game, replay)
from games.hanabi.rating import rating
from games.hanabi.view import View

ALL_OPTIONS = 64  # every combination of the six flags
W, R, B, Y, G, M = range(6)


def cid(name):
    """"R3" -> the card's identity."""
    return "WRBYGM".index(name[0]) * 5 + int(name[1]) - 1


def ids(names):
    return [cid(n) for n in names.split()]


def hint(seat, what):
    """The hint action to `seat`: a colour letter or a value digit."""
    k = VALUE + int(what) if what.isdigit() else "WRBYGM".index(what)
    return HINT + 16 * seat + k


def announce(colour, i):
    return ANNOUNCE + 8 * "WRBYGM".index(colour) + i


def deal(state, hands):
    """Deal so that seat p's hand reads hands[p] left to right (a string of
    card names). Cards go round the table from seat 0, each to the left."""
    hands = [ids(h) for h in hands]
    for r in range(state.hand_size):
        for p in range(state.seats):
            assert state.current_player() == CHANCE
            state.apply(hands[p][state.hand_size - 1 - r])


def game(seats, hands, options=0):
    s = new_game(seats, options)
    if options & RANDOM_START:
        s.apply(START)
    deal(s, hands)
    return s


def draw(state, name):
    assert state.current_player() == CHANCE
    state.apply(cid(name))


def hand(state, seat):
    return " ".join(short_name(state.cards[x]) for x in state.hands[seat])


def snap(s):
    """Everything a state holds, for 'unchanged' comparisons."""
    out = []
    for name in E.State.__slots__:
        x = getattr(s, name)
        out.append(tuple(bytes(h) for h in x) if name == "hands" else
                   bytes(x) if isinstance(x, bytearray) else x)
    return tuple(out)


def rejects(state, action, reason):
    """The action is not offered, raises IllegalMove(reason), changes nothing."""
    assert action not in state.legal_actions()
    before = snap(state)
    with pytest.raises(IllegalMove) as exc:
        state.apply(action)
    assert str(exc.value) == reason
    assert snap(state) == before


def norm(x):
    if isinstance(x, (bytes, bytearray)):
        return bytes(x)
    if isinstance(x, (list, tuple)):
        return tuple(norm(y) for y in x)
    return x


def vsig(view):
    """Every field of a view, for equality."""
    return tuple((name, norm(getattr(view, name))) for name in View.__slots__)


# ---------------------------------------------------------------- drivers

def dead(s, c, want=None):
    """No firework needs c (any more, or up to want[colour])."""
    return s.fw[c // 5] > c % 5 or (want is not None and c % 5 >= want[c // 5])


def safe(s, c):
    """Discarding c loses no card a firework still needs."""
    return dead(s, c) or sum(1 for d in s.discards if d == c) + 1 < copies(c)


def oracle(s, hold=(), want=None):
    """A seat that sees everything (tests only): play a playable card (not
    one in `hold` while the deck lasts; only up to want[colour] if given),
    else discard a dead card, else hint, else discard a safe card, else
    the last legal action."""
    seat = s.turn
    h = s.hands[seat]
    for i, x in enumerate(h):
        c = s.cards[x]
        if s.fw[c // 5] == c % 5 and not (c in hold and s.ndeck):
            if want is None or c % 5 < want[c // 5]:
                return PLAY + i
    legal = s.legal_actions()
    if s.hints < 8:
        for i, x in enumerate(h):
            if dead(s, s.cards[x], want):
                return DISCARD + i
    hints = [a for a in legal if a >= HINT]
    if hints:
        return hints[0]
    if s.hints < 8:
        for i, x in enumerate(h):
            if safe(s, s.cards[x]):
                return DISCARD + i
    return legal[-1]


def run(s, chooser, drawer, until=None):
    """Play until OVER (or until(s)): chance by drawer(s), seats by chooser(s)."""
    while s.current_player() != OVER and not (until and until(s)):
        if s.current_player() == CHANCE:
            s.apply(drawer(s))
        else:
            s.apply(chooser(s))
    return s


def in_order(order):
    """A drawer that takes the cards of `order` one by one (each entry
    once, while the deck has it), then the lowest identity left."""
    order = ids(order) if isinstance(order, str) else list(order)
    order.reverse()

    def drawer(s):
        while order:
            c = order.pop()
            if s.left[c]:
                return c
        return [c for c in range(30) if s.left[c]][0]
    return drawer


def ascending(colours=5):
    """Cards in playing order: every 1, every 2, ... (one copy each)."""
    return [c * 5 + v for v in range(5) for c in range(colours)]


# ---------------------------------------------------------------- components and setup (1, 3)

def test_rule_1_1_fifty_cards_values_1_1_1_2_2_3_3_4_4_5_per_colour():
    s = new_game(2)
    deck = s.legal_actions()
    assert len(deck) == 50 and s.current_player() == CHANCE
    for c in range(25):
        assert deck.count(c) == (3, 2, 2, 2, 1)[c % 5] == copies(c)
    assert [card_name(c) for c in (0, 9, 14, 17, 24)] == [
        "white 1", "red 5", "blue 5", "yellow 3", "green 5"]
    assert bytes(COUNT) == b"\x03\x02\x02\x02\x01"


def test_rule_1_2_1_3_3_1_eight_hint_tokens_three_mistake_tokens():
    s = game(2, ["W1 W2 W3 W4 W5", "R1 R2 R3 R4 R5"])
    v = s.view(0)
    assert (s.hints, s.mistakes, v.hints, v.mistakes) == (8, 0, 8, 0)
    assert E.MAX_HINTS == 8 and E.MAX_MISTAKES == 3


def test_rule_1_4_R1_rainbow_adds_five_cards_one_of_each_value():
    for opts in (RAINBOW, RAINBOW_WILD, RAINBOW | RAINBOW_WILD):
        s = new_game(3, opts)
        deck = s.legal_actions()
        assert len(deck) == 55 and s.ndeck == 55 and s.colours == 6
        assert [deck.count(c) for c in range(25, 30)] == [1] * 5
    assert max(new_game(3).legal_actions()) == 24


def test_rule_3_3_five_cards_for_two_or_three_four_for_four_or_five_dealt_as_chance():
    for seats, size in ((2, 5), (3, 5), (4, 4), (5, 4)):
        s = new_game(seats)
        for k in range(seats * size):
            assert s.current_player() == CHANCE
            assert s.describe(s.legal_actions()[0]) == "Card dealt to P%d" % (k % seats + 1)
            s.apply(s.legal_actions()[k % 7])
        assert s.current_player() == 0 and s.hand_size == size
        assert [len(h) for h in s.hands] == [size] * seats
        assert s.ndeck == 50 - seats * size
        assert s.view(1).deck == 50 - seats * size


def test_rule_2_one_team_builds_the_fireworks_and_shares_the_score():
    s = game(3, ["W1 W2 W3 W4 W5", "R1 R2 R3 R4 R5", "B1 B2 B3 B4 B5"])
    s.apply(PLAY)
    draw(s, "Y1")
    s.apply(PLAY)
    assert s.scores() == [2, 2, 2] and list(s.fw[:5]) == [1, 1, 0, 0, 0]
    assert [s.view(p).fireworks for p in range(3)] == [bytes((1, 1, 0, 0, 0))] * 3


def test_rule_3_2_the_deck_is_shuffled_a_card_at_a_time_by_chance_nodes():
    # No order is fixed in advance: every draw is a chance node over the
    # cards still in the deck, each copy one entry (a uniform pick is fair).
    s = game(2, ["W1 W2 W3 W4 W5", "R1 R2 R3 R4 R5"])
    assert not hasattr(s, "deck")
    s.apply(PLAY)
    legal = s.legal_actions()
    assert len(legal) == 40 == s.ndeck
    assert legal.count(cid("W1")) == 2 and legal.count(cid("R5")) == 0 and legal.count(cid("G1")) == 3
    rejects(s, cid("R5"), "No such card in the deck")
    rejects(s, 30, "Waiting for a card")
    rejects(s, PLAY, "Waiting for a card")


def test_rule_3_4_a_seat_never_sees_its_own_cards():
    s = game(3, ["W1 W2 W3 W4 W5", "R1 R2 R3 R4 R5", "B1 B2 B3 B4 B5"])
    for p in range(3):
        v = s.view(p)
        assert bytes(v.hands[p]) == bytes([UNKNOWN] * 5)
        for q in range(3):
            if q != p:
                assert bytes(v.hands[q]) == bytes(s.cards[x] for x in s.hands[q])


def test_rule_3_1_3_5_OP9_start_with_eight_hints_seat_0_or_a_random_seat():
    s = new_game(4)
    assert s.current_player() == CHANCE and s.legal_actions()[0] == 0  # the deal
    s = new_game(4, RANDOM_START)
    assert s.legal_actions() == [START, START + 1, START + 2, START + 3]
    assert s.describe(START + 2) == "P3 plays first"
    s.apply(START + 2)
    assert s.current_player() == CHANCE
    deal(s, ["W1 W2 W3 W4", "R1 R2 R3 R4", "B1 B2 B3 B4", "Y1 Y2 Y3 Y4"])
    assert s.current_player() == 2 and s.view(0).first == 2
    assert hand(s, 0) == "W1 W2 W3 W4"  # the deal still starts at seat 0
    rejects_start = new_game(2, RANDOM_START)
    rejects(rejects_start, 0, "Waiting for the first seat")
    rejects(rejects_start, START + 2, "Waiting for the first seat")


def test_two_to_five_seats():
    for seats in (0, 1, 6, None, 2.0):
        with pytest.raises(IllegalMove):
            new_game(seats)
    assert E.SEATS == (2, 5)


def test_rule_OP10_the_registry_asks_for_the_pass_screen():
    import games.hanabi as registry
    assert registry.HIDDEN is True


def test_registry_options_match_engine_bits():
    import games.hanabi as registry
    assert registry.SEATS == E.SEATS and registry.HIDDEN is True  # OP-10: pass screen
    # The launcher lists only games with a TITLE: Hanabi's came with its screen.
    folder = os.path.dirname(registry.__file__)
    assert hasattr(registry, "TITLE") == os.path.exists(os.path.join(folder, "screen.py"))
    bits = {label: dict(choices) for label, choices in registry.OPTIONS}
    assert bits == {
        "Starts": {"Random": RANDOM_START, "Player 1": 0},
        "Ending": {"Normal": 0, "Last breath": LAST_BREATH},
        "Announce": {"No": 0, "Choreography": CHOREOGRAPHY},
        "Rainbow": {"No": 0, "Sixth colour": RAINBOW, "Every colour": RAINBOW | RAINBOW_WILD},
        "Empty hints": {"No": 0, "Allowed": EMPTY_HINTS},
    }
    assert len(registry.BLURB) <= 26
    with open(os.path.join(os.path.dirname(registry.__file__), "rules.txt")) as f:
        assert max(len(line.rstrip("\n")) for line in f) <= 25


# ---------------------------------------------------------------- the turn (4)

def test_rule_4_one_of_three_actions_no_passing():
    s = game(2, ["W1 W2 W3 W4 W5", "R1 R2 R3 R4 R5"])
    legal = s.legal_actions()
    assert SKIP not in legal
    assert all(PLAY <= a < PLAY + 5 or a >= HINT for a in legal)  # 8 tokens: no discard
    rejects(s, SKIP, "Skip only with no move")
    s.apply(hint(1, "R"))
    assert s.current_player() == 1
    legal = s.legal_actions()
    assert {a for a in legal if a < HINT} == (set(range(PLAY, PLAY + 5))
                                              | set(range(DISCARD, DISCARD + 5)))


def test_rule_7_1_hints_are_the_only_way_to_tell():
    # Every action at a turn is a play, a discard, an announced play or a hint.
    s = game(2, ["W1 W2 W3 W4 W5", "R1 R2 R3 R4 R5"], CHOREOGRAPHY)
    s.apply(hint(1, "5"))
    for a in s.legal_actions():
        assert PLAY <= a < PLAY + 5 or DISCARD <= a < DISCARD + 5 or ANNOUNCE <= a < HINT or a >= HINT


def test_rule_7_2_no_other_channel():
    # The view carries the table and its history, nothing a seat could use
    # to pass a message outside hints.
    s = game(2, ["W1 W2 W3 W4 W5", "R1 R2 R3 R4 R5"])
    names = set(View.__slots__)
    assert not names & {"chat", "notes", "message"}
    assert s.legal_actions() == sorted(s.legal_actions())


def test_rule_H1_a_hint_needs_and_spends_a_token():
    s = game(2, ["W1 W2 W3 W4 W5", "R1 R2 R3 R4 R5"])
    for k in range(8):
        assert s.hints == 8 - k
        s.apply(hint(1 - s.turn, "1"))
    assert s.hints == 0
    assert [a for a in s.legal_actions() if a >= HINT] == []
    rejects(s, hint(1, "R"), "No hint token left")


def test_rule_H2_one_other_player():
    s = game(3, ["W1 W2 W3 W4 W5", "R1 R2 R3 R4 R5", "B1 B2 B3 B4 B5"])
    rejects(s, hint(0, "W"), "Hint another player")
    rejects(s, hint(3, "1"), "No such player")
    rejects(s, HINT + 16 * 7 + 1, "No such player")
    s.apply(hint(2, "B"))
    assert s.log[-3:] == bytes((0, hint(2, "B"), 0b11111))
    assert hand(s, 1) == "R1 R2 R3 R4 R5" and s.kc[s.hands[1][0]] == 31  # nothing for seat 1


def test_rule_H3_one_colour_or_one_value():
    s = game(2, ["W1 W2 W3 W4 W5", "R1 R2 R3 R4 R5"])
    kinds = {a - HINT - 16 for a in s.legal_actions() if a >= HINT}
    assert kinds == {R, VALUE + 1, VALUE + 2, VALUE + 3, VALUE + 4, VALUE + 5}
    for k in (6, 7, VALUE, VALUE + 6, 15):
        rejects(s, HINT + 16 + k, "No such hint")
    rejects(s, HINT + 16 + M, "No such hint")  # no rainbow without the expansion
    assert s.describe(hint(1, "R")) == "Hint P2: red"
    assert s.describe(hint(1, "4")) == "Hint P2: value 4"


def test_rule_H4_H5_a_hint_points_at_every_matching_card():
    s = game(2, ["W1 W2 W3 W4 W5", "R1 G1 R3 G4 G1"])
    s.apply(hint(1, "G"))
    assert s.log[-1] == 0b11010  # positions 1, 3, 4
    v = s.view(1)
    assert list(v.colours_of[1]) == [31 & ~(1 << G), 1 << G, 31 & ~(1 << G), 1 << G, 1 << G]
    assert list(v.hinted[1]) == [0, 1, 0, 1, 1]
    s.apply(hint(0, "1"))
    assert s.log[-1] == 0b00001
    v = s.view(1)
    assert list(v.values_of[0]) == [1, 30, 30, 30, 30] and list(v.hinted[0]) == [2, 0, 0, 0, 0]


def test_rule_H6_OP2_no_empty_hints_unless_allowed():
    s = game(2, ["W1 W2 W3 W4 W5", "R1 R2 R3 R4 R5"])
    rejects(s, hint(1, "B"), "Hint must point at a card")
    s = game(2, ["W1 W2 W3 W4 W5", "R1 R2 R3 R4 R5"], EMPTY_HINTS)
    assert hint(1, "B") in s.legal_actions()
    s.apply(hint(1, "B"))
    assert s.log[-1] == 0 and s.hints == 7
    assert all(s.kc[x] == 31 & ~(1 << B) for x in s.hands[1])  # negative information only


def test_rule_H7_a_hint_moves_no_card_and_draws_none():
    s = game(2, ["W1 W2 W3 W4 W5", "R1 R2 R3 R4 R5"])
    before = (hand(s, 0), hand(s, 1), s.ndeck, bytes(s.discards))
    s.apply(hint(1, "3"))
    assert s.current_player() == 1  # no chance node
    assert (hand(s, 0), hand(s, 1), s.ndeck, bytes(s.discards)) == before


def test_rule_D1_no_discard_with_all_eight_tokens():
    s = game(2, ["W1 W2 W3 W4 W5", "R1 R2 R3 R4 R5"])
    rejects(s, DISCARD, "8 hint tokens: no discard")
    s.apply(hint(1, "R"))
    assert DISCARD in s.legal_actions()


def test_rule_D2_D3_discard_regains_a_token_and_draws_to_the_left():
    s = game(2, ["W1 W2 W3 W4 W5", "R1 R2 R3 R4 R5"])
    s.apply(hint(1, "R"))
    s.apply(DISCARD + 2)  # seat 1's R3
    assert s.hints == 8 and list(s.discards) == ids("R3")
    assert s.log[-3:] == bytes((1, DISCARD + 2, cid("R3")))
    assert s.current_player() == CHANCE and s.describe(cid("Y2")) == "P2 draws a card"
    draw(s, "Y2")
    assert hand(s, 1) == "Y2 R1 R2 R4 R5" and s.current_player() == 0
    assert s.view(0).discards == bytes(ids("R3"))


def test_rule_P1_P2_a_1_starts_a_firework_the_next_value_continues_it():
    s = game(2, ["W1 W2 W3 W4 W5", "W2 R1 R2 R3 R4"])
    s.apply(PLAY)
    assert list(s.fw[:5]) == [1, 0, 0, 0, 0] and s.log[-1] == cid("W1")
    draw(s, "B1")
    s.apply(PLAY)  # seat 1's W2
    assert list(s.fw[:5]) == [2, 0, 0, 0, 0] and s.mistakes == 0 and s.hints == 8
    assert s.view(0).fireworks == bytes((2, 0, 0, 0, 0))


def test_rule_P3_an_unplayable_card_is_discarded_with_a_mistake():
    s = game(2, ["W3 W2 W1 W4 W5", "R1 R2 R3 R4 R5"])
    s.apply(PLAY)
    assert s.mistakes == 1 and list(s.discards) == ids("W3") and sum(s.fw) == 0
    assert s.log[-1] == cid("W3") | MISPLAY and s.hints == 8


def test_rule_P4_a_card_is_drawn_after_a_play_none_once_the_deck_is_empty():
    s = game(2, ["W1 W2 W3 W4 W5", "R1 R2 R3 R4 R5"])
    s.apply(PLAY)
    assert s.current_player() == CHANCE and s.turn == 0
    draw(s, "G2")
    assert hand(s, 0) == "G2 W2 W3 W4 W5"
    run(s, oracle, in_order(""), until=lambda t: t.ndeck == 0)
    seat = s.current_player()
    assert seat >= 0
    s.apply(PLAY)
    assert s.current_player() in (0, 1) and len(s.hands[seat]) == 4  # no draw


def test_rule_P5_a_card_is_played_without_knowing_it():
    s = game(2, ["W1 W2 W3 W4 W5", "R1 R2 R3 R4 R5"])
    assert all(PLAY + i in s.legal_actions() for i in range(5))
    assert s.view(0).values_of[0] == bytes([31] * 5)


def test_rule_W1_W2_W3_one_firework_a_colour_ascending_one_card_a_value():
    s = game(2, ["W1 W1 W2 W3 W2", "R2 R1 R3 R4 R5"])
    s.apply(PLAY)  # W1
    draw(s, "G1")
    s.apply(PLAY)  # R2 on no red firework: mistake
    draw(s, "G1")
    assert s.mistakes == 1 and s.fw[R] == 0
    s.apply(PLAY + 1)  # the second W1: mistake (W3)
    draw(s, "G1")
    assert s.mistakes == 2 and s.fw[W] == 1
    s.apply(hint(0, "2"))
    s.apply(PLAY + 3)  # W3 over W1: mistake would be the third
    assert s.current_player() == OVER and s.fw[W] == 1


def test_rule_B1_B2_a_completed_firework_regains_a_token_not_past_8():
    s = game(2, ["W5 W4 W3 W2 W1", "R1 R2 R3 R4 R5"])
    for k in range(4):  # W1..W4, always from the right; seat 1 hints
        s.apply(PLAY + 4)
        s.apply(s.legal_actions()[-1])
        s.apply(hint(0, "W"))
    assert s.fw[W] == 4 and s.hints == 4
    s.apply(PLAY + 4)  # W5
    assert s.fw[W] == 5 and s.hints == 5
    s = game(2, ["W5 W4 W3 W2 W1", "R1 R2 R3 R4 R5"])
    for k in range(4):  # seat 1 hints and discards in turn
        s.apply(PLAY + 4)
        s.apply(s.legal_actions()[-1])
        s.apply(hint(0, "W") if k % 2 == 0 else DISCARD)
        if k % 2:
            s.apply(s.legal_actions()[-1])
    assert s.hints == 8 and s.fw[W] == 4
    s.apply(PLAY + 4)
    assert s.fw[W] == 5 and s.hints == 8  # the bonus is lost


def test_rule_I1_the_discard_pile_is_open_to_all():
    s = game(3, ["W1 W2 W3 W4 W5", "R1 R2 R3 R4 R5", "B1 B2 B3 B4 B5"])
    s.apply(PLAY + 4)  # W5 misplayed
    draw(s, "Y1")
    for p in range(3):
        assert s.view(p).discards == bytes(ids("W5"))


def test_rule_I2_9_2_every_hint_is_remembered_for_each_card_and_follows_it():
    s = game(2, ["W1 W2 W3 W4 W5", "R1 B2 R3 G4 R5"])
    s.apply(hint(1, "R"))
    s.apply(DISCARD + 1)  # seat 1 discards B2: the red cards move along
    draw(s, "Y4")
    v = s.view(1)
    assert list(v.colours_of[1]) == [31, 1 << R, 1 << R, 31 & ~(1 << R), 1 << R]
    assert list(v.hinted[1]) == [0, 1, 1, 0, 1]
    assert v.serials[1][1] == s.hands[1][1] and v.serials[1][0] == 10  # the 11th card
    assert vsig(v) != vsig(s.view(0))
    assert s.view(0).colours_of[1] == v.colours_of[1]  # the others see it too


# ---------------------------------------------------------------- endings (5)

def test_rule_E1_OP1_the_third_mistake_ends_at_once_lost_with_0():
    s = game(2, ["W2 W3 W4 R2 R3", "B2 B3 B4 Y2 Y3"])
    s.apply(PLAY)
    draw(s, "G1")
    s.apply(PLAY)
    draw(s, "G1")
    assert s.mistakes == 2 and s.current_player() == 0
    s.apply(PLAY + 1)
    assert s.current_player() == OVER and s.mistakes == 3 and s.legal_actions() == []
    assert s.scores() == [0, 0] and s.lost
    v = s.view(0)
    assert v.over and v.lost and v.score == 0 and v.rating == ("Lost", "The show went up in smoke.")
    s = game(2, ["G1 W3 W4 R2 R3", "B2 B3 B4 Y2 Y3"])
    s.apply(PLAY)
    draw(s, "W1")
    for _ in range(3):
        s.apply(PLAY + 1)
        if s.current_player() == CHANCE:
            draw(s, "W1")
    assert s.view(1).played == 1 and s.view(1).score == 0  # "cards played: 1"
    rejects(s, PLAY, "The game is over")
    rejects(s, 0, "The game is over")


def perfect_order(colours=5, tail=()):
    order = ascending(colours)
    return [c for c in order if c not in tail] + list(tail)


def patient(s):
    """The oracle, but a hint rather than a discard: the deck lasts."""
    a = oracle(s)
    if DISCARD <= a < DISCARD + 5:
        hints = [b for b in s.legal_actions() if b >= HINT]
        return hints[0] if hints else a
    return a


def test_rule_E2_all_fireworks_complete_end_the_game_at_once_with_25():
    s = new_game(3)
    run(s, patient, in_order(perfect_order()))
    assert s.current_player() == OVER and s.score() == 25 and s.ndeck > 0
    assert PLAY <= s.log[-2] < PLAY + 5 and s.log[-1] % 5 == 4  # at once after the last 5
    assert s.view(2).rating == ("Legendary", "The crowd is breathless with wonder!")


def test_rule_E2_OP4_also_during_the_final_round():
    # G5 is held back until the deck is empty: the last play is in the final round.
    for seats in (2, 3, 4, 5):
        s = new_game(seats)
        g5 = cid("G5")
        drawer = in_order(perfect_order())
        run(s, lambda t: oracle(t, hold=(g5,)), drawer, until=lambda t: t.final >= 0)
        assert 0 < s.final <= seats and s.ndeck == 0
        run(s, lambda t: oracle(t, hold=(g5,)), drawer, until=lambda t: t.fw[G] == 5)
        assert s.current_player() == OVER and s.score() == 25 and s.final > 0


def test_rule_E3_after_the_last_card_every_seat_plays_once_more_drawer_last():
    for seats in (2, 3, 5):
        s = new_game(seats)
        run(s, oracle, in_order(""), until=lambda t: t.ndeck == 1 and t.phase == E.P_DRAW)
        k = s.turn
        s.apply(s.legal_actions()[0])  # the last card
        assert s.ndeck == 0 and s.final == seats
        seen = []
        while s.current_player() != OVER:
            assert s.current_player() != CHANCE  # nobody draws
            seen.append(s.current_player())
            assert s.view(0).final == seats - len(seen) + 1
            s.apply(oracle(s))
        assert seen == [(k + j) % seats for j in range(1, seats + 1)]
        assert s.view(0).rating is not None and not s.lost


# ---------------------------------------------------------------- scoring (6)

def test_rule_S1_S2_the_seeds_example_4_2_3_1_4_scores_14_decent():
    want = (4, 2, 3, 1, 4)
    s = new_game(2)
    first = "W1 W2 W3 W4 R1 R2 B1 B2 B3 Y1 G1 G2 G3 G4"
    run(s, lambda t: oracle(t, want=want), in_order(first))
    assert s.current_player() == OVER and not s.lost and s.ndeck == 0
    assert tuple(s.fw[:5]) == want
    assert s.scores() == [14, 14] == [4 + 2 + 3 + 1 + 4] * 2
    v = s.view(1)
    assert v.score == 14 and v.rating[0] == "Decent"
    assert v.rating == ("Decent", "But nobody will remember it for long...")


def test_rule_6_1_R6_OP8_rating_scale_and_lost():
    titles = [rating(p, 25, False, False)[0] for p in range(26)]
    assert titles == (["Horrible"] * 6 + ["Mediocre"] * 5 + ["Decent"] * 5 + ["Excellent"] * 5
                      + ["Amazing"] * 4 + ["Legendary"])
    titles = [rating(p, 30, False, False)[0] for p in range(21, 31)]
    assert titles == ["Amazing"] * 4 + ["Legendary"] * 5 + ["Divine"]
    assert rating(14, 25, True, False)[0] == "Lost"  # OP-8


# ---------------------------------------------------------------- to the last breath (8.1)

def test_rule_L1_no_final_round_play_on_until_perfect():
    s = new_game(2, LAST_BREATH)
    greens = ids("G2 G3 G4 G5")
    drawer = in_order(perfect_order())
    run(s, lambda t: oracle(t, hold=greens), drawer, until=lambda t: t.ndeck == 0)
    assert s.final == -1
    turns = 0
    sizes = set()
    while s.current_player() != OVER:
        s.apply(oracle(s))
        turns += 1
        sizes.add(sum(len(h) for h in s.hands))
    assert turns > 2 and len(sizes) > 1  # beyond E3's end; hands shrink
    assert s.score() == 25 and s.view(0).rating == ("Perfect", "Every firework complete!")


def test_rule_L2_L3_a_lost_indispensable_card_loses_at_once_even_with_cards_left():
    s = game(2, ["W5 W2 W3 W4 W1", "R1 R2 R3 R4 R5"], LAST_BREATH)
    s.apply(hint(1, "R"))
    s.apply(DISCARD + 4)  # R5: the red firework can never be complete
    assert s.current_player() == OVER and s.lost and s.ndeck == 40
    assert s.scores() == [0, 0] and s.view(0).rating[0] == "Lost"
    # Misplaying the last copy counts too; a spare copy does not.
    s = game(2, ["W2 W2 W3 W4 W1", "R1 R2 R3 R4 R5"], LAST_BREATH)
    s.apply(PLAY)  # W2: mistake, one W2 left
    draw(s, "G1")
    assert s.current_player() == 1
    s.apply(hint(0, "W"))
    s.apply(PLAY + 1)  # the other W2: lost
    assert s.current_player() == OVER and s.lost and s.mistakes == 2
    # Without the variant the game goes on.
    s = game(2, ["W5 W2 W3 W4 W1", "R1 R2 R3 R4 R5"])
    s.apply(hint(1, "R"))
    s.apply(DISCARD + 4)
    assert s.current_player() == CHANCE and not s.lost
    # A dead card is no loss: W1 discarded once W1 is played... and every copy gone.
    s = game(2, ["W1 W1 W1 W4 W5", "R1 R2 R3 R4 R5"], LAST_BREATH)
    s.apply(PLAY)
    draw(s, "G1")
    s.apply(hint(0, "W"))
    s.apply(DISCARD + 1)
    draw(s, "G1")
    s.apply(hint(0, "W"))
    s.apply(DISCARD + 2)
    assert s.current_player() == CHANCE and not s.lost


def test_rule_L4_an_empty_hand_can_only_hint_or_skip():
    s = game(2, ["W1 W2 W3 W4 W5", "R1 R2 R3 R4 R5"], LAST_BREATH)
    s.hands[0] = bytearray()  # as after a long last breath: seat 0 holds nothing
    legal = s.legal_actions()
    assert legal and all(a >= HINT for a in legal)
    s.hints = 0
    assert s.legal_actions() == [SKIP]
    assert s.describe(SKIP) == "No move: skip"
    rejects(s, PLAY, "No card there")
    s.apply(SKIP)
    assert s.current_player() == 1 and s.log[-3:] == bytes((0, SKIP, 0))
    rejects(s, SKIP, "Skip only with no move")


def test_rule_OP5_the_last_breath_always_ends():
    rng = Rng(55)
    for g in range(200):
        opts = LAST_BREATH | (g % 32 & ~LAST_BREATH)
        s = new_game(2 + g % 4, opts)
        steps = 0
        while s.current_player() != OVER:
            if s.current_player() == CHANCE:
                s.apply(rng.choose(s))
            else:
                legal = s.legal_actions()
                s.apply(legal[rng.below(len(legal))] if g % 2 else patient(s))
            steps += 1
            assert steps < 400
        assert s.lost or s.score() == 5 * s.colours


# ---------------------------------------------------------------- timed choreography (8.2)

def test_rule_C1_C4_OP6_an_announcement_is_optional_only_with_the_variant_and_a_real_colour():
    s = game(2, ["W1 W2 W3 W4 W5", "R1 R2 R3 R4 R5"])
    rejects(s, announce("W", 0), "Announcing is off")
    s = game(2, ["W1 W2 W3 W4 W5", "R1 R2 R3 R4 R5"], CHOREOGRAPHY)
    legal = s.legal_actions()
    assert PLAY in legal and all(announce(c, i) in legal for c in "WRBYG" for i in range(5))
    rejects(s, announce("M", 0), "No such colour")  # OP-6: rainbow only with the expansion
    assert s.describe(announce("B", 2)) == "Play card 3 as blue"
    s = game(2, ["W1 W2 W3 W4 W5", "R1 R2 R3 R4 R5"], CHOREOGRAPHY | RAINBOW)
    assert announce("M", 4) in s.legal_actions()


def test_rule_C2_a_right_announcement_regains_a_token_two_for_a_5():
    s = game(2, ["W1 W2 W3 W4 W5", "R1 R2 R3 R4 R5"], CHOREOGRAPHY)
    s.apply(hint(1, "R"))
    s.apply(hint(0, "W"))
    s.apply(hint(1, "1"))
    assert s.hints == 5
    s.apply(announce("R", 0))  # seat 1: R1, announced red
    assert s.fw[R] == 1 and s.hints == 6 and s.log[-2] == announce("R", 0)
    s.apply(s.legal_actions()[-1])
    for i in range(1, 4):  # R2..R4: seat 0 hints, seat 1 announces
        s.apply(hint(1, "5"))
        s.apply(announce("R", i))
        s.apply(s.legal_actions()[-1])
    assert s.fw[R] == 4 and s.hints == 6
    s.apply(hint(1, "5"))
    s.apply(announce("R", 4))  # R5: +1 announced, +1 completed
    assert s.fw[R] == 5 and s.hints == 7 and s.mistakes == 0


def test_rule_C2_the_bonus_stops_at_8():
    s = game(2, ["W1 W2 W3 W4 W5", "R1 R2 R3 R4 R5"], CHOREOGRAPHY)
    s.apply(announce("W", 0))
    assert s.fw[W] == 1 and s.hints == 8


def test_rule_C3_a_wrong_announcement_is_a_mistake_even_on_a_playable_card():
    s = game(2, ["W1 W2 W3 W4 W5", "R1 R2 R3 R4 R5"], CHOREOGRAPHY)
    s.apply(announce("R", 0))  # W1 announced red
    assert s.fw[W] == 0 and s.mistakes == 1 and list(s.discards) == ids("W1")
    assert s.log[-1] == cid("W1") | MISPLAY
    draw(s, "G1")
    s.apply(announce("R", 2))  # R3, right colour, not playable: one mistake only
    assert s.mistakes == 2 and s.hints == 8


# ---------------------------------------------------------------- rainbow (8.3)

def test_rule_R2_R3_rainbow_is_hinted_as_a_colour_and_is_a_sixth_firework():
    s = game(2, ["M1 W2 M3 W4 W5", "R1 R2 R3 R4 R5"], RAINBOW)
    s.apply(hint(1, "R"))
    s.apply(hint(0, "M"))
    assert s.log[-1] == 0b101
    assert s.view(0).colours_of[0][0] == 1 << M and s.view(0).colours_of[0][1] == 31
    s.apply(PLAY)
    assert s.fw[M] == 1 and s.view(0).fireworks == bytes((0, 0, 0, 0, 0, 1))
    assert s.view(0).max_score == 30
    s = new_game(2, RAINBOW)
    run(s, oracle, in_order(perfect_order(6)))
    assert s.score() == 30 and s.view(0).rating[0] == "Divine"


def test_rule_R4_a_discarded_rainbow_card_makes_30_impossible():
    s = game(2, ["M2 W2 M3 W4 W5", "R1 R2 R3 R4 R5"], RAINBOW | LAST_BREATH)
    s.apply(hint(1, "R"))
    s.apply(DISCARD)
    assert not s.lost  # seat 1 discarded R1 (a spare)
    draw(s, "G1")
    s.apply(hint(1, "2"))
    s.apply(hint(0, "M"))
    s.apply(DISCARD)  # M2: the only one
    assert s.current_player() == OVER and s.lost


def test_rule_R5_hand_sizes_and_tokens_unchanged():
    for seats, size in ((2, 5), (4, 4)):
        s = new_game(seats, RAINBOW)
        run(s, oracle, in_order(""), until=lambda t: t.phase == E.P_TURN)
        assert s.hand_size == size and s.hints == 8 and s.mistakes == 0


def test_rule_R7_OP7_rainbow_counts_as_every_colour_when_hinting():
    opts = RAINBOW | RAINBOW_WILD
    s = game(2, ["W1 W2 W3 W4 W5", "B1 M2 B3 R4 M5"], opts)
    rejects(s, hint(1, "M"), "Rainbow is never named")
    s.apply(hint(1, "B"))  # "3 blue cards" + the rainbow ones: 4 cards
    assert s.log[-1] == 0b10111
    both = 1 << B | 1 << M
    assert list(s.view(1).colours_of[1]) == [both, both, both, 63 & ~both, both]
    s.apply(hint(0, "W"))
    assert hint(1, "G") in s.legal_actions()  # rainbow-only hints are allowed
    s.apply(hint(1, "G"))
    assert s.log[-1] == 0b10010
    cm = s.view(0).colours_of[1]
    assert cm[1] == cm[4] == 1 << M and cm[0] == cm[2] == 1 << B  # two colours: rainbow
    s.apply(hint(0, "1"))
    s.apply(PLAY + 1)  # M2 builds only the rainbow firework (a mistake: no M1)
    assert s.mistakes == 1 and s.fw[B] == 0 and s.fw[M] == 0
    # RAINBOW_WILD alone brings the rainbow cards too.
    assert new_game(2, RAINBOW_WILD).colours == 6


# ---------------------------------------------------------------- digital notes (9)

def test_rule_9_1_OP3_the_newest_card_enters_at_the_left():
    s = game(2, ["W1 W2 W3 W4 W5", "R1 R2 R3 R4 R5"])
    s.apply(PLAY + 2)
    draw(s, "Y4")
    assert hand(s, 0) == "Y4 W1 W2 W4 W5"


def test_rule_9_3_9_4_OP11_views_of_other_seats_show_the_hand_hidden_from_its_holder():
    s = game(4, ["W1 W2 W3 W4", "R1 R2 R3 R4", "B1 B2 B3 B4", "Y1 Y2 Y3 Y4"])
    for p in range(4):
        v = s.view(p)
        assert [bytes(h) for i, h in enumerate(v.hands) if i != p] == [
            bytes(s.cards[x] for x in s.hands[i]) for i in range(4) if i != p]
        assert set(v.hands[p]) == {UNKNOWN}
        assert not hasattr(v, "left")  # the deck's contents would give the hand away


def test_rule_9_5_legal_actions_are_exactly_the_rule():
    # hint legal iff hints >= 1 and it points at a card (H6, R7); discard iff
    # hints <= 7 and a card; play iff a card; over random states of all variants.
    checked = 0
    for opts in range(ALL_OPTIONS):
        s = new_game(2 + opts % 4, opts)
        rng = Rng(opts)
        while s.current_player() != OVER and checked < 6000 * (opts + 1):
            if s.current_player() == CHANCE:
                s.apply(rng.choose(s))
                continue
            legal = set(s.legal_actions())
            for a in range(256):
                assert (a in legal) == rule_legal(s, a), (opts, a)
            checked += 1
            s.apply(mixed(s, rng))
    assert checked > 1000


def rule_legal(s, a):
    seat = s.turn
    h = [s.cards[x] for x in s.hands[seat]]
    wild = s.options & RAINBOW_WILD
    if PLAY <= a < PLAY + 8:
        return a - PLAY < len(h)
    if DISCARD <= a < DISCARD + 8:
        return a - DISCARD < len(h) and s.hints <= 7
    if ANNOUNCE <= a < HINT:
        c, i = divmod(a - ANNOUNCE, 8)
        return bool(s.options & CHOREOGRAPHY) and c < s.colours and i < len(h)
    if HINT <= a < 256:
        t, k = divmod(a - HINT, 16)
        if t >= s.seats or t == seat or s.hints < 1:
            return False
        if k < 8:
            if k >= s.colours or (wild and k == M):
                return False
            hits = [x for x in s.hands[t]
                    if s.cards[x] // 5 == k or (wild and s.cards[x] // 5 == M)]
        elif 9 <= k <= 13:
            hits = [x for x in s.hands[t] if s.cards[x] % 5 + 1 == k - VALUE]
        else:
            return False
        return bool(hits) or bool(s.options & EMPTY_HINTS)
    if a == SKIP:
        return not h and not any(rule_legal(s, b) for b in range(HINT, 256))
    return False


# ---------------------------------------------------------------- playouts

def mixed(s, rng):
    """Mostly the oracle, sometimes any legal action: long games with
    mistakes, hints of every kind and announcements."""
    legal = s.legal_actions()
    if rng.below(10) < 3:
        return legal[rng.below(len(legal))]
    a = oracle(s)
    if s.options & CHOREOGRAPHY and PLAY <= a < PLAY + 5 and rng.below(2):
        c = s.cards[s.hands[s.turn][a - PLAY]]
        return ANNOUNCE + 8 * (c // 5 if rng.below(4) else rng.below(s.colours)) + a - PLAY
    return a


def check(s):
    """The invariants of every state."""
    top = 6 if s.options & (RAINBOW | RAINBOW_WILD) else 5
    assert s.colours == top
    held = [s.cards[x] for h in s.hands for x in h]
    serials = [x for h in s.hands for x in h]
    assert len(serials) == len(set(serials))
    for c in range(30):
        n = copies(c) if c < 5 * top else 0
        played = 1 if s.fw[c // 5] > c % 5 else 0
        gone = sum(1 for d in s.discards if d == c)
        assert s.left[c] + held.count(c) + gone + played == n, c  # card conservation
    assert s.ndeck == sum(s.left) and len(s.cards) == 5 * (10 + (top == 6)) - s.ndeck
    assert 0 <= s.hints <= 8 and 0 <= s.mistakes <= 3
    assert all(0 <= v <= 5 for v in s.fw) and s.fw[5] == 0 or top == 6
    if s.mistakes == 3:
        assert s.current_player() == OVER and s.lost and s.score() == 0
    for h in s.hands:
        assert len(h) <= s.hand_size
        if s.ndeck and s.phase == E.P_TURN:
            assert len(h) == s.hand_size
        for x in h:  # knowledge consistent with the true card
            c = s.cards[x]
            assert could_be(s.kc[x], s.kv[x], c), (x, c, s.kc[x], s.kv[x])
            assert s.kc[x] & 64 == 0 and s.kv[x] & 96 == 0
    assert len(s.log) % 3 == 0 and all(s.log[j] < s.seats for j in range(0, len(s.log), 3))
    if s.final >= 0:
        assert s.ndeck == 0 and not s.options & LAST_BREATH and s.final <= s.seats


def playouts(games_per=1, seats_list=(2, 3, 4, 5)):
    """(options, seats, state) for every state of seeded mixed games in
    every variant combination."""
    for opts in range(ALL_OPTIONS):
        for seats in seats_list:
            for g in range(games_per):
                rng = Rng(1000 * opts + 10 * seats + g)
                s = new_game(seats, opts)
                steps = 0
                while True:
                    yield opts, seats, s
                    p = s.current_player()
                    if p == OVER:
                        break
                    s.apply(rng.choose(s) if p == CHANCE else mixed(s, rng))
                    steps += 1
                    assert steps < 400


def test_random_playouts_keep_every_invariant_in_every_variant_combination():
    ends = {}
    for opts, seats, s in playouts():
        check(s)
        if s.current_player() == OVER:
            key = ("lost" if s.lost else "won" if s.score() == 5 * s.colours else "end")
            ends[key] = ends.get(key, 0) + 1
            assert s.scores() == [s.score()] * seats
            v = s.view(0)
            assert v.rating == rating(v.score, v.max_score, v.lost, opts & LAST_BREATH)
            if opts & LAST_BREATH:
                assert v.lost or v.score == v.max_score  # L2
    assert sum(ends.values()) == ALL_OPTIONS * 4
    assert ends.get("lost", 0) > 10 and ends.get("won", 0) > 10 and ends.get("end", 0) > 10, ends


def swapped(s, seat, rng):
    """A copy of s in which the identities of seat's cards differ (drawn
    from the deck, or shuffled among themselves once it is empty)."""
    o = s.copy()
    h = o.hands[seat]
    for x in h:
        pool = [c for c in range(30) if o.left[c] and c != o.cards[x]]
        if pool:
            c = pool[rng.below(len(pool))]
            o.left[c] -= 1
            o.left[o.cards[x]] += 1
            o.cards[x] = c
    if not o.ndeck and len(h) > 1:
        first = o.cards[h[0]]
        for i in range(len(h) - 1):
            o.cards[h[i]] = o.cards[h[i + 1]]
        o.cards[h[-1]] = first
    return o


def test_a_view_never_shows_its_seat_its_own_cards():
    # Two states that differ only in the identities of one seat's cards give
    # that seat equal views (and the other seats different ones), while the
    # game is on (once it is over every card shows: the final board).
    rng = Rng(99)
    states = differ = 0
    for opts, seats, s in playouts():
        if s.phase != E.P_TURN:
            continue
        for seat in range(seats):
            o = swapped(s, seat, rng)
            if bytes(o.cards) == bytes(s.cards):
                continue
            assert vsig(o.view(seat)) == vsig(s.view(seat)), (opts, seats, seat)
            other = (seat + 1) % seats
            assert vsig(o.view(other)) != vsig(s.view(other))  # the test can see a change
            differ += 1
        states += 1
    assert states > 3000 and differ > 10000, (states, differ)


def test_illegal_actions_are_refused_with_a_reason_and_change_nothing():
    rng = Rng(5)
    reasons = set()
    tried = 0
    for opts, seats, s in playouts(seats_list=(2, 5)):
        if rng.below(4):
            continue
        legal = s.legal_actions()
        before = snap(s)
        for a in list(range(-3, 260)) + [1 << 40, -(1 << 40)]:
            if a in legal:
                continue
            with pytest.raises(IllegalMove) as exc:
                s.apply(a)
            reasons.add(str(exc.value))
            tried += 1
        assert snap(s) == before and s.legal_actions() == legal
    assert tried > 100000
    assert [r for r in reasons if len(r) > 26] == []  # one message line
    assert len(reasons) >= 12, reasons


def test_a_non_integer_action_is_refused_and_changes_nothing():
    class Int(int):
        pass

    bad = (None, 33.0, 32.0, "x", "32", True, False, b"\x20", [32], (32,), Int(32), 1j)
    rng = Rng(8)
    for opts in (0, RANDOM_START | CHOREOGRAPHY | RAINBOW):
        s = new_game(2, opts)
        while True:
            before = snap(s)
            for a in bad:
                with pytest.raises(IllegalMove) as exc:
                    s.apply(a)
                assert str(exc.value) == "A move is a whole number"
                assert snap(s) == before
            if s.current_player() == OVER:
                break
            s.apply(rng.choose(s) if s.current_player() == CHANCE else mixed(s, rng))


def test_replay_equals_play_and_copies_are_independent():
    n = 0
    rng = Rng(77)
    for opts in range(0, ALL_OPTIONS, 3):
        seats = 2 + opts % 4
        s = new_game(seats, opts)
        mid = None
        while s.current_player() != OVER:
            s.apply(rng.choose(s) if s.current_player() == CHANCE else mixed(s, rng))
            if mid is None and len(s.actions()) > 22:
                mid = (s.copy(), snap(s), s.actions())
        again = replay(seats, opts, s.actions())
        assert snap(again) == snap(s) and again.actions() == s.actions()
        assert [vsig(again.view(p)) for p in range(seats)] == [vsig(s.view(p)) for p in range(seats)]
        copy, before, acts = mid
        assert snap(copy) == before and copy.actions() == acts  # s went on alone
        assert snap(replay(seats, opts, acts)) == before
        while copy.current_player() != OVER:  # and the copy plays on alone
            copy.apply(copy.legal_actions()[-1])
        assert snap(s) == snap(again)
        n += 1
    assert n == 22


def test_view_containers_are_copies():
    s = game(2, ["W1 W2 W3 W4 W5", "R1 R2 R3 R4 R5"])
    s.apply(hint(1, "R"))
    before = snap(s)
    v = s.view(0)
    for name in ("hands", "serials", "colours_of", "values_of", "hinted"):
        for x in getattr(v, name):
            x[0] = 7
    for name in ("fireworks", "discards", "log"):
        getattr(v, name)[:] = b"\x09"
    assert snap(s) == before


def test_since_my_turn_is_what_the_others_did():
    s = game(3, ["W1 W2 W3 W4 W5", "R1 R2 R3 R4 R5", "B1 B2 B3 B4 B5"])
    assert s.view(0).since_my_turn() == []
    s.apply(hint(1, "R"))
    s.apply(PLAY)  # seat 1: R1
    draw(s, "G1")
    s.apply(DISCARD + 4)  # seat 2: B5 discarded
    draw(s, "G2")
    v = s.view(0)
    assert v.since_my_turn() == [(1, PLAY, cid("R1")), (2, DISCARD + 4, cid("B5"))]
    assert s.view(2).since_my_turn() == []  # seat 2 just acted
    s.apply(PLAY)  # seat 0: W1
    assert s.view(2).since_my_turn() == [(0, PLAY, cid("W1"))]
    assert s.view(1).since_my_turn() == [(2, DISCARD + 4, cid("B5")), (0, PLAY, cid("W1"))]
    assert v.events(1) == v.since_my_turn() and len(v.events()) == 3
    assert s.view(1).events(0)[0] == (0, hint(1, "R"), 31)
    assert v.playable(cid("R2")) and not v.playable(cid("R3")) and v.playable(cid("W1"))


def test_describe_never_names_a_hidden_card():
    texts = set()
    for seed in range(6):
        s = new_game(2 + seed % 4, CHOREOGRAPHY | RAINBOW | RANDOM_START)
        rng = Rng(seed)
        while s.current_player() != OVER:
            for a in s.legal_actions():
                t = s.describe(a)
                texts.add(t)
                assert not re.search(r"(white|red|blue|yellow|green|rainbow) [1-5]", t)
                assert not re.search(r"[WRBYGM][1-5]", t)
            s.apply(rng.choose(s) if s.current_player() == CHANCE else patient(s))
    assert s.describe(None) == "?" and s.describe(250) == "?"
    assert {"Play card 1", "P1 draws a card", "Hint P2: value 1", "Play card 2 as red"} <= texts
    assert any(t.startswith("Discard card") for t in texts)


# ---------------------------------------------------------------- module layout

def test_private_copies_of_the_engines_numbers_are_the_engines():
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
    assert checked >= 30


def test_every_module_is_small_enough_to_compile_on_the_device():
    # Compiling a .py on the device needs about 3 times its source at once.
    folder = os.path.dirname(E.__file__)
    for name in os.listdir(folder):
        if name.endswith(".py"):
            assert os.path.getsize(os.path.join(folder, name)) <= 8000, name


def test_mask_helpers():
    assert mask_list(0b101001) == [0, 3, 5] and mask_list(0) == []
    assert could_be(1 << R, 1 << 2, cid("R3")) and not could_be(1 << R, 1 << 1, cid("R3"))
