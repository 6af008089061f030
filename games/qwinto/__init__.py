"""Registry data of Qwinto, the dice game (see docs/qwinto.md)."""

TITLE = "Qwinto"
SEATS = (1, 6)
HIDDEN = False  # all sheets are public (spec 3.3)
OPTIONS = (("Starts", (("Random", 1), ("Player 1", 0))),)  # the first is the default (OP-6)
BLURB = "Roll, sum, fill rising rows"
CODE = (0, 1)  # its game codes: the game's number, the version of its rules (kapsa.codes)
