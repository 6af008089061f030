"""Score history (lib/kapsa/history.py, lib/kapsa/scores.py; docs/scores.md):
every finished game counts in its game's history, the figures and the
chart of the last 20, the scores scene reached by presses from the
launcher, a power cut at every byte of the history's write, a damaged
history started anew with a message, a game-over scene shown again after
a cut counting nothing twice, and the old settings' solo bests moved in."""

import types

import pytest

from harness import Rig, memory_store, past_guard, real_games
from kapsa import histsave, history, tally
from kapsa.gameover import GameOver
from kapsa.history import BEST, FINISHED, PLAYED, SCORES, TOTAL, VS, WON
from kapsa.launcher import Launcher
from kapsa.memorymedium import MemoryMedium
from kapsa.prefs import Settings
from kapsa.store import Store

import test_playtest_round2 as R2
from test_playtest_round3 import play_to_the_end
from test_store import PowerCut, SimulatedFlash, cut_everywhere


def games():
    return real_games()


def registry(game):
    return [g for g in games() if g.name == game][0].registry


def fake_app(store, best=None):
    """What kapsa.history needs of an App: the store, the settings, the
    games (their registries)."""
    app = types.SimpleNamespace(store=store, settings=Settings(best=dict(best or {})),
                                games=games())
    app.save_settings = lambda: store.save_settings(app.settings)
    return app


def figures_of(e):
    return (e[PLAYED], e[FINISHED], e[VS], e[WON], e[TOTAL], e[BEST], list(e[SCORES]))


def to_scores(rig):
    """From the launcher, up to "Scores" (the last row) and A."""
    from kapsa.scores import Scores

    assert isinstance(rig.top, Launcher)
    while rig.top.menu.items[rig.top.menu.cursor] != "Scores":
        rig.press("UP")
    rig.press("A")
    assert isinstance(rig.top, Scores)
    return rig.top


def bars(scene):
    """The chart's bars, left to right: (height in pixels, colour) each,
    read from its bitmap (a bar a BAR pixels; the line at zero is colour 3)."""
    from kapsa.scores import BAR, CHART_H

    bm = scene.bitmap
    found = []
    for i in range(bm.width // BAR):
        column = [bm[i * BAR, y] for y in range(CHART_H)]
        inked = [c for c in column if c in (1, 2)]
        if not inked and 3 not in column:
            break
        found.append((len(inked), inked[0] if inked else 0))
    return found


# -- every game, finished by people's moves: counted, and shown


@pytest.mark.parametrize("game", ["qwinto", "hashi", "hanabi", "halali"])
def test_every_finished_game_counts_in_its_history_and_the_scores_show_it(game):
    store = memory_store()
    rig = Rig(games=games(), store=store)
    setup = R2.open_setup(rig, game)  # by presses
    if setup.seats == 1:  # (Hanabi and Halali open on a person and a computer)
        rig.setup_seats(2, people={0})
    assert (setup.seats, setup.bots[:2]) == (2, [False, True])
    R2.no_pixels(rig)
    rig.press("A")  # Start game
    h = history.load(rig.app, game)[0]
    assert figures_of(h.entries[0])[:2] == (1, 0)  # played, not finished yet
    play = rig.top
    if game == "qwinto":  # (the person's moves by the quick baseline)
        from games.qwinto.greedy import greedy_choose

        play._bot = types.SimpleNamespace(choose=greedy_choose, think=play.bot.think)
    over = play_to_the_end(rig, play)
    scores = over.scores
    team = getattr(registry(game), "TEAM", False)
    e = history.load(rig.app, game)[0].entries[0]
    assert (e[0], e[1]) == history.variant(registry(game), 2, play.options)
    won = 0 if team else int(scores[0] >= scores[1])
    assert figures_of(e) == (1, 1, 0 if team else 1, won, scores[0], scores[0], [scores[0]])
    past_guard(rig)
    rig.press("B")  # back to the games
    rig.board.display.refresh = lambda **_kwargs: True
    scene = to_scores(rig)
    assert scene.app.games[scene.game].name == game  # on the game last chosen
    texts = rig.texts()
    assert "Scores: " + registry(game).TITLE in texts
    assert "Played 1  finished 1" in texts
    if team:
        assert "Team game: no one to beat" in texts
    else:
        assert "Won vs computers: %d/1" % won in texts
    assert "Mean %.1f  best %d" % (scores[0], scores[0]) in texts
    assert bars(scene) == [(bars(scene)[0][0], 2)] and bars(scene)[0][0] >= 1
    rig.press("B")
    assert isinstance(rig.top, Launcher)


def test_a_restart_counts_one_more_played_and_a_computers_game_counts_nothing():
    rig = Rig(games=games(), store=memory_store())
    R2.start_game(rig, "qwinto", 1, 0)
    rig.press("START")
    rig.settle()
    items = rig.top.menu.items
    rig.press(*["DOWN"] * items.index("Restart"), "A")
    assert rig.top.menu.items == ["No", "Yes"]  # "Start this game over?"
    rig.press("DOWN", "A")
    e = history.load(rig.app, "qwinto")[0].entries[0]
    assert (e[PLAYED], e[FINISHED]) == (2, 0)
    R2.start_game(rig, "qwinto", 2, 0b11)  # the computer in both seats
    h = history.load(rig.app, "qwinto")[0]
    assert h.started == 2 and [(x[0], x[PLAYED]) for x in h.entries] == [(1, 2)]


# -- the figures and the chart


def test_figures_mean_best_won_and_the_chart_of_the_last_20():
    store = memory_store()
    app = fake_app(store)
    h = history.History()
    reg = registry("qwinto")
    scores = [(-7 if n % 6 == 0 else 40 + (n * 37) % 50) for n in range(25)]
    for n, s in enumerate(scores):
        # a person and a computer: won when the person has the top score (a tie too)
        tally.add(h, reg, 2, 0, 0b10, [s, 50], n + 1)
    tally.add(h, reg, 2, 0, 0b10, [99, 0], 25)  # the same game again: not counted
    e = h.entries[0]
    won = sum(1 for s in scores if s >= 50)
    assert figures_of(e) == (25, 25, 25, won, sum(scores), max(scores), scores[-20:])
    histsave.save(app, "qwinto", h, [])
    assert figures_of(history.load(app, "qwinto")[0].entries[0]) == figures_of(e)

    rig = Rig(games=games(), store=store)
    scene = to_scores(rig)
    texts = rig.texts()
    assert "2 players" in texts
    assert "Played 25  finished 25" in texts
    assert "Won vs computers: %d/25" % won in texts
    assert "Mean %.1f  best %d" % (sum(scores) / 25, max(scores)) in texts
    shown = bars(scene)
    last = scores[-20:]
    assert len(shown) == 20 and [c for _, c in shown] == [1] * 19 + [2]  # the last in the accent
    # Heights follow the scores (from the line at zero, up or down)
    for i in range(20):
        for j in range(20):
            if abs(last[i]) > abs(last[j]):
                assert shown[i][0] >= shown[j][0], (last[i], last[j], shown)
    top = max(h for h, _ in shown)
    assert shown[last.index(max(last))][0] == top
    assert "%d" % max(last) in texts and "%d" % min(last) in texts  # the scale


def test_variants_kept_apart_and_named_and_the_scene_moves_by_presses():
    store = memory_store()
    app = fake_app(store)
    hashi, hanabi = registry("hashi"), registry("hanabi")
    h = history.History()
    tally.add(h, hashi, 1, 1 | 4, 0, [30], 1)  # board B, random start: board B's
    tally.add(h, hashi, 1, 0, 0, [41], 2)
    tally.add(h, hashi, 1, 1, 0, [35], 3)
    histsave.save(app, "hashi", h, [])
    assert [(e[1], e[FINISHED], e[BEST]) for e in h.entries] == [(1, 2, 35), (0, 1, 41)]
    g = history.History()
    tally.add(g, hanabi, 3, 1 | 4 | 32, 0b110, [17, 17, 17], 1)
    histsave.save(app, "hanabi", g, [])

    rig = Rig(games=games(), store=store)
    scene = to_scores(rig)
    assert "Scores: Qwinto" in rig.texts()  # no game opened yet: the first
    rig.press("RIGHT")  # Hashi
    assert rig.top.header.hint.text == "1/2"
    assert "Solo, Board B" in rig.texts() and "Mean 32.5  best 35" in rig.texts()
    rig.press("DOWN")
    assert "Solo, Board A" in rig.texts() and "Mean 41.0  best 41" in rig.texts()
    assert rig.top.header.hint.text == "2/2"
    rig.press("DOWN")
    assert "Solo, Board B" in rig.texts()
    rig.press("RIGHT")  # Hanabi
    texts = rig.texts()
    assert "Scores: Hanabi" in texts
    assert texts[texts.index("Scores: Hanabi") + 2:][:2] == ["3 players, Last breath,", "Sixth colour"]
    assert "Team game: no one to beat" in texts
    rig.press("RIGHT", "RIGHT")  # Halali, Qwinto
    assert "Scores: Qwinto" in rig.texts() and "No games yet" in rig.texts()
    assert bars(scene) == []
    rig.press("LEFT")
    assert "Scores: Halali" in rig.texts()
    rig.press("B")
    assert isinstance(rig.top, Launcher)


# -- a power cut at every byte, damage, a game-over scene shown again


def history_of(store, game="qwinto"):
    """What a fresh VM reads of the game's history: its figures."""
    h = history.load(fake_app(store), game)[0]
    return (h.started, h.last, [figures_of(e) for e in h.entries])


def test_power_cut_at_every_byte_of_the_history_s_write():
    flash = SimulatedFlash()
    store = Store(flash)
    app = fake_app(store)
    reg = registry("qwinto")
    h = history.History()
    for n in range(19):  # two copies, the newer with 19 games
        tally.add(h, reg, 1, 0, 0, [60 + n], n + 1)
        tally.add(h, reg, 3, 0, 0b110, [60 + n, 50, 70], n + 100)
        if n in (17, 18):
            histsave.save(app, "qwinto", h, [])
    store.save_game("qwinto", 1, 0, 0, [5, 6])
    store.save_settings(Settings(names=["Anna"]))
    old = history_of(Store(flash))

    def count_one_more(st):
        a = fake_app(st)
        g = history.load(a, "qwinto")[0]
        tally.add(g, reg, 1, 0, 0, [99], 999)
        histsave.save(a, "qwinto", g, [])

    trial = Store(SimulatedFlash())
    trial.medium.files.update(flash.snapshot())
    count_one_more(Store(trial.medium))
    new = history_of(Store(trial.medium))
    assert new != old and new[2][0][1] == 20

    old_count, new_count, total = cut_everywhere(
        flash, count_one_more, history_of, old, new,
        [(lambda st: st.load_game("qwinto").actions, [5, 6]),
         (lambda st: st.load_settings().names, ["Anna"])],
        bad="Qwinto scores: one copy set aside")
    assert total > SimulatedFlash.BLOCK + 100  # the erase and the whole record, each byte
    assert old_count >= total - 1 and 1 <= new_count <= 2


def test_a_damaged_history_starts_anew_with_a_message_told_once():
    medium = MemoryMedium()
    store = Store(medium)
    app = fake_app(store)
    h = history.History()
    tally.add(h, registry("qwinto"), 1, 0, 0, [55], 1)
    histsave.save(app, "qwinto", h, [])
    histsave.save(app, "qwinto", h, [])
    key = history.key_of("qwinto")
    for slot in "ab":  # both copies: one bit each
        if key + "." + slot in medium.files:
            data = bytearray(medium.files[key + "." + slot])
            data[20] ^= 4
            medium.files[key + "." + slot] = bytes(data)
    medium.files[key + ".b"] = b"junk"
    rig = Rig(games=games(), store=Store(medium))
    # (the saves' opening never reads a history: it is checked when first read)
    assert key not in rig.app.store._newest and not rig.app.store.problems
    rig.frames(1)
    scene = to_scores(rig)
    assert scene.message.text == "Qwinto scores were damaged; reset"
    assert "No games yet" in rig.texts()
    rig.press("B")
    to_scores(rig)
    assert rig.top.message.text == ""  # told once
    # A finished game starts the history anew
    R2.start_game(rig, "qwinto", 1, 0)
    e = history.load(rig.app, "qwinto")[0].entries[0]
    assert (e[PLAYED], e[FINISHED]) == (1, 0)


def test_a_history_that_verifies_but_does_not_read_is_reset_never_a_crash():
    from kapsa.histsave import _record

    for body in (b"", b"\x01", b"\x00\x00\x00\x00\x00\x11", b"\x01\x00\x00\x00\x00\x01\x00",
                 b"\x01\x00\x00\x00\x00\x01\x01\x01\x01\x05\x00\x00\x00\x00\x00",
                 bytes(range(40))):
        medium = MemoryMedium()
        medium.files["qwinto_h.a"] = _record("qwinto_h", body)
        store = Store(medium)
        app = fake_app(store)
        h, _ = history.load(app, "qwinto")
        assert h.entries == [] and "Qwinto scores were damaged; reset" in store.problems, body
        # and it is written anew
        tally.add(h, registry("qwinto"), 1, 0, 0, [12], 1)
        histsave.save(app, "qwinto", h, [])
        assert history_of(Store(medium))[2][0][1] == 1


def test_a_history_round_trips_every_field():
    h = history.History()
    h.started, h.last = 300, 0xFEDCBA98
    reg = types.SimpleNamespace(SCORED=0xFFFF)
    for n in range(history.MAX_VARIANTS + 3):  # the least recent variants go
        for k in range(n % 3 + 1):
            tally.add(h, reg, 1 + n % 4, n * 300, 0b10 if n % 4 else 0,
                        [-100 + n * 13 + k, 5, 0, 0], n * 10 + k)
    body = histsave.build(h)
    g = history.parse(bytes(body))
    assert (g.started, g.last) == (h.started, h.last)
    assert g.entries == h.entries and len(g.entries) == history.MAX_VARIANTS
    assert [e[1] for e in g.entries] == [n * 300 for n in range(history.MAX_VARIANTS + 2, 2, -1)]
    assert any(e[BEST] < 0 for e in g.entries) and any(e[WON] for e in g.entries)
    with pytest.raises((ValueError, IndexError)):
        history.parse(bytes(body) + b"\x00")


def test_a_game_over_scene_shown_again_after_a_cut_counts_the_game_once(tmp_path):
    from test_runtime import FakeSupervisor, boot, tap
    import sys

    supervisor = FakeSupervisor()
    tap(boot(tmp_path, supervisor), "A", "A")  # Duel, Start game (a computer beside)
    game = boot(tmp_path, supervisor)
    play = game.top
    while supervisor.reloads < 2:
        if play.deciding is not None:
            tap(game, "A")
        else:
            game.step()
    for again in range(2):  # the game-over VM; the power fails before its save is cleared
        if again:  # (the launcher's A, A on the saved game asks for it again)
            (tmp_path / "next-game.txt").write_text("duel")
        sys.modules.pop("tinygame.bot", None)
        reloads = supervisor.reloads
        end = boot(tmp_path, supervisor)
        for _ in range(20):  # (the replay: kapsa.main.Opening)
            if supervisor.reloads > reloads:  # a VM of its own counts the game first
                reloads = supervisor.reloads
                end = boot(tmp_path, supervisor)
            elif isinstance(end.top, GameOver):
                break
            else:
                end.step()
        assert isinstance(end.top, GameOver)
        assert end.store.load_game("duel") is not None  # not cleared yet
        e = history.load(end, "duel")[0].entries[0]
        assert (e[PLAYED], e[FINISHED], e[SCORES]) == (1, 1, [end.top.scores[0]])
    for _ in range(4):
        end.step()
    assert end.store.load_game("duel") is None
    assert history.load(end, "duel")[0].entries[0][FINISHED] == 1


# -- the solo bests moved in from the settings


def test_old_settings_bests_move_into_the_histories():
    from kapsa import oldbests

    assert oldbests.BEST == history.BEST
    store = memory_store()
    store.save_settings(Settings(names=["Anna"], best={"qwinto": 40, "hashi": 50, "hashiB": 31}))
    rig = Rig(games=games(), store=Store(store.medium))
    to_scores(rig)  # on Qwinto: its best moves in, the settings keep the others
    assert "Solo" in rig.texts() and "Mean -  best 40" in rig.texts()
    assert "Played 0  finished 0" in rig.texts()
    assert Store(store.medium).load_settings().best == {"hashi": 50, "hashiB": 31}
    assert Store(store.medium).load_settings().names == ["Anna"]
    rig.press("RIGHT")
    texts = rig.texts()
    assert "Mean -  best 50" in texts or "Mean -  best 31" in texts
    assert Store(store.medium).load_settings().best == {}
    h = history.load(fake_app(Store(store.medium)), "hashi")[0]
    assert sorted((e[0], e[1], e[BEST]) for e in h.entries) == [(1, 0, 50), (1, 1, 31)]
    # A first game after it: the old best stands
    app = fake_app(Store(store.medium))
    h = history.load(app, "qwinto")[0]
    e, before, counted = tally.add(h, registry("qwinto"), 1, 0, 0, [33], 1)
    assert counted and before == 40 and e[BEST] == 40 and e[SCORES] == [33]


def test_a_cut_between_the_history_and_the_settings_moves_the_bests_in_once():
    store = memory_store()
    store.save_settings(Settings(best={"qwinto": 40}))
    app = fake_app(Store(store.medium), best={"qwinto": 40})
    h, moved = history.load(app, "qwinto")
    assert moved == ["qwinto"]
    app.save_settings = lambda: None  # the power fails before the settings are written
    histsave.save(app, "qwinto", h, moved)
    app = fake_app(Store(store.medium), best={"qwinto": 45})  # (and a higher one, say)
    h, moved = history.load(app, "qwinto")
    assert [(e[0], e[BEST]) for e in h.entries] == [(1, 45)] and moved == ["qwinto"]


def test_a_count_noted_for_the_game_over_vm_reads_back_and_a_damaged_note_is_none():
    """The count a VM of its own made (kapsa.countvm) rides on the
    request to the game-over VM, read back stripped."""
    from kapsa.counting import note_of as write
    from kapsa.counting import tallied_of as read

    for tallied in ((57, 52, None), (None, None, None), (-3, None, "Hashi scores were damaged; reset")):
        assert read(write(tallied).strip()) == tallied
    for damaged in ("", "57", "x 5", "5 y problem"):
        assert read(damaged) is None
