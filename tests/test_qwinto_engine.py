"""Qwinto rules (Kapsa's Qwinto specification; seed 003_8a66df2b040e12e2.txt).

Each numbered rule has a test named after it. Sheets are always filled
through real action sequences (dice choice, chosen chance outcome, keep or
re-roll, entries), never by poking the state.
"""

import itertools

import pytest

from games.qwinto import engine as E
from games.qwinto import reasons as R
from games.qwinto import sheet as SH
from games.qwinto.engine import (
    CHANCE, CHOOSE, KEEP, OVER, PASS, P_CHOOSE, P_DECIDE, P_ENTRY, P_OVER, P_REROLL,
    P_ROLL, P_START, PENDING, PURPLE, RANDOM_START, REROLL, ROLL, ORANGE, YELLOW, IllegalMove)
from games.qwinto.sheet import BD_COLS, BD_MISS, BD_ROWS, BD_TOTAL
from kapsa.rng import Rng

# The spec's table 2.2, written out independently of the engine.
SPEC_ROWS = (  # (offset, gap column, pentagon columns)
    (2, 5, (3, 7)),
    (1, 6, (8,)),
    (0, 4, (2, 9)),
)


def spec_boxes(row):
    off, gap, _ = SPEC_ROWS[row]
    return [c for c in range(off, off + 10) if c != gap]


def box(row, column):
    """Box index of (row, column) from the spec's table."""
    return row * 9 + spec_boxes(row).index(column)


O, Y, P = 0, 1, 2


def roll_code(mask, values):
    """Chance outcome for `values` (one per chosen die, orange first)."""
    code = 0
    for v in values:
        code = code * 6 + v - 1
    assert len(values) == bin(mask).count("1")
    return ROLL + code


def dice_for(row, total):
    """A mask containing `row`'s colour and dice values summing to `total`."""
    if total <= 6:
        return 1 << row, [total]
    if total <= 12:
        other = (row + 1) % 3
        mask = (1 << row) | (1 << other)
        a = min(6, total - 1)
        return mask, [a, total - a]
    a = 6
    b = min(6, total - 7)
    return 7, [a, b, total - a - b]


def roll(state, mask, values, reroll_values=None):
    """Active player chooses `mask`, rolls `values`, keeps or re-rolls."""
    state.apply(CHOOSE + mask)
    state.apply(roll_code(mask, values))
    if reroll_values is None:
        state.apply(KEEP)
    else:
        state.apply(REROLL)
        state.apply(roll_code(mask, reroll_values))
    assert state.phase == P_ENTRY


def turn(state, row, total, entries):
    """One whole turn whose sum `total` is rolled with `row`'s colour;
    entries maps seat -> box (missing seats pass)."""
    mask, values = dice_for(row, total)
    roll(state, mask, values)
    assert state.total == total
    for _ in range(state.seats):
        state.apply(entries.get(state.to_act, PASS))


def solo_with(cells, misthrows=0):
    """A solo game whose sheet holds cells {box: value}, written in order."""
    st = E.new_game(1)
    for _ in range(misthrows):
        turn(st, 0, 3, {})
    for b, v in cells.items():
        turn(st, b // 9, v, {0: b})
    return st


def full_key(st):
    return tuple(bytes(x) if isinstance(x, bytearray) else x
                 for x in (getattr(st, n) for n in E.State.__slots__))


# Petr's sheet (spec 6.1 reconstruction).
PETR = {
    box(O, 3): 5, box(O, 7): 10, box(O, 8): 11, box(O, 11): 17,
    box(Y, 1): 2, box(Y, 2): 3, box(Y, 3): 4, box(Y, 4): 6, box(Y, 5): 7,
    box(Y, 7): 9, box(Y, 8): 12, box(Y, 9): 14, box(Y, 10): 16,
    box(P, 0): 1, box(P, 1): 3, box(P, 3): 6, box(P, 5): 8, box(P, 7): 11,
    box(P, 8): 13,
}


# --- 2. The sheet --------------------------------------------------------

def test_rule_2_2_sheet_geometry():
    assert SH.BOXES == 27 and SH.MISTHROWS == 4
    for r in range(3):
        off, gap, pents = SPEC_ROWS[r]
        assert [SH.BOX_COL[b] for b in range(r * 9, r * 9 + 9)] == spec_boxes(r)
        assert SH.box_at(r, gap) == -1  # the gap is no box
        assert SH.ROW_OFFSET[r] == off and SH.GAP_COL[r] == gap
        for c in pents:
            assert SH.is_pentagon(box(r, c))
    assert len(SH.PENTAGONS) == 5
    three = [c for c in range(12) if len(SH.col_boxes(c)) == 3]
    assert three == [2, 3, 7, 8, 9] == list(SH.BONUS_COLUMNS)
    for c, pent in zip(SH.BONUS_COLUMNS, SH.BONUS_PENT):
        assert pent in SH.col_boxes(c) and SH.is_pentagon(pent)
        assert sum(SH.is_pentagon(b) for b in SH.col_boxes(c)) == 1
    assert [len(SH.col_boxes(c)) for c in range(12)] == [1, 2, 3, 3, 2, 2, 2, 3, 3, 3, 2, 1]
    for b in range(27):
        assert SH.box_at(b // 9, SH.BOX_COL[b]) == b


def test_private_copies_of_the_engines_numbers_agree():
    """Modules the engine imports, and those keeping hot numbers out of
    their globals, copy the engine's action and phase numbers (and the
    sheet's, the bot potential's) as private const()s: _PASS, _P_ENTRY,
    _BOXES, _SC... Each copy equals the original."""
    import importlib
    import pkgutil

    import games.qwinto as package
    from games.qwinto import potential

    checked = 0
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module("games.qwinto." + info.name)
        for name in dir(module):
            if not name.startswith("_") or name.startswith("__"):
                continue
            for source in (E, SH, potential):
                if source is not module and isinstance(getattr(source, name[1:], None), int):
                    assert getattr(module, name) == getattr(source, name[1:]), (info.name, name)
                    checked += 1
    assert checked >= 10


# --- 4. Turn structure ---------------------------------------------------

def test_rule_4_1_choose_one_to_three_dice_of_any_colours():
    st = E.new_game(2)
    assert st.current_player() == 0 and st.phase == P_CHOOSE
    assert sorted(st.legal_actions()) == [CHOOSE + m for m in range(1, 8)]
    st.apply(CHOOSE + (PURPLE | YELLOW))  # Petra: purple and yellow
    assert st.mask == 6 and st.current_player() == CHANCE
    assert st.describe(PASS) != ""  # any action can be described


@pytest.mark.parametrize("mask", range(1, 8))
def test_rule_4_2_roll_is_a_fair_chance_node(mask):
    st = E.new_game(1)
    st.apply(CHOOSE + mask)
    assert st.current_player() == CHANCE and st.phase == P_ROLL
    outcomes = st.legal_actions()
    n = bin(mask).count("1")
    seen = []
    for a in outcomes:
        s = st.copy()
        s.apply(a)
        dice = bytes(s.dice)
        assert all((dice[r] == 0) == (not mask >> r & 1) for r in range(3))
        seen.append(tuple(dice[r] for r in range(3) if mask >> r & 1))
    # every ordered combination of the chosen dice's faces exactly once
    assert sorted(seen) == sorted(itertools.product(range(1, 7), repeat=n))
    assert all(0 <= a < 256 for a in outcomes)


def test_rule_4_3_one_reroll_of_all_the_same_dice():
    # Seed: Petr rolls 2 and 4, is unhappy, re-rolls both, gets 4 and 5: "nine!"
    st = E.new_game(3)
    st.apply(CHOOSE + (YELLOW | PURPLE))
    st.apply(roll_code(6, [2, 4]))
    assert st.phase == P_DECIDE and st.current_player() == 0
    assert st.view(0).can_reroll and st.total == 6
    assert st.legal_actions() == [KEEP, REROLL]
    st.apply(REROLL)
    assert st.current_player() == CHANCE and st.phase == P_REROLL
    assert len(st.legal_actions()) == 36  # same two dice, nothing added
    st.apply(roll_code(6, [4, 5]))
    # no second re-roll: straight to the entry phase
    assert st.phase == P_ENTRY and not st.view(0).can_reroll
    assert REROLL not in st.legal_actions()
    with pytest.raises(IllegalMove):
        st.apply(REROLL)


def test_rule_4_4_announced_sum_is_the_final_roll():
    st = E.new_game(2)
    roll(st, 6, [2, 4], [4, 5])
    v = st.view(1)
    assert v.total == 9 and bytes(v.dice) == bytes([0, 4, 5]) and v.mask == 6


def test_rule_4_5_everyone_may_write_in_a_rolled_colour():
    # Seed: Honza rolls 9 with yellow and purple; Honza and Dalibor write it in
    # yellow at different places, Petra in purple.
    st = E.new_game(3)  # 0 Honza, 1 Dalibor, 2 Petra
    roll(st, YELLOW | PURPLE, [4, 5])
    assert st.to_act == 0
    assert box(O, 6) not in st.legal_actions()
    st.apply(box(Y, 3))
    assert st.to_act == 1
    st.apply(box(Y, 8))
    assert st.to_act == 2
    st.apply(box(P, 5))
    assert st.sheet(0)[box(Y, 3)] == 9 and st.sheet(1)[box(Y, 8)] == 9
    assert st.sheet(2)[box(P, 5)] == 9
    assert list(st.misthrows) == [0, 0, 0]
    assert st.active == 1 and st.phase == P_CHOOSE  # next player's turn


def test_rule_4_6_only_the_active_player_ticks_a_misthrow():
    st = E.new_game(3)
    st.apply(CHOOSE + ORANGE)
    st.apply(roll_code(1, [4]))
    st.apply(KEEP)
    assert st.describe(PASS) == "passes (misthrow)"
    st.apply(PASS)
    assert st.describe(PASS) == "passes"
    st.apply(PASS)
    st.apply(PASS)
    assert list(st.misthrows) == [1, 0, 0]


def test_rule_4_7_end_check_then_next_player():
    st = E.new_game(2)
    turn(st, 0, 5, {})
    assert st.active == 1 and st.current_player() == 1 and st.phase == P_CHOOSE
    turn(st, 0, 5, {})
    assert st.active == 0
    assert list(st.misthrows) == [1, 1]


# --- 5. Entry rules ------------------------------------------------------

def test_rule_R1_only_rolled_colours():
    st = E.new_game(1)
    roll(st, ORANGE | PURPLE, [3, 4])
    legal = st.legal_actions()
    assert all(b // 9 in (0, 2) for b in legal if b != PASS)
    assert any(b // 9 == 0 for b in legal) and any(b // 9 == 2 for b in legal)
    with pytest.raises(IllegalMove, match="Yellow was not rolled"):
        st.apply(box(Y, 4))
    st2 = E.new_game(1)
    roll(st2, 7, [1, 2, 3])
    assert {b // 9 for b in st2.legal_actions() if b != PASS} == {0, 1, 2}


def test_rule_R2_rows_strictly_increase():
    st = solo_with({box(O, 4): 9})
    roll(st, ORANGE, [5])
    legal = st.legal_actions()
    assert box(O, 3) in legal and box(O, 2) in legal
    assert box(O, 6) not in legal and box(O, 11) not in legal
    with pytest.raises(IllegalMove, match="Orange needs a number above 9 here"):
        st.apply(box(O, 6))
    st = solo_with({box(O, 4): 9})
    turn(st, 0, 9, {})  # a second 9 fits nowhere in orange
    assert st.misthrows[0] == 1
    st = solo_with({box(O, 4): 9})
    mask, vals = dice_for(0, 9)
    roll(st, mask, vals)
    assert [b for b in st.legal_actions() if b < 9] == []
    with pytest.raises(IllegalMove, match="Orange needs a number above 9 here"):
        st.apply(box(O, 7))
    with pytest.raises(IllegalMove, match="Orange needs a number below 9 here"):
        st.apply(box(O, 3))


def test_rule_R3_any_order_and_gaps():
    # Seed: right of yellow, middle of purple, left of purple, far right of
    # orange, left of yellow.
    order = [(box(Y, 10), 16), (box(P, 5), 9), (box(P, 0), 2),
             (box(O, 11), 15), (box(Y, 1), 3)]
    st = solo_with(dict(order))
    for b, v in order:
        assert st.sheet(0)[b] == v
    assert st.misthrows[0] == 0
    # a gap between 3 and 16 in yellow is filled later
    turn(st, 1, 8, {0: box(Y, 5)})
    assert st.sheet(0)[box(Y, 5)] == 8


def test_rule_R4_no_repeat_in_a_column():
    st = solo_with({box(O, 4): 7})  # column 4 is a two-box column
    roll(st, YELLOW, [6])
    assert box(Y, 4) in st.legal_actions()
    st = solo_with({box(O, 4): 6})
    roll(st, YELLOW, [6])
    assert box(Y, 4) not in st.legal_actions()
    with pytest.raises(IllegalMove, match="6 is already in this column"):
        st.apply(box(Y, 4))
    # three-box column 8: orange 11 blocks 11 in yellow and purple
    st = solo_with({box(O, 8): 11})
    roll(st, 7, [5, 3, 3])
    legal = st.legal_actions()
    assert box(Y, 8) not in legal and box(P, 8) not in legal
    assert box(Y, 7) in legal and box(P, 7) in legal


def test_rule_R5_the_gap_is_never_written():
    for r in range(3):
        gap = SPEC_ROWS[r][1]
        assert SH.box_at(r, gap) == -1
    st = E.new_game(1)
    roll(st, 7, [6, 6, 6])
    assert all(0 <= b < 27 or b == PASS for b in st.legal_actions())
    with pytest.raises(IllegalMove, match="Write the sum or pass"):
        st.apply(27 + 100)  # there is no action for a gap
    assert R.box_reason(st.sheet(0), 7, 5, -1) == "There is no such box"


def test_rule_R6_OP9_unfillable_boxes_are_allowed():
    # Tomasz's purple row: 6 and 7 with an empty box between.
    st = solo_with({box(P, 5): 6})
    turn(st, 2, 7, {0: box(P, 7)})
    assert st.sheet(0)[box(P, 7)] == 7 and st.misthrows[0] == 0
    for s in range(1, 19):
        assert R.box_reason(st.sheet(0), 7, s, box(P, 6)) == "No number fits here any more"


def test_rule_R7_illegal_entries_are_not_offered():
    st = solo_with(PETR)
    rng = Rng(7)
    while st.current_player() != OVER:
        if st.current_player() == CHANCE:
            st.apply(rng.choose(st))
            continue
        legal = st.legal_actions()
        if st.phase == P_ENTRY:
            sheet = st.sheet(st.to_act)
            for b in range(27):
                assert (b in legal) == (R.box_reason(sheet, st.mask, st.total, b) is None)
        st.apply(legal[rng.below(len(legal))])


def test_rule_R8_legal_box_test():
    st = solo_with({box(Y, 3): 4, box(Y, 9): 12, box(O, 7): 8, box(P, 7): 10})
    sheet = st.sheet(0)
    # sum 8 with yellow: between 4 and 12, not column 7 (orange has 8)
    legal = E.legal_boxes(sheet, YELLOW, 8)
    assert legal == [box(Y, 4), box(Y, 5), box(Y, 8)]
    assert E.legal_boxes(sheet, YELLOW, 12) == []  # 12 is in the row
    assert E.legal_boxes(sheet, ORANGE, 8) == []
    assert E.legal_boxes(sheet, PURPLE, 10) == []
    assert R.box_reason(sheet, YELLOW, 8, box(Y, 7)) == "8 is already in this column"
    assert R.box_reason(sheet, YELLOW, 3, box(Y, 4)) == "Yellow needs 5 to 11 here"
    assert R.box_reason(sheet, YELLOW, 5, box(Y, 1)) == "Yellow needs a number below 4 here"
    assert R.box_reason(sheet, PURPLE, 8, box(Y, 2)) == "Yellow was not rolled"
    assert R.box_reason(sheet, YELLOW, 8, box(Y, 3)) == "That box is taken"
    # brute force against the definition of R8
    for mask in range(1, 8):
        for s in range(1, 19):
            expect = []
            for b in range(27):
                r = b // 9
                row = [sheet[x] for x in range(r * 9, r * 9 + 9)]
                i = b - r * 9
                ok = (not sheet[b] and mask >> r & 1
                      and all(v < s for v in row[:i] if v)
                      and all(v > s for v in row[i + 1:] if v)
                      and all(sheet[x] != s for x in SH.col_boxes(SH.BOX_COL[b])))
                if ok:
                    expect.append(b)
            assert E.legal_boxes(sheet, mask, s) == expect


def test_why_not_reasons_for_the_screen():
    st = E.new_game(2)
    assert R.why_not(st, 0, 0) == "Wait for the dice"
    roll(st, ORANGE, [5])
    assert R.why_not(st, 1, 0) == "It is not your turn to write"
    assert R.why_not(st, 0, 0) is None
    assert R.why_not(st.view(0), 0, box(Y, 4)) == "Yellow was not rolled"
    st.apply(box(O, 6))
    assert R.why_not(st, 1, box(O, 6)) is None
    st.apply(box(O, 6))
    roll(st, ORANGE, [5])
    assert R.why_not(st, 1, box(O, 6)) == "That box is taken"
    assert R.why_not(st, 1, box(O, 7)) == "Orange needs a number above 5 here"
    st2 = solo_with({box(Y, 2): 2})
    roll(st2, YELLOW, [3])
    assert R.why_not(st2, 0, box(Y, 1)) == "Yellow needs a 1 here"
    assert st2.view(0).legal_boxes(0) == E.legal_boxes(st2.sheet(0), YELLOW, 3)


# --- 6. Scoring ----------------------------------------------------------

def test_rule_S1_incomplete_row_one_point_per_number():
    st = solo_with({box(O, 2): 1, box(O, 9): 15, box(O, 11): 18})
    assert st.breakdown(0)[BD_ROWS] == 3


def test_rule_S2_complete_row_scores_its_rightmost_number():
    yellow = dict((box(Y, c), v) for c, v in zip(spec_boxes(Y), (2, 3, 4, 6, 7, 9, 12, 14, 16)))
    st = solo_with(yellow)
    assert SH.row_complete(st.sheet(0), Y)
    assert st.breakdown(0)[BD_ROWS + 1] == 16
    yellow.pop(box(Y, 10))
    assert solo_with(yellow).breakdown(0)[BD_ROWS + 1] == 8


def test_rule_S3_complete_three_box_column_scores_its_pentagon():
    st = solo_with({box(O, 7): 10, box(Y, 7): 9})
    assert st.breakdown(0)[BD_COLS + 2] == 0  # column 7 incomplete
    turn(st, 2, 11, {0: box(P, 7)})
    assert st.breakdown(0)[BD_COLS + 2] == 10  # orange pentagon of column 7
    # two-box column 4 never scores
    st = solo_with({box(O, 4): 6, box(Y, 4): 5})
    assert st.breakdown(0)[BD_COLS:BD_MISS] == (0, 0, 0, 0, 0)
    assert st.breakdown(0)[BD_TOTAL] == 2


def test_rule_S4_misthrows_cost_five_each():
    st = solo_with({}, misthrows=3)
    assert st.breakdown(0)[BD_MISS] == -15 and st.scores() == [-15]


def test_rule_S5_total_and_seed_example_petr_43():
    st = solo_with(PETR, misthrows=2)
    bd = st.breakdown(0)
    assert bd[BD_ROWS:BD_COLS] == (4, 16, 6)
    assert bd[BD_COLS:BD_MISS] == (0, 5, 10, 12, 0)
    assert bd[BD_MISS] == -10
    assert bd[BD_TOTAL] == 43 == st.scores()[0]
    assert st.current_player() == 0  # one full row, two misthrows: not over


def test_seed_example_petr_43_in_a_finished_two_player_game():
    # Petr (seat 0) fills the reconstructed sheet; seat 1 copies his entries
    # on its own turns and ends the game with a fourth misthrow (E2), on the
    # roll Petr writes his last number (E3).
    st = E.new_game(2)
    items = list(PETR.items())
    turn(st, 0, 3, {})  # t0: Petr's misthrow
    b, v = items.pop(0)
    turn(st, b // 9, v, {0: b})  # t1: seat 1 misthrow 1, Petr writes
    turn(st, 0, 3, {})  # t2: Petr's second misthrow
    for _ in range(2):  # t3, t5: seat 1's misthrows 2 and 3
        b, v = items.pop(0)
        turn(st, b // 9, v, {0: b})
        b, v = items.pop(0)
        turn(st, b // 9, v, {0: b})  # t4, t6: Petr's turns
    b, v = items[-1]
    turn(st, b // 9, v, {1: b})  # t7: seat 1 writes Petr's last number
    while len(items) > 1:
        b, v = items.pop(0)
        entries = {0: b}
        if st.active == 1:
            entries[1] = b  # mirror: a subset of a legal sheet stays legal
        turn(st, b // 9, v, entries)
    assert st.active == 1 and st.misthrows[1] == 3
    b, v = items.pop(0)
    turn(st, b // 9, v, {0: b})
    assert st.current_player() == OVER and st.misthrows[1] == 4
    assert st.scores()[0] == 43
    assert dict((x, st.sheet(0)[x]) for x in range(27) if st.sheet(0)[x]) == PETR


def test_seed_caption_tomasz():
    tomasz = {box(O, 2): 3, box(O, 3): 6, box(Y, 2): 2, box(Y, 3): 3,
              box(P, 2): 4, box(P, 3): 5, box(P, 5): 6, box(P, 7): 7}
    st = solo_with(tomasz)
    sheet = st.sheet(0)
    # yellow: only a 1 fits in the leftmost box
    fits = [s for s in range(1, 19) if R.box_reason(sheet, 7, s, box(Y, 1)) is None]
    assert fits == [1]
    assert R.box_reason(sheet, 7, 4, box(Y, 1)) == "Yellow needs a 1 here"
    # purple: nothing between the 6 and the 7 (R6), the row can't be completed
    assert all(R.box_reason(sheet, 7, s, box(P, 6)) for s in range(1, 19))
    # two complete three-box columns score their pentagons 4 and 6
    bd = st.breakdown(0)
    assert bd[BD_COLS:BD_MISS] == (4, 6, 0, 0, 0)
    assert bd[BD_TOTAL] == 2 + 2 + 4 + 10


def test_seed_caption_dalibor_everything_entered_correctly():
    dalibor = {box(O, 2): 2, box(O, 6): 8, box(O, 9): 13, box(Y, 2): 3,
               box(Y, 5): 7, box(Y, 8): 11, box(Y, 9): 13 - 1, box(P, 1): 1,
               box(P, 3): 4, box(P, 7): 9, box(P, 9): 15}
    st = solo_with(dalibor)
    check_sheet(st.sheet(0))
    assert st.misthrows[0] == 0


# --- 7. End of the game --------------------------------------------------

YELLOW_FULL = [(box(Y, c), v) for c, v in zip(spec_boxes(Y), (1, 3, 4, 6, 7, 9, 11, 14, 17))]
PURPLE_FULL = [(box(P, c), v) for c, v in zip(spec_boxes(P), (1, 2, 4, 5, 6, 8, 10, 12, 18))]


def test_rule_E1_two_complete_rows_end_the_game():
    cells = dict(YELLOW_FULL + PURPLE_FULL[:-1])
    st = solo_with(cells)
    assert SH.row_complete(st.sheet(0), Y)
    assert st.current_player() == 0  # one complete row: not over
    last, v = PURPLE_FULL[-1]
    turn(st, 2, v, {0: last})
    assert st.current_player() == OVER and st.phase == P_OVER
    assert st.legal_actions() == []
    assert st.scores() == [17 + 18]  # no three-box column complete
    with pytest.raises(IllegalMove, match="over"):
        st.apply(CHOOSE + 1)


def test_rule_E2_fourth_misthrow_ends_the_game():
    st = E.new_game(2)
    for _ in range(6):
        turn(st, 0, 3, {})
    assert list(st.misthrows) == [3, 3] and st.current_player() == 0
    turn(st, 0, 3, {})
    assert list(st.misthrows) == [4, 3] and st.current_player() == OVER
    assert st.scores() == [-20, -15]


def test_rule_E3_others_finish_the_roll_then_the_game_ends():
    # Seat 1 completes its second row while not active; seat 2 still writes.
    st = E.new_game(3)
    turn(st, 0, 3, {})  # seat 0 misthrows once
    cells = YELLOW_FULL + PURPLE_FULL
    for b, v in cells[:-1]:
        entries = {1: b, st.active: b}  # the active seat copies seat 1
        turn(st, b // 9, v, entries)
    b, v = cells[-1]
    mask, vals = dice_for(2, v)
    roll(st, mask, vals)
    assert st.active == 0
    st.apply(b)  # seat 0
    st.apply(b)  # seat 1: second complete row
    assert st.current_player() == 2  # seat 2 still decides on this roll
    st.apply(b)
    assert st.current_player() == OVER and st.sheet(2)[b] == v
    assert list(st.entries) == [b, b, b]


# --- Open points ---------------------------------------------------------

def test_rule_OP1_end_after_the_whole_entry_phase():
    st = E.new_game(2)
    for t in range(6):
        turn(st, 0, 3, {})
    roll(st, ORANGE, [3])
    st.apply(PASS)  # seat 0's fourth misthrow
    assert st.misthrows[0] == 4 and st.current_player() == 1  # seat 1 still writes
    st.apply(box(O, 2))
    assert st.current_player() == OVER and st.sheet(1)[box(O, 2)] == 3


def test_rule_OP2_entry_order_active_first_then_seating_order():
    st = E.new_game(4)
    turn(st, 0, 3, {})
    turn(st, 0, 3, {})
    roll(st, ORANGE, [4])
    assert st.active == 2
    order = []
    while st.phase == P_ENTRY:
        order.append(st.to_act)
        assert st.view(0).entries[st.to_act] == PENDING
        st.apply(PASS)
    assert order == [2, 3, 0, 1]


def test_rule_OP4_solo_game():
    st = E.new_game(1)
    rng = Rng(3)
    turns = 0
    while st.current_player() != OVER:
        assert st.current_player() in (0, CHANCE)
        if st.phase == P_CHOOSE:
            turns += 1
        st.apply(rng.choose(st) if st.current_player() == CHANCE else st.legal_actions()[0])
    assert turns > 1


def test_rule_OP5_ties_share_the_win():
    assert SH.winners([10, 43, 43, -5]) == [1, 2]
    assert SH.winners([7]) == [0]


def test_rule_OP6_starting_player():
    st = E.new_game(4)
    assert st.current_player() == 0 and st.phase == P_CHOOSE
    st = E.new_game(4, RANDOM_START)
    assert st.current_player() == CHANCE and st.phase == P_START
    assert st.legal_actions() == [0, 1, 2, 3]
    assert st.describe(2) == "P3 starts"
    st.apply(2)
    assert st.active == 2 and st.current_player() == 2
    assert E.new_game(1, RANDOM_START).current_player() == 0


def test_rule_OP7_active_may_decline_when_able():
    st = E.new_game(1)
    roll(st, ORANGE, [4])
    assert len(st.legal_actions()) > 1 and PASS in st.legal_actions()
    st.apply(PASS)
    assert st.misthrows[0] == 1


def test_rule_OP8_reroll_cannot_go_back():
    st = E.new_game(1)
    roll(st, YELLOW, [6], [1])
    assert st.total == 1  # the worse re-roll is final


# --- Contract ------------------------------------------------------------

def check_sheet(sheet):
    for r in range(3):
        vals = [sheet[b] for b in range(r * 9, r * 9 + 9) if sheet[b]]
        assert vals == sorted(set(vals))
        assert all(1 <= v <= 18 for v in vals)
    for c in range(12):
        vals = [sheet[b] for b in range(27) if sheet[b] and SH.BOX_COL[b] == c]
        assert len(vals) == len(set(vals))


def independent_score(sheet, misthrows):
    total = 0
    for r in range(3):
        cols = spec_boxes(r)
        vals = [sheet[box(r, c)] for c in cols]
        total += vals[-1] if all(vals) else sum(1 for v in vals if v)
    for c in (2, 3, 7, 8, 9):
        cells = [sheet[box(r, c)] for r in range(3)]
        if all(cells):
            pent = [r for r in range(3) if c in SPEC_ROWS[r][2]][0]
            total += sheet[box(pent, c)]
    return total - 5 * misthrows


def playout(seats, seed, writer):
    rng = Rng(seed)
    st = E.new_game(seats, seed & 1)
    for _ in range(5000):
        p = st.current_player()
        if p == OVER:
            return st
        if p == CHANCE:
            a = rng.choose(st)
        else:
            legal = st.legal_actions()
            if writer and st.phase == P_ENTRY and len(legal) > 1:
                legal = legal[:-1]
            a = legal[rng.below(len(legal))]
        st.apply(a)
    raise AssertionError("game did not end")


def test_random_playouts_keep_the_invariants():
    games = 0
    for seats in range(1, 7):
        for seed in range(400):
            st = playout(seats, seed, seed % 3 != 0)
            games += 1
            assert st.phase == P_OVER
            rows_done = 0
            for s in range(seats):
                sheet = st.sheet(s)
                check_sheet(sheet)
                assert st.scores()[s] == independent_score(sheet, st.misthrows[s])
                assert st.misthrows[s] <= 4
                rows_done = max(rows_done, sum(SH.row_complete(sheet, r) for r in range(3)))
            assert rows_done >= 2 or max(st.misthrows) == 4
    assert games == 2400


def test_illegal_actions_rejected_with_reason_and_state_unchanged():
    rng = Rng(11)
    for seats in (1, 3, 6):
        st = E.new_game(seats, RANDOM_START)
        steps = 0
        while st.current_player() != OVER and steps < 400:
            legal = set(st.legal_actions())
            for a in list(range(0, 256)) + [-1, 300]:
                if a in legal:
                    continue
                before = full_key(st)
                with pytest.raises(IllegalMove) as exc:
                    st.apply(a)
                assert len(str(exc.value)) > 8
                assert full_key(st) == before
            if st.current_player() == CHANCE:
                st.apply(rng.choose(st))
            else:
                ls = st.legal_actions()
                st.apply(ls[rng.below(len(ls))])
            steps += 1


def test_replay_equals_play_and_copy_is_independent():
    for seats in range(1, 7):
        st = playout(seats, 100 + seats, True)
        again = E.replay(seats, (100 + seats) & 1, st.actions())
        assert full_key(again) == full_key(st)
        assert again.scores() == st.scores()
    st = E.new_game(2)
    roll(st, ORANGE, [4])
    c = st.copy()
    key = full_key(st)
    c.apply(box(O, 2))
    c.apply(PASS)
    assert full_key(st) == key and st.sheet(0)[box(O, 2)] == 0
    assert c.sheet(0)[box(O, 2)] == 4 and c.actions() != st.actions()


def test_view_has_everything_public():
    st = E.new_game(3)
    roll(st, ORANGE | YELLOW, [3, 5])
    st.apply(box(O, 6))
    v = st.view(2)
    assert (v.seat, v.seats, v.active, v.to_act, v.phase) == (2, 3, 0, 1, P_ENTRY)
    assert v.mask == 3 and bytes(v.dice) == bytes([3, 5, 0]) and v.total == 8
    assert v.sheet(0)[box(O, 6)] == 8 and len(v.sheets) == 81
    assert list(v.entries) == [box(O, 6), PENDING, PENDING]
    assert list(v.misthrows) == [0, 0, 0] and not v.can_reroll
    assert v.scores() == [1, 0, 0] and v.breakdown(0)[BD_TOTAL] == 1
    assert v.legal_boxes(1) == E.legal_boxes(v.sheet(1), 3, 8)
    assert not v.over()
    st.apply(PASS)
    assert v.sheet(1)[box(O, 6)] == 0  # a view is a snapshot


def test_describe():
    st = E.new_game(2)
    assert st.describe(CHOOSE + 5) == "rolls orange+purple"
    st.apply(CHOOSE + 5)
    assert st.describe(roll_code(5, [4, 5])) == "rolled 4+5 = 9"
    st.apply(roll_code(5, [4, 5]))
    assert st.describe(KEEP) == "keeps 9" and st.describe(REROLL) == "re-rolls"
    st.apply(KEEP)
    assert st.describe(box(P, 5)) == "9 into purple"
    st = E.new_game(1)
    st.apply(CHOOSE + 2)
    assert st.describe(roll_code(2, [6])) == "rolled 6"


def test_seats_out_of_range():
    with pytest.raises(IllegalMove):
        E.new_game(0)
    with pytest.raises(IllegalMove):
        E.new_game(7)


# --- Play-testing round 1 --------------------------------------------------

class Sub(int):
    """An int subclass: not an action either."""


def not_actions(legal):
    """Values that are not actions, some of them equal (==) to a legal one."""
    near = legal[0]
    return [33.0, None, "3", True, False, Sub(33), float(near), Sub(near), str(near), [near]]


def refuses_non_integers(st, rng, steps=400):
    """At every step of a game, each non-integer is refused with a reason
    and the state is left exactly as it was; returns the phases seen."""
    seen = set()
    for _ in range(steps):
        legal = st.legal_actions()
        for bad in not_actions(legal or [0]):
            before = (st.actions(), st.scores(), st.legal_actions(), st.current_player(),
                      full_key(st) if isinstance(st, E.State) else None)
            with pytest.raises(IllegalMove) as exc:
                st.apply(bad)
            assert "whole number" in str(exc.value) and exc.type is IllegalMove
            assert (st.actions(), st.scores(), st.legal_actions(), st.current_player(),
                    full_key(st) if isinstance(st, E.State) else None) == before
        seen.add(getattr(st, "phase", st.current_player()))
        if not legal:
            return seen
        st.apply(rng.choose(st) if st.current_player() == CHANCE else legal[rng.below(len(legal))])
    raise AssertionError("the game did not end")


def test_playtest_14_non_integer_actions_are_refused_and_change_nothing():
    seen = set()
    for seats, seed in ((1, 1), (3, 2), (2, 5)):
        seen |= refuses_non_integers(E.new_game(seats, RANDOM_START), Rng(seed))
    assert seen == {P_START, P_CHOOSE, P_ROLL, P_DECIDE, P_REROLL, P_ENTRY, P_OVER}
    # Before the fix a float was taken for the dice of mask 1 and then broke
    # the action log: the state was left half-changed.
    st = E.new_game(1)
    with pytest.raises(IllegalMove):
        st.apply(float(CHOOSE + 1))
    assert st.phase == P_CHOOSE and st.mask == 0 and st.actions() == []


def test_playtest_14_the_test_game_refuses_non_integers_too():
    """The runtime's test game (tests/tinygame, Duel) under the same check:
    HOLD 0 and RAISE 1 equal False, True, 0.0 and 1.0."""
    import tinygame.engine as duel

    seen = set()
    for seed in range(6):
        seen |= refuses_non_integers(duel.new_game(2, seed & 1), Rng(seed))
    assert seen == {CHANCE, 0, 1, OVER}


def test_playtest_14_refused_under_micropython_too(tmp_path):
    """On MicroPython, bool is its own type too (type(True) is not int)."""
    import os
    import subprocess
    import sys

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    program = tmp_path / "refuse.py"
    program.write_text("""
from games.qwinto import engine as E
from kapsa.engine import IllegalMove

class Sub(int):
    pass

st = E.new_game(2, E.RANDOM_START)
for bad in (1.0, None, "1", True, False, Sub(1)):
    try:
        st.apply(bad)
        print("taken", repr(bad))
    except IllegalMove as exc:
        print("refused", str(exc))
st.apply(1)
st.apply(E.CHOOSE + 1)
print(st.actions(), st.active, st.mask)
""")
    child = subprocess.run([sys.executable, os.path.join(root, "tools", "mpy.py"), "--heap", "256K",
                            str(program)], capture_output=True, text=True, timeout=300)
    assert child.returncode == 0, child.stdout + child.stderr
    lines = child.stdout.splitlines()
    assert len(lines) == 7 and all(line == "refused A move is a whole number" for line in lines[:6]), lines
    assert lines[6] == "[1, 33] 1 1"
