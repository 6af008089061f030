"""Hanabi's screen on Kapsa's runtime, driven by button presses: the setup
(2-5 seats, people and computers, every option), whole games by people
passing the device (the pass screen and the log before each turn), hints,
plays, discards and announced plays chosen with the d-pad and A, each
seat's own cursor, a refused choice's reason, the discard pile, save and
resume, the end's rating, and the pixels: a seat's screen is the same
whatever its own cards are.

Run as a script to write the documentation's pictures:
    python tests/test_hanabi_screen.py docs/img
"""

import os
import sys

if __name__ == "__main__":
    import conftest  # noqa: F401  (import paths, as under pytest)

from harness import Rig, memory_store, past_guard, per_frame, real_games
from kapsa.gameover import GameOver
from kapsa.launcher import Setup
from kapsa.passdevice import PassDevice
from kapsa.play import PlayScene
from kapsa.rng import Rng

from games.hanabi import bot, buildscreen, choice, table, tiles, words
from games.hanabi import engine as E
from games.hanabi import screen as S

NAMES = ["Anna", "Ben", "Cleo", "Dan", "Eve"]
# Setup choices (right presses per option row): Starts, Ending, Announce,
# Rainbow, Empty hints; (1, 0, 0, 0, 0) = Player 1 starts, no variant.
PLAIN = (1, 0, 0, 0, 0)


def new_rig(store=None, seed=1):
    rig = Rig(games=real_games(), store=store, seed=seed)
    rig.app.settings.names = list(NAMES)
    return rig


def configure(rig, seats, people, choices=PLAIN):
    """On Hanabi's setup (cursor on Start game): seats, who is a person,
    and the options; back on Start game."""
    setup = rig.top
    assert isinstance(setup, Setup)
    rig.press("DOWN", "DOWN")  # past "Play a code", round to "Players"
    rig.press(*["RIGHT"] * (seats - setup.seats))
    for seat in range(seats):
        rig.press("DOWN")
        if (seat in people) == setup.bots[seat]:
            rig.press("RIGHT")
    for n in choices:
        rig.press("DOWN")
        rig.press(*["RIGHT"] * n)
    rig.press("DOWN")
    assert setup.menu.items[setup.menu.cursor] == "Start game"
    return setup


def start(rig, seats, people, choices=PLAIN):
    rig.press("DOWN", "DOWN", "A")  # Hanabi is third in the box
    setup = configure(rig, seats, people, choices)
    rig.press("A")
    return setup


def waiting(rig):
    top = rig.top
    return not isinstance(top, PlayScene) or (top.deciding is not None and not top.wait
                                          and not top.screen.panel_due)


def wait(rig):
    rig.until(lambda: waiting(rig), limit=30000)


def resume(actions, seats=2, options=0, bots=0):
    store = memory_store()
    store.save_game("hanabi", seats, options, bots, list(actions))
    rig = new_rig(store)
    rig.press("A")  # Hanabi > Resume (the launcher opens on the game with a save)
    rig.press("A")
    wait(rig)
    return rig


class Thumb:
    """Plays people's seats with buttons only: the bot says what to do from
    the view on screen, the thumb steers the cursor there and presses."""

    def __init__(self, rig):
        self.rig = rig
        self.logs = []  # (seat, lines) of each log shown at a turn's start
        self.passes = 0

    @property
    def screen(self):
        return self.rig.top.screen

    def steer(self, seat, index):
        s, rig = self.screen, self.rig
        for _ in range(6):
            if s.target == seat:
                break
            rig.press("DOWN")
        assert s.target == seat
        for _ in range(6):
            if s.index == index:
                break
            rig.press("RIGHT")
        assert s.index == index

    def choose(self, item, attr=None, value=None):
        """A opens the choice; move to item, left/right until the
        screen's attr is value; A."""
        s, rig = self.screen, self.rig
        rig.press("A")
        assert not s.popup.hidden
        while s.menu.cursor != item:
            rig.press("DOWN")
        if attr is not None:
            for _ in range(6):
                if getattr(s, attr) == value:
                    break
                rig.press("RIGHT")
            assert getattr(s, attr) == value
        rig.press("A")

    def do(self, a):
        s = self.screen
        seat = s.view.seat
        if a == E.SKIP:
            self.steer(seat, 0)
            self.choose(len(choice.items(s, s.view)) - 1)
        elif E.PLAY <= a < E.DISCARD:
            self.steer(seat, a - E.PLAY)
            self.choose(0)
        elif E.DISCARD <= a < E.ANNOUNCE:
            self.steer(seat, a - E.DISCARD)
            self.rig.press("A")
            items = s.menu.items
            s.menu.cursor = 0
            self.rig.press("B")
            self.choose([i for i, t in enumerate(items) if t.startswith("Discard")][0])
        elif E.ANNOUNCE <= a < E.HINT:
            self.steer(seat, a & 7)
            self.choose(1, "colour", (a - E.ANNOUNCE) >> 3)
        else:
            t, k = (a - E.HINT) >> 4, a & 15
            self.steer(t, 0)
            if k & E.VALUE:
                self.choose(1, "value", k - E.VALUE)
            else:
                self.choose(0, "colour", k)

    def turn(self):
        """The person on screen takes a turn: reads the log if it is up
        (A), then acts as the bot would. Returns the action."""
        s = self.screen
        play = self.rig.top
        if s.mode == S._LOG and s.fresh:
            self.logs.append((play.deciding, [t for t, _ in s.log]))
            self.rig.press("A")
        assert s.mode == 0
        view = s.view
        a = bot.choose(view, play.state.legal_actions())
        before = len(play.state.actions())
        self.do(a)
        assert play.state.actions()[before] == a
        return a

    def play_out(self, limit=400):
        rig = self.rig
        for _ in range(limit):
            wait(rig)
            top = rig.top
            if isinstance(top, GameOver):
                return top
            if isinstance(top, PassDevice):
                self.passes += 1
                assert "You" not in rig.texts()  # nothing of the table
                rig.press("A")
                continue
            self.turn()
        raise AssertionError("no end")


def rgb(rig):
    return rig.board.display.rgb_rows(1)


def at_person(rig):
    """Past pass screens, at a person's decision."""
    for _ in range(5):
        wait(rig)
        if isinstance(rig.top, PassDevice):
            rig.press("A")
            continue
        return rig.top
    raise AssertionError("no person")


def quiet(rig):
    """The message line cleared, so that a picture shows the table."""
    rig.top.message.clear()
    rig.frames(1)


# -- the setup


def test_setup_offers_2_to_5_seats_people_and_computers_and_every_option():
    from games.hanabi import OPTIONS

    rig = new_rig()
    rig.press("DOWN", "DOWN", "A")
    setup = rig.top
    assert isinstance(setup, Setup) and "Hanabi setup" in rig.texts()
    rig.press("DOWN", "DOWN")  # Players (past "Play a code")
    seen = set()
    for _ in range(5):
        seen.add(setup.seats)
        rig.press("RIGHT")
    rig.press(*["LEFT"] * 5)
    seen.add(setup.seats)
    assert seen == {2, 3, 4, 5}
    rig.press("UP", "UP")  # round to Start game
    configure(rig, 4, (0, 2), (0, 1, 1, 2, 1))
    assert setup.seats == 4 and setup.bots_mask() == 0b1010
    assert setup.options() == 32 | 1 | 2 | 12 | 16
    shown = " ".join(setup.menu.items)
    for label, _ in OPTIONS:
        assert label + ":" in shown
    # every choice of every option can be set
    for i, (label, choices) in enumerate(OPTIONS):
        row = 1 + setup.seats + i
        names = set()
        for _ in choices:
            names.add(setup.menu.items[row])
            setup.adjust(row, 1)
        assert names == {"%s: %s" % (label, name) for name, _ in choices}


# -- whole games by presses


def test_two_people_pass_the_device_and_play_a_whole_game_by_presses():
    rig = new_rig(seed=5)
    start(rig, 2, (0, 1))
    wait(rig)
    assert isinstance(rig.top, PassDevice)
    assert "Anna: press A" in rig.texts()
    thumb = Thumb(rig)
    over = thumb.play_out()
    play = over.play
    acts = [a for a in play.state.actions()]
    people = [a for a in acts if a >= E.SKIP and not E.START <= a]
    # a pass screen before every turn: the other person holds the device
    assert thumb.passes == len(people)
    # the log of the other's turn, before each turn but the very first
    assert len(thumb.logs) == len(people) - 1
    assert any(E.HINT <= a for a in people)
    assert any(E.PLAY <= a < E.DISCARD for a in people)
    assert any(E.DISCARD <= a < E.ANNOUNCE for a in people)
    texts = rig.texts()
    view = play.state.view(0)
    title, line = view.rating
    assert "%s %d/25:" % (title, view.score) in " ".join(texts)
    assert "Code %s Sel:replay" % play.code in texts  # (kapsa.codes)
    colours = " ".join(texts)
    for c in range(5):
        assert "%s %d" % (words.NAMES[c], view.fireworks[c]) in colours


def test_the_log_shows_what_happened_since_ones_turn_in_words():
    rig = new_rig(seed=5)
    start(rig, 2, (0, 1))
    thumb = Thumb(rig)
    at_person(rig)
    thumb.turn()  # Anna
    s = at_person(rig).screen  # Ben, after the pass screen
    assert s.mode == S._LOG and s.fresh
    p, a, info = s.view.events()[-1]
    assert p == 0
    line = words.event(s, s.view, p, a, info)
    assert line.startswith("Anna ")
    assert " ".join(rig.texts()).count(line.split(" ")[1]) >= 1
    assert "Since your turn  A:ok" in rig.texts()
    rig.press("A")
    assert s.mode == 0 and s.panel.hidden


def test_the_log_comes_in_the_frame_after_the_table():
    """A person's turn opens with the table drawn in one frame and the
    panel (what happened since their turn) in the next: both in one
    frame took the device over 100 ms."""
    rig = new_rig(seed=5)
    start(rig, 2, (0, 1))
    at_person(rig)
    Thumb(rig).turn()  # Anna
    rig.until(lambda: isinstance(rig.top, PassDevice), 300)
    rig.press("A")  # Ben
    play = rig.top
    rig.until(lambda: play.deciding is not None and not play.wait, 300)
    s = play.screen
    assert s.panel_due and s.mode == S._LOG
    assert "Since your turn  A:ok" not in rig.texts()
    rig.frames(1)
    assert not s.panel_due
    assert "Since your turn  A:ok" in rig.texts()


def test_a_computer_teammates_move_is_shown_before_the_persons_hand():
    rig = new_rig(seed=2)
    start(rig, 3, (0,))
    s = at_person(rig).screen
    Thumb(rig).turn()
    s = at_person(rig).screen
    assert s.mode == S._LOG and s.fresh
    texts = rig.texts()
    assert any(t.startswith("Ben ") for t in texts)
    assert any(t.startswith("Cleo ") for t in texts)
    assert s.panel.hidden is False  # the hands are under the log


def test_variants_by_presses_announced_colours_rainbow_last_breath():
    rig = new_rig(seed=8)
    start(rig, 3, (0, 2), (1, 1, 1, 2, 1))  # every variant
    thumb = Thumb(rig)
    over = thumb.play_out()
    acts = over.play.state.actions()
    assert over.play.options == 1 | 2 | 12 | 16
    assert any(E.ANNOUNCE <= a < E.HINT for a in acts)


# -- the cursor


def test_each_seat_keeps_its_own_cursor():
    rig = new_rig(seed=5)
    start(rig, 2, (0, 1))
    thumb = Thumb(rig)
    s = at_person(rig).screen
    assert (s.target, s.index) == (1, 0)  # first: the next seat's first card
    thumb.steer(1, 2)
    thumb.choose(0, "colour", s.colour)  # Anna tells Ben a colour from card 3
    s = at_person(rig).screen
    rig.press("A")  # the log
    assert (s.target, s.index) == (0, 0)  # Ben starts on Anna's first card
    thumb.steer(1, 3)  # his own fourth card
    thumb.choose(0)  # "Play card 4"
    s = at_person(rig).screen
    rig.press("A")
    assert (s.target, s.index) == (1, 2)  # where Anna left hers


def test_the_choice_popup_is_its_rows_in_a_one_pixel_frame():
    # buildscreen, choice.open_menu: four accent sides round the popup's
    # rows, as high as its items; the rows cover the inside (no box
    # under them for the display to compose a second time).
    from kapsa import ui
    from kapsa.boards.desktop import rgb888

    def shade(color):
        r, g, b = color >> 16, (color >> 8) & 0xFF, color & 0xFF
        return rgb888(((r >> 3) << 11) | ((g >> 2) << 5) | (b >> 3))

    rig = new_rig(seed=5)
    start(rig, 2, (0, 1))
    thumb = Thumb(rig)
    s = at_person(rig).screen
    pixel = rig.board.display.pixel
    heights = set()
    for seat in (1, 0):  # a hint (Ben's card), then Anna's own card
        thumb.steer(seat, 0)
        rig.press("A")
        assert not s.popup.hidden
        n = len(s.menu.items)
        x0, y0, w, h = s.popup.x, s.popup.y, ui.WIDTH - 8, 2 + 12 * n
        heights.add(h)
        sides = ([(x, y0) for x in range(x0, x0 + w)] + [(x, y0 + h - 1) for x in range(x0, x0 + w)]
                 + [(x0, y) for y in range(y0, y0 + h)] + [(x0 + w - 1, y) for y in range(y0, y0 + h)])
        assert {pixel(x, y) for x, y in sides} == {shade(ui.ACCENT)}
        for row in range(1, n):  # (row 0 is the cursor's, on the accent colour)
            assert pixel(x0 + 3, y0 + 1 + 12 * row + 6) == shade(ui.HEADER)
        rig.press("B")
        assert s.popup.hidden
    assert heights == {26}  # two items each: the frame made for three, cut to them


# -- refusals, the discards


def test_a_choice_made_closes_the_popup_then_paints_the_hands_once(monkeypatch):
    """A in the popup: the popup goes in that frame, over the hands as
    they were; the move's table comes in the next frame, painted once, and
    the heap is not collected in it (the popup's closing, the move and its
    table in one frame took the device over 100 ms)."""
    from kapsa.app import App
    from games.hanabi import choice

    rig = new_rig(seed=5)
    start(rig, 2, (0, 1))
    rows = per_frame(rig, monkeypatch, table, "paint_rows")
    chosen = per_frame(rig, monkeypatch, choice, "action")
    tidied = per_frame(rig, monkeypatch, App, "tidy")
    thumb = Thumb(rig)
    turns = 0
    while turns < 12 and isinstance(rig.top, (PlayScene, PassDevice)):
        if isinstance(rig.top, PassDevice):
            rig.press("A")
            continue
        at_person(rig)
        thumb.turn()
        turns += 1
    rig.frames(2)
    assert turns == 12 and max(rows.values()) == 1 and len(chosen) >= 12
    for frame in chosen:
        assert frame not in rows and rows.get(frame + 1) == 1, frame
        assert frame + 1 not in tidied, frame


def test_no_discards_yet_is_said_with_no_pile_over_the_words():
    rig = new_rig(seed=5)
    start(rig, 2, (0, 1))
    s = at_person(rig).screen
    if s.mode:
        rig.press("A")
    rig.press("SELECT", "SELECT")
    assert s.mode == S._DISCARDS and not s.view.discards
    assert s.lines[0].text == "No discards yet" and not s.piled
    assert s.discards not in list(s.group)


def test_a_refused_choice_shows_the_engines_reason(monkeypatch):
    pytest_monkeypatch = monkeypatch
    rig = new_rig(seed=5)
    start(rig, 2, (0, 1))
    s = at_person(rig).screen
    thumb = Thumb(rig)
    # 8 hint tokens: no discard
    thumb.steer(0, 0)
    rig.press("A", "DOWN")
    assert s.menu.items[s.menu.cursor].startswith("Discard")
    state = rig.top.state
    n = len(state.actions())
    try:
        state.copy().apply(E.DISCARD)
    except E.IllegalMove as e:
        reason = str(e)
    rows = per_frame(rig, pytest_monkeypatch, table, "paint_rows")
    rig.press("A")
    assert len(state.actions()) == n
    assert rig.top.message.text == reason
    # The popup closed over the hands: they are painted in that frame
    # (refused, the move's redraw does not paint them).
    assert rows == {rig.app.frame - 1: 1} and s.popup.hidden and not s.rows_due
    # a hint that points at no card
    thumb.steer(1, 0)
    rig.press("A")
    hand = s.view.hands[1]
    missing = [c for c in range(5) if all(x // 5 != c for x in hand)][0]
    while s.colour != missing:
        rig.press("RIGHT")
    assert s.menu.items[0].endswith(": 0 cards")
    rig.press("A")
    assert len(state.actions()) == n
    assert rig.top.message.text == "Hint must point at a card"


def test_the_discard_pile_on_select():
    st = E.new_game(2, 0)
    rng = Rng(3)
    while len(st.discards) < 4:
        p = st.current_player()
        if p == E.CHANCE:
            st.apply(rng.choose(st))
        else:
            legal = st.legal_actions()
            st.apply(E.DISCARD if E.DISCARD in legal else bot.choose(st.view(p), legal))
    while st.current_player() == E.CHANCE:
        st.apply(rng.choose(st))
    rig = resume(st.actions())
    s = at_person(rig).screen
    if s.mode:
        rig.press("A")
    rig.press("SELECT")
    assert s.mode == S._LOG
    rig.press("SELECT")
    assert s.mode == S._DISCARDS and s.piled and s.discards in list(s.group)
    assert "Discards: %d  B:back" % len(st.discards) in rig.texts()
    g = s.discards
    rows = {}
    for c in sorted(st.discards):
        j = len(rows.setdefault(c // 5, []))
        rows[c // 5].append(c)
        assert g[2 * j, 2 * (c // 5)] == tiles.face(c)
    rig.press("B")
    assert s.mode == 0 and s.panel.hidden
    # Off the screen while it does not show (a hidden layer is composed
    # again after each whole screen the device sends)
    assert not s.piled and s.discards not in list(s.group)


# -- what a seat may see


def deal(first, second):
    """A 2-seat deal: seat 0 gets `first`, seat 1 `second` (5 each)."""
    out = []
    for i in range(5):
        out += [first[i], second[i]]
    return out


def test_a_seat_never_sees_its_own_cards_pixels():
    ben = [10, 11, 18, 20, 9]  # blue 1, blue 2, yellow 4, green 1, red 5
    one = deal([0, 1, 5, 6, 0], ben)
    two = deal([3, 14, 22, 23, 7], ben)
    # Anna tells Ben blue, Ben discards his fourth card, draws the same
    tail = [E.HINT + 16 * 1 + 2, E.DISCARD + 3, 12]
    pictures = []
    for hand in (one, two):
        rig = resume(hand + tail)
        s = at_person(rig).screen
        assert rig.top.deciding == 0
        quiet(rig)
        pictures.append(rgb(rig))
        rig.press("A")  # the log gone: the table
        quiet(rig)
        pictures.append(rgb(rig))
        rig.press("UP")  # the cursor on her own hand
        quiet(rig)
        pictures.append(rgb(rig))
        assert s.target == 0
    assert pictures[:3] == pictures[3:]
    # ...and Ben, who sees them, sees the difference
    views = [E.replay(2, 0, h + tail).view(1) for h in (one, two)]
    assert views[0].hands[0] != views[1].hands[0]


# -- save and resume


def test_save_and_resume_mid_game_gives_the_same_screen():
    store = memory_store()
    rig = new_rig(store, seed=6)
    start(rig, 2, (0, 1))
    thumb = Thumb(rig)
    for _ in range(5):
        at_person(rig)
        thumb.turn()
    wait(rig)
    assert isinstance(rig.top, PassDevice)  # saved before the pass screen
    play = rig.app.stack[-2]
    saved = store.load_game("hanabi")
    assert saved.actions == play.state.actions()
    rig.press("A")
    wait(rig)
    quiet(rig)
    before = rgb(rig)
    again = new_rig(store)
    again.press("A", "A")  # Hanabi > Resume (the launcher opens on it)
    at_person(again)
    quiet(again)
    assert rgb(again) == before
    rig.press("A")
    again.press("A")
    quiet(rig)
    quiet(again)
    # the table, the cursor on the same card (a seat's cursor is the
    # screen's, not the save's)
    seat = rig.top.deciding
    for r in (rig, again):
        Thumb(r).steer(seat, 1)
        quiet(r)
    assert rgb(again) == rgb(rig)


# -- the parts


def test_const_copies_and_module_sizes():
    from games.hanabi import choice as C

    for module in (C, words):
        for name in ("SKIP", "PLAY", "DISCARD", "ANNOUNCE", "HINT", "VALUE", "MISPLAY",
                     "RAINBOW_WILD", "CHOREOGRAPHY"):
            if hasattr(module, "_" + name):
                assert getattr(module, "_" + name) == getattr(E, name), name
    assert table._UNKNOWN == E.UNKNOWN
    folder = os.path.dirname(S.__file__)
    for name in ("screen", "choice", "table", "words", "buildscreen", "tiles"):
        assert os.path.getsize(os.path.join(folder, name + ".py")) < 8000, name


def test_the_builder_is_let_go():
    rig = new_rig(seed=5)
    start(rig, 2, (0,))
    at_person(rig)
    assert "games.hanabi.buildscreen" not in sys.modules
    assert "kapsa.ui.sprites" not in sys.modules
    from kapsa.ui import sprites

    assert sprites.load(sprites.asset(buildscreen.__file__, "hanabi.bmp"))[0].width == 144


# -- the documentation's pictures


def pictures(out):
    """docs/img/hanabi-*.png: a 5-seat table from Anna's view (four
    computers), the hint choice, the log, the discards, the end, its
    final board; one's own play told."""
    rig = new_rig(seed=4)
    start(rig, 5, (0,), (1, 0, 0, 0, 0))
    thumb = Thumb(rig)
    for _ in range(3):
        at_person(rig)
        thumb.turn()
    s = at_person(rig).screen
    quiet(rig)
    rig.png(os.path.join(out, "hanabi-log.png"), 2)
    rig.press("A")
    thumb.steer(2, 1)
    quiet(rig)
    rig.png(os.path.join(out, "hanabi-table.png"), 2)
    rig.press("A", "DOWN")
    quiet(rig)
    rig.png(os.path.join(out, "hanabi-hint.png"), 2)
    rig.press("B", "SELECT", "SELECT")
    quiet(rig)
    rig.png(os.path.join(out, "hanabi-discards.png"), 2)
    rig.press("B")
    assert s.mode == 0
    thumb.play_out()
    rig.frames(2)
    rig.png(os.path.join(out, "hanabi-end.png"), 2)
    past_guard(rig)
    rig.press("A")  # Anna's final board: her own cards shown
    rig.frames(2)
    rig.png(os.path.join(out, "hanabi-final.png"), 2)
    # Anna plays her white 1 (Ben a computer): the bottom line says so
    rig = resume(deal([18, 18, 11, 7, 0], [17, 22, 13, 8, 1]), bots=0b10)
    at_person(rig)
    Thumb(rig).do(E.PLAY + 0)
    rig.frames(2)
    rig.png(os.path.join(out, "hanabi-played.png"), 2)


if __name__ == "__main__":
    pictures(sys.argv[1] if len(sys.argv) > 1 else os.path.join("docs", "img"))


def test_the_rating_comes_in_a_waiting_frame_of_the_final_round_not_with_the_last_move(monkeypatch):
    """The view of a game over imports the rating's module (view.py):
    with the last move, its view and its draw, that frame took the device
    0.11 s. The screen imports it earlier, in a frame the final round
    waits in (a move's message up, nothing thinking)."""
    from test_layers import play_frames
    from test_playtest_round1 import start_game

    monkeypatch.delitem(sys.modules, "games.hanabi.rating", raising=False)
    rig = Rig(games=real_games(), seed=3)
    start_game(rig, "hanabi", 3, 0b110)
    play = rig.top
    seen = []  # (rating loaded, the game over) at each refresh of the game
    refresh = rig.app.display.refresh

    def shown(**kwargs):
        if rig.top is play:
            seen.append(("games.hanabi.rating" in sys.modules, play.state.current_player() == E.OVER))
        return refresh(**kwargs)

    monkeypatch.setattr(rig.app.display, "refresh", shown)
    play_frames(rig, 6000)
    # Played to its end (the last move may be the person's: then the
    # game-over scene comes in that frame, and the game's screen never
    # shows the game over).
    assert play.state.current_player() == E.OVER
    assert (False, False) in seen
    loaded = [over for rated, over in seen if rated]
    assert loaded and loaded[0] is False  # in before the game is over
