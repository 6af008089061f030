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

from harness import Rig, memory_store, real_games, visible_texts
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


def test_playtest3_1_on_the_device_the_launcher_opens_on_the_game_last_played(tmp_path):
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
