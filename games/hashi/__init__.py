"""Registry data of Hashi (flip-and-write bridge building, 1-4 players)."""

TITLE = "Hashi"
SEATS = (1, 4)
HIDDEN = True  # rounds are simultaneous: a seat must not see the others' moves on a card
OPTIONS = (
    ("Board", (("A", 0), ("B", 1))),
    ("Start", (("Chosen", 0), ("Random", 4))),
)
BLURB = "Draw bridges between islands"
RULES = (
    "Each card: write its",
    "number on an empty",
    "island, then draw all",
    "its bridges, or none.",
    "Bridges follow the lines,",
    "at most 2 on a line,",
    "and never cross.",
    "A bridge needs a number",
    "at one of its ends.",
    "Flag islands need a",
    "bridge before a number.",
    "Bridges = number:",
    "island finished, closed.",
    "Bonus: all red, all blue,",
    "6 finished linked.",
    "First 9/7/8, later 5/3/4.",
    "End: 2 per finished isle.",
    "Solo: blue by card 7,",
    "red and six by card 12.",
)
