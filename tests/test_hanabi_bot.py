"""Hanabi's computer teammate (games/hanabi/bot.py, botread.py, botknow.py,
bothint.py; docs/hanabi-bot.md): legal whole games in every variant,
decisions from its own view only, determinism, its conventions (play
marks, delayed plays, saves, to the last breath), its reading of the log
(the same masks and hands as the engine's), a strength floor, and a
five-seat game under MicroPython within the 32 KB engine-and-bot heap."""

import os
import re
import statistics

import pytest

from kapsa.engine import CHANCE, OVER
from kapsa.rng import Rng
from kapsa.selfplay import play_out
from games.hanabi import bot
from games.hanabi import engine as E
from games.hanabi.botread import MARKED, Table
from games.hanabi.cards import copies

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODULES = ("bot.py", "botread.py", "botknow.py", "bothint.py", "bottwo.py")
VARIANTS = (0, E.LAST_BREATH, E.CHOREOGRAPHY, E.RAINBOW, E.RAINBOW | E.RAINBOW_WILD,
            63)


def cid(name):
    """"R3" -> the card's identity."""
    return "WRBYGM".index(name[0]) * 5 + int(name[1]) - 1


def hint(seat, what):
    k = E.VALUE + int(what) if what.isdigit() else "WRBYGM".index(what)
    return E.HINT + 16 * seat + k


def game(seats, hands, options=0):
    """A game whose seat p holds hands[p] (card names, left to right)."""
    s = E.new_game(seats, options)
    hands = [[cid(n) for n in h.split()] for h in hands]
    for r in range(s.hand_size):
        for p in range(seats):
            s.apply(hands[p][s.hand_size - 1 - r])
    return s


def ask(s):
    return bot.choose(s.view(s.current_player()), s.legal_actions())


def play(seats, options, seed, check=None):
    return play_out(E.new_game(seats, options), Rng(seed), [bot.choose] * seats, check)


def test_bot_plays_legal_whole_games_in_every_variant_at_2_to_5_seats():
    seen = set()

    def check(st, view, legal, action):
        assert action in legal
        if action >= E.HINT:
            seen.add("hint +%d" % (((action - E.HINT) // 16 - view.seat) % view.seats))
        else:
            seen.add(("play", "discard", "announce")[min(action // 8 - 4, 2)])

    for options in VARIANTS:
        for seats in (2, 3, 4, 5):
            st = play(seats, options, 7 * seats + options, check)
            assert st.current_player() == OVER
    assert seen == {"play", "discard", "announce", "hint +1", "hint +2", "hint +3", "hint +4"}


def test_bot_is_deterministic():
    def check(st, view, legal, action):
        assert bot.choose(st.view(st.current_player()), list(legal)) == action

    first = play(3, E.CHOREOGRAPHY | E.RAINBOW, 4, check).actions()
    assert play(3, E.CHOREOGRAPHY | E.RAINBOW, 4).actions() == first


def swapped(s, seat, rng):
    """A copy of s in which seat's own cards are other identities (from the
    deck, or shuffled among themselves once it is empty)."""
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


def test_bot_decides_from_its_view_only():
    # Two states that differ only in the identities of the deciding seat's
    # own cards: the same choice, at every decision of whole games.
    rng = Rng(3)
    differ = 0

    def check(st, view, legal, action):
        nonlocal differ
        seat = st.current_player()
        o = swapped(st, seat, rng)
        if bytes(o.cards) != bytes(st.cards):
            differ += 1
        assert bot.choose(o.view(seat), o.legal_actions()) == action

    for options in (0, 15):
        for seats in (2, 5):
            play(seats, options, seats + options, check)
    assert differ > 100


def test_bot_reads_the_log_to_the_engines_masks_and_hands():
    def check(st, view, legal, action):
        t = Table(view)
        for p in range(view.seats):
            assert bytes(t.hands[p]) == bytes(view.serials[p])
            for i, s in enumerate(view.serials[p]):
                assert t.kc[s] == view.colours_of[p][i]
                assert t.kv[s] == view.values_of[p][i]
                assert bool(t.fl[s] & 1) == bool(view.hinted[p][i])
        assert bytes(t.fw) == bytes(view.fireworks)

    for options in VARIANTS:
        play(3, options, 11 + options, check)


def test_bot_plays_the_card_a_hint_marked_playable():
    # Red is on 1; P1 hints P2 "red", pointing at R2 only: red is all P2
    # knows, but the hint's focus is marked to play, so P2 plays it.
    s = game(2, ["R1 W4 W4 B4 B4", "Y3 R2 Y4 G3 G4"])
    s.apply(E.PLAY + 0)
    s.apply(cid("Y3"))
    s.apply(hint(0, "4"))
    s.apply(hint(1, "R"))
    v = s.view(1)
    assert Table(v).fl[v.serials[1][1]] & MARKED
    assert ask(s) == E.PLAY + 1


def test_bot_announces_the_colour_it_knows_in_timed_choreography():
    s = game(2, ["W4 W4 B4 B4 Y4", "Y3 R1 Y4 G3 G4"], E.CHOREOGRAPHY)
    s.apply(hint(1, "R"))
    assert ask(s) == E.ANNOUNCE + 8 * 1 + 1  # red, position 1


def test_bot_saves_a_critical_5_on_the_next_players_chop():
    # P2 has nothing to play and B5 on its chop (the right end): P1 hints
    # it (value 5 or blue), a save.
    s = game(2, ["W1 R1 W2 W3 R4", "Y3 R3 Y4 G3 B5"])
    a = ask(s)
    assert a in (hint(1, "5"), hint(1, "B"))
    s.apply(a)
    v = s.view(1)
    t = Table(v)
    assert not t.fl[v.serials[1][4]] & MARKED  # a save, not a play
    assert t.fl[v.serials[1][4]] & 1


def test_bot_discards_its_chop_when_it_has_nothing_better():
    # P2's hand is touched nowhere; with 7 tokens, nothing to play and no
    # hint worth giving to P1 (all of P1's cards are useless 4s behind...),
    # P2 discards its oldest card (the right end).
    s = game(2, ["W4 W4 R4 R4 B4", "Y3 R3 Y4 G3 G4"])
    s.apply(hint(1, "4"))  # P2: Y4, G4 touched; 4s are not playable: a save
    a = ask(s)
    assert a == E.DISCARD + 3  # G3: the oldest card no hint touched


def test_private_const_copies_are_the_engines():
    for name in MODULES:
        src = open(os.path.join(ROOT, "games", "hanabi", name)).read()
        for const, value in re.findall(r"^_([A-Z_]+) = const\((\d+)\)", src, re.M):
            assert getattr(E, const) == int(value), (name, const)


def test_bot_modules_stay_small_enough_to_compile_on_the_device():
    for name in MODULES:
        assert os.path.getsize(os.path.join(ROOT, "games", "hanabi", name)) < 8000, name


def test_bot_mean_stays_above_its_floor():
    # A regression guard, not a benchmark: 50 seeded three-seat games
    # (tools/bench_hanabi.py has the 1,000-game figures).
    scores = [play(3, 0, seed).scores()[0] for seed in range(50)]
    assert statistics.mean(scores) >= FLOOR, statistics.mean(scores)


FLOOR = 23.6


def test_five_bots_play_to_the_end_under_micropython_in_32k():
    # The benchmark's guest with the gate's budget: automatic collection
    # off, gc.collect() only between two actions, the heap beyond 64 KB
    # filled with ballast once the imports are in (so one decision's
    # garbage must fit there too); the live heap after every action,
    # imports included, must stay within the 32 KB engine-and-bot budget.
    from test_micropython_gate import BUDGET, GUEST_HEAP, run_guest
    from tools.bench_hanabi import HEAP_GUEST

    seed = 2
    code = HEAP_GUEST % {"seats": 5, "options": 0, "seed": seed, "budget": BUDGET}
    out = run_guest(code, GUEST_HEAP)["stdout"].split()
    assert out[2] == "peak" and 20000 < int(out[3]) <= 32 * 1024
    st = play(5, 0, seed)
    assert out[out.index("actions") + 1] == bytes(st.actions()).hex()  # the same game
    assert st.current_player() == OVER and CHANCE != OVER


def test_a_hint_on_a_card_after_a_known_marked_card_reads_as_a_delayed_play():
    # Red is on 0. P2's R1 is marked by a "1" hint (a play), then P1 tells
    # P2 "red", touching R1 and a new R2: R1 is now known to everyone, so
    # the focus R2 reads as "play after R1", not as a save.
    s = game(2, ["W4 W4 B4 B4 Y4", "R2 G3 Y4 W3 R1"])
    s.apply(hint(1, "1"))  # R1 alone: a play of a 1
    s.apply(E.DISCARD + 3)  # P2 discards W3
    s.apply(cid("B3"))
    s.apply(hint(1, "R"))  # P1: red on R2 and the marked R1
    v = s.view(1)
    t = Table(v)
    r1 = v.serials[1][4]
    r2 = v.serials[1][1]
    assert t.ident(r1) == cid("R1")
    t.extend(r2)
    assert t.ext[1] == 1  # red counts as on 1 once the marked R1 is played
    assert t.fl[r2] & MARKED and bytes(t.pc[r2]) == bytes([cid("R2")])
    assert ask(s) == E.PLAY + 4  # R1 first; R2 waits for it


def test_bot_chooses_the_delayed_play_hint():
    # P1 holds nothing to play; P2 has a known R1 marked (red hint) and an
    # untouched R2: P1's best hint is the one that makes R2 a delayed play.
    s = game(2, ["W4 W4 B4 B4 Y4", "R2 G3 Y4 B3 R1"])
    s.apply(hint(1, "1"))  # R1 alone, a play; not yet known as red
    s.apply(hint(0, "4"))  # P2 hints back (4s: a save, nothing to play)
    a = ask(s)
    assert a in (hint(1, "R"), hint(1, "2"))
    s.apply(a)
    v = s.view(1)
    assert Table(v).fl[v.serials[1][0]] & MARKED


def test_last_breath_bot_hints_rather_than_discard_a_saved_card():
    # To the last breath, P1's hand is all touched (saved 5s and 4s) and it
    # has tokens and a harmless hint: it hints rather than discard one.
    s = game(2, ["W5 R5 B5 Y5 G5", "Y3 G3 Y4 B3 W2"], E.LAST_BREATH)
    s.apply(hint(1, "3"))
    s.apply(hint(0, "5"))
    a = ask(s)
    assert a >= E.HINT, a


def test_bot_tells_both_copies_of_a_card_when_both_are_touched():
    # P2's two R2s are touched by a "2" (nothing playable then: no mark).
    # Once red is on 1, "red" makes both certainly R2: one will be played
    # and the other is then known useless; the hint is worth giving (it
    # was refused as a double play before).
    s = game(2, ["R1 W4 B4 B4 Y4", "R2 R2 G3 Y4 B3"])
    s.apply(hint(1, "2"))
    v = s.view(1)
    assert not Table(v).fl[v.serials[1][0]] & MARKED
    s.apply(hint(0, "4"))
    s.apply(E.PLAY + 0)  # P1 plays R1 (unknown to it; the test does it)
    s.apply(cid("G4"))
    s.apply(hint(0, "4"))
    assert ask(s) == hint(1, "R")
    s.apply(hint(1, "R"))
    a = ask(s)
    assert a in (E.PLAY + 0, E.PLAY + 1)


def test_bot_saves_the_next_players_chop_before_a_play_hint_further_on():
    # Three seats: P2 has nothing to play and B5 on its chop; P3 holds R1.
    # P1 saves P2's B5 first (P3's R1 can wait a turn; a play hint for P2
    # would have done too).
    s = game(3, ["W4 W4 B4 B4 Y4", "Y3 R3 Y4 G3 B5", "R1 G4 G4 Y2 W3"])
    s.apply(hint(2, "4"))  # G4s touched, nothing marked; 7 tokens
    s.apply(hint(0, "4"))
    s.apply(hint(0, "W"))
    v = s.view(0)
    assert not Table(v).fl[v.serials[1][4]]
    a = ask(s)
    assert a in (hint(1, "5"), hint(1, "B")), a


def test_bot_hints_only_players_with_a_turn_left_in_the_final_round():
    from games.hanabi.bothint import best_hint, finish

    s = game(3, ["W4 W4 B4 B4 Y4", "Y3 R3 Y4 G3 G4", "R1 G4 B3 Y2 W3"])
    v = s.view(0)
    assert finish(best_hint(v, Table(v)))[1] in (hint(2, "R"), hint(2, "1"))
    v.final = 2  # this turn and the next player's are the game's last
    h = finish(best_hint(v, Table(v)))
    assert h is None or (h[1] - E.HINT) >> 4 == 1


def test_a_finesse_makes_the_next_player_play_its_newest_card_blind():
    # Three seats, nothing played. P2's R2 is told "red" by P1: read alone
    # it would be the red 1; but P2's newest untouched card (P2 sits
    # between) is the R1: a finesse, worth two plays for one hint. P2
    # plays its newest card blind at once; the blind R1 tells P3 that its
    # red card is the R2, which it then plays.
    s = game(3, ["W4 W4 B4 B4 Y4", "R1 G3 Y3 W3 B3", "R2 G4 Y2 W2 B2"])
    assert ask(s) == hint(2, "R")
    s.apply(hint(2, "R"))
    v = s.view(2)
    r2 = v.serials[2][0]
    assert bytes(Table(v).pc[r2]) == bytes([cid("R1")])  # as yet
    assert ask(s) == E.PLAY + 0  # P2, blind
    s.apply(E.PLAY + 0)
    s.apply(cid("G1"))
    v = s.view(2)
    assert bytes(Table(v).pc[r2]) == bytes([cid("R2")])
    assert ask(s) == E.PLAY + 0  # P3 plays its R2


def test_without_a_finesse_the_next_player_does_not_play_blind():
    # The same hint on a card that is the red 1: P2 sees it, no finesse.
    s = game(3, ["W4 W4 B4 B4 Y4", "R1 G3 Y3 W3 B3", "R1 G4 Y2 W2 B2"])
    s.apply(hint(2, "R"))
    assert ask(s) != E.PLAY + 0


def test_a_bluff_makes_the_next_player_play_blind_and_the_focus_wait():
    # The same hint, but P2's newest untouched card is the W1 (playable,
    # not the R1): P2 cannot tell, plays it blind; P3, seeing a blind
    # card played that is not the red 1, reads its red card as one above
    # a card playable then, the R2, and waits for the R1.
    s = game(3, ["W4 W4 B4 B4 Y4", "W1 G3 Y3 W3 B3", "R2 G4 G4 W5 Y4"])
    assert ask(s) == hint(2, "R")
    s.apply(hint(2, "R"))
    assert ask(s) == E.PLAY + 0  # P2, blind: the W1
    s.apply(E.PLAY + 0)
    s.apply(cid("G1"))
    v = s.view(2)
    r2 = v.serials[2][0]
    assert bytes(Table(v).pc[r2]) == bytes([cid("R2")])
    assert ask(s) != E.PLAY + 0  # P3 keeps its R2


def test_a_hint_that_shows_a_touched_card_does_not_ask_for_it_twice():
    # Blue is on 1. P2's B2 was touched by "blue" (beside the B1, the
    # focus). A "2" shows it is the B2 and touches a new Y2 too, the focus
    # (the newest card touched for the first time). The B2 is the only
    # playable 2, so the focus is not read as a second B2 to play: it is
    # kept, and the hint can be given.
    s = game(3, ["W4 W4 Y4 Y4 G4", "B1 G3 Y3 B2 W3", "R2 G4 R3 R4 W2"])
    s.apply(hint(1, "B"))  # P1: P2's B1 marked, its B2 touched
    s.apply(E.PLAY + 0)  # P2 plays the B1
    s.apply(cid("Y2"))
    s.apply(hint(0, "4"))  # P3: P1's chop, nothing to play: kept
    assert ask(s) == hint(1, "2")  # P1
    s.apply(hint(1, "2"))
    v = s.view(1)
    t = Table(v)
    y2, b2 = v.serials[1][0], v.serials[1][3]
    assert t.sure(b2)
    assert not t.fl[y2] & MARKED
    assert ask(s) == E.PLAY + 3  # P2 plays the B2, keeps the Y2


def test_a_colour_hint_prompts_a_touched_card_of_another_player():
    # Red is on 1. P2's R2 and B2 were touched by a "2" (no mark: nothing
    # playable then). P3 tells P1 "red" on a new R3: P2's touched card that
    # could be the red 2 (its newest, the R2) is prompted as the R2, and
    # P1's R3 reads as the red 3, one hint for two plays.
    s = game(3, ["R1 W4 B4 Y4 G4", "G4 R2 Y3 W3 B2", "Y1 G3 Y2 W2 B3"])
    s.apply(hint(1, "2"))  # P1: chop focus B2, not playable, not a save
    s.apply(hint(0, "R"))  # P2: P1's R1 marked
    s.apply(hint(0, "4"))  # P3
    s.apply(E.PLAY + 0)  # P1 plays R1
    s.apply(cid("R3"))
    s.apply(hint(0, "4"))  # P2: nothing new
    assert ask(s) == hint(0, "R")  # P3
    s.apply(hint(0, "R"))
    v = s.view(1)
    t = Table(v)
    r2, b2, r3 = v.serials[1][1], v.serials[1][4], v.serials[0][0]
    assert t.fl[r2] & MARKED and bytes(t.pc[r2]) == bytes([cid("R2")])
    assert not t.fl[b2] & MARKED
    assert t.fl[r3] & MARKED and bytes(t.pc[r3]) == bytes([cid("R3")])
    a = ask(s)  # P1: its R3 waits for the R2
    assert a != E.PLAY + 0
    s.apply(a)
    if a < E.HINT:
        s.apply(cid("G1"))
    assert ask(s) == E.PLAY + 1  # P2 plays the prompted R2


def test_a_player_with_only_a_delayed_play_gets_its_chop_saved_first():
    # P2's R2 waits for P3's known R1, so P2 has nothing to play on its
    # turn and would discard its chop, the G5: P1 saves it before playing
    # its own known B1.
    s = game(3, ["B1 W4 W4 Y4 Y4", "R2 Y3 W3 B3 G5", "R1 G3 Y2 W2 B4"])
    s.apply(hint(2, "R"))  # P1: P3's R1, known
    s.apply(hint(0, "B"))  # P2: P1's B1, known
    s.apply(hint(1, "R"))  # P3: P2's R2, a delayed play
    assert ask(s) in (hint(1, "5"), hint(1, "G"))


def test_the_teammate_thinks_a_part_a_frame_to_choose_s_action(monkeypatch):
    """think() (kapsa.moves steps it once a frame) reads the log 8 entries
    a step, then weighs the hints for one receiver a step, and yields
    what choose() would: the same action, from the same view."""
    from kapsa.rng import Rng
    from games.hanabi import bothint

    weighed = []  # the hands whose hints were weighed since the last step
    score = bothint._score

    def scored(view, t, h, *rest):
        weighed.append(id(h))
        return score(view, t, h, *rest)

    most = 0
    for seats in (3, 5):
        for seed in range(4):
            st = E.new_game(seats, 0)
            rng = Rng(seed)
            while st.current_player() != E.OVER and len(st.actions()) < 120:
                if st.current_player() == E.CHANCE:
                    st.apply(rng.choose(st))
                    continue
                view = st.view(st.current_player())
                legal = st.legal_actions()
                monkeypatch.setattr(bothint, "_score", scored)
                steps = []
                receivers = 0
                for step in bot.think(view, legal):
                    steps.append(step)
                    assert len(set(weighed)) <= 1  # one receiver's hints a step
                    receivers += len(set(weighed))
                    del weighed[:]
                monkeypatch.setattr(bothint, "_score", score)
                assert steps[:-1] == [None] * (len(steps) - 1)
                reading = len(view.log) // 3 // 8  # a part per 8 entries
                # + the table, and (unless one action is legal) one's own
                # cards, a save and each receiver
                assert reading + 1 <= len(steps) - 1 <= reading + 2 + seats
                most = max(most, receivers)
                assert steps[-1] == bot.choose(view, legal)
                st.apply(steps[-1])
    assert most >= 4  # five seats: four receivers weighed in parts of their own


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_the_benchs_smartbot_decks_are_the_decks_kapsas_games_draw(seats):
    # tools/bench_hanabi.py gives SmartBot deck(seed) as the deck of seed's
    # game: a paired comparison holds only if Kapsa's game draws just that.
    from tools.bench_hanabi import deck

    for seed in range(4):
        st = play_out(E.new_game(seats, 0), Rng(seed), [bot.choose] * seats)
        drawn = list(st.cards)
        assert len(drawn) > 40
        assert drawn == deck(seed)[:len(drawn)]
    assert sorted(deck(7)) == sorted(c for c in range(25) for _ in range(copies(c)))


def _marked_one_with_a_copy_played(mistake):
    # Three seats. P1 tells P3 "1" on G1 (every 1 playable then: a play).
    # P2 tells P1 "white" on its W1, P3 does something else, P1 plays the
    # W1: P3's card may now be a second W1, so it is no longer sure, but
    # 12 of the 14 cards it may be still play. With `mistake`, P2 then
    # plays a card that does not fit; else it hints.
    s = game(3, ["W1 R4 B4 B4 Y4", "Y3 G3 G4 R3 W4", "G1 W3 Y4 B3 R2"])
    s.apply(hint(2, "1"))  # P1: P3's G1, a play
    s.apply(hint(0, "W"))  # P2: P1's W1, a play
    s.apply(hint(1, "4"))  # P3
    s.apply(E.PLAY + 0)  # P1 plays the W1
    s.apply(cid("R4"))
    if mistake:
        s.apply(E.PLAY + 3)  # P2: R3, red is on 0
        s.apply(cid("R3"))
    else:
        s.apply(hint(0, "B"))
    return s


def test_a_marked_card_two_in_three_playable_is_tried_while_no_mistake_is_made():
    s = _marked_one_with_a_copy_played(False)
    v = s.view(2)
    t = Table(v)
    g1 = v.serials[2][0]
    assert t.fl[g1] & MARKED and not t.sure(g1)  # marked, no longer sure
    assert ask(s) == E.PLAY + 0
    s = _marked_one_with_a_copy_played(True)
    assert s.mistakes == 1 and s.current_player() == 2
    assert ask(s) != E.PLAY + 0  # one mistake made: no chances


def test_the_last_token_saves_a_later_players_last_copy_rather_than_hint_elsewhere():
    # Three seats, P2 to act with one token. P1 (two seats on) holds B5 on
    # its chop and nothing to play; P3 (next) holds an untouched R1. A
    # play hint for P3 is worth more, but it would leave no token to save
    # P1's B5: P2 saves it.
    s = game(3, ["Y4 Y4 G4 G4 B5", "W4 W4 R4 R4 W3", "R1 Y3 G3 B3 W2"])
    for a in (hint(1, "4"), hint(2, "3"), hint(0, "4"), hint(1, "R"), hint(2, "Y"),
              hint(0, "Y"), hint(2, "B")):
        s.apply(a)
    assert s.hints == 1 and s.current_player() == 1
    v = s.view(1)
    t = Table(v)
    assert not t.fl[v.serials[0][4]] and not t.fl[v.serials[2][0]]  # B5, R1 untouched
    assert not any(t.fl[x] & MARKED or t.sure(x) for x in v.serials[0])
    assert ask(s) in (hint(0, "5"), hint(0, "B"))
    # with a second token the play hint for P3 comes first
    s.hints = 2
    assert ask(s) in (hint(2, "R"), hint(2, "1"))
