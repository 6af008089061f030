"""The sheet on Qwinto's screen (games.qwinto.screen): its 27 boxes with
their numbers, the cursor's and the last entry's frames, the misthrows, the
points and the header (built once by games.qwinto.buildsheet).
draw_sheet() and draw_score() change colours, tiles and texts in place,
only where they differ.
"""

from micropython import const

from kapsa import ui
from kapsa.ui.widgets import clip

from games.qwinto.layout import DOT, box_x, box_y, count, set_if, settext
from kapsa.ui import show
from games.qwinto.sheet import BD_COLS, BD_MISS, BD_TOTAL, BOXES, MISTHROWS

# The engine's actions and phases (games.qwinto.engine).
_PASS = const(27)
_PENDING = const(255)
_P_CHOOSE = const(1)
_P_ROLL = const(2)
_P_DECIDE = const(3)
_P_REROLL = const(4)
_P_ENTRY = const(5)
_P_OVER = const(6)

# A box's colours (games.qwinto.buildsheet makes a palette of each for
# every row): dark and empty, bright with a number in black, dark with the
# sum in red, dark with the dot in the row's colour.
_PLAIN = const(0)
_WRITTEN = const(1)
_NOT_HERE = const(2)
_MAY = const(3)


def draw_sheet(scr, view, seat, marked, entry):
    """Seat `seat`'s sheet; `marked` boxes wear a dot, and while the seat
    writes (`entry`) the cursor's box shows the sum."""
    sheet = view.sheet(seat)
    cursor = scr.item if entry and scr.item != _PASS else -1
    for b in range(BOXES):
        v = sheet[b]
        ink = _PLAIN
        if v:
            ink = _WRITTEN
        elif b == cursor:
            v = view.total  # where the sum would stand: red where it cannot go
            ink = _WRITTEN if b in marked else _NOT_HERE
        elif b in marked:
            v = DOT  # the sum may go here
            ink = _MAY
        cell = scr.cells[b]
        if cell[0] != v:
            cell[0] = v
        if scr.ink[b] != ink:
            scr.ink[b] = ink
            cell.pixel_shader = scr.inks[b // 9 * 4 + ink]
    if cursor >= 0:
        scr.cursor.x = box_x(cursor) - 2
        scr.cursor.y = box_y(cursor) - 2
    show(scr.cursor, cursor >= 0)
    # This roll's (or between turns the last roll's) entry of the seat.
    done = _PENDING if view.phase in (_P_DECIDE, _P_REROLL) else view.entries[seat]
    if done < BOXES and done != cursor:
        scr.recent.x = box_x(done) - 1
        scr.recent.y = box_y(done) - 1
    show(scr.recent, done < BOXES and done != cursor)


def draw_score(scr, view, seat):
    """The misthrows and points of `seat`'s sheet, worked out only when
    that sheet or its misthrows changed (most redraws are a cursor's or a
    roll's), and the header."""
    misses = view.misthrows[seat]
    scored = (view.sheet(seat), misses)
    if scored != scr.scored:
        scr.scored = scored
        bd = view.breakdown(seat)
        for i in range(MISTHROWS):
            ticked = i < misses
            set_if(scr.miss[i], ui.BAD if ticked else ui.PANEL)
            settext(scr.miss_marks[i], "X" if ticked else "")
        for r in range(3):
            settext(scr.points[r], str(bd[r]))
        settext(scr.bonus, str(sum(bd[BD_COLS:BD_COLS + 5])))
        settext(scr.penalty, str(bd[BD_MISS]) if bd[BD_MISS] else "")
        scr.points_total = bd[BD_TOTAL]
    name = scr.play.app.name_of(seat)
    scr.header.set(clip(title(scr, view, name), ui.WIDTH - 46), count(scr.points_total, "pt"))


def title(scr, view, name):
    """The header's left part: whose sheet, and what to do now."""
    phase = view.phase
    if phase == _P_OVER:  # as Hashi's final boards say it (short names in full)
        return name + ("'s final sheet" if len(name) < 6 else "'s final")
    if scr.shown != scr.seat:
        return name + "'s sheet"
    if view.to_act != scr.seat or not scr.deciding:
        if phase == _P_ROLL or phase == _P_REROLL:
            return name + ": rolling"
        return name + (" (computer)" if scr.play.bots >> scr.seat & 1 else "")
    if phase == _P_CHOOSE:
        return name + ": pick dice"
    if phase == _P_DECIDE:
        return name + ": keep %d?" % view.total
    if phase == _P_ENTRY:
        return name + ": write %d" % view.total
    return name
