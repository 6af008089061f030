"""Registry data of Qwinto, the dice game (see docs/qwinto.md)."""

TITLE = "Qwinto"
SEATS = (1, 6)
HIDDEN = False  # all sheets are public (spec 3.3)
OPTIONS = (("Starts", (("Player 1", 0), ("Random", 1))),)
BLURB = "Roll, sum, fill rising rows"
