"""Hashi's screen on Kapsa's runtime, driven by button presses: a solo game
from the launcher through the start to the end screen with the rank title
and the hindsight best, pass-around play that never shows a seat another
seat's moves of the round, a computer seat, the offered islands and lines,
undo, skips, the engine's reasons, bonus news, and the pixels of the board
and the card bar.

Run as a script to write the documentation's pictures:
    python tests/test_hashi_screen.py docs/img
"""

import os
import sys
from collections import deque

import pytest

if __name__ == "__main__":
    import conftest  # noqa: F401  (import paths, as under pytest)

from harness import Rig, memory_store, past_guard, per_frame, real_games
from kapsa.boards.desktop import rgb888
from kapsa.gameover import GameOver
from kapsa.play import PlayScene
from kapsa.rng import Rng
from kapsa.launcher import Setup
from kapsa.passdevice import PassDevice

from games.hashi import engine as E
from games.hashi import ending, finalboard, panel as Pan, picture as Pic, words
from games.hashi import screen as S
from games.hashi.cursor import line_toward, neighbour
from games.hashi.ink import GLYPHS
from games.hashi.boards import BLUE, BRIDGES, RED, board
from games.hashi.ending import TITLE_FROM, TITLES, rank_title
from games.hashi.sheet import CAT_BLUE

NAMES = ["Ann", "Ben", "Cleo", "Dan"]
DIRS = (("RIGHT", 1, 0), ("LEFT", -1, 0), ("DOWN", 0, 1), ("UP", 0, -1))


# -- a careful player (the brain), deciding from the seat's view only


def careful(view, legal):
    """Numbers where bridges already are, bridges that finish islands
    first, and never a set of bridges that cannot be completed."""
    if view.phase == E.SETUP:
        return legal[-1]
    sheet = view.sheet
    if view.phase == E.ACTION_A:
        islands = view.legal_islands()
        if not islands:
            return E.SKIP_A
        return E.NUMBER + max(islands, key=lambda i: (sheet.deg[i], -i))
    if not view.to_place:
        return E.CONFIRM
    b = view.board
    best = None
    for k in view.legal_bridges():
        s = sheet.copy()
        s.add(k)
        if s.can_place(view.to_place - 1):
            rank = (s.finished(b.ca[k]) + s.finished(b.cb[k]), -k)
            if best is None or rank > best[0]:
                best = (rank, k)
    if best is None:
        return E.UNDO if view.placed else E.CONFIRM
    return E.BRIDGE + best[1]


def engine_game(seed, seats=1, options=0, stop=None):
    """Actions of a game played by `careful` in every seat, cards from
    Rng(seed); stop(state, action) -> True ends it before that action."""
    state = E.new_game(seats, options)
    rng = Rng(seed)
    while state.current_player() != E.OVER:
        p = state.current_player()
        a = rng.choose(state) if p == E.CHANCE else careful(state.view(p), state.legal_actions())
        if stop is not None and stop(state, a):
            break
        state.apply(a)
    return state


# -- driving Kapsa like a person


def new_rig(store=None, seed=1):
    rig = Rig(games=real_games(), store=store, seed=seed)
    rig.app.settings.names = list(NAMES)
    return rig


def waiting(rig):
    top = rig.top
    return not isinstance(top, PlayScene) or (top.deciding is not None and not top.wait
                                              and not top.screen.panel_due)


def wait(rig):
    rig.until(lambda: waiting(rig), limit=20000)


def open_hashi(rig):
    rig.press("DOWN", "A")  # Hashi is second in the box
    assert isinstance(rig.top, Setup)
    assert "Hashi setup" in rig.texts()


def start(rig, seats=1, people=(0,)):
    """From the launcher through setup to the first decision of a person
    (or the first pass-the-device scene)."""
    open_hashi(rig)
    if seats > 1:
        rig.setup_seats(seats, people, NAMES)
    rig.press("A")
    assert isinstance(rig.top, (PlayScene, PassDevice))
    wait(rig)


def resume(actions, seats=1, options=0, bots=0):
    """A rig whose Hashi game was saved after `actions`, resumed from the
    launcher, at the next decision."""
    store = memory_store()
    store.save_game("hashi", seats, options, bots, list(actions))
    rig = new_rig(store)
    rig.press("A")  # Hashi  > Resume (the launcher opens on the game with a save)
    rig.press("A")  # Resume
    assert isinstance(rig.top, PlayScene)
    wait(rig)
    return rig


def path(screen, a, b, step=None):
    """Presses that take the screen's cursor from island a to island b."""
    step = step or screen.step
    prev = {a: None}
    todo = deque([a])
    while todo:
        i = todo.popleft()
        for name, dx, dy in DIRS:
            j = step(i, dx, dy)
            if j >= 0 and j not in prev:
                prev[j] = (i, name)
                todo.append(j)
    out = []
    while b != a:
        b, name = prev[b]
        out.append(name)
    return out[::-1]


class Thumb:
    """Plays people's seats with buttons only: a brain says what to do from
    the seat's view, the thumb steers the cursor there and presses."""

    def __init__(self, rig, brain=careful):
        self.rig = rig
        self.brain = brain
        self.headers = []

    @property
    def screen(self):
        return self.rig.top.screen

    def steer(self, island):
        s = self.screen
        if s.selected and s.cursor != island:
            self.rig.press("A")  # let go of the island first
        self.rig.press(*path(s, s.cursor, island))
        assert s.cursor == island

    def do(self, a):
        rig, s = self.rig, self.screen
        view = s.view
        b = s.b
        if E.START3 <= a < E.START4 + 32:
            if s.start_number != (3 if a < E.START4 else 4):
                rig.press("SELECT")
            self.steer(a & 31)
            rig.press("A")
        elif E.NUMBER <= a < E.NUMBER + b.n:
            self.steer(a - E.NUMBER)
            rig.press("A")
        elif a == E.SKIP_A:
            rig.press("SELECT")
        elif a == E.UNDO:
            rig.press("B")
        elif a == E.CONFIRM:
            rig.press("SELECT")
        else:
            k = a - E.BRIDGE
            u, w = b.ca[k], b.cb[k]
            if s.selected and s.cursor == w:
                u, w = w, u
            if not (s.selected and s.cursor == u):
                self.steer(u)
                rig.press("A")
                assert s.selected
            rig.press(direction(b, u, w))

    def decide(self):
        play = self.rig.top
        seat = play.deciding
        view = play.state.view(seat)
        before = len(play.state.actions())
        self.headers.append(play.screen.header.title.text)
        self.do(self.brain(view, play.state.legal_actions()))
        assert len(play.state.actions()) > before, self.rig.texts()
        wait(self.rig)

    def play_out(self):
        while isinstance(self.rig.top, PlayScene):
            self.decide()


def direction(b, u, w):
    dx = (b.x[w] > b.x[u]) - (b.x[w] < b.x[u])
    dy = (b.y[w] > b.y[u]) - (b.y[w] < b.y[u])
    for name, ddx, ddy in DIRS:
        if (ddx, ddy) == (dx, dy):
            return name
    raise AssertionError("not in line")


# -- reading the screen


def shade(color):
    """A colour as the RGB565 display shows it."""
    r, g, b = color >> 16, (color >> 8) & 0xFF, color & 0xFF
    return rgb888(((r >> 3) << 11) | ((g >> 2) << 5) | (b >> 3))


def board_pixel(rig, x, y):
    s = rig.top.screen.pic
    return rig.board.display.pixel(s.group.x + x, s.group.y + y)


def island_fill(rig, i):
    """The board colour (palette index) inside island i, beside its number."""
    s = rig.top.screen.pic
    return s.bitmap[s.cx[i] - 4, s.cy[i]]


def line_colors(rig, k):
    """The board colours along line k (all three tracks, crossings left out)."""
    return set(track(rig, k, -1)) | set(track(rig, k, 0)) | set(track(rig, k, 1))


def track(rig, k, off, screen_pixels=False):
    """The colours along one track of line k, its crossings left out: board
    palette indexes, or what the display shows."""
    s = rig.top.screen.pic
    crossings = [t for t, _ in s.zones[k]]
    out = []
    for t in range(s.t0[k], s.t1[k] + 1):
        if any(abs(t - m) <= 1 for m in crossings):
            continue
        x, y = (t, s.fix[k] + off) if s.b.horiz[k] else (s.fix[k] + off, t)
        out.append(board_pixel(rig, x, y) if screen_pixels else s.bitmap[x, y])
    return out


def color(index):
    return index


def shown(index):
    """A board colour as the display shows it."""
    return shade(Pic.BOARD_COLORS[index])


def message(rig):
    """The runtime's message line: news, or the engine's reason."""
    return rig.top.message.text


def engine_reason(state, action):
    try:
        state.copy().apply(action)
    except E.IllegalMove as reason:
        return str(reason)
    raise AssertionError("legal")


# -- the whole game, solo


def test_solo_game_from_launcher_to_end_screen_with_rank_and_best_by_presses():
    rig = new_rig()
    start(rig)
    screen = rig.top.screen
    assert rig.top.state.current_player() == 0
    assert "Your start" in rig.texts()
    assert "A:write 4  SEL:3 or 4" in rig.texts()
    thumb = Thumb(rig)
    thumb.play_out()
    # Solo deadlines in the header: blue by card 7, then red and six by 12.
    rounds = [(int(h.split("/")[0]), h) for h in thumb.headers if "/" in h]
    over = rig.top
    assert isinstance(over, GameOver)
    blue = over.play.state.bonus[0][CAT_BLUE]
    assert all(("blue by 7" in h) == (r <= 7) for r, h in rounds if not blue)
    assert any("blue by 7" in h for r, h in rounds)
    assert any(h.startswith("1/17") for h in thumb.headers)
    assert any(h.startswith("17/17") for h in thumb.headers)
    state = over.play.state
    total = state.scores()[0]
    texts = rig.texts()
    count = state.view(0).sheet.finished_count()
    assert "%d islands x2 %d" % (count, 2 * count) in rig.screen_text()
    assert any(t.endswith("%4d" % total) and len(t) == 24 for t in texts)  # the table's row
    assert not any(t.startswith(("You:", "Total:")) for t in texts)
    title = rank_title(total)
    assert ("Rank: " + title) in texts or title in texts
    assert "These cards allow:" in texts
    # The solver runs a part a frame with a visible progress figure ...
    rig.frames(40)
    assert any("searching" in t for t in rig.texts())
    rig.until(lambda: screen.solver_state == 2, limit=3 * ending.SOLVER_UNITS)
    rig.frames(1)
    solver = screen.solver
    texts = rig.texts()
    # ... and claims only what it has proven.
    if solver.proven:
        assert "These cards allow: %d" % solver.best in texts
        assert solver.best >= total
    else:
        assert ("at least %d, at most %d" % (solver.best, solver.upper) in texts
                or "at least %d, search ended" % solver.best in texts and solver.upper >= 60)
        assert not any(t.startswith("These cards allow: ") for t in texts)
    assert not any("searching" in t for t in rig.texts())
    rig.press("A")  # the final board
    assert "B: back to the scores" in rig.texts()
    rig.press("B", "B")
    assert rig.texts()[0] == "Kapsa"


def test_final_lines_never_claim_an_unproven_best():
    class Fake:
        def __init__(self, best, upper, proven):
            self.best, self.upper, self.proven = best, upper, proven

    rig = resume(engine_game(3).actions()[:-1])
    screen = rig.top.screen
    state = rig.top.state
    Thumb(rig).play_out()
    view = state.view(0)
    total = state.scores()[0]
    screen.solver = Fake(50, 60, False)
    screen.solver_state = 1
    screen.solver.nodes = screen.solver_frames = ending.SOLVER_UNITS // 4
    screen.solver.ms = 40_000  # a quarter of the units in 40 s: 2 min to go
    lines = screen.final_lines(view, 0)
    assert lines[-3:] == ["These cards allow:", "at least 50, searching 25%", "about 2 min left"]
    screen.solver_state = 2
    assert screen.final_lines(view, 0)[-1] == "at least 50, search ended"
    screen.solver.upper = 58
    assert screen.final_lines(view, 0)[-1] == "at least 50, at most 58"
    screen.solver = Fake(56, 56, True)
    assert screen.final_lines(view, 0)[-1] == "These cards allow: 56"
    assert rank_title(total) in screen.final_lines(view, 0)[0]


def test_rank_title_line_fits_the_screen():
    rig = resume(engine_game(3).actions()[:-1])
    screen = rig.top.screen
    Thumb(rig).play_out()
    view = rig.top.play.state.view(0)
    for low, title in zip(TITLE_FROM, TITLES.split("/")):
        view.scores = [low]
        for line in screen.final_lines(view, 0):
            assert len(line) <= 26
        assert title in screen.final_lines(view, 0)[0]


def test_board_b_with_a_random_start_opens_on_the_first_card():
    rig = new_rig()
    open_hashi(rig)
    rig.press("DOWN", "DOWN", "DOWN", "DOWN", "RIGHT")  # Board: B (past "Play a code")
    rig.press("DOWN", "RIGHT")  # Start: Random
    assert "Board: B" in rig.texts() and "Start: Random" in rig.texts()
    rig.press("DOWN", "A")
    wait(rig)
    play = rig.top
    screen = play.screen
    assert screen.b is board(1)
    assert play.state.phase == E.ACTION_A and len(play.state.drawn) == 1
    start = [i for i in range(screen.b.n) if play.state.sheets[0].num[i]]
    assert len(start) == 1 and screen.pic.island_key[start[0]] & 7 in (3, 4)
    assert "A:write %d  SEL:skip" % play.state.view(0).number in rig.texts()


# -- setup, pass-around play, computer seats


def test_setup_writes_the_start_on_the_left_neighbours_board_and_skips_flags():
    rig = new_rig()
    start(rig, seats=2, people=(0, 1))
    assert isinstance(rig.top, PassDevice)
    assert "Ann" in rig.texts()
    rig.press("A")
    wait(rig)
    play = rig.top
    screen = play.screen
    assert play.deciding == 0
    assert "Start for Ben" in rig.texts()
    b = screen.b
    # The cursor goes only where a start may go: never on a flag.
    for name in ("LEFT", "UP", "UP", "RIGHT", "RIGHT", "RIGHT", "DOWN", "DOWN", "DOWN", "DOWN", "LEFT"):
        rig.press(name)
        assert not b.flag[screen.cursor]
        assert island_fill(rig, screen.cursor) == color(Pic.LEGAL)
    for i in b.reds + b.blues:
        assert island_fill(rig, i) == color(Pic.FILL)
    plain = [i for i in range(b.n) if not b.flag[i]][2]
    thumb = Thumb(rig)
    rig.press("SELECT")
    assert "A:write 3  SEL:3 or 4" in rig.texts()
    thumb.steer(plain)
    rig.press("A")
    assert play.state.sheets[1].num[plain] == 3  # Ben's board
    assert play.state.sheets[0].num[plain] == 0
    rig.frames(1)  # the pass screen comes in the frame after the move
    assert isinstance(rig.top, PassDevice) and "Ben" in rig.texts()
    rig.press("A")
    wait(rig)
    assert "Start for Ann" in rig.texts()
    # Ben's screen shows Ann's (empty) board, not his own with the 3.
    assert screen.pic.island_key[plain] & 7 == 0


def test_two_people_pass_the_device_and_never_see_the_others_round():
    rig = new_rig()
    start(rig, seats=2, people=(0, 1))
    thumb = Thumb(rig)
    passes = []
    seen_by_ben = []
    while True:
        if isinstance(rig.top, PassDevice):
            passes.append(rig.texts()[1])
            rig.press("A")
            wait(rig)
            continue
        play = rig.top
        state = play.state
        if play.deciding == 1 and state.card >= 0 and state.phase == E.ACTION_A and len(state.drawn) == 2:
            break
        if play.deciding == 1 and state.card >= 0 and state.phase == E.ACTION_A:
            seen_by_ben.append(list(rig.texts()))
            # What Ben's screen shows is Ben's board only: Ann's moves of
            # this round are on hers and nowhere on his screen.
            ann = state.sheets[0]
            ben = state.sheets[1]
            screen = play.screen
            for i in range(screen.b.n):
                assert screen.pic.island_key[i] & 7 == ben.num[i]
            for k in range(screen.b.nc):
                assert screen.pic.line_key[k] & 3 == ben.br[k]
            assert any(ann.num[i] != ben.num[i] for i in range(screen.b.n))
            text = rig.screen_text()
            for a in state.actions():
                if a < 20 or 32 <= a < 128:
                    assert "Bridge" not in text and " on " not in text
        thumb.decide()
    # The device went round: Ann, Ben (setup), then Ann and Ben each round.
    assert passes[:4] == ["Ann", "Ben", "Ann", "Ben"]
    assert seen_by_ben


def test_a_computer_seat_plays_and_is_shown_playing():
    rig = new_rig()
    start(rig, seats=2, people=(0,))
    play = rig.top
    thumb = Thumb(rig)
    thumb.decide()  # Ann's start on Ben's board; Ben's start follows by itself
    shown = set()
    while len(play.state.drawn) < 3:
        if play.deciding is not None and not play.wait:
            thumb.do(careful(play.state.view(0), play.state.legal_actions()))
        else:
            shown.update(rig.texts())
            rig.frames(1)
    assert "Ben (computer) plays" in shown
    # Spec 9.2: nobody reads the computer's moves on this card before playing it.
    assert not any(t.startswith("Ben: ") for t in shown)
    bens = [a for a in play.state.actions()]
    assert play.bots == 2 and E.CONFIRM in bens
    assert play.state.sheets[1].num.count(0) < board(0).n  # Ben has numbers on his board


def test_between_decisions_left_right_shows_the_other_boards_as_public():
    rig = new_rig()
    start(rig, seats=2, people=(0,))
    play = rig.top
    screen = play.screen
    thumb = Thumb(rig)
    while not (len(play.state.drawn) == 3 and play.deciding == 0):
        thumb.decide()
    while play.deciding == 0:  # Ann's turn, without waiting past Ben's
        thumb.do(careful(play.state.view(0), play.state.legal_actions()))
    # Ben (the computer) now plays his card; Ann looks at his board.
    looked = 0
    while play.deciding is None:
        if play.state.current_player() == 1 and not looked:
            rig.press("RIGHT")
            assert screen.header.title.text.startswith("Ben ")
            assert "last round" in rig.texts() and "<>:boards" in rig.texts()
            looked = 1
        if looked:
            public = play.state.pub[1]
            for i in range(screen.b.n):
                assert screen.pic.island_key[i] & 7 == public.num[i]
            for k in range(screen.b.nc):
                assert screen.pic.line_key[k] & 3 == public.br[k]
        rig.frames(1)
    assert looked
    # Her own decision brings her own board back.
    assert screen.header.title.text.startswith("Ann ")
    own = play.state.sheets[0]
    assert all(screen.pic.island_key[i] & 7 == own.num[i] for i in range(screen.b.n))


# -- the controls


def first_decision_of_round(rig, rnd):
    wait(rig)
    play = rig.top
    thumb = Thumb(rig)
    while not (play.state.phase == E.ACTION_A and len(play.state.drawn) == rnd
               and play.state.card >= 0):
        thumb.decide()
    return play


def test_only_legal_islands_and_lines_are_offered():
    rig = new_rig()
    start(rig)
    play = rig.top
    screen = play.screen
    thumb = Thumb(rig)
    checked_a = checked_b = checked_sel = 0
    while isinstance(rig.top, PlayScene) and len(play.state.drawn) < 12:
        view = play.state.view(0)
        if view.phase == E.ACTION_A:
            legal = view.legal_islands()
            for i in range(screen.b.n):
                fill = island_fill(rig, i)
                if i in legal:
                    assert fill == color(Pic.LEGAL)
                else:
                    assert fill != color(Pic.LEGAL)
            checked_a += 1
        elif view.phase == E.ACTION_B and view.to_place:
            legal = view.legal_bridges()
            if screen.selected:  # the thumb still holds the island of its last bridge
                rig.press("A")
            for k in range(screen.b.nc):
                assert (color(Pic.OFFER) in line_colors(rig, k)) == (k in legal), k
            checked_b += 1
            if legal:
                # Taking an island narrows the offer to its own lines.
                k = legal[0]
                thumb.steer(screen.b.ca[k])
                rig.press("A")
                mine = [q for q in legal if q in screen.b.adj[screen.cursor]]
                for q in range(screen.b.nc):
                    assert (color(Pic.OFFER) in line_colors(rig, q)) == (q in mine)
                rig.press("A")
                checked_sel += 1
        thumb.decide()
    assert checked_a >= 10 and checked_b >= 5 and checked_sel >= 3


def test_cursor_reaches_every_island_of_both_boards():
    # Also in setup, where it visits only islands without a flag. (The
    # test board P is left out: its inner islands have lines only among
    # themselves, and the d-pad follows lines first.)
    rig = new_rig()
    start(rig)
    screen = rig.top.screen
    for index in range(2):
        b = screen.b = board(index)
        plain = [i for i in range(b.n) if not b.flag[i]]
        for allowed in (range(b.n), plain):
            def step(i, dx, dy):
                return neighbour(screen.b, i, dx, dy, allowed)
            for i in allowed:
                for j in allowed:
                    assert len(path(screen, i, j, step)) <= 12


def test_undo_takes_back_bridges_then_the_number():
    rig = new_rig()
    start(rig)
    play = first_decision_of_round(rig, 2)
    screen = play.screen
    state = play.state
    thumb = Thumb(rig)
    view = state.view(0)
    island = view.legal_islands()[0]
    thumb.do(E.NUMBER + island)
    assert state.sheets[0].num[island] == view.number
    assert screen.pic.island_key[island] & 7 == view.number
    k = state.view(0).legal_bridges()[0]
    thumb.do(E.BRIDGE + k)
    assert state.steps == [k]
    assert color(Pic.NEW) in line_colors(rig, k)  # this turn's bridge: yellow
    rig.press("B")
    assert state.steps == [] and state.sheets[0].br[k] == 0
    assert color(Pic.NEW) not in line_colors(rig, k)
    rig.press("B")
    assert state.phase == E.ACTION_A
    assert state.sheets[0].num[island] == 0
    assert screen.pic.island_key[island] & 7 == 0
    assert "A:write %d  SEL:skip" % view.number in rig.texts()
    rig.press("B")  # nothing left to undo: said, not sent
    assert message(rig) == "Nothing to undo yet"
    assert state.phase == E.ACTION_A


def test_skip_number_and_skip_bridges():
    rig = new_rig()
    start(rig)
    play = first_decision_of_round(rig, 2)
    state = play.state
    before = bytes(state.sheets[0].num), bytes(state.sheets[0].br)
    rig.press("SELECT")  # skip action a
    assert state.phase == E.ACTION_B and state.a_island == -1
    assert "A:take  B:undo  SEL:none" in rig.texts()
    rig.press("SELECT")  # no bridges: one press, as the footer says
    wait(rig)
    assert len(state.drawn) == 3
    assert (bytes(state.sheets[0].num), bytes(state.sheets[0].br)) == before


def test_illegal_tries_show_the_engines_reason_and_change_nothing():
    rig = new_rig()
    start(rig)
    play = first_decision_of_round(rig, 1)
    state = play.state
    screen = play.screen
    thumb = Thumb(rig)
    b = screen.b
    # A number on a flag island without a bridge.
    thumb.steer(b.reds[0])
    n = len(state.actions())
    rig.press("A")
    assert message(rig) == engine_reason(state, E.NUMBER + b.reds[0]) == "Flag needs a bridge first"
    assert len(state.actions()) == n
    # A bridge between two islands without numbers.
    rig.press("SELECT")  # no number this round
    empty = [k for k in range(b.nc) if not state.sheets[0].num[b.ca[k]] and not state.sheets[0].num[b.cb[k]]]
    k = empty[0]
    thumb.steer(b.ca[k])
    rig.press("A")
    rig.press(direction(b, b.ca[k], b.cb[k]))
    assert message(rig) == engine_reason(state, E.BRIDGE + k) == "Bridges start at a number"
    assert state.steps == []
    # No line at all that way.
    for name, dx, dy in DIRS:
        if line_toward(screen.b, screen.cursor, dx, dy) < 0:
            rig.press(name)
            assert message(rig) == "No line that way"
            break
    else:
        raise AssertionError("every direction has a line")


def test_a_bridge_that_leaves_no_room_for_the_rest_is_refused():
    # OP-5: a legal step after which the card's other bridges cannot all
    # be placed is not offered, and aiming at it changes nothing.
    def dead_ends(st):
        v = st.view(0)
        return [k for k in range(st.board.nc)
                if not v.sheet.why_bridge(k) and k not in v.legal_bridges()]

    def first_dead_end(seed):
        """Random numbers and offered bridges (as in the engine's OP-5
        test) until a turn has a dead end and a way on; None if none."""
        rng = Rng(seed)
        state = E.new_game(1)
        while state.current_player() != E.OVER:
            if state.current_player() == E.CHANCE:
                state.apply(rng.choose(state))
                continue
            v = state.view(0)
            if v.phase == E.ACTION_B and v.to_place and v.legal_bridges() and dead_ends(state):
                return state
            if v.phase == E.ACTION_B:
                fine = v.legal_bridges()
                state.apply(E.BRIDGE + fine[rng.below(len(fine))] if fine else E.CONFIRM)
                continue
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        return None

    state = None
    for seed in range(50):
        state = first_dead_end(seed)
        if state:
            break
    assert state is not None, "no dead end in 50 games"
    rig = resume(state.actions())
    play = rig.top
    view = play.state.view(0)
    b = view.board
    k = [k for k in range(b.nc) if not view.sheet.why_bridge(k) and k not in view.legal_bridges()][0]
    assert E.BRIDGE + k in play.state.legal_actions()  # the rules allow the step itself
    Thumb(rig).steer(b.ca[k])
    rig.press("A")
    assert play.screen.selected
    n = len(play.state.actions())
    rig.press(direction(b, b.ca[k], b.cb[k]))
    assert message(rig) == "The rest won't fit then"
    assert len(play.state.actions()) == n and play.state.steps == state.steps
    assert color(Pic.OFFER) not in line_colors(rig, k)


def test_partial_bridges_cannot_be_confirmed():
    # The first round whose card has 2 or more bridges, at its start.
    state = engine_game(5, stop=lambda st, a: st.current_player() == 0 and st.card >= 0
                        and st.phase == E.ACTION_A and BRIDGES[st.card] >= 2)
    rig = resume(state.actions())
    play = rig.top
    view = play.state.view(0)
    assert view.bridges >= 2
    thumb = Thumb(rig)
    thumb.do(careful(view, play.state.legal_actions()))  # the number
    view = play.state.view(0)
    thumb.do(careful(view, play.state.legal_actions()))  # one bridge
    assert len(play.state.steps) == 1
    rig.press("SELECT")
    reason = engine_reason(play.state, E.CONFIRM)
    assert reason == "All %d bridges or none" % view.bridges
    assert message(rig) == reason
    assert len(play.state.steps) == 1 and play.deciding == 0


# -- news, pixels, the card bar


def test_bonus_awards_are_announced():
    # A game in which a bonus is scored: resume just before the confirm of
    # that round, and confirm by button.
    for seed in range(1, 40):
        full = engine_game(seed)
        actions = full.actions()
        state = E.new_game(1)
        for i, a in enumerate(actions):
            before = bytes(state.bonus[0])
            state.apply(a)
            if bytes(state.bonus[0]) != before:
                cut = i
                break
        else:
            continue
        break
    else:
        raise AssertionError("no game with a bonus")
    cat = [c for c in range(3) if state.bonus[0][c]][0]
    rig = resume(actions[:cut])
    Thumb(rig).decide()  # the confirm
    news = "%s +%d" % (words.CATEGORIES[cat], state.bonus[0][cat])
    # On the message line, once the card drawn has said itself.
    rig.until(lambda: message(rig) == news, limit=60)
    rig.frames(words.BANNER_FRAMES + 1)
    assert news not in rig.texts()


def test_islands_and_bridges_are_drawn():
    state = engine_game(2, stop=lambda st, a: len(st.drawn) == 12 and st.card >= 0)
    rig = resume(state.actions())
    screen = rig.top.screen
    sheet = rig.top.state.view(0).sheet
    b = screen.b
    for i in range(b.n):
        top = board_pixel(rig, screen.pic.cx[i], screen.pic.cy[i] - Pic.R)
        if b.flag[i] == RED:
            assert top == shown(Pic.FLAG_RED)
        elif b.flag[i] == BLUE:
            assert top == shown(Pic.FLAG_BLUE)
        fill = island_fill(rig, i)
        if sheet.finished(i):
            assert fill == color(Pic.DONE)
        else:
            assert fill in (color(Pic.FILL), color(Pic.LEGAL))
        # The number, in the island's middle column (every digit has ink there).
        ink = [board_pixel(rig, screen.pic.cx[i], screen.pic.cy[i] - 4 + r) for r in range(8)]
        digit = shown(Pic.DARK) if sheet.finished(i) else shown(Pic.DIGIT)
        assert (digit in ink) == bool(sheet.num[i])
    kinds = set()
    for k in range(b.nc):
        n = sheet.br[k]
        if n == 2:
            assert set(track(rig, k, -1)) == {color(Pic.BRIDGE)} == set(track(rig, k, 1))
            assert set(track(rig, k, 0)) == {color(Pic.BG)}
            # ... and so on the display, away from the cursor's ring.
            assert set(track(rig, k, 1, True)[3:-3]) == {shown(Pic.BRIDGE)}
            assert set(track(rig, k, 0, True)[3:-3]) == {shown(Pic.BG)}
        elif n == 1:
            assert set(track(rig, k, 0)) | set(track(rig, k, -1)) >= {color(Pic.BRIDGE)}
        elif any(sheet.br[c] for c in b.cross[k]):
            assert color(Pic.BLOCK) in track(rig, k, 0)
            kinds.add("blocked")
        else:
            assert color(Pic.DASH) in track(rig, k, 0) or color(Pic.OFFER) in track(rig, k, 0)
        kinds.add(n)
    assert {0, 1, 2, "blocked"} <= kinds


def test_card_bar_marks_seen_cards_and_the_current_one():
    state = engine_game(4, stop=lambda st, a: len(st.drawn) == 9 and st.card >= 0)
    rig = resume(state.actions())
    screen = rig.top.screen
    view = rig.top.state.view(0)
    bm = screen.panel.lower
    cw = (Pan.PANEL_W - 8) // 3
    for r, (number, cards) in enumerate(screen.panel.deck_rows):
        y = 11 + r * Pan.BAR_ROW
        for i, c in enumerate(cards):
            x = 8 + i * cw
            middle = bm[x + cw // 2, y + 4 - (BRIDGES[c] - 1)]
            if c == view.card:
                assert bm[x, y] == Pan.P_HI and middle == Pan.P_DARK
            elif view.seen[c]:
                assert middle == Pan.P_SEEN
            else:
                assert middle == Pan.P_TEXT
    # The card itself: its number and its bridges as bars.
    assert screen.panel.card_num.text == str(view.number)
    assert sum(1 for bar in screen.panel.bars if not bar.hidden) == view.bridges


def test_a_press_redraws_a_small_part_of_the_screen():
    state = engine_game(2, stop=lambda st, a: len(st.drawn) == 6 and st.card >= 0)
    rig = resume(state.actions())
    rig.frames(60)
    display = rig.board.display
    sizes = []
    for name in ("RIGHT", "DOWN", "LEFT", "UP"):
        rig.press(name)
        sizes.append(display.dirty_pixels)
    assert max(sizes) < 160 * 128 // 4


# -- play-testing round 1


def lazy(view, legal):
    """A seat that writes no number and draws no bridge."""
    if view.phase == E.SETUP:
        return legal[0]
    return E.SKIP_A if view.phase == E.ACTION_A else E.CONFIRM


def bonus_row(screen):
    """The panel's bonus row as its pixels show it: per category the
    figure (None: no figure) and whether it is marked scored (green)."""
    bm = screen.panel.lower
    cell = Pan.PANEL_W // 3
    row = []
    for c in range(3):
        x = c * cell + 10
        ink = {(i, j) for j in range(8) for i in range(5) if bm[x + i, 1 + j] in (Pan.P_TEXT, Pan.P_DARK)}
        digit = [d for d in range(10) if ink == {(i, j) for j in range(8) for i in range(5)
                                                 if GLYPHS[8 * d + j] & (16 >> i)}]
        assert len(digit) == 1 or not ink
        row.append((digit[0] if ink else None, bm[c * cell + 9, 0] == Pan.P_GOOD))
    return row


def test_playtest_3_final_boards_bonus_row():
    # Three seats that score differently; the computer in seat 2 ends it.
    from games.hashi import bot

    brains = (careful, bot.choose, lazy)
    state = E.new_game(3)
    rng = Rng(0)
    while state.current_player() != E.OVER:
        p = state.current_player()
        state.apply(rng.choose(state) if p == E.CHANCE else brains[p](state.view(p), state.legal_actions()))
    rig = resume(state.actions()[:-1], seats=3, bots=0b110)
    assert isinstance(rig.top, GameOver)
    final = rig.top.play.state
    rows = [[(b or None, b > 0) for b in final.bonus[p]] for p in range(3)]
    assert rows[0] != rows[1] != rows[2] != rows[0]
    past_guard(rig)
    rig.press("DOWN", "A")  # Ben's final board
    screen = rig.top.play.screen
    for name, p in ((None, 1), ("RIGHT", 2), ("RIGHT", 0), ("LEFT", 2), ("LEFT", 1)):
        if name:
            rig.press(name)
        assert screen.header.title.text == "%s's final board" % NAMES[p]
        assert screen.header.hint.text == "%d pts" % final.scores()[p]
        assert all(screen.pic.island_key[i] & 7 == final.pub[p].num[i] for i in range(screen.b.n))
        # That seat's bonuses, nobody else's; the game is over: no figure
        # for a bonus it did not score.
        assert bonus_row(screen) == rows[p], p
        # The six-linked sign stays visible, scored or not.
        assert screen.panel.lower[2 * (Pan.PANEL_W // 3) + 2, 5] == Pan.P_TEXT
    rig.press("B")
    assert isinstance(rig.top, GameOver)


def test_playtest_4_cursor_follows_the_lines_first():
    rig = new_rig()
    start(rig)
    play = first_decision_of_round(rig, 1)
    screen = play.screen
    b = screen.b
    L, A, J = 11, 0, 9
    assert (b.x[L], b.y[L], b.x[A], b.y[A], b.x[J], b.y[J]) == (0, 4, 0, 0, 1, 3)
    Thumb(rig).steer(L)
    rig.press("UP")
    assert screen.cursor == A  # along the line, not diagonally to the nearer J
    assert (screen.ring.tile.x, screen.ring.tile.y) == (screen.pic.cx[A] - Pic.R - 3, screen.pic.cy[A] - Pic.R - 3)
    n = len(play.state.actions())
    rig.press("A")  # the number is tried on A, the island under the ring
    assert message(rig) == engine_reason(play.state, E.NUMBER + A)
    assert len(play.state.actions()) == n
    # Every island, every way that has a line: the d-pad follows the line.
    for i in range(b.n):
        for name, dx, dy in DIRS:
            k = line_toward(screen.b, i, dx, dy)
            if k >= 0:
                Thumb(rig).steer(i)
                rig.press(name)
                assert screen.cursor == b.other(k, i), (i, name)
    for index in range(2):
        other = board(index)
        screen.b = other
        for i in range(other.n):
            for _, dx, dy in DIRS:
                k = line_toward(screen.b, i, dx, dy)
                j = neighbour(screen.b, i, dx, dy)
                if k >= 0:
                    assert j == other.other(k, i)
                elif j >= 0:  # no line that way: never more sideways than ahead
                    ahead = (other.x[j] - other.x[i]) * dx + (other.y[j] - other.y[i]) * dy
                    assert abs((other.x[j] - other.x[i]) * dy + (other.y[j] - other.y[i]) * dx) <= ahead
    screen.b = b


def action_b_state(want):
    """A solo game (careful play) at the start of action b of a round for
    which want(view) holds."""
    for seed in range(40):
        state = engine_game(seed, stop=lambda st, a: st.current_player() == 0 and st.card >= 0
                            and st.phase == E.ACTION_B and not st.steps and want(st.view(0)))
        if state.current_player() == 0:
            return state
    raise AssertionError("no such round")


def test_playtest_5_the_taken_island_and_the_footer_say_what_a_and_b_do():
    state = action_b_state(lambda v: len(v.legal_bridges()) >= 2 and v.bridges >= 2)
    rig = resume(state.actions())
    play = rig.top
    screen = play.screen
    view = play.state.view(0)
    k = view.legal_bridges()[0]
    u, w = screen.b.ca[k], screen.b.cb[k]
    thumb = Thumb(rig)
    thumb.steer(u)
    assert rig.texts()[-1] == "A:take  B:undo  SEL:none"
    assert island_fill(rig, u) != color(Pic.NEW)
    rig.press("A")  # take it
    assert screen.selected
    assert island_fill(rig, u) == color(Pic.NEW)  # marked on the board ...
    assert board_pixel(rig, screen.pic.cx[u], screen.pic.cy[u] - Pic.R - 2) == shade(S.ui.GOOD)  # ... and by the ring
    assert "<>^v:bridge A:drop B:undo" in rig.texts()
    rig.press("A")  # let go
    assert not screen.selected and island_fill(rig, u) != color(Pic.NEW)
    assert board_pixel(rig, screen.pic.cx[u], screen.pic.cy[u] - Pic.R - 2) == shade(S.ui.ACCENT)
    assert rig.texts()[-1] == "A:take  B:undo  SEL:none"
    rig.press("A", direction(screen.b, u, w))  # a bridge: still taken, and said
    assert play.state.steps == [k]
    if screen.selected:
        assert island_fill(rig, u) == color(Pic.NEW) and "<>^v:bridge A:drop B:undo" in rig.texts()
    else:
        assert island_fill(rig, u) != color(Pic.NEW) and "A:take  B:undo" in rig.texts()
    rig.press("B")  # undo: the footer offers SEL again, and one press does it
    if screen.selected:
        rig.press("A")
    assert play.state.steps == [] and rig.texts()[-1] == "A:take  B:undo  SEL:none"
    n = len(play.state.actions())
    rig.press("SELECT")
    assert play.state.actions()[n:n + 1] == [E.CONFIRM]


def test_playtest_5_no_room_no_bridges_is_one_press():
    state = action_b_state(lambda v: not v.can_complete())
    rig = resume(state.actions())
    play = rig.top
    assert "No room: SEL:no bridges" in rig.texts()
    n = len(play.state.actions())
    rig.press("SELECT")
    assert play.state.actions()[n:n + 1] == [E.CONFIRM]


def above_footer(rig):
    """What the display shows above the footer line (board, panel, card bar)."""
    d = rig.board.display
    return [d.pixel(x, y) for y in range(S.ui.HEIGHT - S.ui.LINE) for x in range(S.ui.WIDTH)]


def test_playtest_6_refusals_leave_the_board_and_card_bar_readable():
    # The first round with 2 or more bridges, at its start.
    state = engine_game(5, stop=lambda st, a: st.current_player() == 0 and st.card >= 0
                        and st.phase == E.ACTION_A and BRIDGES[st.card] >= 2)
    rig = resume(state.actions())
    play = rig.top
    screen = play.screen
    b = screen.b
    thumb = Thumb(rig)
    said = []

    def refused(*names):
        rig.frames(100)  # the last message gone
        shown = above_footer(rig)
        n = len(play.state.actions())
        rig.press(*names)
        said.append(message(rig))
        assert said[-1] and len(said[-1]) <= 26, said[-1]
        assert above_footer(rig) == shown, said[-1]  # nothing above the footer covered
        assert len(play.state.actions()) == n

    rig.press(*path(screen, screen.cursor, b.reds[0]))
    refused("A")  # a number on a flag without a bridge
    refused("B")  # nothing to undo yet
    view = play.state.view(0)
    thumb.do(careful(view, play.state.legal_actions()))  # the number
    thumb.do(careful(play.state.view(0), play.state.legal_actions()))  # one bridge
    refused("SELECT")  # not all the card's bridges
    if screen.selected:
        rig.press("A")
    for i in range(b.n):  # an island with a way that has no line
        gaps = [name for name, dx, dy in DIRS if line_toward(screen.b, i, dx, dy) < 0]
        if gaps and not play.state.sheets[0].num[i]:
            thumb.steer(i)
            rig.press("A")
            refused(gaps[0])
            rig.press("A")
            break
    for i in range(b.n):  # a bridge between two empty islands
        k = [k for k in b.adj[i] if not play.state.sheets[0].num[b.other(k, i)]
             and not play.state.sheets[0].num[i]]
        if k and not any(play.state.sheets[0].br[c] for c in b.cross[k[0]]):
            thumb.steer(i)
            rig.press("A")
            refused(direction(b, i, b.other(k[0], i)))
            break
    assert len(set(said)) == 5, said
    assert "Flag needs a bridge first" in said and "All %d bridges or none" % view.bridges in said


def one_island_game():
    """A solo game on board A in which exactly one island is finished:
    the start 4 on N, then bridges from N only, none elsewhere."""
    state = E.new_game(1)
    M = 13  # N
    state.apply(E.START4 + M)
    rng = Rng(9)
    while state.current_player() != E.OVER:
        if state.current_player() == E.CHANCE:
            state.apply(rng.choose(state))
            continue
        if state.phase == E.ACTION_A:
            state.apply(E.SKIP_A)
            continue
        view = state.view(0)
        mine = [k for k in view.legal_bridges() if k in state.board.adj[M]]
        if view.to_place and view.to_place <= 4 - state.sheets[0].deg[M] and mine:
            state.apply(E.BRIDGE + mine[0])
        elif view.placed and view.to_place:
            state.apply(E.UNDO)
        else:
            state.apply(E.CONFIRM)
    assert state.sheets[0].finished_count() == 1 and state.scores() == [2]
    return state


def test_playtest_12_one_island_is_singular_and_no_line_repeats_the_score():
    rig = resume(one_island_game().actions()[:-1])
    Thumb(rig).do(E.CONFIRM)  # the last round's "no bridges"
    assert isinstance(rig.top, GameOver)
    text = rig.screen_text()
    assert "1 island x2 2" in text and "islands" not in text
    assert not any(t.startswith(("You:", "Total:")) for t in rig.texts())
    assert "Rank: Gofer" in rig.texts()


def test_a_card_drawn_shows_the_board_then_the_panel_and_words_once(monkeypatch):
    """The frame a card is drawn paints the board and the words once; the
    panel with the new card, and the islands the board offers for it, come
    in the next frame (all of it in one frame, with the words said twice,
    took the device 120-160 ms; with the offers, spread over the board,
    about 105 ms). The first card after the start keeps the islands
    offered for the start lit until its panel lights the card's (mostly
    the same): dark for the frames between, the whole board was composed
    twice more, and the start's frame took the device over 100 ms."""
    import kapsa.play as driver
    from games.hashi import paint, words

    rig = new_rig()
    start(rig)
    drawn = per_frame(rig, monkeypatch, driver, "pick")
    panels = per_frame(rig, monkeypatch, paint, "paint_panel")
    said = per_frame(rig, monkeypatch, words, "paint")
    offered = {}  # frame -> islands offered on the board at its end
    refresh = rig.app.display.refresh

    def shown(**kwargs):
        if isinstance(rig.top, PlayScene):
            keys = rig.top.screen.pic.island_key
            offered[rig.app.frame - 1] = sum(1 for key in keys if key & 16)
        return refresh(**kwargs)

    monkeypatch.setattr(rig.app.display, "refresh", shown)
    thumb = Thumb(rig)
    while isinstance(rig.top, PlayScene):
        thumb.decide()
    assert len(drawn) == 17  # the 17 cards, each in a frame of its own
    first = min(drawn)
    for frame in drawn:
        assert frame not in panels and panels.get(frame + 1) == 1, frame
        assert offered.get(frame + 1), frame
        if frame != first:  # (action b before it: no island lit)
            assert offered.get(frame) == 0, frame
    assert offered.get(first - 1) == offered.get(first) > 0  # the start's frame, the draw's
    assert max(said.values()) == 1


def test_a_start_written_before_the_pass_screen_keeps_the_islands_lit(monkeypatch):
    """Two people: a start written, the pass screen comes in the next
    frame. The islands offered for the start stay lit in the frame of the
    press (all of them going dark had the display compose the whole board
    again: the device over 100 ms); the next board is drawn anew."""
    rig = new_rig()
    start(rig, seats=2, people=(0, 1))
    if isinstance(rig.top, PassDevice):
        rig.press("A")
        wait(rig)
    play = rig.top
    keys = play.screen.pic.island_key
    before = sum(1 for key in keys if key & 16)
    assert before > 1 and play.state.view(play.deciding).phase == E.SETUP
    lit = []  # (the scene on screen, islands lit) at each refresh
    refresh = rig.app.display.refresh

    def shown(**kwargs):
        lit.append((rig.top is play, sum(1 for key in keys if key & 16)))
        return refresh(**kwargs)

    monkeypatch.setattr(rig.app.display, "refresh", shown)
    Thumb(rig).decide()  # the start: then the pass screen
    assert isinstance(rig.top, PassDevice)
    last = [count for on_screen, count in lit if on_screen][-1]
    assert last == before


def test_an_island_numbered_keeps_the_others_lit_for_a_frame(monkeypatch):
    """Action a: the island numbered and its lines show in the frame of
    the press; the other islands offered for the number go dark in the
    next (spread over the board, with the move they had the display
    compose all of it again: over 100 ms on the device)."""
    rig = new_rig()
    start(rig)
    seen = {}  # frame -> (phase, islands lit) at its end
    refresh = rig.app.display.refresh

    def shown(**kwargs):
        top = rig.top
        if isinstance(top, PlayScene) and top.screen.view is not None:
            lit = sum(1 for key in top.screen.pic.island_key if key & 16)
            seen[rig.app.frame - 1] = (top.screen.view.phase, lit)
        return refresh(**kwargs)

    monkeypatch.setattr(rig.app.display, "refresh", shown)
    thumb = Thumb(rig)
    while isinstance(rig.top, PlayScene):
        thumb.decide()
    numbered = [f for f in seen if f - 1 in seen and seen[f - 1][0] == E.ACTION_A
                and seen[f][0] == E.ACTION_B]
    assert len(numbered) >= 10
    for f in numbered:
        assert seen[f][1] == seen[f - 1][1] > 0 and seen[f + 1][1] == 0, f
    assert sum(1 for f in numbered if seen[f][1] > 1) >= 5  # others were offered too


def test_the_board_painted_change_by_change_is_the_board_painted_whole():
    """Each move repaints only the islands and lines whose look changed,
    and an island's ring only when it is finished (most changes are its
    inside: offered or not, a number): at every decision of a whole game,
    the board's bitmap is the very one a picture painted from nothing
    shows."""
    import bitmaptools

    from games.hashi import paint

    rig = new_rig()
    start(rig)
    thumb = Thumb(rig)
    compared = 0
    while isinstance(rig.top, PlayScene):
        screen = rig.top.screen
        pic = screen.pic
        bm = pic.bitmap
        changed = bytes(bm[x, y] for y in range(bm.height) for x in range(bm.width))
        for i in range(len(pic.island_key)):
            pic.island_key[i] = 255
        for k in range(len(pic.line_key)):
            pic.line_key[k] = 255
        bitmaptools.fill_region(bm, 0, 0, bm.width, bm.height, 0)  # blank, as it is made
        paint.paint_board(screen, screen.view)
        whole = bytes(bm[x, y] for y in range(bm.height) for x in range(bm.width))
        assert changed == whole, "round %d" % screen.view.round
        compared += 1
        thumb.decide()
    assert compared > 50  # every decision of the 17 rounds


def test_playtest_12_cursor_ring_is_whole_at_every_island():
    rig = new_rig()
    start(rig)
    play = first_decision_of_round(rig, 1)
    screen = play.screen
    thumb = Thumb(rig)
    gx, gy = screen.pic.group.x, screen.pic.group.y
    for i in range(screen.b.n):
        thumb.steer(i)
        x, y = gx + screen.pic.cx[i], gy + screen.pic.cy[i]
        # The ring's outermost pixels, left, right, top, bottom: on screen,
        # clear of the header, the footer and the panel, and drawn.
        for px, py in ((x - Pic.R - 2, y), (x + Pic.R + 2, y), (x, y - Pic.R - 2), (x, y + Pic.R + 2)):
            assert 0 <= px < Pan.PANEL_X and S.ui.LINE < py < S.ui.HEIGHT - S.ui.LINE, (i, px, py)
            assert rig.board.display.pixel(px, py) == shade(S.ui.ACCENT), (i, px, py)
    # The other board has the same geometry: its rings fit the same square.
    b = board(1)
    assert max(b.x) == max(screen.b.x) and max(b.y) == max(screen.b.y)


def test_playtest_12_a_finished_flag_island_is_filled_like_the_others():
    state = engine_game(2, stop=lambda st, a: len(st.drawn) == 12 and st.card >= 0)
    rig = resume(state.actions())
    screen = rig.top.screen
    sheet = rig.top.state.view(0).sheet
    b = screen.b
    flags = [i for i in b.reds + b.blues if sheet.finished(i)]
    plain = [i for i in range(b.n) if not b.flag[i] and sheet.finished(i)]
    assert flags and plain
    for i in flags + plain:
        cx, cy = screen.pic.cx[i], screen.pic.cy[i]
        # Green out to one pixel inside the island's edge, all four ways.
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            assert screen.pic.bitmap[cx + dx * (Pic.R - 1), cy + dy * (Pic.R - 1)] == Pic.DONE, (i, dx, dy)
        if b.flag[i]:  # and the flag's colour round it
            flag = Pic.FLAG_RED if b.flag[i] == RED else Pic.FLAG_BLUE
            assert screen.pic.bitmap[cx - Pic.R, cy] == flag == screen.pic.bitmap[cx, cy - Pic.R]


# -- pictures for the docs


def pictures(folder, seed=1):
    """docs/img/hashi-board.png, hashi-cardbar.png, hashi-end.png (scale 2)."""
    # Mid-game: crossings, double bridges, finished islands, a bridge of
    # this card placed and an island taken for the next one.
    state = engine_game(seed, stop=lambda st, a: len(st.drawn) == 11 and st.phase == E.ACTION_B
                        and st.card >= 0 and len(st.steps) == 1)
    rig = resume(state.actions())
    rig.frames(90)
    screen = rig.top.screen
    legal = rig.top.state.view(0).legal_bridges()
    if legal:
        Thumb(rig).steer(screen.b.ca[legal[-1]])
        rig.press("A")
    rig.png(os.path.join(folder, "hashi-board.png"), 2)
    # Late in the game, most of the card bar seen.
    state = engine_game(seed, stop=lambda st, a: len(st.drawn) == 15 and st.card >= 0)
    rig = resume(state.actions())
    rig.frames(90)
    rig.png(os.path.join(folder, "hashi-cardbar.png"), 2)
    # The end: breakdown, rank title and the hindsight best.
    rig = resume(engine_game(seed).actions()[:-1])
    Thumb(rig).play_out()
    rig.until(lambda: rig.top.play.screen.solver_state == 2, limit=3 * ending.SOLVER_UNITS)
    rig.frames(1)
    rig.png(os.path.join(folder, "hashi-end.png"), 2)


if __name__ == "__main__":
    out = sys.argv[1] if len(sys.argv) > 1 else "docs/img"
    os.makedirs(out, exist_ok=True)
    pictures(out)


# -- what is imported when (docs/hashi.md, "Module layout")

END = ("ending", "assign", "bound", "position", "cardtables", "greedy", "beam", "branch",
       "solver")


def _loaded(names):
    return [n for n in names if "games.hashi." + n in sys.modules]


def _let_go(names):
    for n in names:
        sys.modules.pop("games.hashi." + n, None)
        package = sys.modules["games.hashi"]
        if hasattr(package, n):
            delattr(package, n)


def test_the_end_and_the_search_come_in_only_once_a_game_is_over(monkeypatch):
    # Several seats: the end screen needs no module of its own. The
    # computer's bot comes in as the game opens, as in a fresh VM, and
    # with it `greedy`, which the search shares with it.
    _let_go(END + ("bot",))
    rig = resume(engine_game(4, seats=2).actions()[:-1], seats=2, bots=0b10)
    assert _loaded(END + ("maps",)) == ["greedy"]  # the maps are let go once the board is made
    # (build.py stays: the screen is made anew after every pause)
    Thumb(rig).play_out()
    rig.frames(10)
    assert _loaded(END) == ["greedy"] and rig.top.play.screen.solver_state == 3
    # Solo: none while playing; once over, the search's modules one a frame
    # (dependencies first), then the search.
    _let_go(END + ("bot",))  # (a fresh VM: nobody's bot)
    game = engine_game(3).actions()
    rig = resume(game[:-1])
    assert _loaded(END) == []
    screen = rig.top.screen
    play = rig.top
    play.try_action(game[-1])  # the last (as a person makes it: no bot)
    rig.until(lambda: isinstance(rig.top, GameOver))
    parts = ending.SOLVER_PARTS
    seen = []
    import kapsa.app as app_module

    collect = app_module.gc.collect
    collected = []  # before each part's import, a collection at the frame's end (for .py)
    monkeypatch.setattr(app_module.gc, "collect",
                        lambda: (collected.append(len(_loaded(parts))), collect()))
    while screen.solver is None:
        seen.append(len(_loaded(parts)))
        assert "These cards allow:" in rig.texts()
        rig.frames(1)
    assert sorted(set(seen)) == list(range(len(parts))) or sorted(set(seen)) == list(
        range(len(parts) + 1))
    assert set(range(len(parts))) <= set(collected)
    assert _loaded(END) == list(END) and screen.solver_state == 1


# -- the game-over VM (a finished game's save opened alone, as on the device)

DRAWING = ("ink", "picture", "panel", "words", "paint", "build", "buildpanel", "cursor")


def over_vm(seats=1, bots=0):
    """A rig opened on a finished game's save (the device's game-over VM:
    the screen is constructed on a game that is already over), at the
    game-over scene; the drawing modules and the search's let go first,
    as a fresh VM has none."""
    _let_go(DRAWING + END + ("bot", "value"))
    store = memory_store()
    store.save_game("hashi", seats, 0, bots, engine_game(3, seats=seats).actions())
    rig = new_rig(store)
    rig.press("A")  # Hashi  > Resume (the launcher opens on the game with a save)
    rig.press("A")  # Resume
    rig.until(lambda: isinstance(rig.top, GameOver) and rig.app.frame >= rig.top.until, limit=40)
    return rig


def test_a_game_over_vm_builds_no_board_until_a_final_board_and_then_a_part_a_tick(monkeypatch):
    rig = over_vm()
    screen = rig.top.play.screen
    assert screen.over_vm and screen.pic is None and screen.panel is None
    assert len(screen.group) == 0  # no bitmap, no text: nothing of the board
    assert _loaded(DRAWING) == []
    rig.frames(30)  # the search's modules come, and it runs
    assert screen.solver_state == 1 and _loaded(END) == list(END)
    assert _loaded(DRAWING) == []
    assert any("searching" in t for t in rig.texts())
    rig.press("A")  # a final board: the search stops, and its modules go
    assert screen.solver_state == 2 and screen.solver_stopped >= 0
    assert _loaded(END) == ["ending"] and _loaded(("bot", "value")) == []
    assert screen.pic is None  # nothing built in the frame the search stopped in
    seen = []
    bitmap_made = []
    while screen.panel is None or screen.wanted is not None:
        seen.append(len(_loaded(DRAWING)))
        bitmap_made.append(screen.board_bitmap is not None and screen.panel_bitmap is not None)
        rig.frames(1)
    # (the A frame held: the search's memory still counted in it) then a
    # module a tick (the picture brings ink, and the board's and the
    # panel's bitmaps are made with it, which brings panel: big pieces
    # first, while the heap is whole; the board's builder; the panel's
    # brings words; paint), the board, the panel (the builders go), the
    # paint
    assert seen == [0, 3, 4, 6, 7, 7, 5] and len(seen) == len(finalboard.FINAL_PARTS) + 3
    assert bitmap_made == [False] + [True] * 6  # with the picture
    # The picture, made hidden, is painted in the paint's frame, the panel
    # comes in the next and the picture shows in the one after (all in one
    # frame, the device took 0.15 s).
    pixels = screen.pic.bitmap
    assert screen.pic.group.hidden and screen.panel_due
    assert len(set(pixels[x, y] for y in range(pixels.height) for x in range(pixels.width))) > 3
    rig.frames(1)
    assert screen.pic.group.hidden and not screen.panel_due
    rig.frames(1)
    assert not screen.pic.group.hidden
    assert screen.ring is None and screen.banner is None  # no cursor, no banner at the end
    assert "B: back to the scores" in rig.texts()
    assert "the end" in rig.texts()
    rig.press("B")  # back to the scores: the search says where it stopped
    texts = rig.texts()
    best = screen.solver.best
    line = ("at least %d, stopped %d%%" % (best, screen.solver_stopped) if best >= 0
            else "search stopped at %d%%" % screen.solver_stopped)
    assert line in texts or "These cards allow: %d" % best in texts
    assert not any("searching" in t for t in texts)
    rig.frames(10)
    assert screen.solver_state == 2 and _loaded(END) == ["ending"]
    rig.press("A")  # the board again: built already
    assert "B: back to the scores" in rig.texts()


@pytest.mark.parametrize("coded", (False, True))
def test_on_the_device_a_solo_final_board_after_the_search_opens_in_a_fresh_vm(tmp_path, coded):
    # The search's modules leave their names in the game-over VM's heap:
    # the board is built in a fresh VM, which has the search's result.
    # (coded: a game with a code, whose 15 bytes lead the save's extra,
    # docs/codes.md; saved before codes: none.)
    from kapsa import codes
    from kapsa.boards import desktop
    from kapsa.gameover import FinalBoard
    from kapsa.main import make_app
    from kapsa.relaunch import REQUEST, Relauncher
    from kapsa.store import FolderMedium, Store

    class Supervisor:
        reloads = 0

        def reload(self):
            self.reloads += 1

    supervisor = Supervisor()

    def device_vm():
        """What code.py does after supervisor.reload(): a fresh VM (the
        drawing and search modules let go) opening the game asked for."""
        _let_go(DRAWING + END + ("bot", "value", "finalboard"))
        rig = Rig.__new__(Rig)
        rig.board = desktop.build(headless=True)
        rig.source = rig.board.buttons.source
        rig.app = make_app(rig.board, saves_dir=str(tmp_path), seed=1,
                           relauncher=Relauncher(str(tmp_path), supervisor), games=real_games())
        rig.store = rig.app.store
        return rig

    actions = engine_game(3).actions()
    code = codes.encode([g for g in real_games() if g.name == "hashi"][0].registry, 1, 0, 0, 5)
    lead = codes.extra(code, 5, 17) if coded else b""
    Store(FolderMedium(str(tmp_path))).save_game("hashi", 1, 0, 0, actions, lead)
    (tmp_path / REQUEST).write_text("hashi 40 -")  # the game ended and was counted: its game-over VM
    rig = device_vm()
    rig.until(lambda: isinstance(rig.top, GameOver) and rig.app.frame >= rig.top.until, limit=60)
    screen = rig.top.play.screen
    rig.frames(30)  # the search's modules come, and it runs
    assert screen.solver_state == 1 and rig.store.load_game("hashi") is None
    rig.press("A")  # a final board: the search stops, and the VM restarts
    assert supervisor.reloads == 1 and (tmp_path / REQUEST).read_text() == "hashi 40 -"  # (its count)
    assert screen.pic is None and _loaded(DRAWING) == []  # nothing of the board here
    s = screen.solver
    saved = rig.store.load_game("hashi")
    assert saved.actions == actions
    assert bytes(saved.extra) == lead + bytes((1, s is not None, s is not None and s.proven,
                                               (s.best + 1) if s else 0, s.upper if s else 0,
                                               screen.solver_stopped + 1))
    stopped = screen.solver_stopped

    rig = device_vm()
    rig.until(lambda: isinstance(rig.top, FinalBoard) and rig.top.play.screen.wanted is None,
              limit=40)
    again = rig.top.play.screen
    assert again.panel is not None and "B: back to the scores" in rig.texts()
    assert ("Code " + code in rig.texts()) == coded and rig.top.play.code == (code if coded else "")
    assert _loaded(END) == ["ending"]  # the search is not done again
    assert rig.store.load_game("hashi") is None  # shown: the save is cleared
    rig.press("B")  # the scores, with the result the first VM found
    assert isinstance(rig.top, GameOver)
    texts = rig.texts()
    assert again.solver_stopped == stopped and any(t.startswith("Rank: ") for t in texts)
    if s is None:
        assert "search stopped at %d%%" % stopped in texts
    elif s.proven:
        assert "These cards allow: %d" % s.best in texts
    else:
        assert ("at least %d, stopped %d%%" % (s.best, stopped) if s.best >= 0
                else "search stopped at %d%%" % stopped) in texts
    assert not any("searching" in t for t in texts)
    assert (again.solver is None) == (s is None)
    if s is not None:
        assert (again.solver.best, again.solver.upper, again.solver.proven) == (
            s.best, s.upper, s.proven)
    rig.frames(10)
    assert again.solver_state == 2 and _loaded(END) == ["ending"]
    rig.press("B")
    assert supervisor.reloads == 2  # to the launcher, in a fresh VM


def test_the_final_board_of_a_game_over_vm_is_the_same_picture(monkeypatch, tmp_path):
    # The board built a part a tick shows what the game's own screen shows.
    rig = over_vm(seats=2, bots=0b10)
    screen = rig.top.play.screen
    rig.frames(5)
    assert screen.solver_state == 3 and _loaded(END) == []  # two seats: no search
    rig.press("A")
    rig.frames(12)
    late = bytes(screen.pic.bitmap[x, y] for y in range(screen.pic.bitmap.height)
                 for x in range(screen.pic.bitmap.width))
    rig.press("RIGHT")  # the other seat's board, and back
    rig.press("LEFT")
    again = bytes(screen.pic.bitmap[x, y] for y in range(screen.pic.bitmap.height)
                  for x in range(screen.pic.bitmap.width))
    assert late == again and len(set(late)) > 3
    # The same game played on in one process (the desktop) draws the same board.
    store = memory_store()
    store.save_game("hashi", 2, 0, 0b10, engine_game(3, seats=2).actions()[:-1])
    rig2 = new_rig(store)
    rig2.press("A")  # the launcher opens on Hashi, its save
    rig2.press("A")
    rig2.until(lambda: isinstance(rig2.top, GameOver) and rig2.app.frame >= rig2.top.until, limit=420)
    rig2.press("A")
    pic2 = rig2.top.play.screen.pic
    built = bytes(pic2.bitmap[x, y] for y in range(pic2.bitmap.height)
                  for x in range(pic2.bitmap.width))
    assert built == late


def test_a_games_vm_builds_the_screen_a_part_a_frame_before_it_shows():
    # kapsa.main.Opening: build.py compiled, then the board, the ring,
    # buildpanel.py compiled, the panel, the banner, each in a frame of its
    # own (their garbage is collected in between), and only then the game
    # on screen.
    from kapsa.codec import GameSave
    from kapsa.main import Opening

    _let_go(("build", "buildpanel"))  # a fresh VM has not compiled them
    rig = new_rig(memory_store())
    app = rig.app
    info = [g for g in app.games if g.name == "hashi"][0]
    opening = Opening(app, info, GameSave("hashi", 2, 0, 0b10, []))
    app.push(opening)
    rig.frames(2)  # a new game, then the PlayScene with nothing of its screen built
    screen = opening.play.screen
    assert screen.pic is None and screen.ring is None and len(screen.group) == 0
    built = []
    while rig.top is opening:
        built.append(tuple(part is not None for part in (screen.pic, screen.ring, screen.panel,
                                                          screen.banner))
                     + ("games.hashi.buildpanel" in sys.modules,))
        rig.frames(1)
    assert built == [(False, False, False, False, False), (False, False, False, False, False),
                     (True, False, False, False, False), (True, True, False, False, False),
                     (True, True, False, False, True), (True, True, True, False, True)]
    assert rig.top is opening.play and screen.banner is not None
    # Both kept: the screen is made anew after a pause, and compiling them
    # again then, in a heap the menu and the rules went through, is what
    # ran out on the faithful build (.py).
    assert "games.hashi.build" in sys.modules
    assert "games.hashi.buildpanel" in sys.modules
    assert rig.texts()  # on screen


def test_the_board_and_panel_bitmaps_are_kept_through_the_pause_menu():
    # The screen is let go under the pause menu and made anew after it, in
    # the board's and the panel's bitmaps of before (blocks of 5 and 2 KB
    # the paused heap may no longer have free), drawn the same.
    rig = resume(engine_game(6, seats=2).actions()[:30], seats=2, bots=0b10)
    play = rig.top

    def pixels(bitmap):
        return bytes(bitmap[x, y] for y in range(bitmap.height) for x in range(bitmap.width))

    board, lower = play.screen.pic.bitmap, play.screen.panel.lower
    drawn = (pixels(board), pixels(lower))
    rig.press("START")
    rig.settle()
    assert play.screen is None  # let go under the menu
    rig.press("B")  # resume
    rig.settle()
    assert play.screen.pic.bitmap is board and play.screen.panel.lower is lower
    assert (pixels(board), pixels(lower)) == drawn
