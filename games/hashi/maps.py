"""Hashi's island maps, and the board geometry read from them: build()
gives the fields of a boards.Board, which boards.board() makes. It
imports this module once a game and lets it go; this module imports
nothing.

Runs unchanged on CircuitPython, MicroPython and CPython.

A map is one string of equal-length rows separated by spaces: "." water,
"o" an island without flag, "r" a red-flag island, "b" a blue-flag island
(one string, not a tuple of rows: MicroPython keeps a string of up to 10
characters in the source as an interned name, in RAM for good). An
optional tuple of island-name pairs ("AB", upper or left island first)
lists possible lines that are NOT printed (none on A, B or P at present).
"""

# The maps. A and B are our own designs (OP-2); P is the spec's placeholder
# board (section 1.1), kept for tests.
# A: 24 lines, 3 crossings; red flags in the corners, blue flags on outer
#    islands with three free lines.
# B: 24 lines, 7 crossings (an inner ring woven through the frame); flags on
#    corners and on ring islands whose only lines cross others.
MAPS = (
    ("A",
        "r.b.o.r "
        ".o.o... "
        "..o.o.o "
        ".o.o... "
        "o.b.o.b "
        "....... "
        "r...o.r", ()),
    ("B",
        "b.o.o.r "
        ".r...o. "
        "o.r.b.o "
        ".o...b. "
        "..o...o "
        "....... "
        "o.o.o.r", ()),
    ("P",
        "r..b..r "
        ".o...o. "
        "o..o..o "
        ".o..o.. "
        "b..o..o "
        "..o..b. "
        "r..o..r", ()),
)


def build(name, rows, omit=()):
    """The fields of the Board of map `rows`, in the order
    boards.Board() takes them (boards.py says what they hold)."""
    rows = rows.split()
    width = len(rows[0])
    height = len(rows)
    cells = [(x, y, ".orb".index(c) - 1) for y, row in enumerate(rows)
             for x, c in enumerate(row) if c != "."]
    n = len(cells)
    xs = bytes(c[0] for c in cells)
    ys = bytes(c[1] for c in cells)
    flag = bytes(c[2] for c in cells)
    # Reading order: a row neighbour is the next island; a column
    # neighbour the first later island in the same column.
    pairs = [(i, i + 1) for i in range(n - 1) if ys[i] == ys[i + 1]]
    for i in range(n):
        for j in range(i + 1, n):
            if xs[j] == xs[i]:
                pairs.append((i, j))
                break
    if omit:
        pairs = [p for p in pairs if chr(65 + p[0]) + chr(65 + p[1]) not in omit]
    nc = len(pairs)
    ca = bytes(p[0] for p in pairs)
    cb = bytes(p[1] for p in pairs)
    horiz = bytes(ys[p[0]] == ys[p[1]] for p in pairs)
    cross = [[] for _ in range(nc)]
    crossings = []
    for h in range(nc):
        for v in range(nc):
            if (horiz[h] and not horiz[v] and xs[ca[h]] < xs[ca[v]] < xs[cb[h]]
                    and ys[ca[v]] < ys[ca[h]] < ys[cb[v]]):
                cross[h].append(v)
                cross[v].append(h)
                crossings.append((h, v))
    # (no tuple per test: this runs while a game's VM opens, its garbage
    # beside everything else)
    adj = tuple(tuple(k for k in range(nc) if ca[k] == i or cb[k] == i) for i in range(n))
    return (name, width, height, xs, ys, flag, ca, cb, horiz,
            tuple(tuple(c) for c in cross), tuple(crossings), adj)
