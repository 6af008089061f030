"""Play-testing, round 2: Hanabi's points, each test named after the
point it answers (3: one's own result shown; 12: the computer's
conventions in the pause menu's rules; 13: one's own cards at the end, the
"M" of the knowledge line explained; 15: the teammate's two-player rules in
games/hanabi/bottwo.py, the "2 save" and "the turns to spare")."""

import sys

from kapsa.gameover import FinalBoard, GameOver
from kapsa.passdevice import PassDevice
from kapsa.play import PlayScene

from games.hanabi import bot
from games.hanabi import engine as E
from games.hanabi import tiles as T
from games.hanabi.botread import MARKED, Table

from test_hanabi_bot import ask, cid, game, hint
from test_hanabi_bot import play as self_play
from test_hanabi_screen import Thumb, at_person, deal, resume, wait

W = [cid(n) for n in "W1 W2 W3 W4 W5".split()]


def ids(names):
    return [cid(n) for n in names.split()]


def dealt(anna, ben):
    """A two-seat deal in which Anna and Ben hold these hands, left to
    right (a hand dealt a, b, c, d, e reads e d c b a)."""
    return deal(list(reversed(ids(anna))), list(reversed(ids(ben))))


def at_table(rig):
    """At a person's decision, the log (if it opened) read."""
    play = at_person(rig)
    if play.screen.mode:
        rig.press("A")
    assert play.screen.mode == 0
    return play


def message(rig):
    return rig.top.message.text


# -- 3: one's own play or discard, shown before the game goes on


def test_playtest2_3_ones_own_play_shows_until_a_press_before_the_computer_moves():
    # Anna (a person) and Ben (a computer); Anna plays her white 1.
    rig = resume(dealt("W1 R3 B2 Y4 G4", "W2 R4 B4 Y3 G3"), bots=0b10)
    play = at_table(rig)
    assert play.deciding == 0
    before = len(play.state.actions())
    Thumb(rig).do(E.PLAY + 0)
    assert message(rig) == "You played white 1"  # not "P1 draws a card"
    assert "You played white 1" in rig.texts()
    rig.frames(40)  # the game waits on it: Ben has not moved
    assert message(rig) == "You played white 1"
    assert len(play.state.actions()) == before + 2  # the play and the draw
    rig.press("B")  # read: the next press goes on at once
    assert message(rig) == ""
    rig.until(lambda: len(play.state.actions()) > before + 2, 60)
    # Anna's next turn: the log starts with her own move
    at_person(rig)
    s = play.screen
    assert s.mode == 1 and s.fresh
    assert s.log[0][0] == "You played white 1"
    assert s.log[1][0].startswith("Ben ")


def test_playtest2_3_without_a_press_the_computer_moves_two_seconds_later():
    rig = resume(dealt("W1 R3 B2 Y4 G4", "W2 R4 B4 Y3 G3"), bots=0b10)
    play = at_table(rig)
    before = len(play.state.actions())
    Thumb(rig).do(E.PLAY + 0)
    frames = 0
    while len(play.state.actions()) <= before + 2:
        rig.frames(1)
        frames += 1
        assert frames < 100
    assert frames >= 58  # the result stayed 2 s (60 frames) before Ben moved


def test_playtest2_3_a_misplay_names_the_card_and_the_mistake_in_red():
    rig = resume(dealt("R3 W1 B2 Y4 G4", "W2 R4 B4 Y3 G3"), bots=0b10)
    play = at_table(rig)
    Thumb(rig).do(E.PLAY + 0)
    assert message(rig) == "You misplayed red 3 (mistake 1 of 3)"
    assert "You misplayed red 3.." in rig.texts()  # its first page
    assert play.message.label.background == 0xFF5A5A  # ui.BAD, the line in red


def test_playtest2_3_with_several_people_the_result_shows_before_the_device_is_passed():
    # Two people: Anna told Ben a colour, Ben told Anna one; Anna discards
    # her blue 2. She sees it on the table before the pass screen comes,
    # and Ben, after it, does not see her "You".
    actions = dealt("W1 R3 B2 Y4 G4", "W2 R4 B4 Y3 G3") + [
        E.HINT + 16 * 1 + 0, E.HINT + 16 * 0 + 1]
    rig = resume(actions)
    play = at_table(rig)
    assert play.deciding == 0
    Thumb(rig).do(E.DISCARD + 2)
    assert isinstance(rig.top, PlayScene)
    assert "You discarded blue 2" in rig.texts()
    rig.frames(30)
    assert isinstance(rig.top, PlayScene) and "You discarded blue 2" in rig.texts()
    rig.until(lambda: isinstance(rig.top, PassDevice), 60)
    assert not any("You discarded" in t for t in rig.texts())
    rig.press("A")  # Ben
    wait(rig)
    assert play.deciding == 1
    texts = rig.texts()
    assert not any(t.startswith("You discarded") for t in texts)
    assert "Anna discarded blue 2" in texts  # in Ben's log
    assert message(rig) == ""


def test_playtest2_3_the_pause_menu_keeps_the_result_for_its_person_only():
    # Anna pauses while her discard is told: back from the menu it is
    # still hers to read; Ben, after the pass screen, does not see it.
    actions = dealt("W1 R3 B2 Y4 G4", "W2 R4 B4 Y3 G3") + [
        E.HINT + 16 * 1 + 0, E.HINT + 16 * 0 + 1]
    rig = resume(actions)
    play = at_table(rig)
    Thumb(rig).do(E.DISCARD + 2)
    rig.press("START")
    rig.settle()
    rig.press("A")  # Resume
    rig.settle()
    assert rig.top is play and "You discarded blue 2" in rig.texts()
    rig.until(lambda: isinstance(rig.top, PassDevice), 90)
    rig.press("A")  # Ben
    wait(rig)
    assert play.deciding == 1
    assert message(rig) == ""
    assert not any(t.startswith("You discarded") for t in rig.texts())


def test_playtest2_3_the_move_that_loses_the_game_is_on_the_game_over_screen():
    # Two mistakes made; Anna plays her white 5, its only copy, for the
    # third: the game-over scene says so.
    actions = dealt("W5 W4 W3 W2 W1", "R5 R4 R3 R2 R1") + [
        E.PLAY + 1, cid("B3"), E.PLAY + 0, cid("G3")]
    rig = resume(actions)
    play = at_table(rig)
    assert play.deciding == 0 and play.state.mistakes == 2
    Thumb(rig).do(E.PLAY + 1)
    rig.until(lambda: isinstance(rig.top, GameOver) and rig.app.frame >= rig.top.until, 50)
    texts = rig.texts()
    assert "Anna misplayed white 5" in texts
    assert any(t.startswith("Lost 0/25") for t in texts)


# -- 12: how the computer plays, in the pause menu's rules


def open_hanabi_rules(rig):
    rig.press("START")
    rig.settle()
    rig.press("DOWN", "A")  # Resume, Rules
    rig.settle()
    rig.frames(1)
    reader = rig.top
    # kapsa.reader as imported now: a test of a game's VM on the device
    # (test_runtime.py) lets the rules' modules go, as the device does.
    from kapsa.reader import TextScene

    assert isinstance(reader, TextScene) and reader.labels
    return reader


def test_playtest2_12_the_rules_say_how_the_computer_plays():
    rig = resume(dealt("W1 R3 B2 Y4 G4", "W2 R4 B4 Y3 G3"), bots=0b10)
    at_person(rig)
    reader = open_hanabi_rules(rig)
    lines = reader.lines
    text = " ".join(lines)
    for words in ("HOW THE COMPUTER PLAYS", "Chop: the oldest card", "Play hint:",
                  "Save hint: a hint on your chop means keep it, not play it",
                  "Finesse:", "Prompt:", "Two players: a 2 on a chop is saved",
                  "few turns to spare"):
        assert words in text, words
    assert all(len(line) <= 25 for line in lines)  # the reader's width
    # scrolled to by presses, a line at a time
    start = lines.index("HOW THE COMPUTER PLAYS")
    rig.press(*["DOWN"] * start)
    assert rig.texts()[2] == "HOW THE COMPUTER PLAYS"


# -- 13: the end shows one's own cards; "M" explained


def test_playtest2_13_the_final_board_shows_ones_own_cards():
    actions = dealt("W5 W4 W3 W2 W1", "R5 R4 R3 R2 R1") + [
        E.PLAY + 1, cid("B3"), E.PLAY + 0, cid("G3")]
    rig = resume(actions)
    at_table(rig)
    Thumb(rig).do(E.PLAY + 1)  # the third mistake
    rig.until(lambda: isinstance(rig.top, GameOver) and rig.app.frame >= rig.top.until, 50)
    play = rig.top.play
    rig.press("A")  # Anna's final board
    assert isinstance(rig.top, FinalBoard)
    s = play.screen
    own = s.hands[play.seats - 1]  # her own row, the last
    hand = ids("B3 W3 W2 W1")
    assert [own[3 * i] for i in range(4)] == [T.face(c) for c in hand]
    assert T.BACK not in [own[3 * i] for i in range(4)]
    assert list(play.state.view(0).hands[0]) == hand
    # ...while the game is on, a seat still sees backs
    live = E.replay(2, 0, actions).view(0)
    assert set(live.hands[0]) == {E.UNKNOWN}


def test_playtest2_13_the_rules_say_what_m_is():
    rig = resume(dealt("W1 R3 B2 Y4 G4", "W2 R4 B4 Y3 G3"), bots=0b10)
    at_person(rig)
    text = " ".join(open_hanabi_rules(rig).lines)
    assert "M multicolour (rainbow)" in text
    assert "W white, R red, B blue, Y yellow, G green," in text


# -- 15: the two-player rules in bottwo.py


def test_playtest2_15_the_2_save(monkeypatch):
    # Two players; Ben has nothing to play and a red 2 on his chop, no red
    # 2 is gone and Anna sees no other: she saves it with "2" (read as a
    # save, not a play), though a "3" touches two cards.
    from games.hanabi import bottwo

    s = game(2, ["W1 R1 B1 Y1 G1", "Y3 G4 W3 B4 R2"])
    assert ask(s) == hint(1, "2")
    s.apply(hint(1, "2"))
    v = s.view(1)
    r2 = v.serials[1][4]
    assert Table(v).fl[r2] & 1 and not Table(v).fl[r2] & MARKED
    # the rule is bottwo's: without it the 2 is one touched card among others
    s = game(2, ["W1 R1 B1 Y1 G1", "Y3 G4 W3 B4 R2"])
    monkeypatch.setattr(bottwo, "lone2", lambda t, hand, c: False)
    assert ask(s) == hint(1, "3")


def test_playtest2_15_a_hint_that_moves_the_chop_onto_a_2_save_weighs_minus_4(monkeypatch):
    # Ben's chop is a blue 4; "4" touches three 4s but moves his chop onto
    # a red 2 like that, with nothing to play: -4, and Anna tells "2".
    from games.hanabi import bottwo

    s = game(2, ["W1 R1 B1 Y1 G1", "Y3 G4 W4 R2 B4"])
    assert ask(s) == hint(1, "2")
    monkeypatch.setattr(bottwo, "lone2", lambda t, hand, c: False)
    assert ask(s) == hint(1, "4")


def test_playtest2_15_the_turns_to_spare():
    from games.hanabi import bottwo

    s = game(2, ["W1 R1 B1 Y1 W5", "Y3 G4 W3 B4 R2"])
    v = s.view(0)
    t = Table(v)
    assert bottwo.spare(v, t) == 40 + 2 - 25  # to draw, the final round, points
    s.apply(hint(1, "3"))
    s.apply(hint(0, "1"))
    s.apply(E.DISCARD + 4)  # the white 5: a point lost, a card drawn
    s.apply(cid("G1"))
    v = s.view(1)
    assert bottwo.spare(v, Table(v)) == 39 + 2 - 24
    s.apply(hint(0, "1"))
    s.apply(E.DISCARD + 0)  # a white 1: one turn spent
    s.apply(cid("G2"))
    v = s.view(1)
    t = Table(v)
    assert bottwo.spare(v, t) == 38 + 2 - 24 == 16
    # a hint before a discard: from a deck of 3 any hint, and a hint worth
    # something once the turns to spare are 4 or fewer
    v.deck = 30
    assert not bottwo.stall(v, t, 5)
    v.deck = 6  # 6 + 2 - 24: none to spare
    assert bottwo.stall(v, t, 1) and not bottwo.stall(v, t, 0)
    v.deck = 3
    assert bottwo.stall(v, t, 0)


def test_playtest2_15_the_turns_to_spare_turn_discards_into_hints(monkeypatch):
    # Whole two-player games: some decisions are hints only because the
    # turns to spare are 4 or fewer (a discard with the rule taken out).
    from games.hanabi import bottwo

    changed = []
    real = bottwo.spare

    def check(st, view, legal, action):
        seat = st.current_player()
        monkeypatch.setattr(bottwo, "spare", lambda v, t: 99)
        other = bot.choose(st.view(seat), list(legal))
        monkeypatch.setattr(bottwo, "spare", real)
        if other != action:
            v = st.view(seat)
            changed.append((action, other, v.deck, real(v, Table(v))))

    for seed in range(12):
        self_play(2, 0, seed, check)
    assert changed
    for action, other, deck, spare in changed:
        assert action >= E.HINT and E.DISCARD <= other < E.ANNOUNCE
        assert deck > 3 and spare <= 4


def test_playtest2_15_the_two_player_rules_are_imported_only_when_two_play(monkeypatch):
    import games.hanabi

    monkeypatch.delitem(sys.modules, "games.hanabi.bottwo", raising=False)
    monkeypatch.delattr(games.hanabi, "bottwo", raising=False)
    for seats in (3, 4, 5):
        self_play(seats, 0, seats)
        assert "games.hanabi.bottwo" not in sys.modules
    st = self_play(2, 0, 1)
    assert st.current_player() == E.OVER
    assert "games.hanabi.bottwo" in sys.modules
