"""Qwinto and Hashi save and resume after any action, through the
runtime's store: every prefix of a whole game survives a save, a new boot
and a replay, and a game resumed from the launcher continues where it was."""

import pytest

from harness import Rig, memory_store, real_games
from kapsa.engine import CHANCE, OVER
from kapsa.play import PlayScene
from kapsa.rng import Rng
from kapsa.store import Store

GAMES = {info.name: info for info in real_games()}


def bot_game(info, seats, options, seed):
    engine = info.load("engine")
    bot = info.load("bot")
    state = engine.new_game(seats, options)
    rng = Rng(seed)
    while state.current_player() != OVER:
        seat = state.current_player()
        if seat == CHANCE:
            state.apply(rng.choose(state))
        else:
            state.apply(bot.choose(state.view(seat), state.legal_actions()))
    return engine, state.actions()


@pytest.mark.parametrize("name, seats, options", [("qwinto", 3, 0), ("qwinto", 1, 1), ("hashi", 2, 1), ("hashi", 1, 0)])
def test_save_after_any_action_resumes_the_same_game(name, seats, options):
    engine, actions = bot_game(GAMES[name], seats, options, seed=11)
    store = memory_store()
    for k in range(len(actions) + 1):
        store.save_game(name, seats, options, 0, actions[:k])
        booted = Store(store.medium)  # a new boot on the same flash
        saved = booted.load_game(name)
        assert (saved.seats, saved.options, saved.actions) == (seats, options, actions[:k])
        state = engine.replay(seats, options, saved.actions)
        assert state.actions() == actions[:k]
        expected = engine.replay(seats, options, actions[:k])
        assert state.scores() == expected.scores()
        assert state.current_player() == expected.current_player()
    assert state.current_player() == OVER


@pytest.mark.parametrize("name", ["qwinto", "hashi"])
def test_a_game_resumed_from_the_launcher_continues_where_it_was(name):
    info = GAMES[name]
    store = memory_store()
    rig = Rig(games=list(GAMES.values()), store=store, seed=5)
    rig.press(*["DOWN"] * list(GAMES).index(name))
    rig.press("A", "A")  # the game, Start game (solo)
    play = rig.top
    rig.until(lambda: play.deciding is not None and not play.wait)
    bot = info.load("bot")
    for _ in range(6):  # a few decisions, made as the computer would
        rig.until(lambda: play.deciding is not None and not play.wait)
        play.try_action(bot.choose(play.state.view(0), play.state.legal_actions()))
    rig.until(lambda: play.deciding is not None and not play.wait)
    played = play.state.actions()
    rig.press("START", "DOWN", "DOWN", "DOWN", "A")  # Save and quit

    rebooted = Rig(games=list(GAMES.values()), store=Store(store.medium), seed=9)
    assert any(t.startswith(info.registry.TITLE) and "Resume" in t for t in rebooted.texts())
    assert rebooted.top.menu.cursor == list(GAMES).index(name)  # it opens on the saved game
    rebooted.press("A", "A")  # the game, Resume
    resumed = rebooted.top
    assert isinstance(resumed, PlayScene) and resumed.info.name == name
    assert resumed.state.actions()[:len(played)] == played
    rebooted.until(lambda: resumed.deciding == 0 and not resumed.wait)
    assert resumed.state.current_player() == 0


def test_every_game_has_a_rules_summary_that_fits_the_screen():
    # The pause menu reads it from the game's rules.txt (not kept in RAM).
    for info in GAMES.values():
        lines = info.rules()
        assert len(lines) >= 5, info.name
        assert all(0 < len(line) <= 25 for line in lines), info.name
        assert not hasattr(info.registry, "RULES")
