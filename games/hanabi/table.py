"""The table on Hanabi's screen (screen.py) painted: the status bar
(fireworks, hint tokens, mistakes, the deck), a row a seat (name, cards,
what the holder knows of each) and the cursor frame; the panel over it
(the log or the discards) is logpanel.py's. Tiles change only where they
differ.

Rows: the seats after the viewer in turn order, the viewer's own hand
(backs) last. A card is three 6 x 8 tiles across and two down: its face
(2 x 2), then its holder's knowledge: the colour's symbol on top, the
value under it, each once known (a dot: hinted, not known yet).
"""

from micropython import const

from kapsa import ui

from games.hanabi import tiles as T

ROW_Y = const(19)  # the first hand's top
PITCH = const(18)  # from one hand to the next
GRID_X = const(40)  # the hands' left edge (names before it)
SLOT = const(18)  # a card and its knowledge
STATUS_X = const(76)  # tokens and deck, right of the fireworks
PANEL_Y = const(16)  # the log and discard panel, under the status bar
LINES = const(8)  # text lines of the panel
DISCARD_X = const(20)
_UNKNOWN = const(255)  # engine.py's UNKNOWN (private copy)


def order(view):
    """Seats by row: the others from the next, then the viewer."""
    n = view.seats
    return [(view.seat + 1 + r) % n for r in range(n - 1)] + [view.seat]


def _put(grid, i, tile):
    """Tile i of grid (flat: a pair would be garbage)."""
    if grid[i] != tile:
        grid[i] = tile


def put_card(grid, x, y, k):
    """Card k (a face, EMPTY + c, BACK; -1: none) at tile (x, y)."""
    w = grid.width
    i = y * w + x
    if k < 0:
        for j in (i, i + 1, i + w, i + w + 1):
            _put(grid, j, T.BLANK)
        return
    t = T.face(k)
    _put(grid, i, t)
    _put(grid, i + 1, t + 1)
    _put(grid, i + w, t + T.COLS)
    _put(grid, i + w + 1, t + T.COLS + 1)


def single(mask):
    """The bit set if only one is, else -1."""
    if mask and not mask & (mask - 1):
        i = 0
        while not mask & 1:
            mask >>= 1
            i += 1
        return i
    return -1


def paint_status(s, view):
    fw = s.fw
    for c in range(6):
        if c < view.colours:
            top = view.fireworks[c]
            put_card(fw, 2 * c, 0, c * 5 + top - 1 if top else T.EMPTY + c)
        else:
            put_card(fw, 2 * c, 0, -1)
    st = s.status
    _put(st, 0, T.HINT_ICON)
    for i in range(3):
        _put(st, 3 + i, T.MISS_ON if i < view.mistakes else T.MISS_OFF)
    if view.final >= 0:
        _put(st, 7, T.BLANK)
        words = " %d     %d turn%s" % (view.hints, view.final, "" if view.final == 1 else "s")
    else:
        _put(st, 7, T.DECK_ICON)
        words = " %d      %d" % (view.hints, view.deck)
    if s.status_text.text != words:
        s.status_text.text = words


def touched(view, p, kind):
    """Bit i for each card of seat p's hand (shown in the view) a hint of
    `kind`, (0, colour) or (1, value), would point at."""
    wild = view.options & 8  # RAINBOW_WILD
    m = 0
    hand = view.hands[p]
    for i in range(len(hand)):
        c = hand[i]
        if c == _UNKNOWN:
            continue
        if kind[0]:
            hit = c % 5 + 1 == kind[1]
        else:
            hit = c // 5 == kind[1] or (wild and c >= 25)
        if hit:
            m |= 1 << i
    return m


def paint_rows(s, view):
    """Every hand, the names (the seat to act in the accent colour), a
    hint's preview (s.preview: (seat, kind) or None)."""
    s.rows_due = False
    app = s.play.app
    you = -1 if getattr(s.play, "watching", False) else view.seat  # a replay: names only
    ncol = (1 << view.colours) - 1
    size = view.hand_size
    pre = s.preview
    for r, p in enumerate(order(view)):
        name = "You" if p == you else app.name_of(p)[:6]
        label = s.names[r]
        if label.text != name:
            label.text = name
        colour = ui.ACCENT if p == view.current else ui.TEXT
        if label.color != colour:
            label.color = colour
        grid = s.hands[r]
        w = grid.width
        hand = view.hands[p]
        hit = touched(view, p, pre[1]) if pre is not None and pre[0] == p else 0
        for i in range(size):
            x = 3 * i
            if i >= len(hand):
                put_card(grid, x, 0, -1)
                _put(grid, x + 2, T.BLANK)
                _put(grid, w + x + 2, T.BLANK)
                continue
            c = hand[i]
            put_card(grid, x, 0, T.BACK if c == _UNKNOWN else c)
            if hit >> i & 1:
                if pre[1][0]:
                    top = T.BLANK
                    bottom = T.NEW_DIGIT + pre[1][1]
                else:
                    top = T.NEW_SYM + pre[1][1]
                    bottom = T.BLANK
            else:
                known = view.hinted[p][i]
                k = single(view.colours_of[p][i] & ncol)
                top = T.SYM + k if k >= 0 else T.TOUCHED if known & 1 else T.BLANK
                k = single(view.values_of[p][i] & 31)
                bottom = T.DIGIT + k + 1 if k >= 0 else T.TOUCHED if known & 2 else T.BLANK
            _put(grid, x + 2, top)
            _put(grid, w + x + 2, bottom)


def place_cursor(s, view):
    """The frame round the card under the cursor (deciding, the table in
    view)."""
    cur = s.cursor
    if not s.deciding or s.mode:
        ui.show(cur, False)
        return
    r = order(view).index(s.target)
    cur.x = GRID_X + s.index * SLOT - 1
    cur.y = ROW_Y + r * PITCH - 1
    ui.show(cur, True)
