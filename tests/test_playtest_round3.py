"""Play-testing round 3: points a person found playing in the simulator's
window. Each is shown through the runtime (presses on a headless board,
tests/harness.py's Rig, or the device's restarts as tests/test_runtime.py
makes them); the test names carry the point's number.

1. The launcher opens on the game a person was playing, not on Qwinto.
2. "Save and quit" before the first move leaves the game to resume.
3. Back from the pause menu, the screen is never blank while the game's
   screen is made anew.
4. A quick A at the end does not skip the game-over scores.
5. Halali: one's own turned tile shows before the computer moves.
6. Halali: the cursor on the east exit leaves the panel readable.
7. The final boards' footers say what B does.
8. The game-over scene opens on the person's seat.
"""

import pytest

from harness import Rig, memory_store, real_games
from test_playtest_round2 import no_pixels, start_game


def names():
    return [g.name for g in real_games()]


def play_to_the_end(rig, play):
    """People's moves by their bot, through try_action (what a press
    does); the game-over scene once it shows."""
    from kapsa.gameover import GameOver

    for _ in range(100000):
        if isinstance(rig.top, GameOver):
            return rig.top
        if rig.top is not play or play.screen.holding:  # the pass screen, Halali's banner
            rig.press("A")
        elif play.deciding is not None and getattr(play.screen, "mode", 0):
            rig.press("A")  # Hanabi's log of what happened since one's turn, read
        elif play.deciding is not None and not play.wait:
            state = play.state
            play.try_action(play.bot.choose(state.view(play.deciding), state.legal_actions()))
        else:
            rig.frames(1)
    raise AssertionError("the game did not end")


# -- 1: the launcher opens on the game a person was playing


def test_playtest3_1_the_launcher_opens_on_the_game_with_a_save():
    """Hanabi has a game in progress (Qwinto, first in the box, none): the
    cursor opens on Hanabi, and A, A resumes it."""
    from kapsa.play import PlayScene

    store = memory_store()
    store.save_game("hanabi", 2, 0, 0b10, [])
    rig = Rig(games=real_games(), store=store)
    no_pixels(rig)
    assert rig.top.menu.cursor == names().index("hanabi")
    assert rig.texts()[1 + rig.top.menu.cursor] == "Hanabi  > Resume"
    rig.press("A", "A")  # > Resume, Resume
    assert isinstance(rig.top, PlayScene) and rig.top.info.name == "hanabi"


def boot(saves, supervisor):
    """code.py at power-up or after a restart, with the real games."""
    import os

    from kapsa.boards import desktop
    from kapsa.main import make_app
    from kapsa.relaunch import Relauncher

    root = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "games")
    app = make_app(desktop.build(headless=True), saves_dir=str(saves), games_dir=root, seed=1,
                   relauncher=Relauncher(str(saves), supervisor))
    app.display.refresh = lambda **_kwargs: True  # (no pixels: see no_pixels)
    return app


def tap(app, *keys):
    from kapsa.boards import scripted

    for key in keys:
        app.buttons.source.tap(scripted.mask_of(key))
        app.step()


@pytest.fixture
def modules_kept():
    """A game alone in its VM lets the pause menu's modules go
    (kapsa.forget): put them back for the tests after, whose classes
    come from them."""
    import sys

    kept = dict(sys.modules)
    yield
    for name in list(sys.modules):
        if name not in kept:
            del sys.modules[name]
    sys.modules.update(kept)


def test_playtest3_1_on_the_device_the_launcher_opens_on_the_game_last_played(tmp_path,
                                                                               modules_kept):
    """Qwinto and Halali both have a game in progress. The person resumes
    Halali (its own VM, as on the device) and saves and quits: the
    launcher's fresh VM opens on Halali, and so does it after the power
    goes, where A, A resumes it."""
    from kapsa.launcher import Launcher
    from kapsa.play import PlayScene
    from kapsa.store import FolderMedium, Store
    from test_runtime import FakeSupervisor

    store = Store(FolderMedium(str(tmp_path)))
    store.save_game("qwinto", 1, 0, 0, [])
    store.save_game("halali", 2, 1, 0b10, [])
    supervisor = FakeSupervisor()
    app = boot(tmp_path, supervisor)
    halali = names().index("halali")
    assert app.top.menu.cursor == 0  # Qwinto: the first game with a save
    while app.top.menu.cursor != halali:
        tap(app, "DOWN")
    tap(app, "A", "A")  # > Resume, Resume
    assert supervisor.reloads == 1
    game = boot(tmp_path, supervisor)
    for _ in range(20):
        game.step()
    assert isinstance(game.top, PlayScene) and game.top.info.name == "halali"
    tap(game, "START")
    for _ in range(6):
        game.step()  # the pause menu, a module a frame
    tap(game, "DOWN", "DOWN", "DOWN", "A")  # Save and quit
    assert supervisor.reloads == 2
    for _ in range(2):  # back to the launcher, then the power goes
        launcher = boot(tmp_path, supervisor)
        assert isinstance(launcher.top, Launcher)
        assert launcher.top.menu.cursor == halali
    tap(launcher, "A", "A")
    assert supervisor.reloads == 3
    assert (tmp_path / "next-game.txt").read_text() == "halali"


def test_playtest3_1_the_cursor_stays_where_the_person_leaves_it():
    """Once shown, the launcher keeps the person's cursor: back from a
    game's setup (B), it is where they left it."""
    store = memory_store()
    store.save_game("hashi", 1, 0, 0, [])
    rig = Rig(games=real_games(), store=store)
    assert rig.top.menu.cursor == names().index("hashi")
    rig.press("DOWN", "DOWN", "A")  # Halali's setup
    rig.press("B")
    assert rig.top.menu.cursor == names().index("halali")


# -- 2: "Save and quit" always leaves a game to resume


def test_playtest3_2_save_and_quit_before_the_first_move_leaves_a_game_to_resume():
    """Each game started from its setup, paused at the first decision of
    the person, "Save and quit": the launcher offers "> Resume", which
    opens the same game (Qwinto and Hashi solo: nothing has happened yet)."""
    from kapsa.launcher import Launcher, Setup
    from kapsa.play import PlayScene

    for game in names():
        rig = Rig(games=real_games())
        no_pixels(rig)
        while rig.top.menu.cursor != names().index(game):
            rig.press("DOWN")
        rig.press("A")
        assert isinstance(rig.top, Setup)
        rig.press("A")  # Start game, as setup opens
        play = rig.top
        assert isinstance(play, PlayScene)
        rig.until(lambda: play.deciding is not None and not play.wait)
        before = play.state.actions()
        rig.press("START")
        rig.settle()
        rig.press("DOWN", "DOWN", "DOWN", "A")  # Save and quit
        assert isinstance(rig.top, Launcher)
        assert rig.texts()[1 + names().index(game)].endswith("> Resume"), game
        rig.press("A", "A")  # the cursor is on it: > Resume, Resume
        assert isinstance(rig.top, PlayScene) and rig.top.info.name == game
        assert rig.top.state.actions() == before


# -- 3: back from the pause menu, never a blank screen


def colours(rig):
    return len(set(rig.board.display.frame))


def test_playtest3_3_back_from_the_pause_menu_the_menu_stays_until_the_board_shows():
    """The game's screen is let go while the pause menu is up and made
    anew after it, a part a frame (Qwinto: four frames, longer on the
    device). Those frames used to show the game's scene with no screen
    in it: black. Now the display keeps the menu until the board is
    made, then shows the board at once."""
    for game, seats, bots in (("qwinto", 1, 0), ("hashi", 1, 0), ("hanabi", 2, 0b10),
                              ("halali", 2, 0b10)):
        rig = Rig(games=real_games(), seed=5)
        play = start_game(rig, game, seats, bots, pixels=True)
        rig.until(lambda: play.deciding is not None and not play.wait)
        board = colours(rig)
        rig.press("START")
        rig.settle()
        menu = list(rig.board.display.frame)
        assert "Resume" in rig.texts() and colours(rig) > 2
        rig.press("A")  # Resume
        frames = 0
        while play.remaking:
            assert rig.board.display.frame == menu, (game, frames)  # not blanked
            rig.frames(1)
            frames += 1
        assert frames >= 2, game  # (it is made over frames)
        assert rig.board.display.frame != menu and colours(rig) == board, game


# -- 4: a quick A at the end does not skip the scores


def last_move_ahead(game, seats, bots, options=0, seed=3):
    """The actions of a game played by its bot (chance by an Rng) up to
    the last decision: the next action of a person ends the game."""
    import importlib

    from kapsa.engine import CHANCE, OVER
    from kapsa.rng import Rng

    engine = importlib.import_module("games.%s.engine" % game)
    bot = importlib.import_module("games.%s.bot" % game)
    state = engine.new_game(seats, options)
    rng = Rng(seed)
    while True:
        seat = state.current_player()
        action = (rng.choose(state) if seat == CHANCE
                  else bot.choose(state.view(seat), state.legal_actions()))
        after = state.copy()
        after.apply(action)
        if after.current_player() == OVER and seat >= 0 and not bots & 1 << seat:
            return state.actions()
        assert after.current_player() != OVER, "a computer ended it: another seed"
        state.apply(action)


def test_playtest3_4_a_quick_a_after_qwintos_last_move_leaves_the_scores_up():
    """Solo Qwinto, its last entry made by presses; A pressed in the very
    next frame, and again a few frames later, as a quick thumb does: the
    scores stay. A deliberate A once they show opens the final sheet."""
    from kapsa.gameover import GUARD, FinalBoard, GameOver
    from test_qwinto_screen import Thumb

    store = memory_store()
    store.save_game("qwinto", 1, 0, 0, last_move_ahead("qwinto", 1, 0))
    rig = Rig(games=real_games(), store=store)
    no_pixels(rig)
    rig.press("A", "A")  # the cursor is on Qwinto: > Resume, Resume
    play = rig.top
    rig.until(lambda: play.deciding is not None and not play.wait)
    Thumb(rig).decide(then_wait=False)  # its last A ends the game
    assert isinstance(rig.top, GameOver)
    scores = rig.texts()
    for wait in (0, 3, 5):  # the next frame, and a few later
        rig.frames(wait)
        rig.press("A")
        assert isinstance(rig.top, GameOver) and rig.texts() == scores, wait
    rig.press("B")  # (nor does a quick B leave them)
    assert isinstance(rig.top, GameOver)
    rig.frames(GUARD)
    rig.press("A")  # now: the sheet
    assert isinstance(rig.top, FinalBoard)
    rig.press("B")
    rig.press("B")  # and B leaves
    assert not isinstance(rig.top, GameOver)


def test_playtest3_4_an_a_held_after_the_last_move_does_not_open_the_board():
    """A pressed right after the last move and held through the guard is
    not a new press once the scores are taken: they stay until A is
    pressed again."""
    from kapsa.boards import scripted
    from kapsa.gameover import GUARD, FinalBoard, GameOver
    from test_qwinto_screen import Thumb

    store = memory_store()
    store.save_game("qwinto", 1, 0, 0, last_move_ahead("qwinto", 1, 0, seed=4))
    rig = Rig(games=real_games(), store=store)
    no_pixels(rig)
    rig.press("A", "A")
    play = rig.top
    rig.until(lambda: play.deciding is not None and not play.wait)
    Thumb(rig).decide(then_wait=False)
    assert isinstance(rig.top, GameOver)
    rig.source.hold(scripted.mask_of("A"))
    rig.frames(GUARD + 10)
    rig.source.release(scripted.mask_of("A"))
    rig.frames(2)
    assert isinstance(rig.top, GameOver)
    rig.press("A")
    assert isinstance(rig.top, FinalBoard)


# -- 5: Halali, one's own turned tile before the computer's move


def halali_turn_over(seed=5):
    """Ana (Blue, a person) against Ben (computer), a single game: Ana
    turns a face-down tile over by presses. The rig, the square, and the
    actions before."""
    from games.halali import engine as E
    from test_halali_screen import Thumb

    rig = Rig(games=real_games(), seed=seed)
    rig.app.settings.names = ["Ana", "Ben"]
    play = start_game(rig, "halali", 2, 0b10, options=1)
    rig.until(lambda: play.deciding == 0 and not play.wait)
    square = [a for a in play.state.legal_actions() if a < E.EXIT][0]
    Thumb(rig).steer(square)
    count = len(play.state.actions())
    rig.press("A")
    assert play.state.actions()[count] == square  # turned
    rig.until(lambda: len(play.state.actions()) == count + 2, 3)  # drawn in a frame of its own
    assert len(play.state.actions()) == count + 2
    return rig, play, square, count + 2


def test_playtest3_5_halali_ones_own_turned_tile_shows_before_the_computer_moves():
    """What Ana turned, and the news of it, stay for 2 s (it was 0.6 s:
    the computer's move and its news came over them) and then Ben moves."""
    from games.halali import engine as E
    from games.halali.tiles import square_name

    rig, play, square, n = halali_turn_over()
    news = play.message.text
    assert news.startswith(square_name(square) + " is ")
    for frame in range(55):  # 1.8 s
        rig.frames(1)
        assert len(play.state.actions()) == n, frame  # Ben waits
        assert play.message.text == news and news in rig.texts(), frame
        assert play.screen.view.board[square] != E.DOWN  # the tile shows, face up
    rig.until(lambda: len(play.state.actions()) > n, 60)
    assert play.message.text.startswith("Ben: ")


def test_playtest3_5_halali_a_press_after_reading_lets_the_computer_go_on():
    """A press once the tile is read: Ben moves at once (his thinking's
    frames), and his own turned tiles keep the driver's pace."""
    from kapsa.play import BOT_FRAMES, CHANCE_FRAMES

    rig, play, square, n = halali_turn_over()
    rig.frames(3)
    rig.press("B")  # read
    assert play.wait == 0  # the hold is over: Ben thinks now, a part a frame
    rig.until(lambda: len(play.state.actions()) > n, 30)  # Ben moves, well before 60
    assert play.message.text.startswith("Ben: ")
    rig.until(lambda: play.deciding == 0, BOT_FRAMES + CHANCE_FRAMES + 10)


# -- 6: Halali, the cursor on the east exit and the panel


def panel_pixels(rig):
    from games.halali import board

    d = rig.board.display
    return [d.pixel(x, y) for y in range(128) for x in range(board.PX, 160)]


def test_playtest3_6_halali_cursor_on_the_east_exit_leaves_the_panel_readable():
    """Final phase, the cursor from the east exit square (the middle of
    the east side) onto the exit: the
    panel beside it (Ben's name, Brown's points) is drawn exactly as with
    the cursor on the board, and the exit's notch is lit instead."""
    from games.halali import board
    from games.halali import engine as E
    from games.halali.tiles import EXITS
    from test_halali_engine import position
    from test_halali_screen import Thumb
    from test_playtest2_halali import scene_at

    st = position("L...... ....... ....... ......F ....... ....... ...<..B", side=E.BLUE, final=8)
    rig = scene_at(st)
    s = rig.top.screen
    thumb = Thumb(rig)
    thumb.steer(EXITS[1])  # the east exit square
    rig.frames(1)
    beside = panel_pixels(rig)
    assert "Ben" in rig.texts() and not s.cursor.hidden
    rig.press("RIGHT")  # onto the exit
    assert s.pos == E.EXIT + 1
    assert panel_pixels(rig) == beside
    assert s.notches[1].pixel_shader[0] == board._PATH_CURSOR
    lit = rig.board.display.pixel(board.PX - 3, board.BY + 3 * 14 + 6)  # in the notch
    assert lit >> 16 > 0xF0 and lit >> 8 & 0xFF > 0xC0 and lit & 0xFF < 0x50  # yellow
    rig.press("LEFT")  # back: the notch open again, the frame on the square
    assert s.notches[1].pixel_shader[0] == board._PATH_OPEN and not s.cursor.hidden
    assert panel_pixels(rig) == beside


# -- 7: the final boards say what B does


def final_board(game, seats, bots, seed=2):
    """The rig on the first person's final board, A from the scores."""
    from kapsa.gameover import GUARD, FinalBoard

    rig = Rig(games=real_games(), seed=seed)
    rig.app.settings.names = ["Ana", "Ben", "Cleo"]
    play_to_the_end(rig, start_game(rig, game, seats, bots))
    rig.frames(GUARD)
    rig.press("A")
    assert isinstance(rig.top, FinalBoard)
    return rig


def test_playtest3_7_halali_final_board_footer_says_b_goes_back():
    rig = final_board("halali", 2, 0b10)
    footer = rig.top.play.screen.footer.text
    assert footer == "Game over B:back to scores" and footer in rig.texts()
    assert len(footer) <= 26  # the line's characters, at 160 pixels


def test_playtest3_7_every_final_board_says_what_b_does():
    from kapsa.gameover import GameOver

    for game, seats, bots in (("qwinto", 2, 0b10), ("hashi", 2, 0b10), ("hanabi", 2, 0b10),
                              ("halali", 2, 0b10)):
        rig = final_board(game, seats, bots)
        said = [t for t in rig.texts() if "B:" in t or "B: " in t]
        assert said and all(len(t) <= 26 for t in said), (game, rig.texts())
        assert any("back" in t for t in said), (game, said)
        rig.press("B")
        assert isinstance(rig.top, GameOver), game


# -- 8: the game-over scene opens on the person's seat


def test_playtest3_8_hanabi_game_over_opens_on_the_persons_seat():
    """Hanabi: Ana the computer in seat 1, Ben the person in seat 2. The
    scores open with the cursor on Ben, and A shows Ben's own board."""
    from kapsa.gameover import GUARD, FinalBoard

    rig = Rig(games=real_games(), seed=5)
    rig.app.settings.names = ["Ana", "Ben"]
    over = play_to_the_end(rig, start_game(rig, "hanabi", 2, 0b01))
    assert over.seat == 1
    rows = [t for t in rig.texts() if t.strip().startswith(("Ana", "Ben", ">"))]
    assert rows[0].startswith("   Ana") and rows[1].startswith(">  Ben"), rows
    rig.frames(GUARD)
    rig.press("A")
    assert isinstance(rig.top, FinalBoard) and over.play.screen.view.seat == 1


def test_playtest3_8_every_game_over_opens_on_the_first_persons_seat():
    for game, seats, bots in (("qwinto", 3, 0b101), ("hashi", 2, 0b01), ("halali", 2, 0b01),
                              ("hanabi", 3, 0b101)):
        rig = Rig(games=real_games(), seed=2)
        over = play_to_the_end(rig, start_game(rig, game, seats, bots))
        assert over.seat == 1, game
