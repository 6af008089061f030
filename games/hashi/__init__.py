"""Registry data of Hashi (flip-and-write bridge building, 1-4 players)."""

TITLE = "Hashi"
SEATS = (1, 4)
HIDDEN = True  # rounds are simultaneous: a seat must not see the others' moves on a card
OPTIONS = (
    ("Board", (("A", 0), ("B", 1))),
    ("Start", (("Chosen", 0), ("Random", 4))),
)
SCORED = 1  # the board: a score history (and a best) a board (kapsa.history)
BLURB = "Draw bridges between islands"
CODE = (1, 1)  # its game codes: the game's number, the version of its rules (kapsa.codes)
