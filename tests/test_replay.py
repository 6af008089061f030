"""Replays (docs/scores.md, "Replays"): a finished game stepped through
move by move from its game-over scene and from its scores, through
presses, in every game; on the device in a VM of its own. The kept
games themselves (kapsa.replays): tests/test_replays.py."""

import types

import pytest

import test_playtest_round2 as R2
from harness import Rig, memory_store, past_guard, real_games
from test_playtest_round3 import play_to_the_end
from test_runtime import DUEL, FakeSupervisor, boot, counting_vm, play_to_its_end, tap

from kapsa.gameover import GameOver
from kapsa.replay import MARKS, STEP, Replay


def finished_game(game, store=None):
    """A game of `game`, a person and a computer, started and played to
    its game-over scene by presses (the person's moves by their bot)."""
    rig = Rig(games=real_games(), store=store or memory_store())
    setup = R2.open_setup(rig, game)
    if setup.seats == 1:
        rig.setup_seats(2, people={0})
    R2.no_pixels(rig)
    rig.press("A")  # Start game
    play = rig.top
    if game == "qwinto":  # (the person's moves by the quick baseline)
        from games.qwinto.greedy import greedy_choose

        play._bot = types.SimpleNamespace(choose=greedy_choose, think=play.bot.think)
    over = play_to_the_end(rig, play)
    past_guard(rig)
    return rig, play, over


def settled(rig):
    """Frames until the replay shows the move asked for."""
    replay = rig.top
    rig.until(lambda: replay.ready and replay.at == replay.goal and not replay.due, 200)
    return replay


def message(rig):
    return rig.top.host.message.string


@pytest.mark.parametrize("game", ["qwinto", "hashi", "hanabi", "halali"])
def test_a_finished_game_is_watched_from_its_game_over_move_by_move(game):
    rig, play, over = finished_game(game)
    actions = play.state.actions()
    total = len(actions)
    assert "Sel:replay" in rig.screen_text()
    rig.press("SELECT")
    replay = settled(rig)
    assert isinstance(replay, Replay) and replay.at == 0
    assert message(rig) == "%d moves  >:next A:end" % total
    assert replay.state.actions() == []

    rig.press("RIGHT")
    settled(rig)
    assert replay.at == 1 and replay.state.actions() == actions[:1]
    assert message(rig).startswith("1 ")

    rig.press("A")  # to the end: the game's final scores
    settled(rig)
    assert replay.at == total and replay.state.scores() == over.scores
    assert replay.state.actions() == actions

    rig.press("LEFT", "LEFT", "LEFT")
    settled(rig)
    assert replay.at == total - 3 and replay.state.actions() == actions[:total - 3]
    assert message(rig).startswith("%d " % (total - 3))

    rig.press("A")  # not at the end: to the end; there, to the start
    settled(rig)
    assert replay.at == total
    rig.press("A")
    settled(rig)
    assert replay.at == 0 and replay.state.actions() == []

    rig.press("RIGHT", "RIGHT", "SELECT")  # Select: to the start
    settled(rig)
    assert replay.at == 0

    rig.press("B")  # back to the scores, as they were
    assert rig.top is over


def test_each_move_is_said_with_the_seat_s_name_as_the_game_words_it():
    from kapsa.seatnames import named

    rig, play, over = finished_game("qwinto")
    rig.app.settings.names = ["Ana", "Ben"]
    rig.press("SELECT")
    replay = settled(rig)
    state = play.engine.new_game(play.seats, play.options)
    for k, action in enumerate(play.state.actions()[:12]):
        seat = state.current_player()
        text = named(rig.app, state.describe(action))  # "P1" by name
        state.apply(action)
        rig.press("RIGHT")
        settled(rig)
        said = message(rig)
        assert said == "%d %s" % (k + 1, (["Ana", "Ben"][seat] + ": " if seat >= 0 else "") + text)
    assert replay.at == 12


def test_hanabi_is_watched_with_every_hand_shown_and_the_log_s_words():
    """The game over, nothing is secret: each hand shows its cards, the
    viewer's own too (games/hanabi/watch.py), and a move is said as the log
    says it ("Ana played red 3"), by names, never "You"."""
    from games.hanabi.engine import UNKNOWN

    rig, play, over = finished_game("hanabi")
    rig.press("SELECT")
    replay = settled(rig)
    drawn = []
    draw = replay.screen.draw
    replay.screen.draw = lambda view, seat: (drawn.append(view), draw(view, seat))
    plays = 0
    for _ in range(60):
        rig.press("RIGHT")
        settled(rig)
        if "played" in message(rig) or "discarded" in message(rig):
            plays += 1
    assert plays and drawn
    dealt = [v for v in drawn if all(len(h) for h in v.hands)]
    assert dealt and all(UNKNOWN not in h for v in dealt for h in v.hands)
    assert not any("You" in text for text in rig.texts())
    # while the game is played, the own hand stays hidden (3.4)
    state = play.engine.new_game(play.seats, play.options)
    for action in play.state.actions()[:30]:
        state.apply(action)
    assert all(c == UNKNOWN for c in state.view(0).hands[0])
    from games.hanabi import watch

    assert UNKNOWN not in watch.view(state, 0).hands[0]


def test_up_and_down_choose_whose_board_shows_and_moves_keep_it():
    rig, play, over = finished_game("hashi")
    rig.press("SELECT")
    replay = settled(rig)
    seats = []
    draw = replay.screen.draw
    replay.screen.draw = lambda view, seat: (seats.append(seat), draw(view, seat))
    rig.press("A")
    settled(rig)
    follows = seats[-1]
    rig.press("DOWN")
    assert seats[-1] == (follows + 1) % 2
    shown = len(seats)
    rig.press("LEFT", "LEFT", "LEFT", "LEFT")
    settled(rig)
    assert replay.at == len(play.state.actions()) - 4
    assert len(seats) > shown and set(seats[shown - 1:]) == {(follows + 1) % 2}


def test_a_step_back_costs_a_frame_or_a_few_and_gives_the_same_game():
    """At most MARKS copies of the game are kept on the way, every
    `every` moves (a multiple of STEP): a step back starts at the mark
    below, so it takes every // STEP frames at most, and one to draw;
    every position reached back is the game as it was after that many
    moves."""
    rig, play, over = finished_game("halali")
    actions = play.state.actions()
    assert len(actions) > 3 * STEP
    rig.press("SELECT")
    replay = settled(rig)
    rig.press("A")
    settled(rig)
    assert 0 < len(replay.marks) <= MARKS and replay.every % STEP == 0
    assert len(actions) <= replay.every * (MARKS + 1)
    most = 0
    for k in range(len(actions) - 1, len(actions) - 2 * replay.every - 3, -1):
        rig.press("LEFT")  # a frame: the press and the first of its work
        frames = 1
        while replay.at != replay.goal or replay.due:
            rig.frames(1)
            frames += 1
        most = max(most, frames)
        assert replay.at == k and replay.state.actions() == actions[:k]
    assert most <= replay.every // STEP + 1  # (and a frame to draw)


def test_from_the_scores_a_kept_game_is_chosen_and_watched():
    from kapsa.replaylist import KeptGames
    from kapsa.scores import Scores
    from test_history import to_scores

    rig, play, over = finished_game("halali")
    actions = play.state.actions()
    rig.press("B")  # back to the games
    scene = to_scores(rig)
    while rig.app.games[scene.game].name != "halali":
        rig.press("RIGHT")
    assert "^v:setup <>:game A:replays" in rig.texts()
    rig.press("A")
    kept = rig.top
    assert isinstance(kept, KeptGames) and len(kept.games) == 1
    assert kept.menu.items[0].split()[0] == str(max(over.scores[s] for s in play.humans))
    rig.press("A")
    replay = settled(rig)
    assert isinstance(replay, Replay)
    rig.press("A")
    settled(rig)
    assert replay.state.actions() == actions and replay.state.scores() == over.scores
    rig.press("B")
    assert rig.top is kept
    rig.press("B")
    assert isinstance(rig.top, Scores)


def test_a_damaged_request_to_watch_opens_the_launcher(tmp_path):
    from kapsa.launcher import Launcher

    for request in ("~Bad!", "~", "~duel ?"):
        (tmp_path / "next-game.txt").write_text(request)
        supervisor = FakeSupervisor()
        app = boot(tmp_path, supervisor)
        if request == "~duel ?":  # a game, but no kept game in that slot: on to the launcher
            assert isinstance(app.stack[0], Replay) and supervisor.reloads  # (a fake: asked each frame)
            continue
        assert isinstance(app.top, Launcher) and not supervisor.reloads, request


def test_on_the_device_a_replay_opens_in_a_vm_of_its_own_and_leaves_to_the_launcher(tmp_path):
    from kapsa.launcher import Launcher

    supervisor = FakeSupervisor()
    tap(boot(tmp_path, supervisor), "A", "A")  # Duel, Start game: restart 1
    game = boot(tmp_path, supervisor)
    actions_of = game.top.state
    play_to_its_end(game, supervisor)
    actions = actions_of.actions()
    counting_vm(tmp_path, supervisor)  # counted, and kept (kapsa.replays)
    over_vm = boot(tmp_path, supervisor)
    for _ in range(40):
        over_vm.step()
    assert isinstance(over_vm.top, GameOver)
    reloads = supervisor.reloads
    tap(over_vm, "SELECT")
    assert supervisor.reloads == reloads + 1
    assert (tmp_path / "next-game.txt").read_text() == "~duel"

    watching = boot(tmp_path, supervisor)
    replay = watching.top
    assert isinstance(replay, Replay) and watching.stack == [replay]  # alone in its VM
    for _ in range(20):
        watching.step()
    assert replay.ready
    tap(watching, "A")
    for _ in range(5):
        watching.step()
    assert replay.state.actions() == actions
    tap(watching, "B")
    assert supervisor.reloads == reloads + 2  # to the launcher, a fresh VM
    launcher = boot(tmp_path, supervisor)
    assert isinstance(launcher.top, Launcher)

    # From the Scores: the kept game chosen opens a VM of its own too
    from kapsa.replaylist import KeptGames

    tap(launcher, "UP", "A", "A")  # Scores (up from the first game), its kept games
    assert isinstance(launcher.top, KeptGames) and len(launcher.top.games) == 1
    slot = launcher.top.games[0].slot
    tap(launcher, "A")
    assert supervisor.reloads == reloads + 3
    assert (tmp_path / "next-game.txt").read_text() == "~duel " + slot
    again = boot(tmp_path, supervisor)
    assert isinstance(again.top, Replay) and again.top.slot == slot
    for _ in range(20):
        again.step()
    tap(again, "A")
    for _ in range(5):
        again.step()
    assert again.top.state.actions() == actions


def test_a_move_on_is_drawn_in_its_frame_and_its_garbage_collected_in_a_quiet_one():
    """One move on: made and drawn in the frame of the press; more (A, to
    the end): STEP moves a frame, drawn in the frame after the last; the
    collection is asked for (App.tidy) in the quiet frame after a draw,
    never in the frame of a press."""
    rig, play, over = finished_game("hanabi")
    rig.press("SELECT")
    replay = settled(rig)
    tidied = []
    rig.app.tidy = lambda: tidied.append(replay.at)
    drawn = []
    draw = replay.screen.draw
    replay.screen.draw = lambda view, seat: (drawn.append(replay.at), draw(view, seat))
    rig.press("RIGHT")
    assert replay.at == 1 and drawn == [1] and tidied == []  # drawn in the frame of the press
    rig.frames(1)
    assert tidied == [1]  # the quiet frame after it
    rig.press("A")
    total = len(play.state.actions())
    frames = 1
    while replay.at != total or replay.due:
        assert drawn == [1] and tidied == [1]  # working: nothing drawn, nothing collected
        rig.frames(1)
        frames += 1
    assert frames == -(-(total - 1) // STEP) + 1 and drawn == [1, total]
    rig.frames(1)
    assert tidied == [1, total]


def test_a_halali_step_paints_the_board_in_its_frame_and_the_panel_in_the_next(monkeypatch):
    """A step that changes much of the board (the return match's start)
    with the panel in one frame took the device 0.12 s: the panel comes a
    frame later."""
    from harness import per_frame
    from games.halali import board

    rig, play, over = finished_game("halali")
    rig.press("SELECT")
    replay = settled(rig)
    boards = per_frame(rig, monkeypatch, board, "paint_board")
    panels = per_frame(rig, monkeypatch, board, "paint_panel")
    for _ in range(3):
        rig.press("RIGHT")
        settled(rig)
        rig.frames(2)
    assert len(boards) == 3 and all(panels.get(frame + 1) == 1 for frame in boards)
    assert not set(boards) & set(panels)
    assert replay.at == 3
