"""Game codes (kapsa.codes, kapsa.codeentry, kapsa.rng's coded picks):
a game's code, read where a person reads it (the pause menu, the game
over scene), typed by presses into another app's setup, starts the same
game: the same setup, the same chance outcomes for the same choices, the
same scores. Wrong codes are refused with their reason; a coded game
saved and opened again draws what one played straight through draws."""

import pytest

from harness import Rig, memory_store, real_games
from test_playtest_round2 import no_pixels
from test_playtest_round3 import modules_kept  # noqa: F401  (a fixture)
from test_playtest_round3 import play_to_the_end

from kapsa import coderead, codes
from kapsa.engine import CHANCE, OVER

GAMES = ("qwinto", "hashi", "hanabi", "halali")
INDEX = {name: i for i, name in enumerate(GAMES)}  # the launcher's rows


def registry(name):
    return [g for g in real_games() if g.name == name][0].registry


# -- the code itself


def test_codes_every_setup_round_trips_with_its_seed():
    for name in GAMES:
        reg = registry(name)
        low, high = reg.SEATS
        seen = set()
        for index in range(codes.count(reg)):
            seats, bots, options = coderead.setup_of(reg, index)
            assert low <= seats <= high and 0 <= bots < 1 << seats
            assert codes.setup_index(reg, seats, bots, options) == index
            seen.add((seats, bots, options))
            seed = (index * 7919) % codes.seeds(reg)
            code = codes.encode(reg, seats, bots, options, seed)
            assert len(code) == 8 and all(c in codes.ALPHABET for c in code)
            assert coderead.decode(code, reg) == (seats, bots, options, seed)
            assert coderead.decode(code.lower(), reg) == (seats, bots, options, seed)
        assert len(seen) == codes.count(reg)  # no two setups share a number
        # Each seat count with each computer seat and each option's choice:
        assert codes.count(reg) == (((1 << high + 1) - (1 << low))
                                    * eval("*".join(str(len(c)) for _l, c in reg.OPTIONS) or "1"))
        assert codes.seeds(reg) >= 150000  # Hanabi, with the most setups, has the fewest


def test_codes_no_look_alikes_and_every_single_typo_is_caught():
    assert len(codes.ALPHABET) == 32 and len(set(codes.ALPHABET)) == 32
    assert not set("01OI") & set(codes.ALPHABET)
    reg = registry("hanabi")
    code = codes.encode(reg, 3, 0b110, 32 | 2, 12345)
    for i in range(8):
        for c in codes.ALPHABET:
            if c != code[i]:
                typo = code[:i] + c + code[i + 1:]
                with pytest.raises(ValueError) as refused:
                    coderead.decode(typo, reg, real_games())
                # the check fails, or (one character of the game's bits
                # changed, the check matching by chance) never as this game
                assert str(refused.value) in ("Mistyped: check the code",), typo


def test_codes_every_game_has_a_number_of_its_own():
    numbers = [registry(name).CODE[0] for name in GAMES]
    assert numbers == [0, 1, 2, 3]  # for good: codes already given out hold them
    assert all(registry(name).CODE[1] == 1 for name in GAMES)


def test_codes_another_game_and_another_version_are_refused_with_a_reason(monkeypatch):
    qwinto, hanabi = registry("qwinto"), registry("hanabi")
    code = codes.encode(qwinto, 2, 0b10, 1, 99)
    with pytest.raises(ValueError, match="That is a Qwinto code"):
        coderead.decode(code, hanabi, real_games())
    with pytest.raises(ValueError, match="A code of a newer Kapsa"):  # a game not in this box
        coderead.decode(code, hanabi, [g for g in real_games() if g.name != "qwinto"])
    monkeypatch.setattr(qwinto, "CODE", (0, 2))
    newer = codes.encode(qwinto, 2, 0b10, 1, 99)
    monkeypatch.undo()
    with pytest.raises(ValueError, match="Code of rules v2, not v1"):
        coderead.decode(newer, qwinto, real_games())
    assert coderead.decode(code, qwinto) == (2, 0b10, 1, 99)


def test_codes_coded_picks_do_not_hang_on_what_came_before():
    """Pick k of a seed is the same whatever the picks before it were:
    Qwinto's dice for the same choices after different ones."""
    from kapsa.rng import pick

    class Node:
        def __init__(self, n):
            self.n = n

        def legal_actions(self):
            return list(range(self.n))

    seed = 4242
    first = [pick(seed, k, Node(36)) for k in range(40)]
    assert [pick(seed, k, Node(36)) for k in range(40)] == first
    assert len(set(first)) > 15  # not a constant, not a short cycle
    assert [pick(seed + 1, k, Node(36)) for k in range(40)] != first
    # Over many seeds each outcome comes about as often as the others.
    counts = [0] * 6
    for s in range(3000):
        counts[pick(s, 3, Node(6))] += 1
    assert min(counts) > 400 and max(counts) < 600


# -- through presses, in the simulator's runtime


def to_setup(rig, name):
    """From the launcher to `name`'s setup (no save: A opens the setup)."""
    from kapsa.launcher import Setup

    rig.press(*["DOWN"] * INDEX[name])
    rig.press("A")
    assert isinstance(rig.top, Setup) and rig.top.info.name == name
    return rig.top


def choose_seats(rig, seats, people):
    """On the setup's "Start game": the number of players and who is a
    person, by presses; back on "Start game" (the rows may scroll)."""
    setup = rig.top
    rig.press("DOWN", "DOWN")  # past "Play a code", round to "Players"
    rig.press(*["RIGHT"] * (seats - setup.seats))
    for seat in range(seats):
        rig.press("DOWN")
        if (seat in people) == setup.bots[seat]:
            rig.press("RIGHT")
    rig.press(*["DOWN"] * (len(setup.info.registry.OPTIONS) + 1))
    assert setup.menu.items[setup.menu.cursor] == "Start game"
    assert setup.seats == seats and all(setup.bots[s] == (s not in people) for s in range(seats))


def type_code(rig, code):
    """From the setup's "Start game": down to "Play a code", A, the eight
    characters by up/down from blank and right to the next."""
    from kapsa.codeentry import CodeEntry

    menu = rig.top.menu
    if menu.items[menu.cursor] == "Start game":
        rig.press("DOWN")
    assert menu.items[menu.cursor] == "Play a code"
    rig.press("A")
    assert isinstance(rig.top, CodeEntry)
    for c in code:
        value = codes.ALPHABET.index(c) + 1  # up from blank
        steps = ["UP"] * value if value <= 16 else ["DOWN"] * (33 - value)
        rig.press(*steps)
        rig.press("RIGHT")
    assert rig.top.code().startswith(code)
    return rig.top


def code_in_pause_menu(rig, play):
    """Start, the pause menu: its header's right names the code; B back."""
    from kapsa.pause import Pause

    rig.press("START")
    rig.settle()
    assert isinstance(rig.top, Pause)
    shown = rig.top.header.hint.text
    assert shown in rig.texts()
    rig.press("B")
    rig.settle()
    assert rig.top is play
    return shown


def chance_of(name, state, seats, options):
    """The chance outcomes among `state`'s actions, in order."""
    import importlib

    engine = importlib.import_module("games.%s.engine" % name)
    replayed = engine.new_game(seats, options)
    outcomes = []
    for action in state.actions():
        if replayed.current_player() == CHANCE:
            outcomes.append(action)
        replayed.apply(action)
    return outcomes


# (game, seats, people, option rows to step right): a setup other than the
# default, so that the code carries it.
SETUPS = (("qwinto", 3, (0, 2), 1), ("hashi", 2, (0,), 1), ("hanabi", 3, (0,), 1),
          ("halali", 2, (0,), 2))


@pytest.mark.parametrize("name,seats,people,option_rows", SETUPS)
def test_codes_a_code_read_in_one_game_and_typed_in_another_plays_the_same_game(
        name, seats, people, option_rows):
    from kapsa.gameover import GameOver
    from kapsa.play import PlayScene

    # Ana's game: set up by presses, started, played to its end.
    ana = Rig(games=real_games(), seed=11)
    setup = to_setup(ana, name)
    choose_seats(ana, seats, people)
    for _ in range(option_rows):  # the last option rows: their next choice
        ana.press("UP", "RIGHT")
    ana.press(*["DOWN"] * option_rows)
    assert setup.menu.items[setup.menu.cursor] == "Start game"
    ana.press("A")
    play = ana.top
    assert isinstance(play, PlayScene)
    no_pixels(ana)
    code = code_in_pause_menu(ana, play)
    assert len(code) == 8 and code == play.code
    seed = int.from_bytes(play.coded[9:13], "little")
    assert play.coded == b"\xc5" + code.encode() + seed.to_bytes(4, "little")
    assert coderead.decode(code, play.info.registry) == (play.seats, play.bots, play.options, seed)
    over = play_to_the_end(ana, play)
    ana_lines = over.lines_of(over.seat)
    assert "Code %s Sel:replay" % code in ana_lines  # the game-over scene says it
    assert "Code %s Sel:replay" % code in ana.texts()

    # Ben's app, another seed: the code typed into the same game's setup.
    ben = Rig(games=real_games(), seed=977)
    to_setup(ben, name)
    type_code(ben, code)
    assert ben.top.lines[0].text.startswith("%d players" % seats)  # what it holds
    ben.press("A")
    again = ben.top
    assert isinstance(again, PlayScene) and again.code == code
    assert (again.seats, again.bots, again.options) == (play.seats, play.bots, play.options)
    no_pixels(ben)
    assert code_in_pause_menu(ben, again) == code
    play_to_the_end(ben, again)
    # The same game: every chance outcome and every move, the same scores.
    assert again.state.actions() == play.state.actions()
    assert again.state.scores() == play.state.scores()
    assert len(chance_of(name, play.state, play.seats, play.options)) == play.picks > 5

    # A game from the setup's "Start game" in Ben's app is another game.
    other = Rig(games=real_games(), seed=977)
    to_setup(other, name)
    choose_seats(other, seats, people)
    other.press("A")
    assert other.top.code != code


def test_codes_the_final_board_shows_the_code():
    from kapsa.gameover import GUARD, FinalBoard

    rig = Rig(games=real_games(), seed=3)
    to_setup(rig, "halali")
    rig.press("A")
    play = rig.top
    no_pixels(rig)
    play_to_the_end(rig, play)
    rig.frames(GUARD)
    rig.press("A")
    assert isinstance(rig.top, FinalBoard)
    assert "Code " + play.code in rig.texts()
    rig.frames(100)  # three seconds: the board's own last line again
    assert "Code " + play.code not in rig.texts()
    rig.press("B", "A")  # and the next time the board opens
    assert "Code " + play.code in rig.texts()


def test_codes_wrong_codes_are_refused_by_presses_with_a_reason(monkeypatch):
    from kapsa.codeentry import CodeEntry

    hanabi = registry("hanabi")
    good = codes.encode(hanabi, 2, 0b10, 0, 31337)
    typo = good[:3] + ("A" if good[3] != "A" else "B") + good[4:]
    qwinto = codes.encode(registry("qwinto"), 1, 0, 0, 5)
    monkeypatch.setattr(hanabi, "CODE", (2, 2))
    newer = codes.encode(hanabi, 2, 0b10, 0, 31337)
    monkeypatch.undo()
    store = memory_store()
    rig = Rig(games=real_games(), store=store, seed=2)
    to_setup(rig, "hanabi")
    for code, reason in ((typo, "Mistyped: check the code"), (qwinto, "That is a Qwinto code"),
                         (newer, "Code of rules v2, not v1")):
        entry = type_code(rig, code)
        assert entry.lines[0].text == reason  # said as soon as the eight are typed
        rig.press("A")
        assert rig.top is entry and store.load_game("hanabi") is None  # nothing started
        assert entry.message.label.text == reason and reason in rig.texts()
        rig.press("B")  # back to the setup, on "Play a code"
    # Unfinished: the reason, and nothing starts.
    entry = type_code(rig, "")
    rig.press("UP", "A")
    assert entry.message.label.text == "Type all 8 characters" and rig.top is entry
    rig.press("B", "UP")
    # The right one starts the game with the code's setup.
    type_code(rig, good)
    assert rig.top.lines[0].text == "2 players, 1 computer"
    rig.press("A")
    play = rig.top
    assert play.code == good and (play.seats, play.bots, play.options) == (2, 0b10, 0)
    assert int.from_bytes(play.coded[9:13], "little") == 31337
    assert store.load_game("hanabi").seats == 2


# -- saved and opened again


def straight_and_reopened(name, seats, bots, options, cut_at):
    """The actions of a coded game played straight through, and of the
    same code's game saved after `cut_at` chance picks and opened in a
    fresh app (the launcher's Resume, as after a power cut), then played
    on."""
    from kapsa.launcher import ResumeMenu
    from kapsa.startgame import start
    from kapsa.play import PlayScene

    reg = registry(name)
    seed = 271828 % codes.seeds(reg)

    def started(store, app_seed):
        rig = Rig(games=real_games(), store=store, seed=app_seed)
        setup = to_setup(rig, name)
        info = setup.info
        start(rig.app, info, seats, options, bots, seed)
        no_pixels(rig)
        return rig, rig.top

    rig, play = started(memory_store(), 1)
    straight = play_to_the_end(rig, play).play.state.actions()

    store = memory_store()
    rig, play = started(store, 2)
    while play.picks < cut_at:
        state = play.state
        if rig.top is not play or play.screen.holding or getattr(play.screen, "mode", 0):
            rig.press("A")
        elif play.deciding is not None and not play.wait:
            play.try_action(play.bot.choose(state.view(play.deciding), state.legal_actions()))
        else:
            rig.frames(1)
    play.save()
    saved = store.load_game(name)
    assert list(saved.actions) == play.state.actions() and len(saved.actions) < len(straight)
    assert bytes(saved.extra)[:1] == b"\xc5"

    again = Rig(games=real_games(), store=store, seed=3)  # the restart: a fresh app
    assert again.top.menu.cursor == INDEX[name]  # the launcher opens on the saved game
    again.press("A")
    assert isinstance(again.top, ResumeMenu)
    again.press("A")  # Resume
    resumed = again.top
    assert isinstance(resumed, PlayScene) and resumed.picks == play.picks
    assert resumed.code == play.code
    no_pixels(again)
    return straight, play_to_the_end(again, resumed).play.state.actions()


@pytest.mark.parametrize("name,seats,bots,options,cut_at", (
    ("qwinto", 2, 0b10, 1, 9), ("hashi", 1, 0, 4, 5), ("hanabi", 2, 0b10, 32, 14),
    ("halali", 2, 0b10, 0, 7)))
def test_codes_a_game_saved_and_opened_again_draws_what_a_straight_one_draws(
        name, seats, bots, options, cut_at):
    straight, reopened = straight_and_reopened(name, seats, bots, options, cut_at)
    assert reopened == straight


def test_codes_a_game_opened_in_a_fresh_vm_continues_its_picks(tmp_path, modules_kept):
    """The device's way: the save and the restart request, the game opened
    by kapsa.main.Opening (a replay a few actions a frame) in a new VM."""
    from kapsa.startgame import start
    from kapsa.play import PlayScene
    from kapsa.relaunch import REQUEST
    from kapsa.store import FolderMedium, Store
    from test_playtest_round3 import boot, tap

    class Supervisor:
        reloads = 0

        def reload(self):
            self.reloads += 1

    reg = registry("qwinto")
    straight_rig = Rig(games=real_games(), seed=1)
    to_setup(straight_rig, "qwinto")
    start(straight_rig.app, straight_rig.top.info, 1, 0, 0, 4321)
    no_pixels(straight_rig)
    straight = play_to_the_end(straight_rig, straight_rig.top).play.state.actions()

    supervisor = Supervisor()
    app = boot(tmp_path, supervisor)
    tap(app, "A")  # Qwinto's setup
    start(app, app.top.info, 1, 0, 0, 4321)  # saved, and the VM restarts into it
    assert supervisor.reloads == 1
    for cut in (6, 13):
        app = boot(tmp_path, supervisor)  # the fresh VM: Opening, then the game
        for _ in range(200):
            if isinstance(app.top, PlayScene):
                break
            app.step()
        play = app.top
        assert play.code == codes.encode(reg, 1, 0, 0, 4321)
        assert play.state.actions() == straight[:len(play.state.actions())]
        while play.picks < cut:
            if play.deciding is not None and not play.wait:
                state = play.state
                play.try_action(play.bot.choose(state.view(0), state.legal_actions()))
            else:
                app.step()
        play.save()
        # what the game drew on the way is the straight game's
        assert play.state.actions() == straight[:len(play.state.actions())]
        assert Store(FolderMedium(str(tmp_path))).load_game("qwinto").actions == \
            play.state.actions()
        (tmp_path / REQUEST).write_text("qwinto")  # Save and quit, then Resume


def test_codes_a_games_own_extra_rides_behind_the_code():
    """Hashi keeps its final board's search result in the save's extra
    (moves.reopen_over): behind a code's 15 bytes, which the next VM
    reads as before, the game seeing only its own bytes."""
    from kapsa import moves
    from kapsa.play import PlayScene

    class Relauncher:
        asked = None

        def open_game(self, name, first="", note=""):
            self.asked = (first, name, note)
            return True

    reg = registry("hanabi")
    code = codes.encode(reg, 2, 0b10, 0, 99)
    rig = Rig(games=real_games(), seed=1)
    no_pixels(rig)
    info = [g for g in rig.app.games if g.name == "hanabi"][0]
    play = PlayScene(rig.app, info, 2, 0, 0b10, extra=codes.extra(code, 99, 300) + b"\x01\x02")
    assert (play.code, play.picks, bytes(play.extra)) == (code, 300, b"\x01\x02")
    assert play.coded == b"\xc5" + code.encode() + (99).to_bytes(4, "little")
    rig.app.relauncher = Relauncher()
    play.note = "40 35"  # (the count its VM was opened with: kapsa.counting.note_of)
    assert moves.reopen_over(play, bytes((1, 0, 0, 0, 0, 6)))
    assert rig.app.relauncher.asked == ("", "hanabi", "40 35")  # the count goes on
    saved = rig.store.load_game("hanabi")
    assert bytes(saved.extra) == codes.extra(code, 99, 300) + bytes((1, 0, 0, 0, 0, 6))
    again = PlayScene(rig.app, info, 2, 0, 0b10, extra=saved.extra)
    assert (again.code, again.picks, bytes(again.extra)) == (code, 300, bytes((1, 0, 0, 0, 0, 6)))
    # A save from before codes: its extra is the game's, whole; no code.
    old = PlayScene(rig.app, info, 2, 0, 0b10, extra=bytes((1, 0, 0, 0, 0, 6)))
    assert (old.code, old.coded, bytes(old.extra)) == ("", b"", bytes((1, 0, 0, 0, 0, 6)))


def solo_until_picks(rig, play, picks):
    """A solo game played by its bot (through try_action, what a press
    does) until the code's chance has made `picks` picks."""
    while play.picks < picks:
        if play.deciding is not None and not play.wait:
            state = play.state
            play.try_action(play.bot.choose(state.view(0), state.legal_actions()))
        else:
            rig.frames(1)


def test_codes_restart_plays_the_same_code_again():
    """Pause menu, Restart, Yes: the same code, its picks from the first,
    so the same dice as the game's start (here a solo Qwinto's first
    rolls, the person choosing as before)."""
    from kapsa.play import PlayScene

    rig = Rig(games=real_games(), seed=6)
    to_setup(rig, "qwinto")
    rig.press("A")
    play = rig.top
    no_pixels(rig)
    solo_until_picks(rig, play, 4)
    first = play.state.actions()
    rig.press("START")
    rig.settle()
    rig.press("DOWN", "DOWN", "A")  # Restart
    rig.press("DOWN", "A")  # Yes
    again = rig.top
    assert isinstance(again, PlayScene) and again is not play
    assert again.code == play.code and again.picks == 0 and again.state.actions() == []
    assert rig.store.load_game("qwinto").actions == []
    solo_until_picks(rig, again, 4)
    assert again.state.actions() == first


@pytest.mark.parametrize("name,seats", (("hanabi", 5), ("qwinto", 6)))
def test_codes_the_game_over_code_line_is_whole_on_screen_with_many_seats(name, seats):
    # Five Hanabi seats' rows, a breakdown and a rank title of three lines
    # filled the lines under the scores: the code's line fell below the
    # screen's edge. Every line is now wholly on the screen, and the code's
    # line is the last one shown whatever comes before it.
    from kapsa import ui

    rig = Rig(games=real_games(), seed=5)
    to_setup(rig, name)
    choose_seats(rig, seats, (0,))
    rig.press("A")
    play = rig.top
    no_pixels(rig)
    over = play_to_the_end(rig, play)
    rig.frames(3)
    assert all(t.y + ui.LINE <= ui.HEIGHT for t in over.lines)
    shown = [t for t in over.lines if t.text == "Code %s Sel:replay" % play.code]
    assert len(shown) == 1 and "Code %s Sel:replay" % play.code in rig.texts()
    many = ["a line"] * (len(over.lines) + 3) + ["Code %s Sel:replay" % play.code]
    over.show_lines(many)
    assert over.lines[-1].text == many[-1]
