"""The sheet on Qwinto's screen (games.qwinto.screen): its 27 boxes with
their numbers (from layout.number_strip), the cursor's and the last
entry's frames, the misthrows, the points and the header. build() makes
them once; draw_sheet() and draw_score() change colours, tiles and texts in
place, only where they differ.
"""

import displayio
import vectorio
from micropython import const

from kapsa import ui
from kapsa.ui.textline import palette
from kapsa.ui.widgets import box, clip, text
from kapsa.ui.widgets import palette as fill

from games.qwinto.layout import (
    BOX_H, BOX_W, BRIGHT, DARK, DOT, INK, MISS_Y, NUM_H, STEP, X0, box_x, box_y, count, dot,
    frame, number_strip, set_if, settext, show)
from games.qwinto.sheet import BD_COLS, BD_MISS, BD_TOTAL, BOXES, MISTHROWS, is_pentagon

# The engine's actions and phases (games.qwinto.engine).
_PASS = const(27)
_PENDING = const(255)
_P_CHOOSE = const(1)
_P_ROLL = const(2)
_P_DECIDE = const(3)
_P_REROLL = const(4)
_P_ENTRY = const(5)
_P_OVER = const(6)


def build(scr, g):
    """The sheet's part of the screen, appended to group `g`."""
    # Per box a shape (its colour) and a one-tile TileGrid showing its number
    # from a strip of pre-drawn numbers.
    strip = number_strip(DOT, BOX_W, NUM_H, extra=1)
    dot(strip, DOT * BOX_W + BOX_W // 2, NUM_H // 2)
    scr.shapes = []
    scr.cells = []
    # The numbers' shared palettes (0 transparent, 1 the ink): black, red
    # (the sum where it cannot go), the rows' bright colours (the dot).
    scr.inks = (palette(INK), palette(ui.BAD), palette(BRIGHT[0]), palette(BRIGHT[1]),
                palette(BRIGHT[2]))
    scr.ink = bytearray(BOXES)  # each cell's ink: an index into scr.inks
    for b in range(BOXES):
        x = box_x(b)
        y = box_y(b)
        if is_pentagon(b):
            # A pentagon: the box with a pointed top.
            shape = vectorio.Polygon(pixel_shader=fill(DARK[b // 9]), x=x, y=y,
                                     points=[(0, 5), (6, 0), (12, 5), (12, BOX_H), (0, BOX_H)])
        else:
            shape = box(x, y, BOX_W, BOX_H, DARK[b // 9])
        scr.shapes.append(shape)
        g.append(shape)
    for b in range(BOXES):
        low = 4 if is_pentagon(b) else 3  # a pentagon's number sits under its roof
        cell = displayio.TileGrid(strip, pixel_shader=scr.inks[0], tile_width=BOX_W,
                                  tile_height=NUM_H, x=box_x(b), y=box_y(b) + low)
        scr.cells.append(cell)
        g.append(cell)
    scr.recent = frame(BOX_W + 2, BOX_H + 2, ui.GOOD)
    g.append(scr.recent)
    scr.cursor = frame(BOX_W + 4, BOX_H + 4, ui.TEXT, stroke=2)
    g.append(scr.cursor)

    # Misthrows and points.
    scr.miss = []
    scr.miss_marks = []
    for i in range(MISTHROWS):
        scr.miss.append(box(X0 + STEP * i, MISS_Y, BOX_W, 11, ui.PANEL))
        g.append(scr.miss[i])
        scr.miss_marks.append(text("", X0 + STEP * i + BOX_W // 2, MISS_Y + 6, ui.TEXT,
                                   anchor=(0.5, 0.5)))
        g.append(scr.miss_marks[i])
    scr.points = []
    for r in range(3):
        t = text("", 58 + 17 * r, MISS_Y + 6, BRIGHT[r], anchor=(0.0, 0.5))
        scr.points.append(t)
        g.append(t)
    g.append(vectorio.Polygon(pixel_shader=fill(ui.TEXT), x=110, y=MISS_Y + 1,
                              points=[(0, 3), (4, 0), (8, 3), (8, 9), (0, 9)]))
    scr.bonus = text("", 121, MISS_Y + 6, ui.TEXT, anchor=(0.0, 0.5))
    g.append(scr.bonus)
    scr.penalty = text("", ui.WIDTH - 2, MISS_Y + 6, ui.BAD, anchor=(1.0, 0.5))
    g.append(scr.penalty)


def draw_sheet(scr, view, seat, marked, entry):
    """Seat `seat`'s sheet; `marked` boxes wear a dot, and while the seat
    writes (`entry`) the cursor's box shows the sum."""
    sheet = view.sheet(seat)
    cursor = scr.item if entry and scr.item != _PASS else -1
    for b in range(BOXES):
        v = sheet[b]
        r = b // 9
        ink = 0
        if v:
            color = BRIGHT[r]
        elif b == cursor:
            v = view.total  # where the sum would stand
            color = BRIGHT[r] if b in marked else DARK[r]
            if b not in marked:
                ink = 1  # red: it cannot go there
        elif b in marked:
            v = DOT  # the sum may go here
            color = DARK[r]
            ink = 2 + r
        else:
            color = DARK[r]
        set_if(scr.shapes[b], color)
        cell = scr.cells[b]
        if cell[0] != v:
            cell[0] = v
        if scr.ink[b] != ink:
            scr.ink[b] = ink
            cell.pixel_shader = scr.inks[ink]
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
    """The misthrows and points of `seat`'s sheet, and the header."""
    bd = view.breakdown(seat)
    misses = view.misthrows[seat]
    for i in range(MISTHROWS):
        ticked = i < misses
        set_if(scr.miss[i], ui.BAD if ticked else ui.PANEL)
        settext(scr.miss_marks[i], "X" if ticked else "")
    for r in range(3):
        settext(scr.points[r], str(bd[r]))
    settext(scr.bonus, str(sum(bd[BD_COLS:BD_COLS + 5])))
    settext(scr.penalty, str(bd[BD_MISS]) if bd[BD_MISS] else "")
    name = scr.play.app.name_of(seat)
    scr.header.set(clip(title(scr, view, name), ui.WIDTH - 46), count(bd[BD_TOTAL], "pt"))


def title(scr, view, name):
    """The header's left part: whose sheet, and what to do now."""
    if scr.shown != scr.seat:
        return name + "'s sheet"
    phase = view.phase
    if phase == _P_OVER:
        return name + ": final"
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
