"""Registry data of Halali (beasts against people in a forest of face-down
tiles, 2 players; see docs/halali.md)."""

TITLE = "Halali"
SEATS = (2, 2)
HIDDEN = False  # face-down tiles are unknown to both: nothing to hide between players
ONE_BOARD = True  # both seats see the same board: after a computer's move it is the person's turn
OPTIONS = (
    ("Game", (("Match", 0), ("Single", 1))),  # 7: two games, roles swapped (default)
    ("Beasts", (("Player 1", 0), ("Player 2", 2))),  # OP-10: Blue, who moves first
)
SCORED = 1  # a match (two games) or a single game: a score history each (kapsa.history)
BLURB = "Beasts against hunters"
CODE = (3, 1)  # its game codes: the game's number, the version of its rules (kapsa.codes)
