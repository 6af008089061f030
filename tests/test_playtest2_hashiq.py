"""Play-testing, round 2: Hashi's and Qwinto's points and the docs.

6. Hashi's bonus news no longer covers the board and the card: it comes
   on the message line once the card drawn has said itself.
11. Solo Hashi keeps a best per board (an old save's best is board A's),
   and the end says the hindsight figure and the personal best apart.
13. The final boards' headers say the same in both games: "Ann's final
   board", "Ana's final sheet", the points on the right.
14. The README links every game's controls and action encodings.
"""

import os
import re

from harness import Rig, memory_store, past_guard, real_games
from kapsa.gameover import FinalBoard, GameOver
from kapsa.play import PlayScene
from kapsa import histsave, history
from kapsa.prefs import Settings

from games.hashi import engine as E
from games.hashi import words

import test_hashi_screen as H
import test_qwinto_screen as Q

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# -- 6: the bonus news


def first_bonus_game():
    """(actions before the confirm that scores a bonus, its news) of the
    first careful solo game with one."""
    for seed in range(1, 40):
        state = E.new_game(1)
        actions = H.engine_game(seed).actions()
        for i, a in enumerate(actions):
            before = bytes(state.bonus[0])
            state.apply(a)
            got = [c for c in range(3) if state.bonus[0][c] and not before[c]]
            if got:
                cat = got[0]
                return actions[:i], "%s +%d" % (words.CATEGORIES[cat], state.bonus[0][cat])
    raise AssertionError("no game with a bonus")


def test_playtest2_6_bonus_news_is_on_the_message_line_not_over_the_board_or_card():
    actions, news = first_bonus_game()
    rig = H.resume(actions)
    H.Thumb(rig).decide()  # the confirm; the next card asks for a number
    play = rig.top
    assert isinstance(play, PlayScene) and play.state.phase == E.ACTION_A
    board = H.above_footer(rig)  # the board, the card, the bonus row, the card bar
    frames = []
    for frame in range(words.BANNER_FRAMES + 60):
        if news in rig.texts():
            assert H.message(rig) == news  # on the bottom line, nowhere else
            frames.append(frame)
        rig.frames(1)
        if frames and frame in (frames[0], frames[0] + 30):
            assert H.above_footer(rig) == board  # nothing over the board or the card
    assert frames, "the bonus was never announced"
    assert len(frames) >= 60  # long enough to read
    assert H.above_footer(rig) == board
    # The card still asks for its number: the news took nothing away.
    assert words.word(play.state.view(0)) == "number"


# -- 11: a best per board, worded apart from the hindsight figure


def near_the_end(options, seed=3):
    """A solo Hashi game's actions but its last (the final confirm)."""
    return H.engine_game(seed, options=options).actions()[:-1]


def finish(store, options):
    """Resume a solo game saved just before its end, confirm by button:
    the game-over scene (rig, its texts)."""
    store.save_game("hashi", 1, options, 0, near_the_end(options))
    rig = Rig(games=real_games(), store=store)
    rig.app.settings.names = list(H.NAMES)
    rig.press("A", "A")  # Hashi (the launcher opens on its save), > Resume
    H.wait(rig)
    H.Thumb(rig).decide()
    assert isinstance(rig.top, GameOver)
    past_guard(rig)
    return rig, rig.texts()


def test_playtest2_11_hashi_keeps_a_best_per_board_and_an_old_best_is_board_as():
    store = memory_store()
    store.save_settings(Settings(best={"hashi": 99, "qwinto": 40}))  # before boards had bests
    rig, texts = finish(store, E.BOARD_B)
    score = rig.top.scores[0]
    assert score < 99
    # Board B's first game is its best; board A's 99 is not board B's.
    assert "Your best on board B: %d" % score in texts, texts
    assert not any(t.startswith("Best") for t in texts), texts
    # The bests live in the score history now (kapsa.history): Hashi's
    # old one moved there, as board A's; Qwinto's waits for Qwinto's.
    assert store.load_settings().best == {"qwinto": 40}
    h = history.load(rig.app, "hashi")[0]
    assert [(e[0], e[1], e[history.BEST]) for e in h.entries] == [(1, E.BOARD_B, score), (1, 0, 99)]
    rig, texts = finish(store, 0)
    assert "Your best on board A: 99" in texts, texts
    # A better board B game says so, for board B.
    h = history.load(rig.app, "hashi")[0]
    h.entry(1, E.BOARD_B)[history.BEST] = score - 1
    histsave.save(rig.app, "hashi", h, [])
    rig, texts = finish(store, E.BOARD_B)
    assert "New best on board B!" in texts, texts
    h = history.load(rig.app, "hashi")[0]
    assert [(e[1], e[history.BEST]) for e in h.entries] == [(E.BOARD_B, score), (0, 99)]


def test_playtest2_11_the_hindsight_figure_is_not_called_a_best():
    rig, texts = finish(memory_store(), 0)
    assert "These cards allow:" in texts, texts
    rig.until(lambda: rig.top.play.screen.solver_state >= 2, limit=6000)
    rig.frames(2)
    texts = rig.texts()
    said = [t for t in texts if t.startswith("These cards allow")]
    assert said, texts
    assert not any("Best with" in t for t in texts), texts
    # The one line with "best" in it is the person's own.
    assert [t for t in texts if "best" in t.lower()] == ["Your best on board A: %d" % rig.top.scores[0]]


# -- 13: the final boards' headers


def header(rig):
    h = rig.top.play.screen.header
    return h.title.text, h.hint.text


def test_playtest2_13_hashi_final_boards_say_whose_final_board():
    # Solo.
    rig, _ = finish(memory_store(), 0)
    score = rig.top.scores[0]
    rig.press("A")
    assert isinstance(rig.top, FinalBoard)
    assert header(rig) == ("Ann's final board", "%d pts" % score)
    # Two seats, a computer's board too (left/right), and a long name.
    full = H.engine_game(4, seats=2)
    rig = H.resume(full.actions()[:-1], seats=2, bots=0b10)
    rig.app.settings.names[1] = "Isabella"
    while isinstance(rig.top, PlayScene):
        H.Thumb(rig).decide()
    over = rig.top
    assert isinstance(over, GameOver)
    past_guard(rig)
    rig.press("A")
    assert header(rig) == ("Ann's final board", "%d pts" % over.scores[0])
    rig.press("RIGHT")
    assert header(rig) == ("Isabella's final", "%d pts" % over.scores[1])


def test_playtest2_13_qwinto_final_sheets_say_it_the_same_way(monkeypatch):
    from kapsa import play as driver

    monkeypatch.setattr(driver, "CHANCE_FRAMES", 2)
    monkeypatch.setattr(driver, "BOT_FRAMES", 2)
    rig = Q.new_rig(seed=6, pixels=False)
    Q.start(rig, seats=2, people=(0,))
    rig.app.settings.names[1] = "Isabella"
    over = Q.Thumb(rig).play_to_end()
    rig.press("A")
    assert isinstance(rig.top, FinalBoard)
    pts = ["%d pt%s" % (s, "" if s in (1, -1) else "s") for s in over.scores]
    assert header(rig) == ("Ana's final sheet", pts[0])
    rig.press("SELECT")  # the other seat's
    assert header(rig) == ("Isabella's final", pts[1])


# -- 14: the docs


# Where each game's page has its controls and its action encodings.
CONTROLS = {"qwinto": "screens-and-controls", "hashi": "screens-and-controls",
            "hanabi": "controls", "halali": "controls"}
ACTIONS = {"qwinto": "actions", "hashi": "actions", "hanabi": "actions", "halali": "the-engine"}


def sections(path):
    """A Markdown page's sections by GitHub anchor: each heading's text up
    to the next heading of its level or above."""
    out = {}
    open_ = []  # (level, anchor) of the headings whose sections run on
    with open(path) as f:
        for line in f:
            m = re.match(r"(#+) (.*)", line)
            if m:
                level = len(m.group(1))
                open_ = [(lv, a) for lv, a in open_ if lv < level]
                anchor = re.sub(r"[^\w\- ]", "", m.group(2).strip().lower()).replace(" ", "-")
                open_.append((level, anchor))
                out[anchor] = ""
            for _, anchor in open_:
                out[anchor] += line
    return out


def test_playtest2_14_the_readme_links_every_games_controls_and_actions():
    with open(os.path.join(ROOT, "README.md")) as f:
        readme = f.read()
    for game in CONTROLS:
        page = sections(os.path.join(ROOT, "docs", game + ".md"))
        controls, actions = page[CONTROLS[game]], page[ACTIONS[game]]
        assert "](docs/%s.md#%s)" % (game, CONTROLS[game]) in readme, game
        assert "](docs/%s.md#%s)" % (game, ACTIONS[game]) in readme, game
        # The controls: a table of buttons and what they do.
        assert re.search(r"^\|( when \|)? button \|", controls, re.M), game
        assert re.search(r"\| A( on [^|\n]*)? \|", controls), game
        # The action encodings: a table of the action numbers.
        assert re.search(r"^\| action \|", actions, re.M), game
    # Memory: the README no longer says every game needs more than the
    # device leaves; it points to the figures and the device checklist.
    assert "every game still needs more memory" not in readme
    assert "(docs/figures.md)" in readme and "(docs/device.md)" in readme
