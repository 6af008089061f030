"""Halali's screen on Kapsa's runtime, driven by button presses: the setup
(2 seats, people and computers, the options), a whole match by two people
passing the device, turning tiles over, picking up and moving, a capture,
refused moves and their reasons, the rifles drawn, each seat's cursor,
save and resume (the same pixels), the final phase's counter and exits,
the end's scores.

Run as a script to write the documentation's pictures:
    python tests/test_halali_screen.py docs/img
"""

import os
import sys

if __name__ == "__main__":
    import conftest  # noqa: F401  (import paths, as under pytest)

from harness import Rig, memory_store, per_frame, real_games
from kapsa.gameover import GameOver
from kapsa.launcher import Setup
from kapsa.play import PlayScene
from kapsa.rng import Rng

from games.halali import board, sheet, words
from games.halali import engine as E
from games.halali import screen as S
from games.halali.tiles import EXITS, POINTS

NAMES = ["Anna", "Ben"]
DIRS = ("UP", "RIGHT", "DOWN", "LEFT")  # north, east, south, west


def new_rig(store=None, seed=1):
    rig = Rig(games=real_games(), store=store, seed=seed)
    rig.app.settings.names = list(NAMES)
    return rig


def start(rig, people=(0, 1), single=False, p2_beasts=False):
    rig.press("DOWN", "DOWN", "DOWN", "A")  # Halali is fourth in the box
    setup = rig.top
    assert isinstance(setup, Setup) and "Halali setup" in rig.texts()
    rig.press("DOWN", "DOWN")  # past "Play a code", round to "Players"
    for seat in range(2):
        rig.press("DOWN")
        if (seat in people) == setup.bots[seat]:
            rig.press("RIGHT")
    rig.press("DOWN")
    if single:
        rig.press("RIGHT")
    rig.press("DOWN")
    if p2_beasts:
        rig.press("RIGHT")
    rig.press("DOWN")
    assert setup.menu.items[setup.menu.cursor] == "Start game"
    rig.press("A")
    return setup


def waiting(rig):
    top = rig.top
    return not isinstance(top, PlayScene) or (top.deciding is not None and not top.wait)


def wait(rig):
    rig.until(lambda: waiting(rig), limit=30000)


def resume(actions, options=0, bots=0, store=None, seed=1):
    store = store or memory_store()
    store.save_game("halali", 2, options, bots, list(actions))
    rig = new_rig(store, seed)
    rig.press("A")  # Halali > Resume (the launcher opens on the game with a save)
    rig.press("A")
    wait(rig)
    return rig


def greedy(state, rng):
    """The test's player: the most valuable capture or exit, else any
    legal action (seeded)."""
    legal = state.legal_actions()
    best, value = None, 0
    for a in legal:
        if a >= E.MOVE:
            to = a & 63
            cell = state.board[to] if to < E.EXIT else state.board[(a - E.MOVE) >> 6]
            if to >= E.EXIT or cell and cell != E.DOWN:
                if POINTS[cell & 7] > value:
                    best, value = a, POINTS[cell & 7]
    return best if best is not None else legal[rng.below(len(legal))]


def playout(until, seed=1, options=0):
    """Actions of a seeded greedy game up to the first decision at which
    until(state) holds."""
    st = E.new_game(2, options)
    rng = Rng(seed)
    while True:
        p = st.current_player()
        if p == E.CHANCE:
            st.apply(rng.choose(st))
            continue
        if p == E.OVER or until(st):
            return st
        st.apply(greedy(st, rng))


class Thumb:
    """Plays people's seats with buttons only: the greedy player says what
    to do, the thumb steers the cursor there and presses A."""

    def __init__(self, rig, seed=1):
        self.rig = rig
        self.rng = Rng(seed)
        self.done = []

    @property
    def screen(self):
        return self.rig.top.screen

    def steer(self, target):
        s, rig = self.screen, self.rig
        if target >= E.EXIT:
            d = target - E.EXIT
            self.steer(EXITS[d])
            rig.press(DIRS[d])
            assert s.pos == target
            return
        if s.pos >= E.EXIT:
            rig.press(DIRS[(s.pos - E.EXIT + 2) % 4])
        r, c = divmod(target, 7)
        for _ in range(14):
            if s.pos == target:
                break
            pr, pc = divmod(s.pos, 7)
            rig.press("UP" if pr > r else "DOWN" if pr < r else "LEFT" if pc > c else "RIGHT")
        assert s.pos == target

    def do(self, a):
        s, rig = self.screen, self.rig
        if a == E.SKIP:
            assert s.legal == [E.SKIP]
        elif a < E.EXIT:
            self.steer(a)
            assert s.footer.text.endswith("A:turn over")
        else:
            fr, to = (a - E.MOVE) >> 6, a & 63
            self.steer(fr)
            rig.press("A")
            assert s.sel == fr and to in s.targets
            self.steer(to)
        rig.press("A")

    def turn(self):
        play = self.rig.top
        s = self.screen
        if not s.banner.hidden:
            self.rig.press("A")
        a = greedy(play.state, self.rng)
        n = len(play.state.actions())
        self.do(a)
        assert play.state.actions()[n] == a
        self.done.append(a)
        return a

    def play_out(self, limit=400):
        for _ in range(limit):
            wait(self.rig)
            if isinstance(self.rig.top, GameOver):
                return self.rig.top
            self.turn()
        raise AssertionError("no end")


def rgb(rig):
    return rig.board.display.rgb_rows(1)


def quiet(rig):
    """The message line cleared, so that a picture shows the board."""
    rig.top.message.clear()
    rig.frames(1)


# -- the setup


def test_setup_offers_two_seats_people_or_computers_and_the_options():
    from games.halali import OPTIONS, TITLE

    assert TITLE == "Halali"
    rig = new_rig()
    rig.press("DOWN", "DOWN", "DOWN", "A")
    setup = rig.top
    assert isinstance(setup, Setup) and "Halali setup" in rig.texts()
    rig.press("DOWN", "DOWN", "RIGHT", "RIGHT", "LEFT", "LEFT")  # Players (past Play a code)
    assert setup.seats == 2  # 2 and only 2
    rig.press("UP", "UP")
    start_rig = new_rig()
    s2 = start(start_rig, people=(0,), single=True, p2_beasts=True)
    assert s2.bots_mask() == 0b10 and s2.options() == E.SINGLE | E.P2_BEASTS
    shown = " ".join(setup.menu.items)
    for label, choices in OPTIONS:
        assert label + ":" in shown
    assert "1 Anna: Person" in shown and "2 Ben: Computer" in shown


# -- playing by presses


def test_two_people_play_a_whole_match_by_presses():
    rig = new_rig(seed=5)
    start(rig)
    wait(rig)
    s = rig.top.screen
    assert "Anna: pick a tile" in rig.texts()  # the centre: empty
    assert s.pos == 24 and s.cursor.hidden is False
    thumb = Thumb(rig, seed=5)
    over = thumb.play_out()
    state = over.play.state
    acts = thumb.done
    assert any(a < E.EXIT for a in acts)  # turned over
    assert any(a >= E.MOVE and a & 63 < E.EXIT for a in acts)  # moved
    assert any(a >= E.MOVE and (a & 63) >= E.EXIT for a in acts)  # left the forest
    assert len(state.results) == 4  # two games
    texts = " ".join(rig.texts())
    sc = state.scores()
    assert "Halali: game over" in texts
    for seat in range(2):
        assert "%s" % NAMES[seat] in texts and str(sc[seat]) in texts
    assert "Game 1 Blue %d" % state.results[0] in texts  # Anna's breakdown
    w = 0 if sc[0] > sc[1] else 1
    if sc[0] != sc[1]:
        assert "%s wins the match %d-%d" % (NAMES[w], sc[w], sc[1 - w]) in texts


def test_one_person_against_the_computer_from_the_launcher():
    rig = new_rig(seed=9)
    setup = start(rig, people=(1,), single=True)  # Anna the computer, Blue
    assert setup.bots_mask() == 0b01
    wait(rig)
    play = rig.top
    assert play.deciding == 1 and len(play.state.actions()) >= 2  # Anna moved first
    seen = []
    for _ in range(400):
        wait(rig)
        if isinstance(rig.top, GameOver):
            break
        # the computer thinks over some frames: its move is said as this turn opens
        seen.append(rig.top.message.text)
        Thumb(rig, 9).turn()
        rig.frames(2)
        seen.append(rig.top.message.text if isinstance(rig.top, PlayScene) else "")
    assert isinstance(rig.top, GameOver)
    assert any(t.startswith("Anna: ") for t in seen)  # the computer's moves in words


def test_a_frame_paints_the_board_once(monkeypatch):
    """Against the computer: its move and the person's decision after it
    come in one frame, and the board is painted once in it (draw() left
    it to begin(): both painted, the frame took the device over 100 ms)."""
    from games.halali.screen import Screen

    rig = new_rig(seed=9)
    start(rig, people=(1,), single=True)
    painted = per_frame(rig, monkeypatch, Screen, "paint")
    begun = per_frame(rig, monkeypatch, Screen, "begin")
    for _ in range(30):
        wait(rig)
        if not isinstance(rig.top, PlayScene):
            break
        Thumb(rig, 9).turn()
    assert len(begun) >= 30
    assert all(painted.get(frame) == 1 for frame in begun)  # a decision opened: painted once
    assert max(painted.values()) == 1


def test_the_return_match_opens_with_a_banner_and_totals():
    st = playout(lambda st: st.game == 1, seed=12)
    assert st.game == 1 and st.last < 0
    rig = resume(st.actions())
    s = rig.top.screen
    r = st.results
    assert not s.banner.hidden
    texts = rig.texts()
    assert "Game 1 is over" in texts and "Anna %d, Ben %d" % (r[0], r[1]) in texts
    assert "Ben plays Blue" in texts and s.footer.text == "A: play on"
    n = len(rig.top.state.actions())
    rig.press("A")
    assert s.banner.hidden and len(rig.top.state.actions()) == n
    assert "Ben %d" % r[1] in s.names[0].text  # Ben is Blue now: his total by his name
    assert "Game 2/2" in rig.texts()


def test_the_banner_shows_first_and_the_new_board_under_it_a_frame_later(monkeypatch):
    """A person's last move of game 1: the banner comes in the frame of the
    move, without the board, which is painted in the next frame, once,
    under it (the two in one frame took the device 0.23 s). Every line of
    the banner fits its opaque bar."""
    from games.halali.buildscreen import BANNER_COLUMNS
    from test_playtest2_halali import before_game_2

    before, last = before_game_2(seed=2)
    rig = resume(before, options=0, bots=0b10)
    s = rig.top.screen
    painted = per_frame(rig, monkeypatch, S.Screen, "paint")
    drawn = per_frame(rig, monkeypatch, S.Screen, "draw")
    Thumb(rig).do(last)
    assert rig.top.state.game == 1 and not s.banner.hidden
    banner = max(drawn)  # the move's frame: the banner up
    rig.frames(3)
    assert banner not in painted and painted.get(banner + 1) == 1
    assert max(painted) == banner + 1  # and nothing more while it is up
    assert not s.banner.hidden and s.view.board == rig.top.state.view(0).board
    for line in s.lines:
        assert 0 < len(line.text) < BANNER_COLUMNS and line._grid.width == BANNER_COLUMNS
    if os.environ.get("KAPSA_PNG"):
        rig.png(os.path.join(os.environ["KAPSA_PNG"], "halali-banner.png"), 3)


def test_a_at_once_on_the_banner_lets_it_go_once_the_board_is_under_it(monkeypatch):
    """A pressed in the frame after the banner showed, the frame the new
    board is painted in: the banner goes once the board and then the panel
    are painted under it, not in that frame (the board and all the banner
    covered, composed in one frame, took the device 0.17 s); the computer
    still waits for it."""
    from test_playtest2_halali import before_game_2

    before, last = before_game_2(seed=2)
    rig = resume(before, options=0, bots=0b10)
    s = rig.top.screen
    painted = per_frame(rig, monkeypatch, S.Screen, "paint")
    Thumb(rig).do(last)
    n = len(rig.top.state.actions())
    panels = per_frame(rig, monkeypatch, board, "paint_panel")
    rig.press("A")
    assert painted == {rig.app.frame - 1: 1} and not panels
    assert not s.banner.hidden and s.holding
    rig.frames(1)
    assert list(panels) == [rig.app.frame - 1] and not s.banner.hidden and s.holding
    rig.frames(1)
    assert s.banner.hidden and not s.holding and len(rig.top.state.actions()) == n


def test_turning_a_tile_over():
    rig = new_rig(seed=2)
    start(rig)
    wait(rig)
    s = rig.top.screen
    rig.press("UP")
    assert s.footer.text == "Anna: A:turn over"
    rig.press("A")
    wait(rig)
    st = rig.top.state
    assert st.actions()[0] == 17 and st.board[17] not in (0, E.DOWN)
    assert s.board[17] == sheet.tile(st.board[17])
    assert s.marks[17] == sheet.LAST  # the tile just turned
    assert "Game 1/2" in rig.texts() and " 47 left" in rig.texts()
    assert s.names[1].color == 0xFFD23F  # Ben (Brown) is to move: the accent


def test_pick_up_marks_where_a_tile_may_go_and_b_puts_it_back():
    st = playout(lambda st: any(a >= E.MOVE and st.board[a & 63] == 0
                                for a in st.legal_actions()), seed=3)
    rig = resume(st.actions())
    s = rig.top.screen
    a = [a for a in st.legal_actions() if a >= E.MOVE and st.board[a & 63] == 0][0]
    fr = (a - E.MOVE) >> 6
    thumb = Thumb(rig)
    thumb.steer(fr)
    assert s.footer.text.endswith("A:pick up")
    rig.press("A")
    assert s.sel == fr and s.marks[fr] == sheet.SELECT
    mine = sorted(x & 63 for x in st.legal_actions() if (x - E.MOVE) >> 6 == fr and x >= E.MOVE)
    assert sorted(s.targets) == mine
    for to in mine:
        assert s.marks[to] == (sheet.CAPTURE if st.board[to] else sheet.TARGET)
    rig.press("B")
    assert s.sel == -1 and all(s.marks[to] != sheet.TARGET for to in mine)
    rig.press("A")  # again, and move it
    thumb.steer(a & 63)
    assert "A:move B:back" in s.footer.text
    rig.press("A")
    assert rig.top.state.actions()[-1] == a


def test_a_capture_by_presses_scores_and_shows_the_tile_taken():
    def can_take(st):
        return any(a >= E.MOVE and a & 63 < E.EXIT and st.board[a & 63] for a in st.legal_actions())

    st = playout(can_take, seed=4)
    rig = resume(st.actions())
    s = rig.top.screen
    a = [a for a in st.legal_actions() if a >= E.MOVE and a & 63 < E.EXIT and st.board[a & 63]][0]
    kind = st.board[a & 63] & 7
    side = st.side
    before = st.scores()
    thumb = Thumb(rig)
    thumb.steer((a - E.MOVE) >> 6)
    rig.press("A")
    assert s.marks[a & 63] == sheet.CAPTURE
    thumb.steer(a & 63)
    assert "A:take B:back" in s.footer.text
    rig.press("A")
    state = rig.top.state
    seat = side ^ state.blue
    assert state.scores()[seat] == before[seat] + POINTS[kind]
    row = s.rows[side]
    assert sheet.MINI + kind in [row[i] for i in range(14)]
    assert str(state.scores()[seat]) in s.sides[side].text


def test_refused_moves_show_the_rules_reason():
    st = playout(lambda st: any(c & 7 == 7 for c in st.board) and st.current_player() == 0
                 and any(c & 7 in (3, 4) for c in st.board), seed=6)
    rig = resume(st.actions())
    s = rig.top.screen
    play = rig.top
    n = len(play.state.actions())
    tree = [i for i, c in enumerate(st.board) if c & 7 == 7][0]
    thumb = Thumb(rig)
    thumb.steer(tree)
    assert s.footer.text == "Anna: A:why not"
    rig.press("A")
    assert play.message.text == "Trees never move"
    people = [i for i, c in enumerate(st.board) if c & 7 in (3, 4)][0]
    thumb.steer(people)
    rig.press("A")
    assert play.message.text == "That tile is Brown's"
    assert len(play.state.actions()) == n  # nothing applied


def test_a_hunter_aiming_the_wrong_way_is_refused_with_the_rifle():
    def wrong_way(st):
        if st.side != 1:
            return False
        for sq, c in enumerate(st.board):
            if c & 7 != 3:
                continue
            for d, (dr, dc) in enumerate(((-1, 0), (0, 1), (1, 0), (0, -1))):
                r, col = divmod(sq, 7)
                r, col = r + dr, col + dc
                if d != c >> 4 and 0 <= r < 7 and 0 <= col < 7 and st.board[r * 7 + col] & 7 in (1, 2):
                    if st.board[r * 7 + col] != E.DOWN:
                        return (sq, r * 7 + col, c >> 4)
        return False

    for seed in range(1, 60):
        st = playout(wrong_way, seed=seed)
        if st.current_player() != E.OVER:
            break
    sq, prey, aim = wrong_way(st)
    rig = resume(st.actions())
    s = rig.top.screen
    assert s.board[sq] == (3 if aim == 0 else sheet.HUNTER_E + aim - 1)  # the rifle drawn
    thumb = Thumb(rig)
    thumb.steer(sq)
    rig.press("A")
    assert prey not in s.targets
    thumb.steer(prey)
    assert "A:why not B:back" in s.footer.text
    rig.press("A")
    assert rig.top.message.text == "The rifle points " + ("north", "east", "south", "west")[aim]


def test_rifles_are_drawn_toward_the_edge_they_aim_at():
    """The rifle's white barrel reaches the tile's edge on its side only."""
    from kapsa.ui import sprites

    bmp, pal = sprites.load(sprites.asset(sheet.__file__, "halali.bmp"))
    white = [i for i in range(16) if pal[i] == 0xF4F4F4][0]
    for d in range(4):
        t = 3 if d == 0 else sheet.HUNTER_E + d - 1
        x0, y0 = t % 8 * 14, t // 8 * 14
        edges = [[bmp[x0 + i, y0] for i in range(13)], [bmp[x0 + 12, y0 + j] for j in range(13)],
                 [bmp[x0 + i, y0 + 12] for i in range(13)], [bmp[x0, y0 + j] for j in range(13)]]
        for e in range(4):
            assert (white in edges[e]) == (e == d), (d, e)


# -- each seat's cursor


def test_each_seat_keeps_its_own_cursor():
    rig = new_rig(seed=2)
    start(rig)
    wait(rig)
    s = rig.top.screen
    assert s.pos == 24
    rig.press("UP", "UP", "LEFT")  # Anna: b2... turns c2
    rig.press("A")
    wait(rig)
    assert rig.top.deciding == 1 and s.pos == 24  # Ben starts in the centre
    rig.press("DOWN", "DOWN", "RIGHT", "A")  # Ben turns e6
    wait(rig)
    assert rig.top.deciding == 0 and s.pos == 9  # Anna's, where she left it
    rig.press("LEFT", "A")  # Anna turns b2
    wait(rig)
    assert rig.top.deciding == 1 and s.pos == 39  # Ben's


# -- save and resume


def test_save_and_resume_mid_game_gives_the_same_pixels():
    store = memory_store()
    rig = new_rig(store, seed=6)
    start(rig)
    thumb = Thumb(rig, seed=6)
    for _ in range(12):
        wait(rig)
        thumb.turn()
    wait(rig)
    play = rig.top
    saved = store.load_game("halali").actions
    done = play.state.actions()
    # Saved each turn; a tile turned since is drawn again from the game's
    # code when it resumes (the pixels below), not saved apart.
    assert saved == done[:len(saved)] and len(done) - len(saved) <= 1
    quiet(rig)
    again = new_rig(store)
    again.press("A", "A")  # Halali > Resume (the launcher opens on it)
    wait(again)
    quiet(again)
    s, t = rig.top.screen, again.top.screen
    Thumb(again).steer(s.pos)
    quiet(again)
    assert rgb(again) == rgb(rig)


# -- the final phase and the end


def test_the_final_phase_counts_turns_and_opens_the_exits():
    st = playout(lambda st: st.final >= 0 and any(a >= E.MOVE and a & 63 >= E.EXIT
                                                   for a in st.legal_actions()), seed=7)
    assert st.current_player() != E.OVER
    rig = resume(st.actions())
    s = rig.top.screen
    left = st.view(0).turns_left(st.side)
    assert "Final" in rig.texts() and "turn %d/5" % (6 - left) in rig.texts()
    assert s.notches[0].pixel_shader[0] == board._PATH_OPEN
    exits = [a for a in st.legal_actions() if a >= E.MOVE and a & 63 >= E.EXIT]
    a = ([a for a in exits if a & 63 == E.EXIT + 3] or exits)[0]  # west: clear of the panel
    fr, to = (a - E.MOVE) >> 6, a & 63
    thumb = Thumb(rig)
    thumb.steer(fr)
    rig.press("A")
    assert s.notches[to - E.EXIT].pixel_shader[0] == board._PATH_TARGET
    thumb.steer(to)
    # the cursor on an exit: its notch lit, no frame (it would cover the panel)
    assert s.notches[to - E.EXIT].pixel_shader[0] == board._PATH_CURSOR and s.cursor.hidden
    assert "A:leave B:back" in s.footer.text
    kind = st.board[fr] & 7
    rig.press("A")
    state = rig.top.state
    assert state.actions()[-1] == a
    seat = st.side ^ st.blue
    assert state.scores()[seat] == st.scores()[seat] + POINTS[kind]


def test_the_end_shows_scores_and_who_won():
    st = playout(lambda st: 0 <= st.final <= 2, seed=8, options=E.SINGLE)
    assert st.current_player() != E.OVER
    rig = resume(st.actions(), options=E.SINGLE)
    over = Thumb(rig, 8).play_out()
    state = over.play.state
    sc = state.scores()
    texts = " ".join(rig.texts())
    for seat in range(2):
        assert "%4d" % sc[seat] in texts
    view = state.view(0)
    label, points = words.breakdown(view, 0)[0]
    assert label == "took"
    if view.winner >= 0:
        assert "%s wins the game" % NAMES[view.winner] in texts
    else:
        assert "A draw" in texts


# -- the parts


def test_const_copies_module_sizes_and_the_builder_let_go():
    from games.halali import choosing

    for module in (S, words, board, choosing):
        for name in ("DOWN", "SKIP", "MOVE", "EXIT", "NONE"):
            if hasattr(module, "_" + name):
                assert getattr(module, "_" + name) == getattr(E, name), name
    folder = os.path.dirname(S.__file__)
    for name in ("screen", "board", "choosing", "words", "buildscreen", "sheet"):
        assert os.path.getsize(os.path.join(folder, name + ".py")) < 8000, name
    rig = new_rig()
    start(rig)
    wait(rig)
    assert "games.halali.buildscreen" not in sys.modules
    assert "kapsa.ui.sprites" not in sys.modules


# -- the documentation's pictures


def pictures(out):
    """docs/img/halali-*.png: the opening, a mid-game board with a
    hunter's rifle and a tile picked up, the final phase."""
    rig = new_rig(seed=3)
    start(rig)
    wait(rig)
    quiet(rig)
    rig.png(os.path.join(out, "halali-opening.png"), 2)

    def mid(st):
        return st.view(0).down < 30 and any(c & 7 == 3 for c in st.board) and any(
            a >= E.MOVE and st.board[a & 63] and a & 63 < E.EXIT for a in st.legal_actions())

    st = playout(mid, seed=11)
    rig = resume(st.actions())
    a = [a for a in st.legal_actions() if a >= E.MOVE and a & 63 < E.EXIT and st.board[a & 63]][0]
    thumb = Thumb(rig)
    thumb.steer((a - E.MOVE) >> 6)
    rig.press("A")
    thumb.steer(a & 63)
    quiet(rig)
    rig.png(os.path.join(out, "halali-midgame.png"), 2)
    st = playout(lambda st: st.final >= 0 and st.final < 8 and any(
        a >= E.MOVE and a & 63 >= E.EXIT for a in st.legal_actions()), seed=7)
    rig = resume(st.actions())
    exits = [a for a in st.legal_actions() if a >= E.MOVE and a & 63 >= E.EXIT]
    a = ([a for a in exits if a & 63 == E.EXIT + 3] or exits)[0]  # west: clear of the panel
    thumb = Thumb(rig)
    thumb.steer((a - E.MOVE) >> 6)
    rig.press("A")
    thumb.steer(a & 63)
    quiet(rig)
    rig.png(os.path.join(out, "halali-final.png"), 2)


if __name__ == "__main__":
    pictures(sys.argv[1] if len(sys.argv) > 1 else os.path.join("docs", "img"))
