"""Hashi's thinking a part a frame: a computer's turn and setup, and solo
Hashi's hindsight search at the game's end, split into small parts give
the same results as in one go; the end screen says how far the search is
and about how long it still takes; START over the scores pauses it."""

from kapsa.gameover import GameOver

from games.hashi import bot, ending, greedy
from games.hashi import engine as E
from games.hashi.solver import Search
from test_hashi_bot import draw, island
from test_hashi_screen import Thumb, engine_game, resume
from harness import past_guard

CARDS = [1, 6, 0, 3, 7, 9, 5, 2, 11, 8, 4, 14, 13, 12, 15, 10, 17]


def thought(view, legal):
    """think()'s steps, from a fresh plan."""
    bot._memo[0] = None
    steps = list(bot.think(view, legal))
    bot._memo[0] = None
    return steps


def test_a_computer_s_setup_is_thought_in_parts_to_choose_s_action():
    st = E.new_game(4, 0)
    view = st.view(st.current_player())
    legal = st.legal_actions()
    steps = thought(view, legal)
    # a None after each part of greedy.PART starts valued, then the start
    assert len(legal) > greedy.PART and len(steps) == 1 + len(legal) // greedy.PART
    assert steps[:-1] == [None] * (len(steps) - 1)
    assert steps[-1] == bot.choose(view, st.legal_actions())


def test_a_turn_s_parts_value_at_most_a_part_s_boards():
    # Each part of a turn's plan values at most greedy.PART boards: between
    # two of think()'s steps the value module's count grows by so many.
    st = E.new_game(1, 0)
    st.apply(E.START4 + island("N"))
    draw(st, 3, 3)
    counted = []
    real = bot.value

    def value(*args):
        counted[-1] += 1
        return real(*args)

    bot.value = greedy.value = value
    try:
        bot._memo[0] = None
        counted.append(0)
        for step in bot.think(st.view(0), st.legal_actions()):
            counted.append(0)
    finally:
        bot.value = greedy.value = real
        bot._memo[0] = None
    assert len(counted) > 4 and max(counted) <= greedy.PART + 1 and sum(counted) > 3 * greedy.PART


def search_in(parts, cards, width, units):
    s = Search(0, E.START4 + island("N"), cards, width)
    calls = 0
    while not s.proven and (s.nodes < units or s.midway):
        s.step(1, parts)
        calls += 1
    return s, calls


def test_the_search_a_part_at_a_time_finds_what_it_finds_a_unit_at_a_time():
    # The beam phase (a whole game's cards) and the exact phase (a short
    # game, proven): a part a call ends where a unit a call ends, with the
    # same best, line and bound, in more calls.
    for cards, width, units in ((CARDS, 8, 300), (CARDS[:4], 1, 10 ** 6)):
        whole, whole_calls = search_in(-1, cards, width, units)
        parts, part_calls = search_in(1, cards, width, units)
        assert (parts.best, parts.line, parts.upper, parts.proven, parts.nodes) == (
            whole.best, whole.line, whole.upper, whole.proven, whole.nodes)
        assert whole_calls == whole.nodes and part_calls > whole_calls
    assert whole.proven and whole.phase == 2


def test_time_left_in_words():
    class Fake:
        nodes = 0
        ms = 0

    s = Fake()
    assert ending.time_left(s) == "a minute or two to go"  # no pace yet
    s.nodes = ending.SOLVER_UNITS // 2
    for ms, words in ((5_000, "under a minute left"), (30_000, "under a minute left"),
                      (60_000, "about 1 min left"), (100_000, "about 2 min left"),
                      (200_000, "about 3 min left")):
        s.ms = ms
        assert ending.time_left(s) == words


def paused(rig):
    # (by name: the menu's module is let go and imported anew as it comes)
    return type(rig.top).__name__ == "Pause"


def test_start_over_the_scores_pauses_the_search_and_resume_goes_on_with_it():
    rig = resume(engine_game(3).actions()[:-1])
    Thumb(rig).play_out()
    over = rig.top
    assert isinstance(over, GameOver)
    screen = over.play.screen
    rig.until(lambda: screen.solver_state == 1 and screen.solver_frames > 0, limit=200)
    texts = rig.texts()
    assert any(t.startswith(("searching", "at least")) for t in texts)
    assert any(t.endswith(("left", "to go")) for t in texts), texts
    past_guard(rig)  # the scores take no press in their first half second
    rig.press("START")
    rig.until(lambda: paused(rig), limit=20)
    # nothing to restart or save in a finished game
    assert rig.top.items == ["Resume", "Rules", "Settings", "Back to the games"]
    units = screen.solver.nodes
    rig.frames(30)
    assert screen.solver.nodes == units  # the search waits under the menu
    rig.press("A")  # Resume
    assert rig.top is over and screen.solver_state == 1
    rig.frames(30)
    assert screen.solver.nodes > units
    rig.press("START")
    rig.until(lambda: paused(rig), limit=20)
    rig.press("DOWN", "DOWN", "DOWN", "A")  # Back to the games
    assert rig.texts()[0] == "Kapsa"
