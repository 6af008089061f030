"""Read-only text scrolled a line at a time (the rules summary): its own
module, imported only when the pause menu shows the rules, in place of
the menu."""

from kapsa import buttons as btn
from kapsa import ui
from kapsa.app import Scene
from kapsa.ui.widgets import Header, box, text, wrap

ROWS = 8  # text lines between the header and the footer
TOP = ui.LINE + 3  # y of the first line
TRACK = ROWS * ui.LINE  # height of the scroll bar's track


class TextScene(Scene):
    """Every line visible, none highlighted. Up/down scroll by a line,
    left/right by a page, stopping at the ends; the header says which lines
    are shown ("1-8/20") and a bar on the right edge where they are. A or B
    goes back: to the scene back() makes, if given (it replaces this one),
    else to the scene below.

    `source` gives the text's lines when called. The scene shows its
    header at once and the text at its first frame: what made it (the
    import of this module) is garbage by then."""

    def __init__(self, app, title, source, back=None):
        super().__init__(app)
        self.source = source
        self.back = back
        self.lines = []
        self.labels = []
        self.built = False  # the text comes at the first tick
        self.top = 0
        self.scrolls = False
        self.header = Header(title)
        self.group.append(self.header)

    def tick(self):
        if not self.built:
            self.built = True
            self.build()

    def build(self):
        for line in self.source():
            self.lines.extend(wrap(line, ui.WIDTH - 10))
        self.source = None
        for row in range(ROWS):
            # made with the text they show first: no grid is made twice
            t = text(self.lines[row] if row < len(self.lines) else "", 3, TOP + row * ui.LINE,
                     ui.TEXT)
            self.labels.append(t)
            self.group.append(t)
        n = len(self.lines)
        self.scrolls = n > ROWS
        if self.scrolls:
            self.group.append(box(ui.WIDTH - 3, TOP, 2, TRACK, ui.PANEL))
            self.thumb = box(ui.WIDTH - 3, TOP, 2, max(TRACK * ROWS // n, 6), ui.DIM)
            self.group.append(self.thumb)
        hint = "^v:scroll B:back" if self.scrolls else "B:back"
        self.group.append(text(hint, 2, ui.HEIGHT - 1, ui.DIM, anchor=(0.0, 1.0)))
        self.render()

    def render(self):
        n = len(self.lines)
        for row, t in enumerate(self.labels):
            i = self.top + row
            t.text = self.lines[i] if i < n else ""
        if self.scrolls:
            self.header.set(self.header.title.text, "%d-%d/%d" % (self.top + 1, self.top + ROWS, n))
            self.thumb.y = TOP + (TRACK - self.thumb.height) * self.top // (n - ROWS)

    def press(self, pressed, held):
        step = 0
        if pressed & btn.UP:
            step = -1
        elif pressed & btn.DOWN:
            step = 1
        elif pressed & btn.LEFT:
            step = -ROWS
        elif pressed & btn.RIGHT:
            step = ROWS
        elif pressed & (btn.A | btn.B):
            if self.back is not None:
                self.app.replace(self.back())
            else:
                self.app.pop()
            return
        if not self.labels:
            return  # the text is not shown yet
        top = min(max(self.top + step, 0), max(len(self.lines) - ROWS, 0))
        if top != self.top:
            self.top = top
            self.render()
