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
    from kapsa.startgame import start

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
    from kapsa.seatnames import named

    class App:
        def name_of(self, seat):
            return ("Ana", "P1 Bo", "")[seat] or "P%d" % (seat + 1)

    play = App()
    assert named(play, "Hint P2: red") == "Hint P1 Bo: red"  # a name is not read again
    assert named(play, "P1 draws a card") == "Ana draws a card"
    assert named(play, "P3 plays first") == "P3 plays first"  # no name set
    assert named(play, "PASS P12 AP1 P1x") == "PASS P12 AP1 P1x"  # not a seat
    assert named(play, "Card dealt to P1") == "Card dealt to Ana"


# -- 1: a person's finished turn is saved at once, whoever decides next


def cut(rig):
    """A power cut now: a new Kapsa on a copy of the medium as it is (the
    memory medium keeps whole records, as the store's slots do after a
    cut: tests/test_store.py proves that on a model of the flash)."""
    from kapsa.memorymedium import MemoryMedium
    from kapsa.store import Store

    again = Rig(games=rig.app.games, store=Store(MemoryMedium(dict(rig.store.medium.files))))
    no_pixels(again)
    return again


def resume(rig, game):
    """Launcher > the game's "> Resume" > Resume, by presses; the game's
    PlayScene once it opened (on the pass screen, or deciding)."""
    from kapsa.passdevice import PassDevice
    from kapsa.play import PlayScene

    names = [g.name for g in rig.app.games]
    assert rig.texts()[1 + names.index(game)].endswith("> Resume")
    while rig.top.menu.cursor != names.index(game):
        rig.press("DOWN")
    rig.press("A", "A")
    play = rig.app.stack[1]
    assert isinstance(play, PlayScene)
    rig.until(lambda: isinstance(rig.top, PassDevice)
              or play.deciding is not None and not play.wait)
    return play


def finished_turn(game, before, seat, action):
    """Whether `action` of `seat` ends that seat's turn, by the rules
    (independent of how the runtime knows it), and what kind of turn."""
    words = before.describe(action)
    if game == "qwinto":
        if before.phase != 5:  # P_ENTRY: writing (or passing) ends a turn
            return None
        return ("active " if seat == before.active else "passive ") + (
            "pass" if action == 27 else "write")
    if game == "hashi":  # a start number, or Done after a card's number and bridges
        return words.split()[0] if words.startswith(("Start", "Done")) else None
    if game == "hanabi":  # every action is a turn
        return words.split()[0] + (" as" if " as " in words else "")
    # Halali: every action is a turn
    for kind in ("Turn over", "takes", "leaves", "No move"):
        if kind in words:
            return kind
    return "moves"


def cut_after_every_turn(rig, game, seats, bots, options=0):
    """Play `game` to its end, people choosing with the game's bot by the
    same call a press makes (try_action). Right after each finished turn
    of a person (before another frame) the power is cut: the save must
    hold the game up to that turn. The first time each kind of turn ends
    (and each time the same person decides next, in a kind of its own),
    the cut Kapsa resumes it through the launcher, by presses. Returns
    the kinds seen, the game's writes and the persons' actions."""
    from kapsa.engine import OVER
    from kapsa.gameover import GameOver
    from kapsa.memorymedium import MemoryMedium
    from kapsa.store import Store

    play = start_game(rig, game, seats, bots, options)
    medium = rig.store.medium
    writes = []
    write = medium.write
    medium.write = lambda slot, data: (writes.append(slot), write(slot, data))
    kinds = set()
    person = 0
    for _ in range(100000):
        if isinstance(rig.top, GameOver):
            break
        if rig.top is not play:  # the pass screen
            rig.press("A")
            continue
        seat = play.deciding
        if seat is None:
            if play.screen.holding:
                rig.press("A")  # Halali's banner between a match's games: "A: play on"
            else:
                rig.frames(1)
            continue
        state = play.state
        action = play.bot.choose(state.view(seat), state.legal_actions())
        before = state.copy()
        assert play.try_action(action)  # what A does on the screen, in one frame
        person += 1
        kind = finished_turn(game, before, seat, action)
        if kind is None or play.state.current_player() == OVER:
            continue  # (at the end the game-over scene clears the save)
        if play.state.current_player() == seat:
            kind += ", the same person next"
        done = len(before.actions()) + 1
        saved = Store(MemoryMedium(dict(medium.files))).load_game(game)
        assert saved is not None and saved.actions[:done] == play.state.actions()[:done], (
            "a cut after %s's %s would lose it" % (seat, kind))
        if kind not in kinds:
            kinds.add(kind)
            again = cut(rig)
            resumed = resume(again, game)
            assert resumed.state.actions()[:done] == play.state.actions()[:done], kind
    else:
        raise AssertionError("the game did not end")
    return kinds, len([w for w in writes if w.startswith(game + ".")]), person


def test_playtest2_1_qwinto_written_number_survives_a_cut_when_the_writer_rolls_next():
    """The play-tester's case, by presses: solo Qwinto, roll, keep, write
    the sum in orange; the power goes; Resume shows the number written
    and asks for the next dice."""
    from test_qwinto_screen import Thumb

    rig = Rig(games=real_games(), seed=11)
    rig.app.settings.names = ["Ana"]
    rig.app.save_settings()
    play = start_game(rig, "qwinto", 1, 0, pixels=True)
    # The orange die, keep, the first orange box it may go in.
    thumb = Thumb(rig, {0: lambda view, legal: min(legal)})
    while True:
        rig.until(lambda: play.deciding is not None and not play.wait)
        before = play.state.phase
        thumb.decide(then_wait=False)
        if before == 5:  # the entry: Ana wrote her number
            break
    wrote = play.state.actions()
    assert play.state.total in play.state.sheet(0)[:9]  # in orange
    assert "Ana: pick dice" in rig.texts() and "1 pt" in rig.texts()
    again = Rig(games=rig.app.games, store=cut(rig).store)
    resumed = resume(again, "qwinto")
    assert resumed.state.actions() == wrote
    assert resumed.state.sheet(0) == play.state.sheet(0)
    assert "Ana: pick dice" in again.texts() and "1 pt" in again.texts()


def base(kinds):
    return {k.split(",")[0] for k in kinds}


def test_playtest2_1_qwinto_every_kind_of_turn_survives_a_cut():
    kinds, writes, person = cut_after_every_turn(Rig(games=real_games(), seed=4), "qwinto", 1, 0)
    assert {"active write, the same person next", "active pass, the same person next"} <= kinds
    kinds, _, _ = cut_after_every_turn(Rig(games=real_games(), seed=5), "qwinto", 2, 0)
    assert base(kinds) == {"active write", "active pass", "passive write", "passive pass"}
    assert "passive write, the same person next" in kinds  # the writer rolls next
    kinds, _, _ = cut_after_every_turn(Rig(games=real_games(), seed=6), "qwinto", 3, 0b110)
    assert {"active write", "passive write"} <= base(kinds)


def test_playtest2_1_hashi_every_kind_of_turn_survives_a_cut():
    kinds, writes, person = cut_after_every_turn(Rig(games=real_games(), seed=7), "hashi", 1, 0)
    assert base(kinds) == {"Start", "Done"}
    assert person > 2.5 * writes  # not a write per bridge
    kinds, _, _ = cut_after_every_turn(Rig(games=real_games(), seed=8), "hashi", 3, 0b100)
    assert base(kinds) == {"Start", "Done"}


def test_playtest2_1_hanabi_every_kind_of_turn_survives_a_cut():
    kinds, _, _ = cut_after_every_turn(Rig(games=real_games(), seed=9), "hanabi", 2, 0b10,
                                       options=2)  # Announce: choreography
    assert {"Play as", "Discard", "Hint"} <= base(kinds)
    kinds, _, _ = cut_after_every_turn(Rig(games=real_games(), seed=10), "hanabi", 3, 0)
    assert {"Play", "Discard", "Hint"} <= base(kinds)


def test_playtest2_1_halali_every_kind_of_turn_survives_a_cut():
    """Two people: in a match, the last to move in game 1 may open game 2
    (Blue moves first): the same person decides next. (A deal where that
    happens, the people choosing with Halali's present computer: since
    game codes the app's seed picks the code, whose seed deals the tiles;
    seed 12's game no longer has it, seed 13's has.)"""
    kinds, _, _ = cut_after_every_turn(Rig(games=real_games(), seed=13), "halali", 2, 0)
    assert {"Turn over", "moves", "takes"} <= base(kinds)
    assert any(k.endswith("the same person next") for k in kinds), kinds


def test_playtest2_1_a_save_reads_the_engines_own_actions_byte_for_byte():
    """Every game's own bytes of its actions (State._acts, ACT_BYTES an
    action: read in place, not copied) make the very record its actions()
    list makes, all through a game (Halali's two bytes an action:
    one-byte records while every action is below
    256, varints after)."""
    import importlib

    from kapsa import codec
    from kapsa.engine import CHANCE, OVER
    from kapsa.moves import logged
    from kapsa.rng import Rng

    for game, seats in (("qwinto", 3), ("hashi", 2), ("hanabi", 4), ("halali", 2)):
        engine = importlib.import_module("games.%s.engine" % game)
        bot = importlib.import_module("games.%s.bot" % game)
        state = engine.new_game(seats, 0)
        rng = Rng(3)
        modes = set()
        while state.current_player() != OVER:
            listed = codec.encode_game(game, seats, 0, state.actions(), 1, b"x", 5)
            actions, width, count = logged(state)
            assert actions is state._acts  # the engine's own, not a copy
            assert count == len(state.actions())
            assert codec.encode_game(game, seats, 0, actions, 1, b"x", 5, width) == listed
            modes.add(listed[10 + len(game) + 6])  # the action encoding
            seat = state.current_player()
            state.apply(rng.choose(state) if seat == CHANCE
                        else bot.choose(state.view(seat), state.legal_actions()))
        assert modes == ({codec.ACTIONS_BYTES, codec.ACTIONS_PAIRS} if game == "halali"
                         else {codec.ACTIONS_BYTES})


def test_playtest2_1_the_driver_saves_without_copying_the_action_list():
    """Through a game: every save hands the store the engine's own bytes
    (no actions(): a new list of every action, 1-2 KB in one piece late in
    a game), and what is saved is the game."""
    rig = Rig(games=real_games(), seed=2)
    play = start_game(rig, "qwinto", 2, 0b10)
    saves = []
    save_game = rig.store.save_game

    def saving(game, seats, options, bots, actions, extra=b"", width=0):
        saves.append(actions is play.state._acts and width == 1)
        return save_game(game, seats, options, bots, actions, extra, width)

    rig.store.save_game = saving
    for _ in range(3000):
        if play.deciding is not None:
            state = play.state
            assert play.try_action(play.bot.choose(state.view(0), state.legal_actions()))
        else:
            rig.frames(1)
        if len(saves) >= 10:
            break
    assert saves == [True] * 10
    assert rig.store.load_game("qwinto").actions == play.state.actions()


# -- 5: no press is dropped once the person's turn shows


def frames_until_moved(rig, play, limit=600):
    """Step a frame at a time until the state changed in a frame; returns
    the seat that moved (the state's actions grew by a computer's move or
    a chance outcome)."""
    count = len(play.state.actions())
    for _ in range(limit):
        rig.frames(1)
        if len(play.state.actions()) != count:
            return
    raise AssertionError("nothing moved")


def test_playtest2_5_halali_left_right_after_the_computers_move_acts():
    """Ana (Blue) against Ben (computer): Ana turns a tile over; Ben moves
    and the board shows Ana to move. LEFT in the very next frame moves
    Ana's cursor, A then turns the tile under it over."""
    from games.halali import engine

    rig = Rig(games=real_games(), seed=5)
    rig.app.settings.names = ["Ana", "Ben"]
    play = start_game(rig, "halali", 2, 0b10, options=1)  # a single game, Ana Blue
    screen = play.screen
    for _ in range(3):  # three of Ana's turns, each after one of Ben's moves
        rig.until(lambda: play.deciding == 0)
        state = play.state
        assert play.try_action(play.bot.choose(state.view(0), state.legal_actions()))
        while play.state.current_player() != 0:  # the tile's chance, Ben's move
            frames_until_moved(rig, play)
        # The frame in which Ben moved shows the board with Ana to move.
        assert screen.view.turn == 0 and screen.view.current == 0
        assert screen.deciding
        before = screen.pos
        rig.press("LEFT")  # the first frame after
        assert screen.pos != before, "LEFT was dropped"
        assert "Ana: " in screen.footer.text
        pos = screen.pos
        if pos < engine.EXIT and play.state.board[pos] == engine.DOWN:
            played = len(play.state.actions())
            rig.press("A")
            assert len(play.state.actions()) == played + 1  # turned over at once
            rig.frames(2)  # and the tile drawn in a frame of its own
            assert play.state.board[pos] != engine.DOWN


def test_playtest2_5_qwinto_keep_right_after_the_roll_acts():
    """Solo Qwinto: A on "Roll", and A in the frame after the roll shows
    keeps it (Keep under the cursor), as fast as a thumb goes. The dice
    roll two frames after the A (a frame of its own: the move's and the
    roll's drawing in one frame took the device over 100 ms)."""
    from games.qwinto import engine
    from test_qwinto_screen import Thumb

    rig = Rig(games=real_games(), seed=6)
    play = start_game(rig, "qwinto", 1, 0)
    thumb = Thumb(rig, {0: lambda view, legal: min(legal)})
    rig.until(lambda: play.deciding == 0)
    thumb.decide(then_wait=False)  # the orange die
    rig.frames(2)  # rolled
    assert play.state.phase == engine.P_DECIDE
    assert play.screen.item == 0  # Keep
    rig.press("A")
    assert play.state.phase == engine.P_ENTRY, "A on Keep was dropped"


def test_playtest2_5_a_computers_move_then_the_persons_decision_opens_at_once():
    """Where the screen shows the person's turn as soon as a computer has
    moved (Halali's one board; a hidden game's holder: Hanabi), the
    decision opens in that frame; where it shows the computer's sheet
    (Qwinto), its pause comes first and then the person's sheet."""
    from kapsa.play import BOT_FRAMES

    for game, opened in (("hanabi", True), ("halali", True), ("qwinto", False)):
        rig = Rig(games=real_games(), seed=8)
        play = start_game(rig, game, 2, 0b10)
        seen = 0
        while seen < 3:
            if play.deciding == 0 and not play.wait:
                state = play.state
                assert play.try_action(play.bot.choose(state.view(0), state.legal_actions()))
                continue
            count = len(play.state.actions())
            rig.frames(1)
            computer = play.state.actions()[count:] and play.message.string.startswith("P2")
            if not computer or play.state.current_player() != 0:
                continue
            seen += 1
            assert (play.deciding == 0) is opened, game
            if not opened:
                assert play.screen.seat == 1  # the computer's sheet, for its pause
                rig.frames(BOT_FRAMES + 1)
                assert play.deciding == 0 and play.screen.seat == 0


# -- 9: setup's footer and memory


def open_setup(rig, game):
    """Launcher > game (> New game when it has a save): its setup."""
    from kapsa.launcher import ResumeMenu, Setup

    names = [g.name for g in rig.app.games]
    while rig.top.menu.cursor != names.index(game):
        rig.press("DOWN")
    rig.press("A")
    if isinstance(rig.top, ResumeMenu):
        rig.press("DOWN", "A")  # New game
    assert isinstance(rig.top, Setup)
    return rig.top


def keys_do_what_the_footer_says(rig, scene, hints, back):
    """On every row of a menu scene: the footer is one of `hints`; each
    key it names does something there (LEFT, RIGHT and A change the row,
    or A starts/opens something), and LEFT/RIGHT change nothing where it
    does not name them. `back` is B's word."""
    menu = scene.menu
    for row in range(len(menu.items)):
        while menu.cursor != row:
            rig.press("DOWN")
        footer = scene.footer.text
        assert footer in hints, footer
        assert footer.endswith("B:" + back)
        changed = False  # by LEFT or RIGHT (at an end, one of them does nothing)
        for key, undo in (("RIGHT", "LEFT"), ("LEFT", "RIGHT")):
            before = list(menu.items)
            rig.press(key)
            if list(menu.items) != before:
                changed = True
                rig.press(undo)  # back as it was
        assert changed == footer.startswith("<>"), (row, footer)
        if "A:change" in footer:
            before = menu.items[row]
            rig.press("A")
            assert scene.menu.items[row] != before, (row, footer)
        assert rig.top is scene


def test_playtest2_9_setup_footer_says_what_each_key_does_on_its_row():
    from kapsa.launcher import Setup
    from kapsa.play import PlayScene

    hints = ("<>A:change B:back", "A:start B:back", "B:back", "A:type a code B:back")
    for game in ("qwinto", "hashi", "hanabi", "halali"):
        rig = Rig(games=real_games())
        no_pixels(rig)
        setup = open_setup(rig, game)
        assert setup.footer.text == "A:start B:back"  # it opens on Start game
        keys_do_what_the_footer_says(rig, setup, hints, "back")
        low, high = setup.info.registry.SEATS
        rig.press("UP")  # "Play a code" is the last row, Start game above it
        while setup.menu.cursor != 0:
            rig.press("UP")
        assert setup.footer.text == ("B:back" if low == high else "<>A:change B:back")
        while setup.menu.cursor != len(setup.menu.items) - 2:
            rig.press("DOWN")
        assert setup.footer.text == "A:start B:back"
        rig.press("A")
        assert isinstance(rig.top, PlayScene) and not isinstance(rig.top, Setup)


def test_playtest2_9_a_on_players_goes_round():
    rig = Rig(games=real_games())
    setup = open_setup(rig, "qwinto")
    rig.press("DOWN", "DOWN")  # round to Players (past "Play a code")
    assert setup.menu.items[0] == "Players: 1"
    for seats in (2, 3, 4, 5, 6, 1):
        rig.press("A")
        assert setup.menu.items[0] == "Players: %d" % seats


def test_playtest2_9_setup_remembers_the_last_game_started_across_restarts():
    """Qwinto for two people (Starts: Player 1), Hanabi with the rainbow:
    after the power goes, each game's setup opens as it was started; a
    game not started yet opens on its defaults."""
    rig = Rig(games=real_games())
    no_pixels(rig)
    setup = open_setup(rig, "qwinto")
    rig.press("DOWN", "DOWN", "RIGHT")  # Players: 2 (past "Play a code")
    rig.press("DOWN", "DOWN", "A")  # seat 2: a person
    rig.press("DOWN", "RIGHT")  # Starts: Player 1
    rig.press("DOWN")
    qwinto = list(setup.menu.items)
    assert qwinto == ["Players: 2", "1 P1: Person", "2 P2: Person", "Starts: Player 1",
                      "Start game", "Play a code"]
    rig.press("A")
    again = cut(rig)
    setup = open_setup(again, "qwinto")  # it has a save: > New game
    assert setup.menu.items == qwinto
    assert setup.menu.cursor == len(qwinto) - 2  # A starts at once, as before
    assert setup.options() == 0 and setup.bots_mask() == 0 and setup.seats == 2

    again.press("B", "B")  # back to the launcher
    setup = open_setup(again, "hanabi")
    defaults = list(setup.menu.items)
    assert defaults[:3] == ["Players: 2", "1 P1: Person", "2 P2: Computer"]
    while not setup.menu.items[setup.menu.cursor].startswith("Rainbow"):
        again.press("UP")
    again.press("RIGHT", "RIGHT")  # Every colour
    again.press("UP", "UP", "UP", "UP", "UP", "UP", "RIGHT")  # Players: 3
    assert setup.seats == 3
    hanabi = list(setup.menu.items)
    options = setup.options()
    again.press("UP", "UP", "A")  # round to Start game (past "Play a code")
    third = cut(again)
    setup = open_setup(third, "hanabi")
    assert setup.menu.items == hanabi
    assert setup.options() == options and options & 12 == 12  # (and who starts: drawn)
    third.press("B", "B")
    setup = open_setup(third, "hashi")  # never started: the defaults
    assert setup.menu.items[:2] == ["Players: 1", "1 P1: Person"]


def test_playtest2_9_a_setup_started_again_writes_nothing_and_a_cut_keeps_old_or_new():
    """Starting a game with the setup it opened with writes no settings;
    a changed setup is one settings write, safe against a cut at every
    byte of it (tests/test_store.py's flash model)."""
    from kapsa import setups
    from kapsa.prefs import Settings
    from kapsa.store import Store
    from test_store import SimulatedFlash, cut_everywhere

    rig = Rig(games=real_games())
    no_pixels(rig)
    writes = []
    write = rig.store.medium.write
    rig.store.medium.write = lambda slot, data: (writes.append(slot), write(slot, data))
    open_setup(rig, "halali")
    rig.press("A")  # the defaults, remembered: one write
    assert [w for w in writes if w.startswith("settings")] == ["settings.a"]
    rig.top.pause()
    rig.settle()
    rig.press("DOWN", "DOWN", "DOWN", "A")  # Save and quit
    rig.until(lambda: len(rig.app.stack) == 1)
    open_setup(rig, "halali")
    rig.press("A")  # the same again
    assert [w for w in writes if w.startswith("settings")] == ["settings.a"]

    old = Settings(names=["Ana"], setups=setups.write({"qwinto": (2, 0, 1)}))
    new = Settings(names=["Ana"], setups=setups.write({"qwinto": (2, 0, 1),
                                                        "hanabi": (4, 0b1110, 12)}))
    flash = SimulatedFlash()
    Store(flash).save_settings(old)
    kept, made, _ = cut_everywhere(flash, lambda st: st.save_settings(new), Store.load_settings,
                                   old, new, [])
    assert kept and made
    assert setups.read(Store(flash).load_settings().setups)["hanabi"] == (4, 0b1110, 12)


def test_playtest2_9_settings_without_setups_are_the_same_bytes_and_bad_setups_ignored():
    from kapsa import decode, prefs, setups

    plain = prefs.Settings(True, 70, ["Ana", "Ben"], {"qwinto": 40})
    # What Kapsa wrote before the setups were kept, byte for byte.
    assert prefs.encode_settings(plain, 3).hex() == (
        "4b53010103000000140001460203416e610342656e01067177696e746f5040821113")
    both = prefs.Settings(True, 70, ["Ana", "Ben"], {"qwinto": 40},
                          setups=setups.write({"qwinto": (2, 0b10, 1), "halali": (2, 0, 3)}))
    assert decode.decode_settings(prefs.encode_settings(both)) == both
    assert setups.read(both.setups) == {"qwinto": (2, 0b10, 1), "halali": (2, 0, 3)}
    # Setups that do not read as such (a bug's, say) are no setups: the
    # defaults, and the settings load as ever.
    rig = Rig(games=real_games())
    for bad in (b"\x01", b"\x02\x06qwinto\x02\x00\x00", b"\x01\x06qwinto\x02\x00\x00!",
                b"\x01\x06qwinto\x02\xff\xff\xff\xff\xff\xff\x00", b"\xff" * 9):
        assert setups.read(bad) == {}
        loaded = decode.decode_settings(prefs.encode_settings(prefs.Settings(setups=bad)))
        assert loaded.setups == bad
        rig.app.settings = loaded
        setup = open_setup(rig, "qwinto")
        assert setup.menu.items[:2] == ["Players: 1", "1 P1: Person"]
        rig.press("B")


# -- 10: the settings' footer


def test_playtest2_10_settings_footer_says_what_each_key_does_on_its_row():
    from kapsa.names import NameEditor
    from kapsa.settings import SettingsScene

    rig = Rig(games=real_games())
    names = [g.name for g in rig.app.games]
    rig.press(*["DOWN"] * len(names), "A")
    scene = rig.top
    assert isinstance(scene, SettingsScene)
    keys_do_what_the_footer_says(rig, scene, ("<>A:change B:done", "A:edit name B:done"),
                                 "done")
    for row, footer in ((0, "<>A:change B:done"), (1, "<>A:change B:done"),
                        (2, "A:edit name B:done"), (7, "A:edit name B:done"),
                        (8, "<>A:change B:done")):
        while scene.menu.cursor != row:
            rig.press("DOWN")
        assert scene.footer.text == footer
    rig.press("UP")  # a name row: A opens the keyboard
    rig.press("A")
    assert isinstance(rig.top, NameEditor)
