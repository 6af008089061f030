"""Play-testing round 1: each finding about the shared runtime, shown
through the runtime (presses on a headless board, as tests/test_runtime.py
does). The test names carry the finding's number."""

from harness import DUEL, Rig, memory_store, real_games
from kapsa.app import App
from kapsa.launcher import Launcher


# -- helpers


def reboot(rig):
    """A power cut now: a new Kapsa on a copy of the medium as it is."""
    from kapsa.memorymedium import MemoryMedium
    from kapsa.store import Store

    return Rig(games=rig.app.games, store=Store(MemoryMedium(dict(rig.store.medium.files))))


def no_pixels(rig):
    """Skip composing frames (Blinka's displayio is slow in Python) in
    tests of whole games; the scenes still draw, only no pixels are made."""
    rig.board.display.refresh = lambda **_kwargs: True


# -- 1: the rules scroll as text


def open_rules(rig):
    """Qwinto solo, to the first decision, then Pause > Rules."""
    from kapsa.play import PlayScene

    rig.press("A", "A")  # Qwinto, Start game
    play = rig.top
    assert isinstance(play, PlayScene)
    rig.until(lambda: play.deciding is not None)
    from kapsa.app import Later

    rig.press("START", "DOWN", "A")
    rig.until(lambda: rig.app.stack[-2] is play and not isinstance(rig.top, Later))
    reader = rig.top  # in the menu's place; its code came in a frame of its own
    assert reader.labels == []
    rig.frames(1)  # then its text
    assert reader.labels
    return play


def test_playtest_1_rules_scroll_as_text_every_line_visible():
    from kapsa.reader import ROWS, TextScene

    rig = Rig(games=real_games())
    launcher_accent = rig.board.display.pixel(5, 20)
    play = open_rules(rig)
    reader = rig.top
    assert isinstance(reader, TextScene)
    lines = reader.lines
    assert len(lines) > ROWS  # Qwinto's summary needs scrolling
    shown = rig.texts()
    # The header, where we are, then the first ROWS lines, the first one
    # included, none blanked and none highlighted.
    assert shown[:2] == ["Rules", "1-%d/%d" % (ROWS, len(lines))]
    assert shown[2:2 + ROWS] == lines[:ROWS]
    text_area = [(x, y) for y in range(15, 15 + ROWS * 12) for x in range(0, 150)
                 if rig.board.display.pixel(x, y) == launcher_accent]
    assert text_area == []
    thumb_top = reader.thumb.y
    rig.press("UP")  # at the top: nothing moves, no wrap to the end
    assert rig.texts()[2:2 + ROWS] == lines[:ROWS]
    rig.press("DOWN")  # one line
    assert rig.texts()[1:2 + ROWS] == ["2-%d/%d" % (ROWS + 1, len(lines))] + lines[1:ROWS + 1]
    assert reader.thumb.y > thumb_top
    for _ in range(len(lines)):
        rig.press("DOWN")
    last = len(lines) - ROWS
    assert rig.texts()[1:2 + ROWS] == ["%d-%d/%d" % (last + 1, len(lines), len(lines))] + lines[last:]
    assert reader.thumb.y + reader.thumb.height == 15 + ROWS * 12  # the bar at its end
    rig.press("LEFT")  # a page up
    assert rig.texts()[2] == lines[max(last - ROWS, 0)]
    rig.press("B")
    assert rig.top is not reader and rig.top.menu.cursor == 0  # the pause menu, on Resume
    assert rig.app.stack[-2] is play


# -- 2: a finished turn survives a power cut


def test_playtest_2_a_turn_survives_a_cut_on_the_pass_screen():
    """Seat 1 holds and the device waits 40 s on the pass screen: a power
    cut then resumes after seat 1's turn, at the pass screen for seat 2."""
    from kapsa.passdevice import PassDevice

    rig = Rig(seed=2)
    play = two_people(rig)
    rig.press("A", "A")  # seat 1 takes the device and holds
    rig.frames(1)  # the pass screen comes in the frame after the move
    assert rig.top is not play
    turn = play.state.actions()
    cut_now = reboot(rig)  # right after the turn
    rig.frames(40 * 30)
    cut_later = reboot(rig)  # 40 s later, the pass screen still up
    for again in (cut_now, cut_later):
        again.press("A", "A")  # Duel > Resume
        assert again.app.stack[-2].state.actions() == turn
        assert isinstance(again.top, PassDevice) and "P2: press A" in again.texts()


def play_checking_cuts(rig, people_think=3):
    """Play a real game to its end, the people choosing with the game's
    bot after `people_think` frames, and after every frame check what a
    power cut would resume: a prefix of the game holding every completed
    turn of a person and, while a person decides, every chance outcome.
    Returns (game writes, person actions, chance outcomes)."""
    from kapsa.gameover import GameOver
    from kapsa.play import PlayScene
    from kapsa.passdevice import PassDevice
    from kapsa.memorymedium import MemoryMedium
    from kapsa.store import Store

    play = rig.top
    assert isinstance(play, PlayScene)
    name = play.info.name
    medium = rig.store.medium
    writes = []
    write = medium.write
    medium.write = lambda slot, data: (writes.append(slot), write(slot, data))
    draws = []  # the index of each chance outcome in the game

    class Drawing:
        def __init__(self, rng):
            self.rng = rng

        def choose(self, state):
            draws.append(len(state.actions()))
            return self.rng.choose(state)

    rig.app.rng = Drawing(rig.app.rng)
    # A game with a code (every game started from the setup) draws from
    # its seed (kapsa.rng.pick), not from the app's Rng: counted alike.
    import kapsa.play as driver

    coded = driver.pick

    def pick(seed, k, state):
        draws.append(len(state.actions()))
        return coded(seed, k, state)

    driver.pick = pick
    try:
        return _play_checking_cuts(rig, play, name, medium, writes, draws, people_think)
    finally:
        driver.pick = coded


def redrawn(saved, play, draw):
    """Whether the save, resumed, comes back to the outcome at index
    `draw` that a person sees: with a game code the save holds the seed
    and the picks made, and the outcomes after it are drawn from them
    again (kapsa.rng.pick), as PlayScene draws them."""
    from kapsa.engine import CHANCE
    from kapsa.rng import pick

    extra = saved.extra
    if extra[:1] != b"\xc5":
        return False
    seed = int.from_bytes(extra[9:13], "little")
    picks = extra[13] | extra[14] << 8
    state = play.engine.replay(saved.seats, saved.options, list(saved.actions))
    done = play.state.actions()
    while state.current_player() == CHANCE and len(state.actions()) <= draw:
        state.apply(pick(seed, picks, state))
        picks += 1
    n = len(state.actions())
    return n > draw and state.actions() == done[:n]


def _play_checking_cuts(rig, play, name, medium, writes, draws, people_think):
    from kapsa.gameover import GameOver
    from kapsa.passdevice import PassDevice
    from kapsa.memorymedium import MemoryMedium
    from kapsa.store import Store

    turns = 0  # actions up to the end of the last completed turn of a person
    person = 0
    waited = 0
    while not isinstance(rig.top, GameOver):
        top = rig.top
        deciding = top is play and play.deciding is not None and not play.wait
        if isinstance(top, PassDevice):
            rig.press("A")
        elif deciding and waited >= people_think:
            seat = play.deciding
            state = play.state
            action = play.bot.choose(state.view(seat), state.legal_actions())
            after = state.copy()
            after.apply(action)
            assert play.try_action(action)  # as a press does, within a frame
            person += 1
            waited = 0
            if after.current_player() != seat:  # the person's turn is complete
                turns = len(after.actions())
        else:
            waited = waited + 1 if deciding else 0
            rig.frames(1)
        if isinstance(rig.top, GameOver):
            break
        saved = Store(MemoryMedium(dict(medium.files))).load_game(name)
        done = play.state.actions()
        kept = saved.actions if saved else []
        assert kept == done[:len(kept)]
        assert len(kept) >= turns, "a completed turn would be lost"
        if play.deciding is not None and draws:
            assert len(kept) > draws[-1] or redrawn(saved, play, draws[-1]), (
                "a cut would draw again what a person sees")
    from kapsa.record import SLOTS

    # the game's save slots (not a kept game's, kapsa.replays: slots i-r)
    games = [w for w in writes if w.startswith(name + ".") and w[len(name) + 1:] in SLOTS]
    return len(games) - 1, person, len(draws)  # less the clearing at the end


def start_game(rig, game, seats, bots, options=0):
    from kapsa.app import Scene
    from kapsa.startgame import start

    info = [g for g in rig.app.games if g.name == game][0]
    rig.app.push(Scene(rig.app))  # start() replaces the top scene (the setup)
    start(rig.app, info, seats, options, bots)
    no_pixels(rig)


def test_playtest_2_a_cut_costs_at_most_the_turn_in_progress_qwinto():
    """Qwinto, one person and two computers, and three people."""
    for seats, bots, seed in ((3, 0b110, 5), (3, 0, 6)):
        rig = Rig(games=real_games(), seed=seed)
        start_game(rig, "qwinto", seats, bots)
        writes, person, draws = play_checking_cuts(rig)
        assert writes <= person + draws  # not one write per action of the game


def test_playtest_2_a_cut_costs_at_most_the_turn_in_progress_hashi():
    """Hashi (hidden, pass screens): two people and a computer."""
    rig = Rig(games=real_games(), seed=7)
    start_game(rig, "hashi", 3, 0b100)
    writes, person, draws = play_checking_cuts(rig)
    # A round: each person's turn, and the pass screen after the computer
    # moved and the next card was drawn; and the three start numbers.
    assert writes <= 3 * 17 + 3


def test_playtest_2_solo_saves_once_a_roll():
    """Solo Qwinto: one write per roll (the dice chosen, saved with the
    roll) and, since play-test round 2, one per entry (the finished turn:
    the same person decides next); none for keeping the roll."""
    from games.qwinto import engine

    rig = Rig(games=real_games(), seed=4)
    start_game(rig, "qwinto", 1, 0)
    play = rig.top
    writes, person, draws = play_checking_cuts(rig)
    state = engine.new_game(1, 0)
    entries = keeps = 0
    for action in play.state.actions():
        entries += state.phase == engine.P_ENTRY
        keeps += state.phase == engine.P_DECIDE and action == engine.KEEP
        state.apply(action)
    assert writes == draws + entries - 1  # the last entry ends the game
    # Each person's action is a write but the keeps (and the last entry):
    # (a ratio of 1.3 here held for the game seed 4 gave before game codes)
    assert person - writes == keeps + 1 and keeps > 10


# -- 6: the message line keeps the board readable


def test_playtest_6_a_long_message_takes_one_line_page_by_page():
    from kapsa import ui

    rig = Rig()
    rig.press("A", "A")
    play = rig.top
    rig.until(lambda: play.deciding == 0)
    rig.frames(100)  # the deal's news is gone
    display = rig.board.display
    board = [display.pixel(x, y) for y in range(0, 116) for x in range(160)]
    reason = "Yellow needs a number above 12 here"
    play.message.show(reason, ui.BAD, frames=60)
    rig.frames(1)
    assert [display.pixel(x, y) for y in range(0, 116) for x in range(160)] == board
    assert "Yellow needs a number.." in rig.texts()
    assert play.message.text == reason  # the whole reason, for the screens
    rig.frames(play.message.PAGE)
    assert "above 12 here" in rig.texts()
    assert [display.pixel(x, y) for y in range(0, 116) for x in range(160)] == board
    rig.frames(play.message.PAGE)  # two pages of 1.5 s, then gone
    assert play.message.text == "" and "above 12 here" not in rig.texts()
    play.message.show("You cannot do that now", ui.BAD)  # 22 characters: one page
    assert play.message.pages == ["You cannot do that now"]


# -- 7: seat names


def key_path(start, goal):
    """Presses from key `start` to key `goal` of the name editor's keyboard
    (the d-pad wraps round at every edge), the fewest."""
    from kapsa.names import COLUMNS, ROWS

    (r0, c0), (r1, c1) = divmod(start, COLUMNS), divmod(goal, COLUMNS)
    dc, dr = (c1 - c0) % COLUMNS, (r1 - r0) % ROWS
    cols = ["RIGHT"] * dc if dc <= COLUMNS - dc else ["LEFT"] * (COLUMNS - dc)
    rows = ["DOWN"] * dr if dr <= ROWS - dr else ["UP"] * (ROWS - dr)
    return cols + rows


def type_name(rig, name):
    """Type `name` (capital first letter, small after) in the editor on
    top; returns the presses it took, Start included."""
    from kapsa.names import KEYS

    editor = rig.top
    presses = 0
    for letter in name:
        path = key_path(editor.key, KEYS.index(letter.upper()))
        rig.press(*path)
        rig.press("A")
        presses += len(path) + 1
    rig.press("START")
    return presses + 1


def worst_six_letter_name():
    """The six-letter name whose typing from the first key takes most
    presses (each letter's path from the previous one: a small search)."""
    from kapsa.names import KEYS

    letters = KEYS[:26]
    best = {0: (0, "")}  # key -> (presses so far, name)
    for _ in range(6):
        step = {}
        for key, (cost, name) in best.items():
            for i, letter in enumerate(letters):
                c = cost + len(key_path(key, i)) + 1
                if c > step.get(i, (-1, ""))[0]:
                    step[i] = (c, name + letter)
        best = step
    cost, name = max(best.values())
    return name[0] + name[1:].lower(), cost + 1


def test_playtest_7_names_take_a_few_dozen_presses_and_show_at_once():
    from kapsa.names import NameEditor
    from kapsa.settings import SettingsScene

    rig = Rig()
    rig.press("DOWN", "A")  # Settings
    settings = rig.top
    assert isinstance(settings, SettingsScene)
    worst, cost = worst_six_letter_name()
    assert cost <= 43  # six letters, each at most 4 + 2 moves and A, then Start
    for seat, name in enumerate(["Anna", "Zyzzyx", worst, "Bob Ay"]):
        rig.press("DOWN") if seat else rig.press("DOWN", "DOWN")
        rig.press("A")
        editor = rig.top
        assert isinstance(editor, NameEditor)
        while editor.name:
            rig.press("B")  # delete what is there
        presses = type_name(rig, name)
        assert rig.top is settings
        assert rig.app.settings.names[seat] == name
        # The settings list shows the new name at once.
        assert "Name %d: %s" % (seat + 1, name) in rig.texts()
        assert presses <= 43, (name, presses)
        if name == worst:
            assert presses == cost
    rig.press("UP", "UP", "A")  # Name 2 again: Zyzzyx, the cursor on A
    rig.press("A", "A")  # two small a's
    assert rig.top.name == "Zyzzyxaa"
    tones = len(rig.board.audio.played)
    rig.press("A")  # a ninth letter is refused with the low tone
    assert rig.top.name == "Zyzzyxaa" and len(rig.board.audio.played) == tones + 1
    rig.press("START")
    assert rig.app.settings.names[1] == "Zyzzyxaa"
    rig.press("A")
    while rig.top.name:
        rig.press("B")
    rig.press("B")  # B on an empty name leaves, the name unchanged
    assert rig.top is settings and rig.app.settings.names[1] == "Zyzzyxaa"


# -- 9: the pause menu opens on Resume and does not wrap


def test_playtest_9_pause_opens_on_resume():
    from kapsa.pause import Pause
    from kapsa.settings import SettingsScene

    rig = Rig()
    rig.press("A", "A")
    play = rig.top
    rig.until(lambda: play.deciding == 0)
    rig.press("START")
    rig.settle()
    pause = rig.top
    assert isinstance(pause, Pause) and pause.menu.cursor == 0
    rig.press("UP")  # no wrap round to Settings
    assert pause.menu.cursor == 0
    rig.press("DOWN", "DOWN", "DOWN", "DOWN", "A")
    assert isinstance(rig.top, SettingsScene)
    rig.press("B")  # back from the settings: on Resume again
    assert rig.top is pause and pause.menu.cursor == 0
    rig.press("DOWN", "DOWN", "DOWN")
    assert pause.menu.items[pause.menu.cursor] == "Save and quit"
    rig.press("DOWN", "DOWN", "DOWN")  # stops at the last item
    assert pause.menu.items[pause.menu.cursor] == "Settings"
    rig.press("B")  # resume; the next pause opens on Resume
    rig.press("START")
    rig.settle()
    assert rig.top.menu.cursor == 0


# -- 10: the pass screen: Start pauses without showing the game; cursors per seat


def two_people(rig):
    """A Duel between two people, up to the first pass screen."""
    from kapsa.passdevice import PassDevice

    rig.press("A", "UP", "UP", "RIGHT", "DOWN", "DOWN", "A")  # seat 2 a person, start
    play = rig.top
    rig.until(lambda: isinstance(rig.top, PassDevice))
    return play


def test_playtest_10_start_on_the_pass_screen_pauses_without_showing_the_game():
    from kapsa.play import PlayScene
    from kapsa.passdevice import PassDevice
    from kapsa.pause import Pause

    store = memory_store()
    rig = Rig(store=store, seed=2)
    play = two_people(rig)
    passing = rig.top
    assert "Start: pause menu" in rig.texts()
    rig.press("B")  # B still does nothing here
    assert rig.top is passing
    rig.press("START")
    rig.settle()
    assert isinstance(rig.top, Pause) and rig.app.stack[-2] is passing
    assert not any(t.startswith(("Card", "Said")) for t in rig.texts())
    rig.press("DOWN", "A")  # the rules, and back
    rig.press("B")
    rig.press("B")  # leave the pause menu: the pass screen again, the game hidden
    assert rig.top is passing
    assert not any(t.startswith(("Card", "Said")) for t in rig.texts())
    rig.press("A")  # the person takes the device
    rig.settle()  # the game's screen, made anew after the pause menu
    assert rig.top is play and play.deciding == 0
    rig.press("A")  # Hold; pass to seat 2
    rig.until(lambda: isinstance(rig.top, PassDevice))
    rig.press("START", "DOWN", "DOWN", "DOWN", "A")  # Save and quit
    assert isinstance(rig.top, Launcher)
    saved = store.load_game("duel")
    assert saved.actions == play.state.actions()
    rig.press("A", "A")  # Resume: the pass screen first, for seat 2
    assert isinstance(rig.top, PassDevice) and "P2: press A" in rig.texts()
    resumed = rig.app.stack[-2]
    rig.press("START", "DOWN", "DOWN", "A", "DOWN", "A")  # Restart, Yes
    fresh = rig.top
    assert isinstance(fresh, PlayScene) and fresh is not resumed
    assert rig.app.stack == [rig.app.stack[0], fresh]  # nothing of the old game left
    assert store.load_game("duel").actions == []  # a cut now resumes the new game


def cursor_duel():
    """Duel whose screen keeps a cursor per seat as gamescreen.py says."""
    import types

    from kapsa.app import GameInfo
    from tinygame.screen import Screen

    import tinygame

    class SeatScreen(Screen):
        KEPT = ("cursor",)  # a screen made anew after the pause menu finds it
        cursor = 0

        def begin(self, view, legal):
            self.cursor = self.seat_cursor(view.seat, self.cursor, 0)
            self.menu.set_items(self.menu.items, self.cursor)
            super().begin(view, legal)

        def press(self, pressed, held):
            action = super().press(pressed, held)
            self.cursor = self.menu.cursor
            return action

    class Info(GameInfo):
        def load(self, part):
            if part == "screen":
                return types.SimpleNamespace(Screen=SeatScreen)
            return GameInfo.load(self, part)

    return Info("duel", "tinygame", tinygame)


def test_playtest_10_each_seat_finds_its_own_cursor():
    rig = Rig(games=[cursor_duel()], seed=2)
    play = two_people(rig)
    rig.press("A")  # seat 1 has the device
    menu = play.screen.menu
    assert menu.cursor == 0
    rig.press("DOWN")  # seat 1 goes to Raise ...
    rig.press("START", "B")  # ... pauses and resumes: still on Raise
    rig.settle()
    menu = play.screen.menu  # (the screen is made anew after the pause menu)
    assert play.deciding == 0 and menu.cursor == 1
    rig.press("A")  # Raise
    rig.until(lambda: rig.top is not play)
    rig.press("A")  # seat 2 takes the device: its cursor, not seat 1's
    assert play.deciding == 1 and menu.cursor == 0
    screen = play.screen  # and seat 1's is kept for its next decision
    assert screen.cursors == {0: 1}
    assert screen.seat_cursor(0, menu.cursor, 0) == 1 and screen.cursors == {0: 1, 1: 0}


def test_the_pause_menu_lets_the_screen_go_and_a_new_one_takes_presses_made_meanwhile():
    """While the pause menu is up the game's screen is let go (its heap is
    the menu's); back from it a new screen is made over a few frames, with
    the seat's cursor, and what the thumb pressed meanwhile goes to it."""
    from kapsa.pause import Pause

    rig = Rig(games=[cursor_duel()], seed=2)
    play = two_people(rig)
    rig.press("A")  # seat 1 has the device
    old = play.screen
    rig.press("DOWN")  # on Raise
    rig.press("START")
    rig.settle()
    assert isinstance(rig.top, Pause) and play.screen is None
    assert old.group not in play.group and len(play.group) == 1  # the message line
    rig.press("B")  # resume: the new screen is being made ...
    assert play.remaking and play.screen is not old
    rig.press("DOWN")  # ... when the thumb already moves on (Raise to Hold)
    rig.settle()
    assert play.screen is not old and play.screen.group in play.group
    assert play.deciding == 0 and play.screen.menu.cursor == 0  # Raise, then the press
    rig.press("DOWN", "A")  # Raise is played from the new screen
    assert play.state.actions()[-1] == 1  # after the deal


# -- 12: the launcher's blurb, the solo best


def test_playtest_12_launcher_blurb_is_whole_on_two_lines():
    rig = Rig(games=real_games())
    shown = rig.texts()
    assert "1-6 players: Roll, sum," in shown and "fill rising rows" in shown
    assert not any("~" in t for t in shown)
    rig.press("DOWN")
    assert "1-4 players: Draw bridges" in rig.texts() and "between islands" in rig.texts()


def test_playtest_12_solo_game_over_says_best():
    """A person's first solo Qwinto: its score is the best, and the end
    says so as "Best: n"."""
    from kapsa.gameover import GameOver

    def solo_game(rig):
        play = open_game(rig)
        while not isinstance(rig.top, GameOver):
            if play.deciding is not None:
                state = play.state
                play.try_action(play.bot.choose(state.view(0), state.legal_actions()))
            rig.frames(1)
        return play

    def open_game(rig):
        rig.press("A", "A")
        no_pixels(rig)
        return rig.top

    rig = Rig(games=real_games(), seed=3)
    play = solo_game(rig)
    score = play.state.scores()[0]
    assert "Best: %d" % score in rig.texts()
    assert not any("First" in t for t in rig.texts())
    from kapsa import history  # (the bests live in the score histories)

    assert history.load(rig.app, "qwinto")[0].entry(1, 0)[history.BEST] == score


# -- 13: the simulator on a still screen


def test_playtest_13_a_still_screen_is_not_shown_again():
    """The window converts, scales and blits a frame only when a refresh
    drew something (or the brightness changed): a still screen costs the
    simulator a walk of the display tree a frame and nothing else."""
    import pygame

    from kapsa.boards import desktop

    board = desktop.build(headless=False)
    window = board.buttons.source
    try:
        app = App(board, memory_store(), [DUEL])
        app.push(Launcher(app))
        app.settings.brightness = 100
        app.apply_settings()
        for _ in range(3):
            app.step()
        shown = window.presented
        assert shown >= 1
        for _ in range(90):  # three seconds of a still launcher
            app.step()
        assert window.presented == shown
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN))
        app.step()  # the cursor moves: that frame is shown
        assert window.presented == shown + 1
        colour = board.display.pixel(5, 32)  # the highlighted second row
        assert pygame.display.get_surface().get_at((20, 4 * 32))[:3] == tuple(
            (colour >> s) & 0xFF for s in (16, 8, 0))
        app.settings.brightness = 40  # no pixel changes, the window dims
        app.apply_settings()
        app.step()
        assert window.presented == shown + 2
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_DOWN))
        for _ in range(30):
            app.step()
        assert window.presented == shown + 2
    finally:
        pygame.quit()


def test_playtest_10_each_hashi_seat_finds_its_own_island_cursor():
    """Hashi, two people: Ann moves her ring and writes Ben's start; Ben's
    ring starts on the first island offered to him, not where Ann left
    hers; he moves his and writes; Ann's next decision finds hers."""
    from kapsa.passdevice import PassDevice
    from test_hashi_screen import new_rig, start, wait

    rig = new_rig()
    start(rig, seats=2, people=(0, 1))
    rig.press("A")  # Ann takes the device
    wait(rig)
    play = rig.top
    screen = play.screen
    assert play.deciding == 0
    first = screen.cursor
    rig.press("RIGHT", "DOWN", "DOWN")
    ann = screen.cursor
    assert ann != first
    rig.press("A")  # Ben's start, where Ann's ring is
    assert play.state.sheets[1].num[ann] == 3 or play.state.sheets[1].num[ann] == 4
    rig.frames(1)  # the pass screen comes in the frame after the move
    assert isinstance(rig.top, PassDevice)
    rig.press("A")  # Ben takes the device
    wait(rig)
    assert play.deciding == 1
    assert screen.cursor == first != ann  # his own: the first island offered
    rig.press("LEFT", "DOWN")
    ben = screen.cursor
    assert ben not in (first, ann)
    rig.press("A")  # Ann's start
    while play.deciding != 0 or rig.top is not play:  # to Ann's next decision
        rig.press("A")
        wait(rig)
    assert screen.cursor == ann  # where she left it
    assert screen.cursors[1] == ben  # and Ben's kept for his next turn


def test_playtest_10_each_qwinto_seat_finds_its_own_write_cursor():
    """Qwinto, two people, a whole game: each moves the write cursor with
    the d-pad and writes where it stands. When a seat's sum fits no box
    (the cursor starts on Pass, and up/down go from the column it stood
    in), that column is the seat's own, where it left its cursor, not the
    other person's; and a decision resumed after the pause menu finds the
    cursor where that person left it, not back on the best box."""
    import random

    from kapsa.gameover import GameOver
    from kapsa.play import PlayScene
    from games.qwinto.sheet import BOX_COL

    rig = Rig(games=real_games(), seed=4)
    start_game(rig, "qwinto", 2, 0)
    play = rig.top
    assert isinstance(play, PlayScene)
    screen = play.screen
    rng = random.Random(4)
    left = {}  # seat -> the column it left its cursor in
    own = paused = 0
    while not isinstance(rig.top, GameOver):
        if rig.top is not play or play.deciding is None or play.wait:
            rig.frames(1)
            continue
        seat = play.deciding
        view = play.state.view(seat)
        if view.phase != 5:  # choosing dice, keep or re-roll: as a press would
            assert play.try_action(rng.choice(play.state.legal_actions()))
            continue
        if seat in left:
            if not screen.legal:
                assert screen.item == 27 and screen.column == left[seat]
                own += left[seat] != left[1 - seat]  # the other's would differ
                rig.press("B", "UP")  # the free cursor: up from my column
                assert BOX_COL[screen.item] == screen.column
                rig.press("B")  # legal boxes only: back on Pass
            elif len(screen.legal) > 1 and paused < 3:
                rig.press("RIGHT")
                if screen.item == 27:
                    rig.press("RIGHT")
                moved = screen.item
                rig.press("START", "B")  # pause, resume: the same decision
                rig.settle()
                screen = play.screen  # made anew after the pause menu
                assert play.deciding == seat and screen.item == moved
                paused += 1
        if screen.legal:
            rig.press(*["RIGHT"] * rng.randrange(4))
            if screen.item == 27:
                rig.press("RIGHT")
        left[seat] = screen.column
        rig.press("A")
        if screen.confirm:
            rig.press("A")
    assert own >= 2 and paused == 3, (own, paused)
