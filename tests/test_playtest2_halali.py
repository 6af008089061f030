"""Play-testing round 2, Halali's points: each test is named after the
point it settles (test_playtest2_<n>_...) and plays it through the
runtime by presses (the headless rig and the Thumb of
tests/test_halali_screen.py) or through the engine.

2. A fox or hunter may cross the whole board to leave (rules F4, M3).
7. A hunter's rifle shows its direction by shape at 160 x 128.
8. A computer's news reads whole: one line, never cut mid-sentence.
13. Game 2's first computer move waits for the "Game 1 is over" banner.
"""

from harness import real_games
from kapsa.play import PlayScene
from test_halali_engine import position, sq
from test_halali_screen import Thumb, new_rig, wait

from games.halali import engine as E
from games.halali.engine import BLUE, BROWN, FOX, HUNTER, SINGLE


def halali():
    return [g for g in real_games() if g.name == "halali"][0]


def scene_at(state, bots=0, options=SINGLE):
    """A rig playing `state` (a position drawn in the engine tests' way)
    with two people, or computers where `bots` says: the runtime's driver
    and Halali's screen, on the rig's display."""
    rig = new_rig()
    play = PlayScene(rig.app, halali(), 2, options, bots, state=state)
    rig.app.push(play)
    wait(rig)
    return rig


# -- 2. leaving across the whole board (F4, M3)


def test_playtest2_2_a_fox_and_a_hunter_cross_the_whole_board_and_leave_by_presses():
    st = position("L...... ....... ....... ......F ....... ....... ...<..B", side=BLUE, final=8)
    rig = scene_at(st)
    play = rig.top
    s = play.screen
    thumb = Thumb(rig)
    thumb.steer(sq("g4"))
    rig.press("A")  # the fox picked up: the west exit is one of its targets
    assert s.sel == sq("g4") and E.EXIT + 3 in s.targets
    rig.press(*["LEFT"] * 7)  # over the row and onto the exit
    assert s.pos == E.EXIT + 3 and s.footer.text.endswith("A:leave B:back")
    rig.press("A")
    assert play.message.text == ""  # no refusal ("Foxes move 1 square" before)
    assert play.state.out[8 * BLUE + FOX] == 1 and play.state.board[sq("g4")] == 0
    wait(rig)
    thumb.steer(sq("d7"))  # Brown's hunter, aiming west, leaves north
    rig.press("A")
    assert s.sel == sq("d7") and E.EXIT in s.targets
    rig.press(*["UP"] * 7)
    assert s.pos == E.EXIT
    rig.press("A")
    assert play.message.text == ""
    assert play.state.out[8 * BROWN + HUNTER] == 1 and play.state.board[sq("d7")] == 0
