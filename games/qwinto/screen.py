"""Qwinto's screen: one seat's sheet, the dice and the choices of the turn
(controls: docs/qwinto.md, "Screens and controls").

Layout (160x128), y: 0 header (whose sheet, what to do, score); 17 the
sheet, 3 rows x 12 columns of 12x14 boxes 13 px apart, clear of the header
by the cursor frame and 2 px; 63 misthrows, row points, pentagon bonus; 76
the dice and the sum, or Roll; 102 the choice bar and a note; 116 the
button hints (the runtime's message line covers them).

The screen receives only views; the driver applies what press() returns.
Everything is built once: 27 boxes are a shape and a one-tile TileGrid each
(numbers from a pre-drawn strip), the dice a TileGrid each; a redraw
changes colours, tiles and texts in place, and only where they differ.
"""

import displayio
import terminalio
import vectorio

from kapsa import buttons as btn
from kapsa import ui
from kapsa.ui.gamescreen import GameScreen
from kapsa.ui.widgets import GridCursor, Header, box, clip, palette, set_color, text

from games.qwinto.engine import (
    CHOOSE, KEEP, P_CHOOSE, P_DECIDE, P_ENTRY, P_OVER, P_REROLL, P_ROLL, PASS, PENDING, REROLL)
from games.qwinto.reasons import why_not
from games.qwinto.sheet import (
    BD_COLS, BD_MISS, BD_TOTAL, BOX_COL, BOXES, MISTHROWS, is_pentagon, legal_boxes,
    row_complete)

# Colours of the three rows and dice: bright (written numbers, dice, the
# dot on a box the sum may go into), dark (empty boxes), ink (numbers).
BRIGHT = (0xFF8C1A, 0xFFD83A, 0xB56CF2)
DARK = (0x4C2A0A, 0x48400E, 0x35214F)
INK = 0x000000
PIP = (0x201000, 0x201800, 0xFFFFFF)
ROW_LABELS = ("Orange", "Yellow", "Purple")

X0 = 2  # left edge of column 0
STEP = 13  # column pitch
BOX_W = 12
BOX_H = 14
NUM_H = 9  # rows of a number tile (the digits' height and a little)
ROW_Y = (17, 32, 47)
MISS_Y = 63
DICE_Y = 76
DIE = 24
DICE_X = (4, 32, 60)
SUM_X = 92
BAR_Y = 102
HINT_Y = 116

# Pips of a die face: positions 0..6 = top-left, top-right, middle-left,
# centre, middle-right, bottom-left, bottom-right; FACES[v] lists them.
PIP_XY = ((6, 6), (18, 6), (6, 12), (12, 12), (18, 12), (6, 18), (18, 18))
FACES = ((), (3,), (0, 6), (0, 3, 6), (0, 1, 5, 6), (0, 1, 3, 5, 6), (0, 1, 2, 4, 5, 6))

DOT = 19  # the tile after the numbers: a dot marking a box the sum may go into

# Cursor places in the dice choice: the three dice, then Roll.
ROLL_ITEM = 3


def number_strip(count, width, height, extra=0):
    """A 1-bit bitmap of `count` + `extra` tiles of width x height: tile n
    < count shows the number n in terminalio's font, centred (tile 0 is
    blank), its digits packed one pixel apart so that 10..18 leave room
    between boxes; the extra tiles are left blank. A TileGrid over it draws
    any such number with one object."""
    font = terminalio.FONT
    strip = displayio.Bitmap(width * (count + extra), height, 2)
    top = (ui.LINE - height) // 2  # the font's empty rows above the digits
    inks = []  # per digit: (font bitmap, its first and last inked column)
    for d in range(10):
        glyph = font.get_glyph(48 + d)
        # fontio.Glyph's fields (the stubs type only its constructor)
        bitmap = getattr(glyph, "bitmap")
        base = getattr(glyph, "tile_index") * getattr(glyph, "width")
        cols = [base + x for x in range(getattr(glyph, "width"))
                if any(bitmap[base + x, y] for y in range(getattr(glyph, "height")))]
        inks.append((bitmap, cols[0], cols[-1]))
    for n in range(1, count):
        digits = [inks[ord(ch) - 48] for ch in str(n)]
        wide = sum(last - first + 1 for _, first, last in digits) + len(digits) - 1
        x = n * width + (width - wide + 1) // 2
        for bitmap, first, last in digits:
            for gx in range(first, last + 1):
                for gy in range(height):
                    if bitmap[gx, gy + top]:
                        strip[x + gx - first, gy] = 1
            x += last - first + 2
    return strip


def dot(strip, cx, cy):
    """A 4x4 dot with cut corners around (cx, cy): a pip, or the mark of a
    box the sum may go into."""
    for dy in range(-2, 2):
        for dx in range(-2, 2):
            if dx not in (-2, 1) or dy not in (-2, 1):
                strip[cx + dx, cy + dy] = 1


def face_strip(size):
    """A 1-bit bitmap of 7 tiles size x size: tile v shows v pips (tile 0
    none)."""
    strip = displayio.Bitmap(size * 7, size, 2)
    for v in range(1, 7):
        for p in FACES[v]:
            dot(strip, v * size + PIP_XY[p][0], PIP_XY[p][1])
    return strip


def box_x(b):
    return X0 + STEP * BOX_COL[b]


def box_y(b):
    return ROW_Y[b // 9]


class Screen(GameScreen):
    def __init__(self, play):
        super().__init__(play)
        g = self.group
        g.append(box(0, 0, ui.WIDTH, ui.HEIGHT, ui.BACKGROUND))
        self.header = Header("Qwinto", "")
        g.append(self.header)

        # The sheet: per box a shape (its colour) and a one-tile TileGrid
        # showing its number from a strip of pre-drawn numbers.
        strip = number_strip(DOT, BOX_W, NUM_H, extra=1)
        dot(strip, DOT * BOX_W + BOX_W // 2, NUM_H // 2)
        self.shapes = []
        self.cells = []
        self.inks = []  # each cell's palette: 0 transparent, 1 the number's colour
        for b in range(BOXES):
            x = box_x(b)
            y = box_y(b)
            if is_pentagon(b):
                # A pentagon: the box with a pointed top.
                shape = vectorio.Polygon(pixel_shader=palette(DARK[b // 9]), x=x, y=y,
                                         points=[(0, 5), (6, 0), (12, 5), (12, BOX_H), (0, BOX_H)])
            else:
                shape = box(x, y, BOX_W, BOX_H, DARK[b // 9])
            self.shapes.append(shape)
            g.append(shape)
        for b in range(BOXES):
            ink = displayio.Palette(2)
            ink.make_transparent(0)
            ink[1] = INK
            low = 4 if is_pentagon(b) else 3  # a pentagon's number sits under its roof
            cell = displayio.TileGrid(strip, pixel_shader=ink, tile_width=BOX_W, tile_height=NUM_H,
                                      x=box_x(b), y=box_y(b) + low)
            self.cells.append(cell)
            self.inks.append(ink)
            g.append(cell)
        self.recent = GridCursor(BOX_W + 2, BOX_H + 2, ui.GOOD)
        self.recent.hidden = True
        g.append(self.recent)
        self.cursor = GridCursor(BOX_W + 4, BOX_H + 4, ui.TEXT, stroke=2)
        self.cursor.hidden = True
        g.append(self.cursor)

        # Misthrows and points.
        self.miss = []
        self.miss_marks = []
        for i in range(MISTHROWS):
            self.miss.append(box(X0 + STEP * i, MISS_Y, BOX_W, 11, ui.PANEL))
            g.append(self.miss[i])
            self.miss_marks.append(text("", X0 + STEP * i + BOX_W // 2, MISS_Y + 6, ui.TEXT,
                                        anchor=(0.5, 0.5)))
            g.append(self.miss_marks[i])
        self.points = []
        for r in range(3):
            t = text("", 58 + 17 * r, MISS_Y + 6, BRIGHT[r], anchor=(0.0, 0.5))
            self.points.append(t)
            g.append(t)
        g.append(vectorio.Polygon(pixel_shader=palette(ui.TEXT), x=110, y=MISS_Y + 1,
                                  points=[(0, 3), (4, 0), (8, 3), (8, 9), (0, 9)]))
        self.bonus = text("", 121, MISS_Y + 6, ui.TEXT, anchor=(0.0, 0.5))
        g.append(self.bonus)
        self.penalty = text("", ui.WIDTH - 2, MISS_Y + 6, ui.BAD, anchor=(1.0, 0.5))
        g.append(self.penalty)

        # The dice: one TileGrid each, its face from a strip of pip faces.
        faces = face_strip(DIE)
        self.dice = []
        for r in range(3):
            colours = displayio.Palette(2)
            colours[0] = DARK[r]
            colours[1] = PIP[r]
            die = displayio.TileGrid(faces, pixel_shader=colours, tile_width=DIE, tile_height=DIE,
                                     x=DICE_X[r], y=DICE_Y)
            self.dice.append(die)
            g.append(die)
        self.die_cursor = GridCursor(DIE + 4, DIE + 4, ui.TEXT, stroke=2)
        self.die_cursor.hidden = True
        g.append(self.die_cursor)
        self.roll_back = box(SUM_X, DICE_Y + 2, 60, 20, ui.PANEL)
        g.append(self.roll_back)
        self.sum = text("", SUM_X, DICE_Y + DIE // 2, ui.TEXT, scale=2, anchor=(0.0, 0.5))
        g.append(self.sum)

        # The choice bar: two buttons and a note.
        self.buttons = []
        self.button_texts = []
        for i, (x, w) in enumerate(((2, 46), (51, 46))):
            b = box(x, BAR_Y, w, 12, ui.PANEL)
            self.buttons.append(b)
            g.append(b)
            t = text("", x + w // 2, BAR_Y + 6, ui.TEXT, anchor=(0.5, 0.5))
            self.button_texts.append(t)
            g.append(t)
        self.note = text("", ui.WIDTH - 2, BAR_Y + 6, ui.DIM, anchor=(1.0, 0.5))
        g.append(self.note)
        self.hint = text("", 2, HINT_Y + 6, ui.DIM, anchor=(0.0, 0.5))
        g.append(self.hint)

        # Why the box under the free cursor cannot take the sum (two lines
        # over the dice; the engine's words, which the message line clips).
        self.why = displayio.Group()
        self.why.append(box(0, DICE_Y - 1, ui.WIDTH, DIE + 2, ui.BACKGROUND))
        self.why.append(box(0, DICE_Y - 1, 3, DIE + 2, ui.BAD))
        self.why_lines = (text("", 6, DICE_Y + 5, ui.TEXT, anchor=(0.0, 0.5)),
                          text("", 6, DICE_Y + 17, ui.TEXT, anchor=(0.0, 0.5)))
        for t in self.why_lines:
            self.why.append(t)
        self.why.hidden = True
        g.append(self.why)

        self.view = None
        self.seats = 1
        self.active = 0  # the seat whose turn it is
        self.seat = 0  # whose view this is (the person deciding, or the actor)
        self.shown = 0  # whose sheet is on screen (SELECT looks at others)
        self.deciding = False
        self.legal = []  # legal box numbers while deciding where to write
        self.free = False  # entry: the cursor visits every box
        self.item = 0  # entry: a box or PASS; choice: 0..3; decide: 0/1
        self.column = 0  # column of the last box the cursor was on
        self.confirm = False  # pass pressed once, a misthrow is at stake
        self.masks = {}  # last dice choice of each seat
        self.mask = 7
        self.last_roll = None  # (mask, dice, total) of the last roll shown

    # -- what the driver calls

    def draw(self, view, seat):
        self.take(view, seat, False)
        self.render()

    def begin(self, view, legal):
        self.take(view, view.seat, True)
        phase = view.phase
        if phase == P_CHOOSE:
            self.mask = self.masks.get(view.seat, 7)
            self.item = ROLL_ITEM  # a repeat of the last choice is one press
        elif phase == P_DECIDE:  # Keep first, or Re-roll when the sum fits no box
            self.item = 0 if legal_boxes(view.sheet(view.seat), view.mask, view.total) else 1
        elif phase == P_ENTRY:
            self.legal = [a for a in legal if a < BOXES]
            sheet = view.sheet(view.seat)
            self.item = PASS
            if self.legal:
                self.item = min(self.legal, key=lambda b: fit(sheet, b, view.total))
                self.column = BOX_COL[self.item]
        self.render()

    def take(self, view, seat, deciding):
        self.view = view
        self.seats = view.seats
        self.active = view.active
        self.seat = self.shown = seat
        self.deciding = deciding
        self.confirm = self.free = False

    def press(self, pressed, held):
        view = self.view
        if view is None:
            return None
        if pressed & btn.SELECT:  # any time, also while others move
            self.look(1)
            return None
        if not self.deciding:
            return None
        if self.shown != self.seat:
            if pressed & (btn.A | btn.B):
                self.look(0)
            return None
        phase = view.phase
        if phase == P_CHOOSE:
            return self.press_choose(pressed)
        if phase == P_DECIDE:
            if pressed & btn.DPAD:
                self.item = 1 - self.item
                self.render()
            elif pressed & btn.A:
                return REROLL if self.item else KEEP
            return None
        if phase == P_ENTRY:
            return self.press_entry(pressed)
        return None

    def breakdown(self, view, seat):
        bd = view.breakdown(seat)
        return ((ROW_LABELS[0], bd[0]), (ROW_LABELS[1], bd[1]), (ROW_LABELS[2], bd[2]),
                ("Pentagons", sum(bd[BD_COLS:BD_COLS + 5])), ("Misthrows", bd[BD_MISS]))

    def final_lines(self, view, seat):
        if view.phase != P_OVER:
            return ()
        name = self.play.app.name_of
        for s in range(view.seats):
            if view.misthrows[s] >= MISTHROWS:
                return (clip("Ended: %s's 4th misthrow" % name(s), ui.WIDTH - 4),)
        for s in range(view.seats):
            sheet = view.sheet(s)
            if row_complete(sheet, 0) + row_complete(sheet, 1) + row_complete(sheet, 2) >= 2:
                return (clip("Ended: %s filled 2 rows" % name(s), ui.WIDTH - 4),)
        return ()

    # -- buttons

    def press_choose(self, pressed):
        if pressed & (btn.LEFT | btn.UP):
            self.item = (self.item - 1) % 4
        elif pressed & (btn.RIGHT | btn.DOWN):
            self.item = (self.item + 1) % 4
        elif pressed & btn.A:
            if self.item == ROLL_ITEM:
                if not self.mask:
                    self.play.message.show("Pick at least one die", ui.BAD, frames=60)
                    return None
                self.masks[self.seat] = self.mask
                return CHOOSE + self.mask
            self.mask ^= 1 << self.item
            self.masks[self.seat] = self.mask
        else:
            return None
        self.render()
        return None

    def press_entry(self, pressed):
        if pressed & btn.A:
            if self.item != PASS:
                return self.item
            if self.seat == self.active and self.legal and not self.confirm:
                self.confirm = True  # OP-7: a misthrow although a box is free
                self.render()
                return None
            return PASS
        if pressed & btn.B:
            if self.confirm:
                self.confirm = False
            else:
                self.free = not self.free
                if not self.free and self.item != PASS and self.item not in self.legal:
                    self.item = self.nearest(self.legal, self.column) if self.legal else PASS
        elif pressed & btn.DPAD:
            self.confirm = False
            places = list(range(BOXES)) if self.free else list(self.legal)
            places.append(PASS)
            if pressed & (btn.LEFT | btn.RIGHT):
                step = -1 if pressed & btn.LEFT else 1
                self.item = places[(places.index(self.item) + step) % len(places)]
            else:
                self.item = self.vertical(places, -1 if pressed & btn.UP else 1)
        else:
            return None
        if self.item != PASS:
            self.column = BOX_COL[self.item]
        self.render()
        return None

    def vertical(self, places, step):
        """The place in the next row up or down (PASS is a fourth row) that
        has places, nearest to the cursor's column; rows wrap around."""
        row = 3 if self.item == PASS else self.item // 9
        for k in range(1, 5):
            r = (row + step * k) % 4
            if r == 3:
                if PASS in places:
                    return PASS
                continue
            found = [b for b in places if b != PASS and b // 9 == r]
            if found:
                return self.nearest(found, self.column)
        return self.item

    @staticmethod
    def nearest(boxes, column):
        best = boxes[0]
        for b in boxes:
            if abs(BOX_COL[b] - column) < abs(BOX_COL[best] - column):
                best = b
        return best

    def look(self, step):
        """SELECT: the next seat's sheet (read-only); step 0: back to mine."""
        seats = self.seats
        if seats == 1:
            self.play.message.show("Solo: only your sheet", ui.DIM, frames=45)
            return
        self.shown = (self.shown + step) % seats if step else self.seat
        self.render()

    # -- drawing

    def render(self):
        view = self.view
        if view is None:
            return
        seat = self.shown
        own = seat == self.seat
        phase = view.phase
        entry = self.deciding and own and phase == P_ENTRY
        marked = []
        if entry:
            marked = self.legal
        elif self.deciding and own and phase == P_DECIDE:
            marked = legal_boxes(view.sheet(seat), view.mask, view.total)  # what keeping offers
        self.draw_sheet(view, seat, marked, entry)
        self.draw_score(view, seat)
        self.draw_dice(view)
        self.draw_bar(view, own, entry, marked)
        reason = None
        if entry and self.free and self.item != PASS and self.item not in marked:
            reason = why_not(view, self.seat, self.item)
        if reason:
            first, second = wrap(reason, ui.WIDTH // ui.CHAR - 1)
            settext(self.why_lines[0], first)
            settext(self.why_lines[1], second)
        show(self.why, bool(reason))

    def draw_sheet(self, view, seat, marked, entry):
        sheet = view.sheet(seat)
        cursor = self.item if entry and self.item != PASS else -1
        for b in range(BOXES):
            v = sheet[b]
            r = b // 9
            ink = INK
            if v:
                color = BRIGHT[r]
            elif b == cursor:
                v = view.total  # where the sum would stand
                color = BRIGHT[r] if b in marked else DARK[r]
                if b not in marked:
                    ink = ui.BAD
            elif b in marked:
                v = DOT  # the sum may go here
                color = DARK[r]
                ink = BRIGHT[r]
            else:
                color = DARK[r]
            set_if(self.shapes[b], color)
            cell = self.cells[b]
            if cell[0] != v:
                cell[0] = v
            if self.inks[b][1] != ink:
                self.inks[b][1] = ink
        if cursor >= 0:
            self.cursor.place(box_x(cursor) - 2, box_y(cursor) - 2)
        show(self.cursor, cursor >= 0)
        # This roll's (or between turns the last roll's) entry of the seat.
        done = PENDING if view.phase in (P_DECIDE, P_REROLL) else view.entries[seat]
        if done < BOXES and done != cursor:
            self.recent.place(box_x(done) - 1, box_y(done) - 1)
        show(self.recent, done < BOXES and done != cursor)

    def draw_score(self, view, seat):
        bd = view.breakdown(seat)
        misses = view.misthrows[seat]
        for i in range(MISTHROWS):
            ticked = i < misses
            set_if(self.miss[i], ui.BAD if ticked else ui.PANEL)
            settext(self.miss_marks[i], "X" if ticked else "")
        for r in range(3):
            settext(self.points[r], str(bd[r]))
        settext(self.bonus, str(sum(bd[BD_COLS:BD_COLS + 5])))
        settext(self.penalty, str(bd[BD_MISS]) if bd[BD_MISS] else "")
        name = self.play.app.name_of(seat)
        self.header.set(clip(self.title(view, name), ui.WIDTH - 46), count(bd[BD_TOTAL], "pt"))

    def title(self, view, name):
        if self.shown != self.seat:
            return name + "'s sheet"
        phase = view.phase
        if phase == P_OVER:
            return name + ": final"
        if view.to_act != self.seat or not self.deciding:
            if phase == P_ROLL or phase == P_REROLL:
                return name + ": rolling"
            return name + (" (computer)" if self.play.bots >> self.seat & 1 else "")
        if phase == P_CHOOSE:
            return name + ": pick dice"
        if phase == P_DECIDE:
            return name + ": keep %d?" % view.total
        if phase == P_ENTRY:
            return name + ": write %d" % view.total
        return name

    def draw_dice(self, view):
        phase = view.phase
        choosing = self.deciding and phase == P_CHOOSE and self.shown == self.seat
        mask = self.mask if choosing else view.mask
        dice = view.dice
        total = view.total
        rolled = phase == P_DECIDE or phase == P_ENTRY or phase == P_OVER
        if rolled:
            self.last_roll = (mask, dice, total)
        elif phase == P_CHOOSE and not choosing and self.last_roll:
            # Between turns (a computer's last entry): the roll it used.
            mask, dice, total = self.last_roll
            rolled = True
        for r in range(3):
            on = mask >> r & 1
            set_if(self.dice[r], BRIGHT[r] if on else DARK[r])
            face = dice[r] if rolled and on else 0
            if self.dice[r][0] != face:
                self.dice[r][0] = face
        show(self.roll_back, choosing)
        show(self.die_cursor, choosing and self.item != ROLL_ITEM)
        if choosing:
            on_roll = self.item == ROLL_ITEM
            set_if(self.roll_back, ui.ACCENT if on_roll else ui.PANEL)
            settext(self.sum, "Roll")
            recolor(self.sum, ui.BACKGROUND if on_roll else ui.TEXT)
            if not on_roll:
                self.die_cursor.place(DICE_X[self.item] - 2, DICE_Y - 2)
            return
        recolor(self.sum, ui.TEXT)
        settext(self.sum, "= %d" % total if rolled and total else "")

    def draw_bar(self, view, own, entry, marked):
        phase = view.phase
        labels = ("", "")
        selected = -1
        note = ""
        hint = ""
        look = " SEL:look" if view.seats > 1 else ""
        if phase == P_OVER:  # the final board (kapsa.play.FinalBoard)
            hint = "B:back to scores" + look
        elif self.deciding and not own:
            hint = "SEL:next sheet  B:back"
            note = "%d of %d" % (self.shown + 1, view.seats)
        elif self.deciding and phase == P_CHOOSE:
            hint = "<>:move  A:toggle/roll"
            n = (self.mask & 1) + (self.mask >> 1 & 1) + (self.mask >> 2 & 1)
            note = "%d di%s" % (n, "e" if n == 1 else "ce")
        elif self.deciding and phase == P_DECIDE:
            labels = ("Keep %d" % view.total, "Re-roll")
            selected = self.item
            note = count(len(marked), "box", "es")
            hint = "<>:move  A:ok" + look
        elif entry:
            labels = ("Pass -5" if self.seat == view.active else "Pass", "")
            selected = 0 if self.item == PASS else -1
            if self.confirm:
                note = "sure?"
                hint = "A:pass, tick -5  B:no"
            elif self.free:
                note = "any box"
                hint = ("A:pass" if self.item == PASS else "A:try") + "  B:legal only"
            else:
                note = fits(len(marked))
                hint = ("A:pass" if self.item == PASS else "A:write") + " B:any box" + look
        for i in range(2):
            button = self.buttons[i]
            show(button, bool(labels[i]))
            settext(self.button_texts[i], labels[i])
            sel = i == selected
            back = (ui.BAD if self.confirm else ui.ACCENT) if sel else ui.PANEL
            set_if(button, back)
            recolor(self.button_texts[i], ui.BACKGROUND if sel and not self.confirm else ui.TEXT)
        settext(self.note, note)
        settext(self.hint, hint)


def fits(n):
    return "no box fits" if not n else ("1 box fits" if n == 1 else "%d boxes fit" % n)


def count(n, word, plural="s"):
    """'1 pt', '-1 pt', '3 pts'; '1 box', '0 boxes'."""
    return "%d %s%s" % (n, word, "" if n in (1, -1) else plural)


def fit(sheet, b, total):
    """How badly `total` fits empty box `b`: first the boxes of its row it
    leaves without a number, then how far it is from the number the box
    would get with the row's numbers spread evenly between the written ones
    (1..18 over an empty row)."""
    base = b - b % 9
    lo, left, hi, right = 0, -1, 19, 9
    for i in range(9):
        v = sheet[base + i]
        if v:
            if base + i < b:
                lo, left = v, i
            elif right == 9:
                hi, right = v, i
    p = b % 9
    over_left = p - left - total + lo  # boxes between left and b, less the numbers for them
    over_right = right - p - hi + total
    return (max(0, over_left) + max(0, over_right) - max(0, over_left + over_right),
            abs(total - lo - (hi - lo) * (p - left) / (right - left)))


def wrap(string, width):
    """Two lines of at most `width` characters, broken between words."""
    if len(string) <= width:
        return string, ""
    cut = string.rfind(" ", 0, width + 1)
    if cut <= 0:
        cut = width
    return string[:cut], clip(string[cut:].strip(), width * ui.CHAR)


def settext(label, string):
    if label.text != string:
        label.text = string


def show(item, visible):
    if item.hidden == visible:
        item.hidden = not visible


def recolor(label, color):
    if label.color != color:
        label.color = color


def set_if(shape, color):
    if shape.pixel_shader[0] != color:
        set_color(shape, color)
