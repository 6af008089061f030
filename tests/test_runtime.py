"""The shared runtime end to end, driven through the test game Duel:
launcher, setup, play with a computer seat, pass-the-device, pause, save,
power cut, resume, game over; buttons, randomness, sound, settings."""

import gc
import os
import subprocess
import sys

import pytest

from harness import DUEL, Rig, memory_store, visible_texts
from kapsa import buttons as btn
from kapsa.boards.pygamer import JoystickSource
from kapsa.boards import scripted
from kapsa.engine import CHANCE, OVER, IllegalMove, replay
from kapsa.gameover import GameOver
from kapsa.play import PlayScene
from kapsa.rng import Rng
from kapsa.launcher import Launcher, ResumeMenu, Setup
from kapsa.menu import Confirm
from kapsa.passdevice import PassDevice
from kapsa.app import Later
from tinygame import engine as duel

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def start_duel(rig, people=1):
    """From the launcher to the first frame of a Duel game."""
    rig.press("A")  # Duel
    assert isinstance(rig.top, Setup)
    if people == 2:
        rig.press("UP", "UP", "RIGHT")  # seat 2: Computer -> Person
        rig.press("DOWN", "DOWN", "A")
    else:
        rig.press("A")  # the cursor starts on "Start game"
    assert not isinstance(rig.top, Setup)


def first_decision(rig):
    """Start a Duel against the computer; run until seat 1 decides."""
    start_duel(rig)
    play = rig.top
    rig.until(lambda: play.deciding == 0)
    return play


# -- launcher


def test_launcher_lists_games_from_registry_without_importing_engines():
    code = (
        "import sys; sys.path[:0] = ['lib', '.']\n"
        "from kapsa.main import discover\n"
        "games = discover('games', 'games')\n"
        "print([g.name for g in games])\n"
        "print(any(m.endswith(('.engine', '.bot', '.screen')) for m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    names, imported = out.stdout.strip().splitlines()
    assert "qwinto" in names
    assert imported == "False"


def test_launcher_shows_titles_and_resume_for_a_saved_game():
    store = memory_store()
    rig = Rig(store=store)
    assert rig.texts()[:3] == ["Kapsa", "Duel", "Settings"]
    store.save_game("duel", 2, 0, 2, [11])
    rig.app.pop_to_root()
    assert "Duel  > Resume" in rig.texts()
    rig.press("A")
    assert isinstance(rig.top, ResumeMenu)


# -- setup


def test_setup_offers_seats_within_range_computer_seats_and_options():
    rig = Rig()
    rig.press("A")
    setup = rig.top
    assert setup.menu.items[setup.menu.cursor] == "Start game"
    assert "Players: 2" in rig.texts()
    rig.press("DOWN", "LEFT")  # wraps to "Players"  # Duel is for exactly 2
    assert "Players: 2" in rig.texts()
    assert "2 Ben: Computer" in rig.texts() or "2 P2: Computer" in rig.texts()
    rig.press("DOWN", "DOWN", "A")  # toggle seat 2
    assert setup.bots_mask() == 0
    rig.press("DOWN", "RIGHT")  # Cards: 1-9
    assert setup.options() == duel.WIDE
    assert any(t.startswith("Cards: 1-9") for t in rig.texts())


# -- play


def test_play_with_a_computer_seat_to_game_over():
    rig = Rig(seed=3)
    start_duel(rig)
    play = rig.top
    assert isinstance(play, PlayScene)
    rig.until(lambda: play.deciding == 0)
    assert play.state.current_player() == 0
    rig.press("A")  # Hold
    rig.until(lambda: isinstance(rig.top, GameOver) and rig.app.frame >= rig.top.until)
    assert play.state.current_player() == OVER
    assert play.state.actions()[1] == duel.HOLD
    shown = rig.screen_text()
    assert "game over" in shown
    rows = [t for t in rig.texts() if t.endswith("%4d" % play.state.scores()[1])]
    assert rows and all(len(t) == 24 for t in rows)  # a seat's row: mark, name, score


def test_a_computer_thinks_in_a_frame_of_its_own_and_moves_in_the_next():
    rig = Rig(seed=3)
    play = first_decision(rig)
    rig.press("A")  # Hold: seat 2, a computer, is next
    before = list(play.state.actions())
    assert play.thought is None and play.state.current_player() == 1  # not in the person's frame
    rig.frames(1)
    decided = play.thought
    assert decided in (duel.HOLD, duel.RAISE)  # decided...
    assert play.state.actions() == before and play.state.current_player() == 1  # ...not played
    rig.frames(1)
    assert play.state.actions() == before + [decided] and play.thought is None


def test_the_heap_is_collected_in_the_first_quiet_frame_after_busy_ones_never_with_a_press(monkeypatch):
    # A collection takes the device 20-50 ms: in a frame with a press or a
    # move it would take that frame over 100 ms, so the garbage of the busy
    # frames is collected in the first quiet one after them (App.tidy).
    rig = Rig(seed=3)
    play = first_decision(rig)
    calls = []
    monkeypatch.setattr(gc, "collect", lambda: calls.append(rig.app.frame))

    def frame(press=None):
        del calls[:]
        if press:
            rig.press(press)
        else:
            rig.frames(1)
        return len(calls)

    frame()  # the first quiet frame may tidy what the start left
    assert [frame() for _ in range(5)] == [0] * 5  # nothing made since
    assert frame("A") == 0  # Hold: the press and the move, no collection
    after = []  # (collections, busy) for each frame while the computer plays its turn
    while rig.top is play and not play.finished and len(after) < 200:
        busy = play.deciding is None and not play.wait  # it thinks or moves
        after.append((frame(), busy))
    assert play.finished and play.state.actions()[1] in (duel.HOLD, duel.RAISE)
    assert after[0][1]  # the computer thinks at once
    assert not any(n for n, busy in after if busy)  # never in a frame that thinks or moves
    first_quiet = [busy for _, busy in after].index(False)  # the pause after its move
    assert after[first_quiet][0] == 1  # the press's and the turn's garbage, at once
    assert sum(n for n, _ in after) == 1  # and no other


def test_the_pause_menus_modules_are_compiled_after_a_collection(monkeypatch):
    """START: the heap is collected at the end of that frame, press or not
    (the game's screen let go and the frame's garbage freed), before the
    menu's first module is imported in the next (kapsa.app.Later)."""
    import builtins

    import kapsa.app as app_module

    rig = Rig()
    play = first_decision(rig)
    events = []
    collect = app_module.gc.collect
    monkeypatch.setattr(app_module.gc, "collect", lambda: (events.append("collect"), collect()))
    real_import = builtins.__import__

    def recorded(name, *args, **kwargs):
        if name == "kapsa.pause":
            events.append(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", recorded)
    monkeypatch.delitem(sys.modules, "kapsa.pause", raising=False)  # (imported anew)
    rig.press("START")
    assert events == ["collect"] and isinstance(rig.top, Later)  # the press's frame
    rig.settle()
    assert events[:2] == ["collect", "kapsa.pause"] and rig.top is not play


def test_chance_node_is_resolved_by_the_app_rng_and_shown():
    rig = Rig(seed=5)
    start_duel(rig)
    play = rig.top
    rig.frames(1)
    deal = play.state.actions()[0]
    expected = Rng(5).choose(duel.new_game(2))
    assert deal == expected
    assert "Cards dealt" in rig.texts()


def test_illegal_action_shows_reason_and_leaves_state_unchanged():
    rig = Rig()
    play = first_decision(rig)
    before = play.state.actions()
    rig.press("B")  # the Duel screen offers an illegal action on B
    assert play.state.actions() == before
    assert "You cannot do that now" in rig.texts()
    assert rig.board.audio.played  # the illegal-move tone


def test_pass_the_device_shows_nothing_of_the_game_until_A():
    rig = Rig(seed=2)
    start_duel(rig, people=2)
    play = rig.top
    rig.until(lambda: isinstance(rig.top, PassDevice))
    assert rig.app.stack[-2] is play
    shown = rig.screen_text()
    assert "Anna" in shown or "P1" in shown
    assert "Card" not in shown and "Hold" not in shown
    rig.press("A")
    assert rig.top is play and play.deciding == 0
    rig.press("A")  # Anna holds; Ben is next
    rig.until(lambda: isinstance(rig.top, PassDevice))
    assert "Card" not in rig.screen_text()
    rig.press("A")
    assert play.deciding == 1


def test_a_seat_is_shown_only_its_own_view():
    """Hidden information: while seat 1 decides, nothing of seat 0's card
    is on screen, and the screen only ever got views."""
    rig = Rig(seed=2)
    start_duel(rig, people=2)
    play = rig.top
    drawn = []
    original = play.screen.draw

    def spy(view, seat):
        drawn.append((view, seat))
        original(view, seat)

    play.screen.draw = spy
    for _ in range(2):  # each seat: take the device, then hold
        rig.until(lambda: isinstance(rig.top, PassDevice))
        rig.press("A")
        if play.deciding == 0:
            rig.press("A")
    assert play.deciding == 1
    assert all(isinstance(v, duel.View) for v, _ in drawn)
    assert all(v.seat == seat for v, seat in drawn)
    card0, card1 = play.state.cards
    assert "Card %d" % card1 in rig.texts()
    if card0 != card1:
        assert "Card %d" % card0 not in rig.texts()


def test_a_computers_move_is_not_announced_in_a_hidden_game():
    rig = Rig(seed=3)
    rig.press("A", "UP", "UP", "A", "UP", "A")  # seat 1 a computer, seat 2 a person
    rig.press("DOWN", "DOWN", "DOWN", "A")  # Start game
    play = rig.top
    assert play.bots == 1
    rig.until(lambda: play.state.choices)  # the computer has chosen
    shown = rig.screen_text()
    assert "P1 (computer) plays" in shown
    # Not what it chose (the person's own Hold/Raise menu may show at once)
    assert play.message.string == "P1 (computer) plays"


# -- pause, saves, power cut, resume


def test_pause_menu_resume_rules_restart():
    rig = Rig()
    play = first_decision(rig)
    rig.press("START")
    assert isinstance(rig.top, Later)  # the menu's code comes a module a frame
    rig.settle()
    # by name: a game's VM lets the menu's modules go (kapsa.onscreen), and a
    # test of one elsewhere may have made them anew
    assert type(rig.top).__name__ == "Pause"
    assert rig.texts()[1:6] == ["Resume", "Rules", "Restart", "Save and quit", "Settings"]
    rig.press("DOWN", "A")
    assert isinstance(rig.top, Later) and rig.app.stack[-2] is play  # in the menu's place
    rig.frames(3)  # the reader's code, the reader, its text
    assert rig.texts()[1:3] == ["Each seat gets a secret", "card."]  # wrapped
    rig.press("B")  # back on Resume
    rig.frames(3)
    rig.press("DOWN", "DOWN", "A")
    assert isinstance(rig.top, Confirm)
    rig.press("DOWN", "A")  # Yes
    fresh = rig.top
    assert isinstance(fresh, PlayScene) and fresh is not play
    assert fresh.state.choices == [] and len(fresh.state.actions()) <= 1  # at most the new deal


def test_presses_while_the_pause_menu_comes_are_not_lost():
    rig = Rig()
    play = first_decision(rig)
    rig.press("START", "DOWN", "A")  # a quick thumb: Rules, before the menu is there
    rig.until(lambda: rig.texts()[1:3] == ["Each seat gets a secret", "card."])
    assert rig.app.stack[:-1] == [rig.app.stack[0], play]  # the rules in the menu's place
    rig.press("B", "B")  # back to the menu, and resume, as quickly
    rig.until(lambda: rig.top is play)
    assert play.deciding == 0


def test_save_and_quit_then_resume_continues_the_same_game():
    store = memory_store()
    rig = Rig(store=store)
    play = first_decision(rig)
    played = play.state.actions()
    rig.press("START", "DOWN", "DOWN", "DOWN", "A")  # Save and quit
    assert isinstance(rig.top, Launcher)
    assert "Duel  > Resume" in rig.texts()
    rig.press("A", "A")  # Duel -> Resume
    resumed = rig.top
    assert isinstance(resumed, PlayScene)
    assert resumed.state.actions() == played


def test_power_cut_after_a_save_resumes_on_a_new_boot():
    store = memory_store()
    rig = Rig(store=store)
    play = first_decision(rig)
    rig.press("START")  # opening the pause menu is a safe point: saved
    played = play.state.actions()
    # The power goes: a new app boots on the same storage.
    from kapsa.store import Store

    rebooted = Rig(store=Store(store.medium))
    assert "Duel  > Resume" in rebooted.texts()
    rebooted.press("A", "A")
    assert rebooted.top.state.actions() == played


def test_game_over_clears_the_save():
    store = memory_store()
    rig = Rig(store=store)
    play = first_decision(rig)
    play.save()
    assert store.saved_games() == ["duel"]
    rig.press("A")
    rig.until(lambda: isinstance(rig.top, GameOver) and rig.app.frame >= rig.top.until)
    assert store.saved_games() == []
    rig.press("B")
    assert isinstance(rig.top, Launcher)


# -- settings


def test_settings_persist_across_boots():
    store = memory_store()
    rig = Rig(store=store)
    rig.press("DOWN", "A")
    assert type(rig.top).__name__ == "SettingsScene"  # (by name, as Pause above)
    rig.press("A")  # sound off
    rig.press("DOWN", "LEFT", "LEFT")  # brightness down 20
    rig.press("B")
    from kapsa.store import Store

    again = Rig(store=Store(store.medium))
    assert again.app.settings.sound is False
    assert again.app.sound.enabled is False
    assert again.app.settings.brightness == rig.app.settings.brightness


def test_seat_name_editor_renames_a_seat():
    rig = Rig()
    rig.press("DOWN", "A")  # Settings
    rig.press("DOWN", "DOWN", "A")  # Name 1
    rig.press("RIGHT", "A")  # B
    rig.press("DOWN", "UP", "LEFT", "RIGHT")  # round and back to B
    rig.press("A", "START")  # b, done
    assert rig.app.name_of(0) == rig.app.settings.names[0] == "Bb"


def test_muted_sound_plays_nothing():
    rig = Rig()
    rig.app.settings.sound = False
    rig.app.apply_settings()
    play = first_decision(rig)
    rig.press("B")
    assert rig.board.audio.played == []


# -- buttons


def test_buttons_report_taps_between_frames_and_repeat_held_directions():
    source = scripted.ScriptedSource()
    buttons = btn.Buttons(source, repeat_delay=3, repeat_every=2)
    source.tap(btn.A)
    assert buttons.update() == btn.A
    assert buttons.update() == 0
    source.hold(btn.DOWN)
    seen = [buttons.update() for _ in range(8)]
    assert seen == [btn.DOWN, 0, 0, btn.DOWN, 0, btn.DOWN, 0, btn.DOWN]
    source.release(btn.DOWN)
    assert buttons.update() == 0 and buttons.held == 0


def test_joystick_reads_as_dpad_with_dead_zone():
    class Axis:
        def __init__(self, value):
            self.value = value

    x, y = Axis(32768), Axis(32768)
    stick = JoystickSource(x, y)
    assert stick.read() == (0, 0)
    x.value, y.value = 2000, 60000
    assert stick.read() == (btn.LEFT | btn.DOWN, 0)
    x.value, y.value = 40000, 20000  # inside the dead zone
    assert stick.read() == (0, 0)


# -- engine helpers and randomness


def test_replay_equals_play_and_illegal_move_is_a_value_error():
    state = duel.new_game(2)
    for action in (23, duel.RAISE, duel.HOLD):
        state.apply(action)
    again = replay(duel.new_game, 2, 0, state.actions())
    assert again.scores() == state.scores() == [0, 2]
    with pytest.raises(ValueError):
        state.apply(duel.RAISE)
    assert issubclass(IllegalMove, ValueError) and CHANCE == -1 and OVER == -2


def test_rng_is_seeded_and_uniform():
    assert [Rng(42).below(6) for _ in range(3)] == [Rng(42).below(6)] * 3
    rng = Rng(7)
    counts = [0] * 6
    for _ in range(60000):
        counts[rng.below(6)] += 1
    assert all(9500 < c < 10500 for c in counts), counts
    state = duel.new_game(2)
    outcomes = set(Rng(1).choose(state) for _ in range(1))
    assert outcomes <= set(state.legal_actions())
    assert len(set(Rng(s).choose(state) for s in range(400))) == 25


def test_unseeded_rngs_differ():
    assert [Rng().next32() for _ in range(4)] != [Rng().next32() for _ in range(4)]


# -- drawing


def test_moving_the_menu_cursor_redraws_only_part_of_the_screen():
    rig = Rig()
    assert rig.board.display.pixel(5, 20) != rig.board.display.pixel(5, 40)
    rig.press("DOWN")
    dirty = rig.board.display.dirty_pixels
    assert 0 < dirty < 160 * 128 // 2
    rig.frames(1)
    assert rig.board.display.dirty_pixels == 0


# -- a fresh heap per game on the device


class FakeSupervisor:
    def __init__(self):
        self.reloads = 0

    def reload(self):
        self.reloads += 1


def boot(saves, supervisor):
    """What code.py does at power-up or after supervisor.reload()."""
    from kapsa.boards import desktop
    from kapsa.main import make_app
    from kapsa.relaunch import Relauncher

    app = make_app(desktop.build(headless=True), saves_dir=str(saves), seed=1,
                   relauncher=Relauncher(str(saves), supervisor), games=[DUEL])
    for _ in range(3):  # a game asked for opens over a few frames (kapsa.main.Opening)
        app.step()
    return app


def counting_vm(saves, supervisor):
    """A VM that a request "+name" or "=name" opened: it counts the game
    in its score history over its frames (kapsa.main.Opening, a finished
    game replayed a part a frame first), then asks for a restart."""
    reloads = supervisor.reloads
    app = boot(saves, supervisor)
    for _ in range(50):
        if supervisor.reloads > reloads:
            break
        app.step()
    assert not any(isinstance(scene, PlayScene) for scene in app.stack)  # nothing of the play
    return app


def play_to_its_end(game, supervisor):
    """The game's VM played to its end, A pressed for each person's
    decision, until it asks for its second restart (the game over)."""
    play = game.top
    for _ in range(300):
        if supervisor.reloads == 2:
            break
        if play.deciding is not None:
            tap(game, "A")
        else:
            game.step()


def tap(app, *names):
    for name in names:
        app.buttons.source.tap(scripted.mask_of(name))
        app.step()


def test_on_the_device_each_game_starts_in_a_fresh_vm_and_leaving_restarts_again(tmp_path):
    supervisor = FakeSupervisor()
    app = boot(tmp_path, supervisor)
    tap(app, "A", "A")  # Duel, Start game
    assert supervisor.reloads == 1  # the launcher asked for a restart
    assert not isinstance(app.top, PlayScene)  # nothing of the game in this VM
    assert app.store.saved_games() == ["duel"]

    restarted = boot(tmp_path, supervisor)  # code.py runs again
    assert isinstance(restarted.top, PlayScene) and restarted.top.info is DUEL
    assert restarted.stack == [restarted.top]  # the game alone: no launcher in its heap
    assert not (tmp_path / "next-game.txt").exists()  # the request is used once
    tap(restarted, "START", "DOWN", "DOWN", "DOWN", "A")  # Save and quit
    assert supervisor.reloads == 2  # back to the launcher in a fresh VM
    assert restarted.store.saved_games() == ["duel"]

    again = boot(tmp_path, supervisor)
    assert isinstance(again.top, Launcher)  # a plain restart shows the launcher


def test_on_the_device_restart_opens_the_new_game_in_a_fresh_vm(tmp_path):
    supervisor = FakeSupervisor()
    tap(boot(tmp_path, supervisor), "A", "A")  # Duel, Start game: restart 1
    game = boot(tmp_path, supervisor)
    play = game.top
    game_before = play.state
    for _ in range(100):
        if len(play.state.actions()) > 1:
            break
        if play.deciding is not None:
            tap(game, "A")
        else:
            game.step()
    assert len(game_before.actions()) > 1
    tap(game, "START", "DOWN", "DOWN", "A", "DOWN", "A")  # Restart, Yes
    assert supervisor.reloads == 2  # the new game opens in a fresh VM
    assert game.store.load_game("duel").actions == []  # saved at once
    # The VM that opens first counts it started in its score history (no
    # game's VM reads or writes a history), then restarts into the game.
    from kapsa import history

    assert (tmp_path / "next-game.txt").read_text() == "+duel"
    assert history.load(game, "duel")[0].entries[0][history.PLAYED] == 1  # not in the game's VM
    counting = counting_vm(tmp_path, supervisor)
    assert supervisor.reloads == 3
    assert history.load(counting, "duel")[0].entries[0][history.PLAYED] == 2
    assert (tmp_path / "next-game.txt").read_text() == "duel"
    again = boot(tmp_path, supervisor)
    assert isinstance(again.top, PlayScene) and len(again.top.state.actions()) <= 1  # at most the deal
    assert history.load(again, "duel")[0].entries[0][history.PLAYED] == 2  # counted once


def test_on_the_device_the_game_over_scene_opens_in_a_fresh_vm(tmp_path):
    supervisor = FakeSupervisor()
    tap(boot(tmp_path, supervisor), "A", "A")  # Duel, Start game: restart 1
    sys.modules.pop("tinygame.bot", None)  # as in a fresh VM
    game = boot(tmp_path, supervisor)
    play = game.top
    assert isinstance(play, PlayScene) and play.bots and play._bot is not None  # a computer plays
    play_to_its_end(game, supervisor)
    assert supervisor.reloads == 2  # the game ended: a restart, not a game-over scene here
    assert not isinstance(game.top, GameOver)
    saved = game.store.load_game("duel")
    assert saved is not None and saved.actions == play.state.actions()  # the finished game
    # The VM that opens first counts the finished game in its score
    # history (its engine alone replays it), then restarts into the
    # game-over scene's VM with the count noted on the request.
    assert (tmp_path / "next-game.txt").read_text() == "=duel"
    from kapsa import history

    assert history.load(game, "duel")[0].entries[0][history.FINISHED] == 0  # not in the game's VM
    sys.modules.pop("tinygame.bot", None)  # as in a fresh VM
    counting = counting_vm(tmp_path, supervisor)
    assert supervisor.reloads == 3
    assert history.load(counting, "duel")[0].entries[0][history.FINISHED] == 1
    note = (tmp_path / "next-game.txt").read_text()
    assert note.startswith("duel ")
    assert "kapsa.tally" not in sys.modules  # let go once counted (kapsa.countvm)
    end = boot(tmp_path, supervisor)
    for _ in range(10):  # (the replay: kapsa.main.Opening)
        if isinstance(end.top, GameOver):
            break
        end.step()
    # The game-over VM shows the count it was given and imports no score
    # history. The frame that made the scene shows it, the next the
    # scores; the lines (each seat's breakdown) are made in the next, and
    # shown in the next; then the save is cleared (a cut before it opens
    # this VM again, which counts nothing twice: tests/test_history.py).
    over = end.top
    assert isinstance(over, GameOver) and end.stack == [over]
    assert "kapsa.tally" not in sys.modules
    assert over.play.tallied[2] is None  # (the count it was given: no problem)
    assert history.load(end, "duel")[0].entries[0][history.FINISHED] == 1
    assert not any(t.endswith("%4d" % over.scores[0]) for t in visible_texts(end.root))
    end.step()
    assert any(t.endswith("%4d" % over.scores[0]) for t in visible_texts(end.root))
    assert "Sel:replay  B:back" not in visible_texts(end.root)
    end.step()
    assert "Sel:replay  B:back" not in visible_texts(end.root)
    end.step()
    assert "Sel:replay  B:back" in visible_texts(end.root)
    assert end.store.load_game("duel").actions == saved.actions
    end.step()
    assert end.store.load_game("duel") is None
    assert over.play.state.current_player() == OVER
    assert over.play.state.actions() == saved.actions
    assert over.play._bot is None and "tinygame.bot" not in sys.modules  # nothing of the play
    assert end.store.load_game("duel") is None  # shown: the save is cleared
    assert any(t.endswith("%4d" % over.scores[0]) for t in visible_texts(end.root))
    while end.frame < over.until:  # (no press taken in its first half second)
        end.step()
    tap(end, "B")
    assert supervisor.reloads == 4  # back to the launcher in a fresh VM
    assert isinstance(boot(tmp_path, supervisor).top, Launcher)


def test_a_games_vm_opens_only_its_own_saves_and_a_damaged_request_shows_the_launcher(tmp_path):
    from kapsa.boards import desktop
    from kapsa.main import make_app
    from kapsa.relaunch import REQUEST, Relauncher
    from kapsa.store import FolderMedium, Store

    Store(FolderMedium(str(tmp_path))).save_game("duel", 2, 0, 0, [34])
    Store(FolderMedium(str(tmp_path))).save_game("qwinto", 1, 0, 0, [5, 6])
    (tmp_path / REQUEST).write_text("duel")
    app = make_app(desktop.build(headless=True), saves_dir=str(tmp_path), seed=1,
                   relauncher=Relauncher(str(tmp_path), FakeSupervisor()), games=[DUEL])
    assert app.store.saved_games() == ["duel"]  # Qwinto's slots were not even read
    (tmp_path / REQUEST).write_text("../../boot")
    app = make_app(desktop.build(headless=True), saves_dir=str(tmp_path), seed=1,
                   relauncher=Relauncher(str(tmp_path), FakeSupervisor()), games=[DUEL])
    assert isinstance(app.top, Launcher) and app.store.saved_games() == ["duel", "qwinto"]


def test_a_game_a_restart_asked_for_replays_a_few_actions_a_frame_then_builds_its_screen(
        tmp_path, monkeypatch):
    # then draws it in the frame after: each step's garbage is collected
    # before the next one adds its own
    from kapsa import main
    from kapsa.boards import desktop
    from kapsa.relaunch import REQUEST, Relauncher
    from kapsa.store import FolderMedium, Store

    monkeypatch.setattr(main, "REPLAY_STEP", 1)
    Store(FolderMedium(str(tmp_path))).save_game("duel", 2, 0, 0, [34, 1])
    (tmp_path / REQUEST).write_text("duel")
    app = main.make_app(desktop.build(headless=True), saves_dir=str(tmp_path), seed=1,
                        relauncher=Relauncher(str(tmp_path), FakeSupervisor()), games=[DUEL])
    opening = app.top
    assert isinstance(opening, main.Opening) and opening.state is None  # nothing built at boot
    app.step()  # the new game; the frame's garbage is collected at its end
    assert app.top is opening and opening.state.actions() == []
    app.step()  # an action a frame
    assert app.top is opening and opening.state.actions() == [34]
    app.step()
    assert app.top is opening and opening.state.actions() == [34, 1]
    app.step()  # the screen is built, not yet drawn
    assert app.top is opening and isinstance(opening.play, PlayScene)
    drawn = []
    monkeypatch.setattr(opening.play.screen, "draw", lambda view, seat: drawn.append(seat))
    assert not drawn
    app.step()  # on screen
    assert app.top is opening.play and app.top.state is opening.state and drawn
    assert app.stack == [app.top] and app.top.saved == 2  # the save is not written again
    for module in ("kapsa.storeopen", "kapsa.decode"):  # opening the saves is done with
        assert module not in sys.modules
    assert "kapsa.store" in sys.modules  # saving is not


def test_the_counting_vm_replays_a_finished_game_a_part_a_frame_then_counts_it(
        tmp_path, monkeypatch):
    # Its replay's garbage is collected between frames, as a game's
    # opening's is (the heap model can then measure it as the device runs it).
    from kapsa import history, main
    from kapsa.relaunch import REQUEST

    supervisor = FakeSupervisor()
    tap(boot(tmp_path, supervisor), "A", "A")  # Duel, Start game
    game = boot(tmp_path, supervisor)
    play_to_its_end(game, supervisor)
    assert (tmp_path / REQUEST).read_text() == "=duel"
    actions = game.store.load_game("duel").actions
    assert len(actions) >= 3
    monkeypatch.setattr(main, "REPLAY_STEP", 1)
    from kapsa.boards import desktop
    from kapsa.relaunch import Relauncher


    app = main.make_app(desktop.build(headless=True), saves_dir=str(tmp_path), seed=1,
                        relauncher=Relauncher(str(tmp_path), supervisor), games=[DUEL])
    counting = app.top
    opening = counting.opening
    assert isinstance(opening, main.Opening) and opening.state is None
    for name in counting.MODULES:  # the count's modules, a frame each, while the heap is whole
        monkeypatch.delitem(sys.modules, name, raising=False)  # (as in a fresh VM)
    for name in counting.MODULES:
        app.step()
        assert name in sys.modules and opening.state is None
    app.step()  # the new game
    for done in range(1, len(actions) + 1):
        app.step()  # an action a frame
        assert opening.state.actions() == actions[:done]
        assert supervisor.reloads == 2  # not counted yet
        assert history.load(app, "duel")[0].entries[0][history.FINISHED] == 0
    app.step()  # counted, and the restart into the game-over scene's VM asked for
    assert supervisor.reloads == 3
    assert history.load(app, "duel")[0].entries[0][history.FINISHED] == 1
    assert (tmp_path / REQUEST).read_text().startswith("duel ")
    app.step()  # (a desktop's reload does not end the VM: nothing more happens in it)
    assert supervisor.reloads == 3 and opening.play is None


def test_where_the_counting_vm_cannot_ask_for_its_restart_the_game_opens_in_it(
        tmp_path, monkeypatch):
    from kapsa import history
    from kapsa.relaunch import REQUEST, Relauncher
    from kapsa.store import FolderMedium, Store

    Store(FolderMedium(str(tmp_path))).save_game("duel", 2, 0, 0, [])
    (tmp_path / REQUEST).write_text("+duel")  # a game restarted from its pause menu
    monkeypatch.setattr(Relauncher, "open_game", lambda self, name, first="", note="": False)
    supervisor = FakeSupervisor()
    app = boot(tmp_path, supervisor)
    for _ in range(10):
        if isinstance(app.top, PlayScene):
            break
        app.step()
    assert isinstance(app.top, PlayScene) and app.top.info is DUEL and supervisor.reloads == 0
    assert history.load(app, "duel")[0].entries[0][history.PLAYED] == 1  # counted started once


GAME_VM = """
import os, sys
sys.path[:0] = [os.path.join(sys.argv[1], "lib"), os.path.join(sys.argv[1], "tests")]
from kapsa.boards import desktop
from kapsa.main import make_app
from kapsa.relaunch import Relauncher
from kapsa.store import FolderMedium, Store
from kapsa.app import GameInfo
import tinygame

DUEL = GameInfo("duel", "tinygame", tinygame)  # as tests/harness.py has it, without the launcher

class Supervisor:
    def reload(self):
        print("reload")

Store(FolderMedium(sys.argv[2])).save_game("duel", 2, 0, 0b10, [])
with open(os.path.join(sys.argv[2], "next-game.txt"), "w") as f:
    f.write("duel")
app = make_app(desktop.build(headless=True), saves_dir=sys.argv[2], seed=1,
               relauncher=Relauncher(sys.argv[2], Supervisor()), games=[DUEL])
app.step()  # a new game
app.step()  # its screen
app.step()  # on screen
print(type(app.top).__name__, sorted(m for m in sys.modules if m.startswith("kapsa.")))
"""


def test_a_games_vm_imports_no_launcher_setup_or_settings(tmp_path):
    import subprocess
    import sys

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    done = subprocess.run([sys.executable, "-c", GAME_VM, root, str(tmp_path)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    top, modules = done.stdout.split(" ", 1)
    assert top == "PlayScene"
    assert "'kapsa.play'" in modules
    for module in ("kapsa.launcher", "kapsa.settings", "kapsa.names", "kapsa.gameover",
                   "kapsa.menu", "kapsa.pause"):
        assert "'%s'" % module not in modules, (module, modules)


PAUSE_AND_BACK = """
from kapsa.boards import scripted
for key in ("START", "DOWN", "A", "B", "B"):  # pause, rules, back, resume
    app.buttons.source.tap(scripted.mask_of(key))
    app.step()
for _ in range(10):  # what was pressed while the menu and the rules came
    app.step()
print(type(app.top).__name__, sorted(m for m in sys.modules if m.startswith("kapsa.")))
"""


def test_a_games_vm_lets_the_pause_menu_go_once_the_game_is_back(tmp_path):
    import subprocess
    import sys

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    done = subprocess.run([sys.executable, "-c", GAME_VM + PAUSE_AND_BACK, root, str(tmp_path)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    first, then = done.stdout.splitlines()
    assert first.startswith("PlayScene") and then.startswith("PlayScene")
    for module in ("kapsa.pause", "kapsa.menu", "kapsa.ui.menulist", "kapsa.reader"):
        assert "'%s'" % module not in then, (module, then)
    assert "'kapsa.play'" in then


RULES_AND_BACK = """
from kapsa.boards import scripted
for key in ("START", "DOWN", "A"):  # pause, rules
    app.buttons.source.tap(scripted.mask_of(key))
    app.step()
for _ in range(10):
    app.step()
print(type(app.top).__name__, sorted(m for m in sys.modules if m.startswith("kapsa.")))
app.buttons.source.tap(scripted.mask_of("B"))  # back to the menu: its code comes again
app.step()
for _ in range(10):
    app.step()
print(type(app.top).__name__, app.top.menu.cursor, "kapsa.pause" in sys.modules)
"""


def test_a_games_vm_reads_the_rules_with_the_pause_menu_s_code_let_go(tmp_path):
    import subprocess
    import sys

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    done = subprocess.run([sys.executable, "-c", GAME_VM + RULES_AND_BACK, root, str(tmp_path)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    reading, back = lines[-2], lines[-1]
    assert reading.startswith("TextScene") and "'kapsa.reader'" in reading
    for module in ("kapsa.pause", "kapsa.menu", "kapsa.ui.menulist"):
        assert "'%s'" % module not in reading, (module, reading)
    assert back == "Pause 0 True"  # the menu again, on Resume


def test_the_menu_s_code_a_game_had_before_the_pause_stays(monkeypatch):
    # Hanabi's screen has the menu list: letting it go after the pause
    # would free nothing and compile it again at the next one.
    import types

    from kapsa import onscreen

    monkeypatch.setattr(onscreen, "ON_DEMAND", ("kapsa.had_before", "kapsa.brought_in"))
    for name in onscreen.ON_DEMAND:
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    play = types.SimpleNamespace(resident=("kapsa.had_before",))
    onscreen.let_go(play)
    assert "kapsa.had_before" in sys.modules and "kapsa.brought_in" not in sys.modules


def test_without_supervisor_games_run_in_the_launchers_process(tmp_path):
    from kapsa.relaunch import Relauncher

    assert not Relauncher(str(tmp_path), None).active


def test_game_over_shows_each_seats_final_board_from_its_view():
    from kapsa.gameover import FinalBoard

    rig = Rig(seed=3)
    play = first_decision(rig)
    rig.press("A")
    rig.until(lambda: isinstance(rig.top, GameOver) and rig.app.frame >= rig.top.until)
    rig.press("DOWN", "A")  # seat 2's board
    assert isinstance(rig.top, FinalBoard)
    assert "Card %d" % play.state.cards[1] in rig.texts()
    rig.press("B")
    assert isinstance(rig.top, GameOver)
    rig.press("B")
    assert isinstance(rig.top, Launcher)


def test_simulator_window_shows_frames_and_maps_the_keyboard():
    """The windowed desktop board under SDL's dummy video driver: keys
    become button masks and each refresh is blitted to the window x4."""
    import pygame

    from kapsa.boards import desktop

    board = desktop.build(headless=False)
    window = board.buttons.source
    try:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_LEFT))
        assert window.read() == (btn.A, btn.A | btn.LEFT)
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_x))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
        assert window.read() == (btn.START, btn.START)
        from kapsa.app import App

        app = App(board, memory_store(), [DUEL])
        app.push(Launcher(app))
        app.settings.brightness = 100
        app.apply_settings()
        app.step()
        surface = pygame.display.get_surface()
        assert surface.get_size() == (640, 512)
        x, y = 20, 4 * 20  # inside the launcher's highlighted first row
        colour = board.display.pixel(5, 20)
        assert surface.get_at((x, y))[:3] == tuple((colour >> s) & 0xFF for s in (16, 8, 0))
        app.settings.brightness = 50  # the window dims as the device would
        app.apply_settings()
        app.display.refresh()
        assert surface.get_at((x, y))[0] == round(((colour >> 16) & 0xFF) * 127 / 255)
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        window.read()
        assert window.closed
    finally:
        pygame.quit()


def test_wrap_packs_whole_words_greedily_and_gives_a_long_word_its_own_line():
    import random

    from kapsa.ui.widgets import wrap

    def packed(string, n):  # the rule, word by word
        lines, line = [], ""
        for word in string.split(" "):
            if line and len(line) + 1 + len(word) > n:
                lines.append(line)
                line = word
            else:
                line = line + " " + word if line else word
        return lines + [line]

    assert wrap("Roll, sum, fill rising rows", 60) == ["Roll, sum,", "fill", "rising", "rows"]
    assert wrap("a verylongwordindeed b", 36) == ["a", "verylongwordindeed", "b"]
    pick = random.Random(5)
    for _ in range(2000):
        string = " ".join("x" * pick.randint(1, 12) for _ in range(pick.randint(0, 9)))
        chars = pick.randint(3, 26)
        assert wrap(string, chars * 6) == packed(string, chars), (string, chars)


def test_a_run_of_chance_outcomes_goes_quickly_and_the_last_one_stays():
    from harness import real_games
    from kapsa import play as driver
    from kapsa.app import Scene
    from kapsa.startgame import start

    rig = Rig(games=real_games(), seed=4)
    hanabi = [g for g in rig.app.games if g.name == "hanabi"][0]
    rig.app.push(Scene(rig.app))
    start(rig.app, hanabi, 2, 0, 0b10)  # a person and a computer: 10 cards dealt
    play = rig.top
    waits = []
    for _ in range(400):
        if play.state.current_player() != CHANCE and play.wait == 0:
            break
        before = len(play.state.actions())
        rig.frames(1)
        if len(play.state.actions()) > before and play.state.actions()[-1] < 30:
            waits.append(play.wait)
    dealt = len(waits)
    assert dealt == 10
    assert waits[:-1] == [driver.RUN_FRAMES] * (dealt - 1)  # the deal goes quickly
    # The last card's news stays as long as a roll's, the person's decision
    # open under it at once (play-test round 2, point 5)
    assert waits[-1] == 0 and play.deciding == 0
    news = play.message.string
    assert news.startswith("Card dealt to")
    rig.frames(driver.CHANCE_FRAMES)
    assert not play.message.hidden and play.message.string == news


def test_a_bot_with_think_thinks_a_part_a_frame_and_moves_in_the_next():
    """kapsa.play steps a bot's think() (a generator: None while it works,
    then the action) once a frame, so each part's garbage is collected
    before the next on the device, and plays the action a frame later."""
    import types

    from kapsa.app import GameInfo, Scene
    from kapsa.startgame import start
    from kapsa.play import PlayScene
    from tinygame import bot as duel_bot

    import tinygame

    rig = Rig(games=[])
    parts = []  # the frame of each part

    def think(view, legal):
        for _ in range(3):
            parts.append(rig.app.frame)
            yield None
        parts.append(rig.app.frame)
        yield duel_bot.choose(view, legal)

    class Info(GameInfo):
        def load(self, part):
            if part == "bot":
                return types.SimpleNamespace(think=think, choose=None)
            return GameInfo.load(self, part)

    rig.app.push(Scene(rig.app))
    start(rig.app, Info("duel", "tinygame", tinygame), 2, 0, 0b01)  # seat 1 a computer
    play = rig.top
    assert isinstance(play, PlayScene)
    rig.until(lambda: len(parts) == 4, limit=200)
    assert parts == list(range(parts[0], parts[0] + 4))  # one part a frame
    moved = len(play.state.actions())
    assert play.thought is not None and play.thinking is None
    rig.frames(1)
    assert len(play.state.actions()) == moved + 1  # played in the next frame
