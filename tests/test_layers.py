"""Layers are shown and hidden only when that changes (kapsa.ui.show).

CircuitPython's displayio marks a TileGrid whose `hidden` is set, even to
what it was, as changed whole (set to False), or may hand its whole area
to the next refresh (set to True), and a vectorio shape likewise: the
display composes and sends that area again. A Hanabi discard pile set
hidden in every paint cost the device about 25 ms a frame. Blinka does
not redraw for it, so these tests count the settings themselves, through
whole stretches of each game: a person's moves, the computers', the pass
screen, the log and the discards."""

import displayio
import pytest
import vectorio

from harness import Rig, real_games
from test_playtest_round1 import start_game


def count_needless(monkeypatch):
    """Wrap `hidden` of TileGrid and of vectorio's shapes: the list of the
    layers whose `hidden` was set to what it already was."""
    needless = []
    for cls in (displayio.TileGrid, vectorio.Rectangle.__mro__[1]):
        prop = cls.__dict__["hidden"]

        def setter(layer, hidden, prop=prop):
            if bool(prop.fget(layer)) == bool(hidden):
                needless.append(layer)
            prop.fset(layer, hidden)

        monkeypatch.setattr(cls, "hidden", property(prop.fget, setter))
    return needless


def play_frames(rig, frames, browse=False):
    """Run a game `frames` frames, its people moving (the game's bot for
    them) three frames after their turn shows; browse: before each move
    the person opens the panel (SELECT) through its modes and back."""
    from kapsa.passdevice import PassDevice
    from kapsa.play import PlayScene

    play = rig.top
    assert isinstance(play, PlayScene)
    waited = 0
    moves = 0
    for _ in range(frames):
        top = rig.top
        if isinstance(top, PassDevice):
            rig.press("A")
            continue
        if top is not play:
            break  # the game is over
        if play.deciding is not None and not play.wait and waited >= 3:
            if browse:
                rig.press("SELECT", "SELECT", "SELECT")
            seat = play.deciding
            state = play.state
            play.try_action(play.bot.choose(state.view(seat), state.legal_actions()))
            moves += 1
            waited = 0
        else:
            waited = waited + 1 if play.deciding is not None else 0
            rig.frames(1)
    return moves


@pytest.mark.parametrize("game, seats, bots, browse", [
    ("qwinto", 2, 0b10, False),
    ("hashi", 3, 0b100, False),
    ("hanabi", 3, 0b100, True),
    ("halali", 2, 0b10, False),
])
def test_no_layer_is_hidden_or_shown_again(monkeypatch, game, seats, bots, browse):
    rig = Rig(games=real_games(), seed=3)
    start_game(rig, game, seats, bots)
    needless = count_needless(monkeypatch)
    moves = play_frames(rig, 900, browse)
    assert moves >= 6, "the stretch must hold a person's moves"
    assert not needless, "%d layers set to the hidden they had (%s)" % (
        len(needless), ", ".join(sorted({type(n).__name__ for n in needless})))


def test_show_sets_hidden_only_when_it_changes(monkeypatch):
    from kapsa import ui

    needless = count_needless(monkeypatch)
    grid = displayio.TileGrid(displayio.Bitmap(4, 4, 2), pixel_shader=displayio.Palette(2))
    ui.show(grid, True)
    ui.show(grid, False)
    ui.show(grid, False)
    assert grid.hidden and not needless
