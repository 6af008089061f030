"""Qwinto's screen on Kapsa's runtime, driven by button presses only: whole
games from the launcher to the game-over breakdown, the cursor, the free
cursor and the engine's reasons, passing, other seats' sheets, pass-around
play, computer seats, and the pixels of the sheet.

Run as a script to write the documentation's pictures:
    python tests/test_qwinto_screen.py docs/img
"""

import os
import sys

if __name__ == "__main__":
    import conftest  # noqa: F401  (import paths, as under pytest)

import pytest

from harness import Rig, past_guard, per_frame, real_games
from kapsa import ui
from kapsa import play as driver
from kapsa.gameover import FinalBoard, GameOver
from kapsa.play import PlayScene
from kapsa.launcher import Setup

from games.qwinto import bot
from games.qwinto import engine as E
from games.qwinto import layout as L
from games.qwinto import reasons as R
from games.qwinto import sheet as SH
from games.qwinto.view import View

NAMES = ["Ana", "Ben", "Cleo"]


# -- driving Kapsa like a person


def new_rig(seed=1, pixels=True):
    """A Kapsa with the real games. pixels=False skips composing frames
    (Blinka's displayio is slow in Python): for tests of the flow of whole
    games; the screen still draws everything, only no pixels are made."""
    rig = Rig(games=real_games(), seed=seed)
    rig.app.settings.names = list(NAMES)
    if not pixels:
        no_pixels(rig)
    return rig


def no_pixels(rig):
    rig.board.display.refresh = lambda **_kwargs: True


def start(rig, seats=1, people=(0,)):
    """From the launcher through setup to the first decision of a person."""
    rig.press("A")  # Qwinto is first in the box
    assert isinstance(rig.top, Setup)
    if seats > 1:
        rig.setup_seats(seats, people, NAMES)
    rig.press("A")
    assert isinstance(rig.top, PlayScene)
    wait(rig)


def waiting(rig):
    top = rig.top
    return not isinstance(top, PlayScene) or (top.deciding is not None and not top.wait
                                              and not top.screen.lower_due)


def wait(rig):
    rig.until(lambda: waiting(rig), limit=20000)


def first_legal(view, legal):
    """A careless player: roll all, keep, write into the first box that
    can take the sum."""
    return legal[0]


def always_pass(view, legal):
    if view.phase == E.P_ENTRY:
        return E.PASS
    return bot.choose(view, legal)


class Thumb:
    """Plays the people's seats with buttons only. A brain (by default the
    computer player, deciding from the seat's view) says what to do; the
    thumb steers the screen's cursor there and presses A."""

    def __init__(self, rig, brains=None):
        self.rig = rig
        self.brains = brains or {}
        self.log = []  # (seat, phase, header title) of each decision

    def decide(self, then_wait=True):
        rig = self.rig
        play = rig.top
        seat = play.deciding
        state = play.state
        view = state.view(seat)
        brain = self.brains.get(seat, bot.choose)
        want = brain(view, state.legal_actions())
        screen = play.screen
        self.log.append((seat, view.phase, play.screen.header.title.text))
        if view.phase == E.P_CHOOSE:
            mask = want - E.CHOOSE
            for r in range(3):
                if (screen.mask ^ mask) >> r & 1:
                    self.steer(lambda: screen.item == r)
                    rig.press("A")
            self.steer(lambda: screen.item == L.ROLL_ITEM)
            rig.press("A")
        elif view.phase == E.P_DECIDE:
            self.steer(lambda: screen.item == (want == E.REROLL))  # 0 Keep, 1 Re-roll
            rig.press("A")
        else:
            if want != E.PASS and screen.item == E.PASS and want not in screen.legal:
                rig.press("B")  # not expected: the brains write legal boxes
            self.steer(lambda: screen.item == want)
            rig.press("A")
            if screen.confirm:
                rig.press("A")  # yes, pass (OP-7)
        if then_wait:
            wait(rig)

    def steer(self, reached, button="RIGHT"):
        for _ in range(40):
            if reached():
                return
            self.rig.press(button)
        raise AssertionError("the cursor never got there")

    def play_to_end(self, limit=400):
        for _ in range(limit):
            if not isinstance(self.rig.top, PlayScene):
                past_guard(self.rig)  # the scores take presses after half a second
                return self.rig.top
            self.decide()
        raise AssertionError("the game did not end")


def until_phase(rig, thumb, phase, seat=None, turns=0):
    """Decide until a person is asked in `phase` (and `seat`), after at
    least `turns` of the game have passed."""
    for _ in range(400):
        top = rig.top
        assert isinstance(top, PlayScene), "the game ended first"
        state = top.state
        if (state.phase == phase and (seat is None or top.deciding == seat)
                and len(state.actions()) >= turns):
            return top
        thumb.decide()
    raise AssertionError("never reached")


@pytest.fixture
def quick(monkeypatch):
    """Shorter pauses for rolls and computer moves (one test keeps the real
    pace)."""
    monkeypatch.setattr(driver, "CHANCE_FRAMES", 2)
    monkeypatch.setattr(driver, "BOT_FRAMES", 2)


def near(color, expected):
    """`color` read from the RGB565 frame is `expected` (0xRRGGBB)."""
    for shift in (16, 8, 0):
        if abs((color >> shift & 0xFF) - (expected >> shift & 0xFF)) > 8:
            return False
    return True


def shown_numbers(screen):
    """The number each box shows (0: none, or the dot of a box that may
    take the sum)."""
    return [0 if cell[0] == L.DOT else cell[0] for cell in screen.cells]


def why_shown(screen):
    """Whether the free cursor's reason is on screen (its lines are built
    the first time one is needed)."""
    return screen.why is not None and not screen.why.hidden


def sheet_numbers(sheet):
    return list(sheet)


# -- whole games


def test_a_decision_opens_with_the_sheet_then_the_dice_and_the_bar(monkeypatch):
    """Solo, a whole game by presses: the frame a decision opens in (after
    a move, a roll) draws the sheet; the dice, the bar and the hints come
    in the next frame (the move, the roll and the whole screen in one
    frame took the device over 100 ms)."""
    from games.qwinto import dicebar
    from games.qwinto.screen import Screen

    rig = new_rig(seed=3, pixels=False)
    start(rig)
    begun = per_frame(rig, monkeypatch, Screen, "begin")
    bars = per_frame(rig, monkeypatch, dicebar, "draw_bar")
    thumb = Thumb(rig)
    while isinstance(rig.top, PlayScene):
        thumb.decide()
    assert len(begun) > 80
    for frame in begun:
        assert frame not in bars and frame + 1 in bars, frame


def test_a_frame_works_out_the_boxes_once_and_the_points_when_they_change(monkeypatch):
    """Solo, a whole game by presses: the boxes keeping the roll offers are
    found once a frame (begin() and the redraw both found them), and the
    points are worked out only when the sheet or its misthrows changed (a
    cursor's or a roll's redraw worked them out again)."""
    from games.qwinto import screen as qscreen

    rig = new_rig(seed=3, pixels=False)
    start(rig)
    found = per_frame(rig, monkeypatch, qscreen, "legal_boxes")
    points = per_frame(rig, monkeypatch, View, "breakdown")
    thumb = Thumb(rig)
    presses = 0
    while isinstance(rig.top, PlayScene):
        thumb.decide()
        presses += 1
    entries = sum(1 for _, phase, _ in thumb.log if phase == E.P_ENTRY)  # a sheet change each
    assert found and max(found.values()) == 1
    assert sum(points.values()) <= entries + 2 < presses


def test_rule_S5_solo_game_from_the_launcher_to_the_breakdown_and_the_best_score(quick):
    rig = new_rig(seed=4, pixels=False)
    start(rig)
    over = Thumb(rig).play_to_end()
    assert isinstance(over, GameOver)
    state = over.play.state
    bd = state.breakdown(0)
    texts = rig.texts()
    assert "Qwinto: game over" in texts
    lines = " ".join(texts)
    for word in ("Orange %d" % bd[0], "Yellow %d" % bd[1], "Purple %d" % bd[2],
                 "Pentagons %d" % sum(bd[SH.BD_COLS:SH.BD_COLS + 5]), "Misthrows %d" % bd[SH.BD_MISS]):
        assert word in lines
    first = bd[SH.BD_TOTAL]
    # The runtime's wording of a first game's best ("First score: 43" or
    # "Best: 43") is its own; the score is shown and kept either way.
    assert "First score: %d" % first in texts or "Best: %d" % first in texts
    assert solo_best(rig) == first  # kept in Qwinto's score history
    assert first > 20  # the computer player's choices, made by buttons, score
    # A careless second game does not beat it; the best is kept and shown.
    rig.press("B")  # game over -> the launcher
    start(rig)
    Thumb(rig, {0: first_legal}).play_to_end()
    assert "Best: %d" % first in rig.texts()
    assert solo_best(rig) == first


def solo_best(rig):
    """Solo Qwinto's best, from its score history (kapsa.history)."""
    from kapsa import history

    return history.load(rig.app, "qwinto")[0].entry(1, 0)[history.BEST]


def test_rule_OP2_three_seats_people_and_computers_play_to_the_end(quick):
    rig = new_rig(seed=7, pixels=False)
    start(rig, seats=3, people=(0, 2))
    thumb = Thumb(rig)
    over = thumb.play_to_end()
    assert isinstance(over, GameOver)
    state = over.play.state
    # People decided only for seats 0 and 2, each with its own name shown.
    assert {seat for seat, _, _ in thumb.log} == {0, 2}
    for seat, phase, title in thumb.log:
        assert title.startswith(NAMES[seat] + ":")
    # The computer seat wrote too, and every seat has its breakdown.
    assert any(state.sheet(1))
    for seat in range(3):
        bd = state.breakdown(seat)
        lines = " ".join(rig.texts())
        assert "Orange %d" % bd[0] in lines and "Misthrows %d" % bd[SH.BD_MISS] in lines
        rig.press("DOWN")


# -- the cursor


def test_rule_R8_cursor_visits_only_boxes_where_the_sum_may_go(quick):
    rig = new_rig(seed=11, pixels=False)
    start(rig)
    thumb = Thumb(rig)
    checked = 0
    for turns in (0, 20, 40, 60):
        play = until_phase(rig, thumb, E.P_ENTRY, turns=turns)
        screen = play.screen
        legal = play.state.legal_actions()
        assert legal == E.legal_boxes(play.state.sheet(0), play.state.mask, play.state.total) + [E.PASS]
        for button in ("RIGHT",) * 12 + ("DOWN",) * 5 + ("LEFT",) * 7 + ("UP",) * 5:
            rig.press(button)
            assert screen.item in legal
            if screen.item == E.PASS:
                assert screen.cursor.hidden and screen.buttons[0].pixel_shader[0] == ui.ACCENT
            else:
                # The cursor frame sits on that box, which shows the sum.
                assert not screen.cursor.hidden
                assert (screen.cursor.x + 2, screen.cursor.y + 2) == (L.box_x(screen.item), L.box_y(screen.item))
                assert screen.cells[screen.item][0] == play.state.total
            checked += 1
        assert play.state.phase == E.P_ENTRY  # moving never acts
        thumb.decide()
    assert checked == 4 * 29


def test_rule_R7_free_cursor_gets_the_engines_reason_and_changes_nothing(quick):
    rig = new_rig(seed=3)
    start(rig)
    thumb = Thumb(rig)
    play = until_phase(rig, thumb, E.P_ENTRY, turns=25)
    state = play.state
    screen = play.screen
    legal = state.legal_actions()
    # The boxes the sum may go into wear a dot in the row's colour.
    pixel = rig.board.display.pixel
    for b in range(SH.BOXES):
        cell = screen.cells[b]
        dot = pixel(cell.x + L.BOX_W // 2, cell.y + L.NUM_TOP + L.NUM_H // 2)
        if b == screen.item:
            continue  # the cursor's box shows the sum instead
        if b in legal:
            assert near(dot, L.BRIGHT[b // 9]), b
        elif not state.sheet(0)[b]:
            assert near(dot, L.DARK[b // 9]), b
    rig.press("B")  # any box
    assert screen.free and "A:try  B:legal only" in rig.texts()
    tried = 0
    for _ in range(27):
        rig.press("RIGHT")
        box = screen.item
        if box == E.PASS or box in legal:
            assert not why_shown(screen)
            continue
        reason = R.box_reason(state.sheet(0), state.mask, state.total, box)
        before = (state.actions(), bytes(state.sheets), bytes(state.misthrows))
        # Before A, the screen already says why, in full.
        assert why_shown(screen)
        assert " ".join(t.text for t in screen.why_lines).strip() == reason
        rig.press("A")
        assert play.message.text == reason  # the message line wraps to two lines
        assert (state.actions(), bytes(state.sheets), bytes(state.misthrows)) == before
        assert play.deciding == 0 and screen.free
        tried += 1
    assert tried >= 5
    rig.press("B")  # back to legal boxes only
    assert not screen.free and screen.item in legal


def test_rule_OP7_passing_costs_a_misthrow_and_asks_first_when_a_box_fits(quick):
    rig = new_rig(seed=2)
    start(rig)
    thumb = Thumb(rig)
    play = until_phase(rig, thumb, E.P_ENTRY)
    state = play.state
    screen = play.screen
    assert len(state.legal_actions()) > 1
    thumb.steer(lambda: screen.item == E.PASS)
    assert "Pass -5" in rig.texts()
    rig.press("A")
    assert state.misthrows[0] == 0 and screen.confirm
    assert "A:pass, tick -5  B:no" in rig.texts()
    rig.press("B")  # no
    assert not screen.confirm and state.phase == E.P_ENTRY
    rig.press("A", "A")
    wait(rig)
    assert state.misthrows[0] == 1
    assert near(rig.board.display.pixel(L.X0 + 1, L.MISS_Y + 1), ui.BAD)
    # With no box for the sum, one press passes.
    no_pixels(rig)
    for _ in range(200):
        play = until_phase(rig, thumb, E.P_ENTRY)
        if play.state.legal_actions() == [E.PASS]:
            break
        thumb.decide()
    else:
        raise AssertionError("never without a box")
    misses = play.state.misthrows[0]
    assert play.screen.item == E.PASS and "no box fits" in rig.texts()
    rig.press("A")
    wait(rig)
    assert play.state.misthrows[0] == misses + 1


def test_dice_choice_is_remembered_so_a_repeat_is_one_press(quick):
    rig = new_rig(seed=5)
    start(rig)
    play = rig.top
    screen = play.screen
    assert screen.item == L.ROLL_ITEM and screen.mask == 7  # first time: all three
    rig.press("LEFT", "LEFT", "LEFT", "A")  # the orange die off
    assert screen.mask == 6 and "2 dice" in rig.texts()
    assert near(rig.board.display.pixel(L.DICE_X[0] + 2, L.DICE_Y + 2), L.DARK[0])
    assert near(rig.board.display.pixel(L.DICE_X[1] + 2, L.DICE_Y + 2), L.BRIGHT[1])
    rig.press("RIGHT", "RIGHT", "RIGHT", "A")  # on "Roll"
    assert play.state.mask == 6
    wait(rig)
    rig.press("RIGHT", "A")  # re-roll
    wait(rig)
    assert play.state.phase == E.P_ENTRY and play.state.actions()[-2] == E.REROLL
    rig.press("A")
    wait(rig)
    assert play.state.phase == E.P_CHOOSE
    rig.press("A")  # the same dice again
    assert play.state.mask == 6


def test_rule_3_3_other_seats_sheets_are_viewable_read_only(quick):
    rig = new_rig(seed=9)
    start(rig, seats=2, people=(0,))
    thumb = Thumb(rig)
    play = until_phase(rig, thumb, E.P_ENTRY, seat=0, turns=30)
    state = play.state
    screen = play.screen
    before = state.actions()
    rig.press("SELECT")
    assert screen.header.title.text == "Ben's sheet"
    assert shown_numbers(screen) == sheet_numbers(state.sheet(1))
    assert screen.cursor.hidden and "2 of 2" in rig.texts()
    rig.press("RIGHT", "A")  # looking only: nothing is written
    assert state.actions() == before
    assert shown_numbers(screen) == [state.total if b == screen.item else v
                                     for b, v in enumerate(sheet_numbers(state.sheet(0)))]
    rig.press("SELECT", "SELECT")  # Ben, then round to my own sheet
    assert screen.header.title.text.startswith("Ana: write")
    # Solo: there is nobody else's sheet.
    solo = new_rig(seed=1, pixels=False)
    start(solo)
    solo.press("SELECT")
    assert solo.top.message.text == "Solo: only your sheet"


def test_rule_OP2_pass_around_shows_the_sheet_of_the_seat_whose_turn_it_is(quick):
    rig = new_rig(seed=6, pixels=False)
    start(rig, seats=3, people=(0, 1, 2))
    thumb = Thumb(rig, {1: first_legal, 2: always_pass})
    game = rig.top
    entries = 0
    for _ in range(400):
        play = rig.top
        if not isinstance(play, PlayScene):
            break
        state = play.state
        seat = play.deciding
        screen = play.screen
        assert screen.shown == seat == state.current_player()
        numbers = sheet_numbers(state.sheet(seat))
        if state.phase == E.P_ENTRY and screen.item != E.PASS:
            numbers[screen.item] = state.total  # the cursor shows where the sum would stand
        assert shown_numbers(screen) == numbers
        assert screen.header.title.text.startswith(NAMES[seat] + ":")
        if state.phase == E.P_ENTRY:
            # From the active seat on, in seating order.
            assert seat == (state.active + sum(1 for e in state.entries if e != E.PENDING)) % 3
            entries += 1
        thumb.decide()
    assert entries > 20
    assert isinstance(rig.top, GameOver)
    assert game.state.phase == E.P_OVER
    sheets = [bytes(game.state.sheet(s)) for s in range(3)]
    assert len(set(sheets)) == 3  # three different sheets were on screen


def test_computer_seats_are_shown_acting_at_a_readable_pace():
    rig = new_rig(seed=8)
    start(rig, seats=2, people=(0,))
    thumb = Thumb(rig)
    play = until_phase(rig, thumb, E.P_ENTRY, seat=0)
    while play.state.active != 0:  # (who starts is drawn: Ben may roll first)
        thumb.decide()
        play = until_phase(rig, thumb, E.P_ENTRY, seat=0)
    thumb.decide(then_wait=False)  # Ana writes; Ben, a computer, writes next
    frames = 0
    wrote = False
    screen = play.screen
    while play.deciding is None and isinstance(rig.top, PlayScene):
        news = play.message.text
        if screen.header.title.text == "Ben (computer)" and news.startswith("Ben: "):
            frames += 1
            # Ben's sheet, with the roll he used and his entry framed.
            assert shown_numbers(screen) == sheet_numbers(play.state.sheet(1))
            box = play.state.entries[1]
            if box < SH.BOXES:
                assert news == "Ben: %d into %s" % (play.state.sheet(1)[box], SH.ROW_NAMES[box // 9])
                assert screen.sum.text == "= %d" % play.state.sheet(1)[box]
                assert not screen.recent.hidden and screen.recent.x == L.box_x(box) - 1
                wrote = True
        rig.frames(1)
    assert frames >= driver.BOT_FRAMES - 2  # about 0.8 s on screen
    assert wrote


# -- what the screen receives and shows


def test_the_screen_receives_only_views(quick):
    rig = new_rig(seed=12, pixels=False)
    start(rig, seats=2, people=(0,))
    play = rig.top
    screen = play.screen
    got = []

    def wrap(name):
        inner = getattr(screen, name)

        def spy(view, *args):
            got.append((name, view, args))
            return inner(view, *args)
        setattr(screen, name, spy)

    wrap("draw")
    wrap("begin")
    wrap("breakdown")
    Thumb(rig).play_to_end()
    assert len(got) > 100
    for name, view, args in got:
        assert type(view) is View
        if name == "draw":
            assert args == (view.seat,)
        if name == "begin":
            assert type(args[0]) is list  # the legal actions, not a state
    assert {name for name, _, _ in got} == {"draw", "begin", "breakdown"}


def test_rule_2_2_the_frame_shows_the_sheet(quick):
    rig = new_rig(seed=4)
    start(rig)
    thumb = Thumb(rig)
    play = until_phase(rig, thumb, E.P_CHOOSE, turns=30)
    rig.frames(1)
    state = play.state
    sheet = state.sheet(0)
    pixel = rig.board.display.pixel
    assert any(sheet)
    for b in range(SH.BOXES):
        row = b // 9
        x, y = L.box_x(b), L.box_y(b)
        # Bottom-left corner: the box's fill, bright when written, dark when empty.
        assert near(pixel(x, y + L.BOX_H - 1), L.BRIGHT[row] if sheet[b] else L.DARK[row]), b
        # The top-left corner of a pentagon is cut off; a round box has it.
        corner = pixel(x, y)
        if SH.is_pentagon(b):
            assert near(corner, ui.BACKGROUND)
        elif b != state.entries[0]:  # (the last entry wears a green frame)
            assert near(corner, L.BRIGHT[row] if sheet[b] else L.DARK[row])
        if sheet[b] >= 10:  # two dark digits on the bright box
            dark = sum(1 for dx in range(L.BOX_W) for dy in range(L.BOX_H) if near(pixel(x + dx, y + dy), L.INK))
            assert dark > 10
    # The gaps stay empty.
    for row, column in ((0, 5), (1, 6), (2, 4)):
        x = L.X0 + L.STEP * column
        assert near(pixel(x + 6, L.ROW_Y[row] + 7), ui.BACKGROUND)
    # The header shows the live score; the row points are in the row colours.
    total = state.scores()[0]
    assert play.screen.header.hint.text == "%d pts" % total
    for row in range(3):
        assert play.screen.points[row].text == str(state.breakdown(0)[row])
        assert play.screen.points[row].color == L.BRIGHT[row]


def test_breakdown_of_the_seeds_example(quick):
    """Spec 6.1: Petr's sheet scores 4 + 16 + 6 + 27 - 10 = 43."""
    rig = new_rig()
    start(rig)
    state = E.new_game(1)
    for row, values in ((0, {3: 5, 7: 10, 8: 11, 11: 17}),
                        (1, {1: 2, 2: 3, 3: 4, 4: 6, 5: 7, 7: 9, 8: 12, 9: 14, 10: 16}),
                        (2, {0: 1, 1: 3, 3: 6, 5: 8, 7: 11, 8: 13})):
        for column, v in values.items():
            state.sheets[SH.box_at(row, column)] = v
    state.misthrows[0] = 2
    view = state.view(0)
    screen = rig.top.screen
    assert screen.breakdown(view, 0) == (("Orange", 4), ("Yellow", 16), ("Purple", 6),
                                         ("Pentagons", 27), ("Misthrows", -10))


# -- play-testing round 1


def test_playtest_11_the_starting_player_is_random_by_default(quick):
    """OP-6: setup offers "Starts: Random" first, and that reaches the
    engine as RANDOM_START: a chance node picks the first seat."""
    from games import qwinto as registry

    assert registry.OPTIONS[0][1][0] == ("Random", E.RANDOM_START)
    assert E.new_game(2, registry.OPTIONS[0][1][0][1]).phase == E.P_START
    starts = set()
    for seed in range(1, 30):
        rig = new_rig(seed=seed, pixels=False)
        rig.press("A")  # Qwinto
        rig.setup_seats(2, (0, 1), NAMES)
        assert "Starts: Random" in rig.texts()
        rig.press("A")  # start game, untouched options
        wait(rig)
        play = rig.top
        state = play.state
        assert play.options == E.RANDOM_START
        assert len(state.actions()) == 1 and state.actions()[0] in (0, 1)  # the chance node
        assert play.deciding == state.active == state.actions()[0]
        assert play.screen.header.title.text == NAMES[state.active] + ": pick dice"
        starts.add(state.active)
        if starts == {0, 1}:
            break
    assert starts == {0, 1}
    # "Player 1" is still a choice: seat 0 starts, without a chance node.
    rig = new_rig(seed=1, pixels=False)
    rig.press("A")
    rig.setup_seats(2, (0, 1), NAMES)
    rig.press("UP", "RIGHT")
    assert "Starts: Player 1" in rig.texts()
    rig.press("DOWN", "A")
    wait(rig)
    play = rig.top
    assert play.options == 0 and play.state.actions() == [] and play.deciding == 0


def row_overflow(sheet):
    """Boxes that no number can go into any more, row by row: in each run
    of empty boxes between two written numbers (0 and 19 at the ends),
    those beyond the count of numbers that lie between them."""
    n = 0
    for r in range(3):
        lo, run = 0, 0
        for v in list(sheet[r * 9:r * 9 + 9]) + [19]:
            if v:
                n += max(0, run - (v - lo - 1))
                lo, run = v, 0
            else:
                run += 1
    return n


def wasted(sheet, b, total):
    after = bytearray(sheet)
    after[b] = total
    return row_overflow(after) - row_overflow(sheet)


def roll_and_keep(rig):
    rig.press("A")  # roll all three dice
    wait(rig)
    rig.press("A")  # keep
    wait(rig)


def test_playtest_8_cursor_starts_on_a_fitting_box(quick):
    # An empty sheet: the first box where A writes suits the sum's size
    # (1..18 spread evenly over a row's nine boxes), not the first purple box.
    totals = set()
    for seed in range(1, 9):
        rig = new_rig(seed=seed, pixels=False)
        start(rig)
        roll_and_keep(rig)
        play = rig.top
        state, screen = play.state, play.screen
        total = state.total
        assert state.phase == E.P_ENTRY and screen.item in state.legal_actions()
        assert abs(1.9 * (screen.item % 9 + 1) - total) <= 0.95, (total, screen.item)
        assert screen.cells[screen.item][0] == total and not screen.cursor.hidden
        box = screen.item
        rig.press("A")  # at once
        assert state.sheet(0)[box] == total
        totals.add(total)
    assert len(totals) >= 4 and max(totals) >= 8
    # Later in a game: the cursor starts on a box that leaves no more boxes
    # of its row without a number than any other box the sum may go into.
    rig = new_rig(seed=5, pixels=False)
    start(rig)
    thumb = Thumb(rig)
    starts = 0
    for _ in range(400):
        play = rig.top
        if not isinstance(play, PlayScene):
            break
        state, screen = play.state, play.screen
        if state.phase == E.P_ENTRY:
            sheet = state.sheet(0)
            boxes = state.legal_actions()[:-1]
            if not boxes:
                assert screen.item == E.PASS
            else:
                least = min(wasted(sheet, b, state.total) for b in boxes)
                assert screen.item in boxes
                assert wasted(sheet, screen.item, state.total) == least
                starts += 1
        thumb.decide()
    assert starts > 20


def test_playtest_8_reroll_comes_first_when_the_roll_fits_no_box(quick):
    rig = new_rig(seed=3, pixels=False)
    start(rig)
    thumb = Thumb(rig)
    kept = 0
    for _ in range(300):
        play = until_phase(rig, thumb, E.P_DECIDE)
        state, screen = play.state, play.screen
        if E.legal_boxes(state.sheet(0), state.mask, state.total):
            assert screen.item == 0  # Keep, when the sum fits somewhere
            assert screen.buttons[0].pixel_shader[0] == ui.ACCENT
            kept += 1
            thumb.decide()
            continue
        assert screen.item == 1 and screen.buttons[1].pixel_shader[0] == ui.ACCENT
        assert screen.buttons[0].pixel_shader[0] == ui.PANEL and "0 boxes" in rig.texts()
        done = len(state.actions())
        rig.press("A")  # one press re-rolls
        assert state.actions()[done] == E.REROLL
        break
    else:
        raise AssertionError("no roll without a box")
    assert kept > 5


def test_playtest_8_the_footer_says_what_A_does(quick):
    rig = new_rig(seed=2, pixels=False)
    start(rig)
    roll_and_keep(rig)
    play = rig.top
    screen = play.screen
    assert screen.item != E.PASS and "A:write B:any box" in rig.texts()
    Thumb(rig).steer(lambda: screen.item == E.PASS)
    texts = rig.texts()
    assert "A:pass B:any box" in texts and not any("A:write" in t for t in texts)
    rig.press("B")  # the free cursor, still on Pass
    assert screen.free and screen.item == E.PASS and "A:pass  B:legal only" in rig.texts()
    rig.press("RIGHT")  # on a box: A tries it
    assert screen.item != E.PASS and "A:try  B:legal only" in rig.texts()


def test_playtest_8_the_final_board_says_how_to_leave(quick):
    for seats, footer in ((1, "B:back to scores"), (2, "B:back to scores SEL:look")):
        rig = new_rig(seed=6, pixels=False)
        start(rig, seats=seats, people=(0,))
        over = Thumb(rig).play_to_end()
        assert isinstance(over, GameOver)
        rig.press("A")  # Ana's final sheet
        assert isinstance(rig.top, FinalBoard)
        texts = rig.texts()
        assert footer in texts and "Ana's final sheet" in texts
        if seats > 1:
            rig.press("SELECT")
            assert "Ben's final sheet" in rig.texts() and footer in rig.texts()
        rig.press("B")  # as the footer says
        assert rig.top is over


def test_playtest_12_counts_are_singular_for_one(quick):
    rig = new_rig(seed=1, pixels=False)
    start(rig)
    screen = rig.top.screen
    assert "3 dice" in rig.texts()
    rig.press("LEFT", "A")  # purple off
    assert "2 dice" in rig.texts()
    rig.press("LEFT", "A")  # yellow off
    texts = rig.texts()
    assert "1 die" in texts and not any("1 dice" in t for t in texts)
    assert screen.header.hint.text == "0 pts"
    rig.press("RIGHT", "RIGHT", "A")  # roll orange alone
    wait(rig)
    roll_and_keep = rig.top.state.legal_actions()
    assert E.KEEP in roll_and_keep
    rig.press("A")  # keep: one die always fits an empty sheet
    wait(rig)
    rig.press("A")  # write
    wait(rig)
    assert rig.top.state.scores() == [1]
    assert screen.header.hint.text == "1 pt"
    assert "1 pts" not in rig.texts()
    # The same words for every count the screen writes.
    assert [L.count(n, "pt") for n in (-1, 0, 1, 2, -15)] == ["-1 pt", "0 pts", "1 pt", "2 pts", "-15 pts"]
    assert [L.count(n, "box", "es") for n in (0, 1, 9)] == ["0 boxes", "1 box", "9 boxes"]


def test_playtest_12_the_cursor_frame_stays_clear_of_the_header(quick):
    rig = new_rig(seed=3)
    start(rig)
    roll_and_keep(rig)
    play = rig.top
    screen = play.screen
    Thumb(rig).steer(lambda: screen.item == 8)  # orange's last box, under "pts"
    cursor = screen.cursor
    assert not cursor.hidden and screen.header.hint.text.endswith("pts")
    pixel = rig.board.display.pixel
    frame = range(cursor.x, cursor.x + L.BOX_W + 4)
    assert all(near(pixel(x, cursor.y), ui.TEXT) for x in frame)  # the frame's top edge
    # Between the header bar (LINE + 1 rows) and the frame: background only.
    assert cursor.y >= ui.LINE + 3
    for y in range(ui.LINE + 1, cursor.y):
        assert all(near(pixel(x, y), ui.BACKGROUND) for x in frame), y


# -- the documentation's pictures


def write_pictures(out, scale=2, seed=27):
    """docs/img/qwinto-*.png: the sheet mid-game, the dice choice, keep or
    re-roll, the free cursor's reason, the final breakdown and a final
    sheet."""
    os.makedirs(out, exist_ok=True)
    rig = new_rig(seed=seed)
    start(rig, seats=2, people=(0,))
    thumb = Thumb(rig, {0: first_legal})
    wrote = []

    def png(name):
        path = os.path.join(out, "qwinto-%s.png" % name)
        rig.png(path, scale)
        wrote.append(path)

    play = until_phase(rig, thumb, E.P_CHOOSE, seat=0, turns=1)
    screen = play.screen
    for r in range(3):  # yellow and purple, the cursor left on purple
        if (screen.mask ^ (E.YELLOW | E.PURPLE)) >> r & 1:
            thumb.steer(lambda: screen.item == r)
            rig.press("A")
    thumb.steer(lambda: screen.item == 2)
    png("dice")
    thumb.steer(lambda: screen.item == L.ROLL_ITEM)
    rig.press("A")
    wait(rig)
    thumb.steer(lambda: screen.item == 1)  # on "Re-roll"
    png("reroll")
    rig.press("A")
    wait(rig)
    thumb.brains[0] = bot.choose
    for _ in range(200):
        play = until_phase(rig, thumb, E.P_ENTRY, seat=0, turns=40)
        if play.state.misthrows[0] and len(play.state.legal_actions()) > 3:
            break
        thumb.decide()
    screen = play.screen  # the cursor where it starts: the box the sum fits best
    rig.frames(120)  # the news has gone
    png("sheet")
    rig.press("B")
    for _ in range(30):
        rig.press("RIGHT")
        if why_shown(screen) and play.state.sheet(0)[screen.item] == 0:
            break
    png("why")
    rig.press("B")
    thumb.play_to_end()
    png("final")
    rig.press("A")  # Ana's final sheet
    png("board")
    return wrote


if __name__ == "__main__":
    for written in write_pictures(sys.argv[1] if len(sys.argv) > 1 else "docs/img"):
        print("wrote", written)


def test_a_games_vm_builds_the_sheet_and_the_dice_in_frames_of_their_own():
    # kapsa.main.Opening calls build_step() a frame at a time before the
    # game shows; the builders are let go once both parts are built.
    import sys

    from kapsa.codec import GameSave
    from kapsa.main import Opening

    rig = Rig(games=real_games())
    app = rig.app
    info = [g for g in app.games if g.name == "qwinto"][0]
    opening = Opening(app, info, GameSave("qwinto", 1, 0, 0, []))
    app.push(opening)
    rig.frames(2)  # a new game, then the PlayScene: header only
    screen = opening.play.screen
    made = len(screen.group)
    rig.frames(1)  # the sheet
    sheet = len(screen.group)
    assert sheet > made and rig.top is opening
    rig.frames(1)  # the dice
    assert len(screen.group) > sheet and rig.top is opening
    assert "games.qwinto.buildsheet" not in sys.modules
    assert "games.qwinto.builddice" not in sys.modules
    rig.frames(1)
    assert rig.top is opening.play  # on screen
