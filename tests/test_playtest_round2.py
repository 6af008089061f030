"""Play-testing round 2, the runtime's points: each shown through the
runtime (presses on a headless board, tests/harness.py's Rig) or the
engines. The test names carry the point's number."""

import re

from harness import Rig, real_games


# -- helpers


def no_pixels(rig):
    """Skip composing frames (Blinka's displayio is slow in Python) in
    tests of whole games; the scenes still draw, only no pixels are made."""
    rig.board.display.refresh = lambda **_kwargs: True


def start_game(rig, game, seats, bots, options=0, pixels=False):
    """`game` started as the setup's "Start game" starts it."""
    from kapsa.app import Scene
    from kapsa.launcher import start

    info = [g for g in rig.app.games if g.name == game][0]
    rig.app.push(Scene(rig.app))  # start() replaces the top scene (the setup)
    start(rig.app, info, seats, options, bots)
    if not pixels:
        no_pixels(rig)
    return rig.top


def news_of(play):
    """Every message the game's message line shows from now on."""
    shown = []
    show = play.message.show

    def record(string, *args, **kwargs):
        shown.append(string)
        show(string, *args, **kwargs)

    play.message.show = record
    return shown


# -- 4: chance messages name the seats


def test_playtest2_4_chance_messages_use_the_seat_names():
    """Hanabi, Ana with Ben (computer): who plays first, the deal and the
    draws name Ana and Ben, never "P1"/"P2"."""
    rig = Rig(games=real_games(), seed=3)
    rig.app.settings.names = ["Ana", "Ben"]
    play = start_game(rig, "hanabi", 2, 0b10, options=32)  # who starts: drawn
    news = news_of(play)
    turns = 0
    for _ in range(3000):
        if turns == 8:
            break
        if play.deciding is not None:
            state = play.state
            assert play.try_action(play.bot.choose(state.view(0), state.legal_actions()))
            turns += 1
        else:
            rig.frames(1)
    assert turns == 8
    assert news[0] in ("Ana plays first", "Ben plays first")
    assert "Card dealt to Ana" in news and "Card dealt to Ben" in news
    assert "Ana draws a card" in news and "Ben draws a card" in news
    assert not [n for n in news if re.search(r"\bP\d", n)]


def test_playtest2_4_qwinto_says_who_starts_by_name():
    for seed in (1, 2, 3, 4):
        rig = Rig(games=real_games(), seed=seed)
        rig.app.settings.names = ["Ana", "Ben"]
        play = start_game(rig, "qwinto", 2, 0, options=1)  # "Starts: Random"
        news = news_of(play)
        rig.until(lambda: play.deciding is not None)
        first = play.state.current_player()
        assert news[0] == ("Ana", "Ben")[first] + " starts"


def test_playtest2_4_names_replace_seat_numbers_only_where_a_seat_is_named():
    from kapsa.moves import named

    class App:
        def name_of(self, seat):
            return ("Ana", "P1 Bo", "")[seat] or "P%d" % (seat + 1)

    class Play:
        app = App()

    play = Play()
    assert named(play, "Hint P2: red") == "Hint P1 Bo: red"  # a name is not read again
    assert named(play, "P1 draws a card") == "Ana draws a card"
    assert named(play, "P3 plays first") == "P3 plays first"  # no name set
    assert named(play, "PASS P12 AP1 P1x") == "PASS P12 AP1 P1x"  # not a seat
    assert named(play, "Card dealt to P1") == "Card dealt to Ana"
