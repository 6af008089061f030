"""Hashi board data: the deck table, the geometry computed from the island
maps, the spec's placeholder board P, and that 60 points (solo, every high
bonus by its deadline, all 18 islands finished) is reachable on A and B."""

import sys

from games.hashi import boards
from games.hashi import engine as E
from games.hashi.boards import BLUE, BRIDGES, NONE, NUMBERS, RED, Board, board
from games.hashi.maps import MAPS, build
from games.hashi.ending import rank_title
from games.hashi.sheet import CAT_BLUE, CAT_RED, CAT_SIX

DECK = tuple(zip(NUMBERS, BRIDGES))  # (number, bridges) per card

A, B, P = 0, 1, 2


def names(b, k):
    return chr(65 + b.ca[k]) + chr(65 + b.cb[k])


def geometry_by_brute_force(b):
    """Connections and crossings recomputed from the coordinates alone."""
    pos = [(b.x[i], b.y[i]) for i in range(b.n)]
    conns = set()
    for i in range(b.n):
        for j in range(i + 1, b.n):
            (xi, yi), (xj, yj) = pos[i], pos[j]
            if xi != xj and yi != yj:
                continue
            between = [k for k in range(b.n) if k not in (i, j) and (
                (yi == yj == pos[k][1] and min(xi, xj) < pos[k][0] < max(xi, xj)) or
                (xi == xj == pos[k][0] and min(yi, yj) < pos[k][1] < max(yi, yj)))]
            if not between:
                conns.add((i, j))
    crossings = set()
    for (a, c) in conns:
        for (d, e) in conns:
            if pos[a][1] == pos[c][1] and pos[d][0] == pos[e][0]:  # horizontal x vertical
                y, x0, x1 = pos[a][1], min(pos[a][0], pos[c][0]), max(pos[a][0], pos[c][0])
                x, y0, y1 = pos[d][0], min(pos[d][1], pos[e][1]), max(pos[d][1], pos[e][1])
                if x0 < x < x1 and y0 < y < y1:
                    crossings.add(((a, c), (d, e)))
    return conns, crossings


# ---------------------------------------------------------------- deck (OP-1)

def test_rule_OP1_deck_is_one_table_of_18_cards():
    assert len(DECK) == 18
    assert isinstance(NUMBERS, bytes) and isinstance(BRIDGES, bytes) and len(BRIDGES) == 18
    for number in range(1, 7):  # every number 1-6 three times
        assert sum(1 for n, _ in DECK if n == number) == 3
    assert all(1 <= b <= 3 for _, b in DECK)
    assert sum(n for n, _ in DECK) == 63
    assert sum(b for _, b in DECK) == 34  # so 17 cards offer at most 33 bridges
    assert sorted(DECK) == [
        (1, 1), (1, 1), (1, 2), (2, 1), (2, 1), (2, 2), (3, 1), (3, 2), (3, 3),
        (4, 1), (4, 2), (4, 3), (5, 1), (5, 2), (5, 3), (6, 2), (6, 3), (6, 3)]


def test_deck_is_read_from_the_table_only(monkeypatch):
    # Replacing the table changes the game without code changes: every
    # Hashi module that reads the deck has it from boards.
    readers = [m for name, m in sorted(sys.modules.items())
               if name.startswith("games.hashi.") and hasattr(m, "NUMBERS")]
    assert E in readers and boards in readers
    for m in readers:
        monkeypatch.setattr(m, "NUMBERS", bytes([6] * 18))
        if hasattr(m, "BRIDGES"):  # (the card bar's builder reads only the numbers)
            monkeypatch.setattr(m, "BRIDGES", bytes([3] * 18))
    s = E.new_game(1, E.BOARD_P)
    s.apply(E.START4 + 6)  # G
    assert len(s.legal_actions()) == 18
    s.apply(0)
    assert s.view(0).number == 6 and s.view(0).bridges == 3
    assert s.describe(E.CONFIRM).startswith("Done")


# ---------------------------------------------------------------- board P (spec 1.1)

P_CONNECTIONS = {"AB", "BC", "DE", "FG", "GH", "IJ", "KL", "LM", "NO", "PQ", "QR",
                 "AF", "FK", "KP", "BG", "GL", "LQ", "CH", "HM", "MR", "DI", "EO"}
P_CROSSINGS = {("DE", "BG"), ("FG", "DI"), ("GH", "EO"), ("LM", "EO"), ("IJ", "GL"),
               ("NO", "LQ")}


def test_board_P_matches_the_spec():
    b = board(P)
    assert (b.w, b.h, b.n) == (7, 7, 18)
    assert {names(b, k) for k in range(b.nc)} == P_CONNECTIONS
    assert len(P_CONNECTIONS) == b.nc == 22
    assert {(names(b, h), names(b, v)) for h, v in b.crossings} == P_CROSSINGS
    assert [chr(65 + i) for i in b.reds] == ["A", "C", "P", "R"]
    assert [chr(65 + i) for i in b.blues] == ["B", "K", "O"]
    for h, v in b.crossings:
        assert b.horiz[h] and not b.horiz[v]
        assert v in b.cross[h] and h in b.cross[v]


# ---------------------------------------------------------------- boards A and B

def test_every_board_has_18_islands_4_red_3_blue_on_a_small_grid():
    for index in (A, B, P):
        b = board(index)
        assert b.n == 18
        assert b.nc <= 96  # BRIDGE + k stays below START3
        assert b.w <= 9 and b.h <= 7
        assert len(b.reds) == 4 and len(b.blues) == 3
        assert sum(1 for f in b.flag if f == NONE) == 11
        assert set(b.flag) == {NONE, RED, BLUE}
        positions = {(b.x[i], b.y[i]) for i in range(b.n)}
        assert len(positions) == 18
        assert all(0 <= b.x[i] < b.w and 0 <= b.y[i] < b.h for i in range(b.n))


def test_connections_and_crossings_come_from_the_geometry():
    for index in (A, B, P):
        b = board(index)
        conns, crossings = geometry_by_brute_force(b)
        assert {(b.ca[k], b.cb[k]) for k in range(b.nc)} == conns
        mine = {((b.ca[h], b.cb[h]), (b.ca[v], b.cb[v])) for h, v in b.crossings}
        assert mine == crossings
        for i in range(b.n):  # adjacency lists agree with the connection ends
            assert sorted(b.adj[i]) == [k for k in range(b.nc) if i in (b.ca[k], b.cb[k])]
            for k in b.adj[i]:
                j = b.other(k, i)
                assert b.conn(i, j) == k and b.conn(j, i) == k
        assert b.conn(0, 0) == -1


def test_boards_are_compact_data():
    for index in (A, B, P):
        b = board(index)
        for field in (b.x, b.y, b.flag, b.ca, b.cb, b.horiz):
            assert isinstance(field, bytes)
        assert isinstance(b.cross, tuple) and all(isinstance(c, tuple) for c in b.cross)
        assert isinstance(b.adj, tuple) and all(isinstance(a, tuple) for a in b.adj)
        assert board(index) is b  # built once


def test_maps_are_original_and_readable():
    for name, rows, omit in MAPS:
        rows = rows.split()
        assert len(rows) == 7
        assert len(set(len(r) for r in rows)) == 1
        assert set("".join(rows)) <= set(".orb")
        assert omit == ()
    assert MAPS[A][1] != MAPS[B][1] != MAPS[P][1]


def test_omitted_lines_are_not_printed():
    rows = MAPS[P][1]
    full = Board(*build("P", rows))
    cut = Board(*build("P", rows, ("DE", "GL")))
    assert cut.nc == full.nc - 2
    assert {names(cut, k) for k in range(cut.nc)} == P_CONNECTIONS - {"DE", "GL"}
    assert {(names(cut, h), names(cut, v)) for h, v in cut.crossings} == P_CROSSINGS - {
        ("DE", "BG"), ("IJ", "GL")}


def test_rule_OP2_board_B_is_harder_than_A():
    a, b = board(A), board(B)
    assert len(b.crossings) > len(a.crossings)

    def free_lines(bd):  # lines no other line crosses
        return sum(1 for k in range(bd.nc) if not bd.cross[k])

    assert free_lines(b) < free_lines(a)
    # Fewer ways out for the flag islands: lines of flag islands that cross nothing.
    flags_a = sum(1 for i in range(a.n) if a.flag[i] for k in a.adj[i] if not a.cross[k])
    flags_b = sum(1 for i in range(b.n) if b.flag[i] for k in b.adj[i] if not b.cross[k])
    assert flags_b < flags_a


# ---------------------------------------------------------------- 60 is reachable

# One card order and move list per board, found offline by a search over final
# bridge layouts and schedules. Per line: the card (number, bridges), the
# island that gets the number, the bridges by island names.
PLAN_60 = {
    A: ("4J", [
        "63 N MN NO NQ", "31 M LM", "33 O OR LM OR", "42 R QR QR", "52 C BC CD",
        "32 B AB BC", "21 A AL", "12 D CH NQ", "62 Q PQ PQ", "41 P LP", "51 L LP",
        "43 E HN EF EF", "21 K EJ", "11 G JK", "11 I CH", "63 H HI JK HN", "22 F EJ GH"]),
    B: ("4Q", [
        "32 G AG QR", "52 C CI CD", "33 A AB AB BC", "22 I HI CD", "11 F FL",
        "12 L QR BC", "42 R NR NR", "63 B BH BH GO", "43 D DJ DJ PQ", "53 H HM HM PQ",
        "21 K EK", "21 E EK", "51 N GO", "63 P JN OP MP", "62 M OP MN", "31 J MP",
        "41 O MN"]),
}


def island(name):
    return ord(name) - 65


def draw(state, code):
    """Apply the chance draw of an undrawn card showing (number, bridges)."""
    want = (int(code[0]), int(code[1]))
    card = [c for c in state.legal_actions() if DECK[c] == want][0]
    state.apply(card)


def turn(state, move):
    """One seat's turn: "N MN NO" = number on N, bridges M-N and N-O; "-" skips."""
    parts = move.split()
    b = state.board
    state.apply(E.SKIP_A if parts[0] == "-" else E.NUMBER + island(parts[0]))
    for pair in parts[1:]:
        state.apply(E.BRIDGE + b.conn(island(pair[0]), island(pair[1])))
    state.apply(E.CONFIRM)


def test_rule_OP2_60_points_is_reachable_on_A_and_B_in_solo():
    for index, (start, lines) in PLAN_60.items():
        s = E.new_game(1, index)
        s.apply((E.START4 if start[0] == "4" else E.START3) + island(start[1]))
        blue_round = red_round = six_round = 0
        for line in lines:
            code, move = line.split(" ", 1)
            draw(s, code)
            turn(s, move)
            rnd = len(s.drawn)
            sheet = s.sheets[0]
            blue_round = blue_round or (sheet.achieved(CAT_BLUE) and rnd)
            red_round = red_round or (sheet.achieved(CAT_RED) and rnd)
            six_round = six_round or (sheet.achieved(CAT_SIX) and rnd)
        assert s.current_player() == E.OVER
        assert s.sheets[0].finished_count() == 18
        assert blue_round <= 7 and red_round <= 12 and six_round <= 12
        assert list(s.bonus[0]) == [9, 7, 8]
        assert s.scores() == [60]
        assert rank_title(60) == "Island god"
        assert sum(s.seen) == 17  # one card was never drawn


def test_boards_module_builds_only_what_is_asked():
    saved = dict(boards._cache)
    try:
        boards._cache.clear()
        board(B)
        assert list(boards._cache) == [B]
        board(A)
        board(P)
        assert sorted(boards._cache) == [A, B, P]
        # The maps and the code that reads them are let go once a board is built.
        assert "games.hashi.maps" not in sys.modules
    finally:
        boards._cache.clear()
        boards._cache.update(saved)
