"""Registry data of Duel, the tiny game that lives in tests/ to exercise the
runtime end to end: two seats, one chance node, hidden information."""

TITLE = "Duel"
SEATS = (2, 2)
HIDDEN = True  # each seat's card is secret: pass the device between people
OPTIONS = (("Cards", (("1-5", 0), ("1-9", 1))),)
BLURB = "Tiny test game"
