"""Play-testing round 2, Halali's points: each test is named after the
point it settles (test_playtest2_<n>_...) and plays it through the
runtime by presses (the headless rig and the Thumb of
tests/test_halali_screen.py) or through the engine.

2. A fox or hunter may cross the whole board to leave (rules F4, M3).
7. A hunter's rifle shows its direction by shape at 160 x 128.
8. A computer's news reads whole: one line, never cut mid-sentence.
13. Game 2's first computer move waits for the "Game 1 is over" banner.
"""

from harness import memory_store, real_games
from kapsa.play import PlayScene
from test_halali_engine import position, sq
from test_halali_screen import Thumb, new_rig, playout, resume, wait

from games.halali import board, sheet
from games.halali import engine as E
from games.halali.engine import BLUE, BROWN, FOX, HUNTER, SINGLE


def halali():
    return [g for g in real_games() if g.name == "halali"][0]


def scene_at(state, bots=0, options=SINGLE):
    """A rig playing `state` (a position drawn in the engine tests' way)
    with two people, or computers where `bots` says: the runtime's driver
    and Halali's screen, on the rig's display."""
    rig = new_rig()
    play = PlayScene(rig.app, halali(), 2, options, bots, state=state)
    rig.app.push(play)
    wait(rig)
    return rig


# -- 2. leaving across the whole board (F4, M3)


def test_playtest2_2_a_fox_and_a_hunter_cross_the_whole_board_and_leave_by_presses():
    st = position("L...... ....... ....... ......F ....... ....... ...<..B", side=BLUE, final=8)
    rig = scene_at(st)
    play = rig.top
    s = play.screen
    thumb = Thumb(rig)
    thumb.steer(sq("g4"))
    rig.press("A")  # the fox picked up: the west exit is one of its targets
    assert s.sel == sq("g4") and E.EXIT + 3 in s.targets
    rig.press(*["LEFT"] * 7)  # over the row and onto the exit
    assert s.pos == E.EXIT + 3 and s.footer.text.endswith("A:leave B:back")
    rig.press("A")
    assert play.message.text == ""  # no refusal ("Foxes move 1 square" before)
    assert play.state.out[8 * BLUE + FOX] == 1 and play.state.board[sq("g4")] == 0
    wait(rig)
    thumb.steer(sq("d7"))  # Brown's hunter, aiming west, leaves north
    rig.press("A")
    assert s.sel == sq("d7") and E.EXIT in s.targets
    rig.press(*["UP"] * 7)
    assert s.pos == E.EXIT
    rig.press("A")
    assert play.message.text == ""
    assert play.state.out[8 * BROWN + HUNTER] == 1 and play.state.board[sq("d7")] == 0


# -- 7. the rifle's direction by shape


def white_mask(rig, square):
    """The 13 x 13 pixels of the tile on `square` as drawn on the display:
    True where they are white (the rifle)."""
    rows = rig.board.display.rgb_rows(1)
    x0 = board.BX + square % 7 * sheet.TILE
    y0 = board.BY + square // 7 * sheet.TILE
    mask = []
    for j in range(13):
        row = rows[y0 + j]
        mask.append([min(row[3 * (x0 + i):3 * (x0 + i) + 3]) > 0xE0 for i in range(13)])
    return mask


def test_playtest2_7_each_rifle_ends_in_an_arrow_head_at_the_edge_it_aims_at():
    # Four hunters, one a direction, on the screen at 160 x 128: the white
    # (the rifle, white on brown, so by shape and brightness, not hue) is an
    # arrow whose point touches the edge it aims at and widens behind it,
    # and none of it lies in the far half: north and south no longer both
    # look like a bar along one side.
    st = position("#...... .^..>.. ....... ....... ....... .v..<.. L.....F", side=BLUE)
    rig = scene_at(st)
    for d, name in enumerate(("b2", "e2", "b6", "e6")):
        mask = white_mask(rig, sq(name))
        # line k: the row or column k pixels in from the aimed edge
        def line(k):
            if d == 0:
                return mask[k]
            if d == 2:
                return mask[12 - k]
            col = 12 - k if d == 1 else k
            return [mask[j][col] for j in range(13)]
        widths = [sum(line(k)) for k in range(13)]
        assert widths[0] == 1 and widths[0] < widths[1] < widths[2], (name, widths)  # the head
        assert sum(widths[7:]) == 0, (name, widths)  # all on the aimed half (and the centre)
        assert sum(widths[3:7]) >= 2, (name, widths)  # a barrel back toward the hands


# -- 8. a computer's news reads whole


# Brown's only move: the hunter on d7, boxed in by trees, leaves south.
BOXED = "....... ....... ....... ....... ....... F..T... LFTvT.."


def news_pages(rig, frames=150):
    """The message line's texts as they show, in order, each once."""
    play = rig.top
    seen = []
    for _ in range(frames):
        rig.app.step()
        if play.message.hidden:
            continue
        page = play.message.label.text
        if not seen or seen[-1] != page:
            seen.append(page)
    return seen


def test_playtest2_8_a_computers_exit_reads_as_one_whole_line():
    rig = scene_at(position(BOXED, side=BROWN, final=8), bots=0b10)
    # (scene_at waited for Anna's turn: the news is up, on one line)
    play = rig.top
    assert play.state.out[8 * BROWN + HUNTER] == 1
    assert play.message.text == "Ben: Hunter d7 exits south"
    assert "Ben: Hunter d7 exits south" in rig.texts()
    assert news_pages(rig) == ["Ben: Hunter d7 exits south"]


def test_playtest2_8_news_too_long_for_the_line_breaks_between_its_parts_only():
    # A longer name: "Benedikt: Hunter d7" then "exits south", never
    # "...exits.." and "south" alone.
    rig = new_rig()
    rig.app.settings.names = ["Anna", "Benedikt"]
    play = PlayScene(rig.app, halali(), 2, SINGLE, 0b10,
                     state=position(BOXED, side=BROWN, final=8))
    rig.app.push(play)
    pages = news_pages(rig)
    assert pages == ["Benedikt: Hunter d7..", "exits south"]
    assert play.message.text == "" or play.message.text == "Benedikt: Hunter d7 exits south"


def test_playtest2_8_every_halali_move_of_a_computer_pages_only_between_its_parts():
    # Every kind's move, capture and exit, after names of 2 to 8 letters:
    # one whole line, or the tile ("Name: Kind sq..") then what it did.
    from kapsa.ui.widgets import MessageLine

    line = MessageLine()
    texts = []
    rows = "....... ....... ....... ....... ....... ....... ......."
    kinds = {"B": BLUE, "F": BLUE, "^": BROWN, "L": BROWN, "P": BLUE, "D": BROWN}
    prey = {"B": "L", "F": "P", "^": "P", "L": "T", "P": None, "D": None}
    for ch, side in kinds.items():
        cells = list(rows.replace(" ", ""))
        cells[sq("d7")] = ch
        cells[sq("d6")] = prey[ch] or "."
        cells[sq("a1")] = "L" if side == BLUE else "F"
        st = position(" ".join("".join(cells[i:i + 7]) for i in range(0, 49, 7)), side=side,
                      final=8)
        for a in st.legal_actions():
            if a >= E.MOVE and (a - E.MOVE) >> 6 == sq("d7"):
                texts.append(st.describe(a))
    assert any("exits" in t for t in texts) and any("takes lumberjack" in t for t in texts)
    for name in ("P2", "Ben", "Anna", "Benedikt"):
        for t in texts:
            tile, what = t.split("\n")
            line.show(name + ": " + t)
            whole = name + ": " + tile + " " + what
            assert line.pages in ([whole], [name + ": " + tile + "..", what]), line.pages
            assert all(len(p) <= 26 for p in line.pages)
            if len(name) <= 3 and "exits" in t and "Lumberjack" not in t:
                assert line.pages == [whole]  # "Ben: Hunter d3 exits south"


# -- 13. game 2's first computer move waits for the banner


def before_game_2(seed):
    """A greedy match (options 0: Anna Blue in game 1, Ben Blue in game
    2, so Ben moves first there) up to its last action of game 1: the
    actions before it, and that action."""
    acts = playout(lambda st: st.game == 1, seed=seed).actions()
    k = next(k for k in range(len(acts)) if E.replay(2, 0, acts[:k + 1]).game == 1)
    return acts[:k], acts[k]


def banner_then_news(rig, n):
    """The banner is up and the computer waits behind it, whatever the
    frames; A takes the banner away, and then the computer's first move
    of game 2 comes, its news on the message line."""
    play = rig.top
    s = play.screen
    assert not s.banner.hidden and "Game 1 is over" in rig.texts()
    rig.frames(300)  # ten seconds reading the banner
    assert len(play.state.actions()) == n and play.state.current_player() == 1
    assert not s.banner.hidden and s.holding
    assert play.message.text == "" and s.footer.text == "A: play on"  # what to do
    rig.press("A")
    assert s.banner.hidden and not s.holding
    rig.until(lambda: len(play.state.actions()) > n, 100)
    assert play.state.actions()[n] < E.EXIT  # Ben turns a tile over, the news says so
    assert play.message.text == "Ben: Turn over " + board_name(play.state.actions()[n])
    assert play.message.text in rig.texts()


def board_name(square):
    from games.halali.tiles import square_name

    return square_name(square)


def test_playtest2_13_after_a_persons_last_move_of_game_1_the_computer_waits_for_the_banner():
    before, last = before_game_2(seed=2)
    assert E.replay(2, 0, before).current_player() == 0  # Anna ends game 1
    rig = resume(before, options=0, bots=0b10)
    Thumb(rig).do(last)
    assert rig.top.state.game == 1
    banner_then_news(rig, len(before) + 1)


def test_playtest2_13_after_the_computers_last_move_of_game_1_it_waits_for_the_banner_too():
    before, _ = before_game_2(seed=1)
    assert E.replay(2, 0, before).current_player() == 1  # Ben ends game 1 himself
    store = memory_store()
    store.save_game("halali", 2, 0, 0b10, list(before))
    rig = new_rig(store)
    rig.press("A")  # Halali > Resume (the launcher opens on the game with a save)
    rig.press("A")
    play = rig.top
    rig.until(lambda: play.state.game == 1 and not play.screen.banner.hidden, 300)
    banner_then_news(rig, len(play.state.actions()))
