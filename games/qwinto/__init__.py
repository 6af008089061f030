"""Registry data of Qwinto, the dice game (see docs/qwinto.md)."""

TITLE = "Qwinto"
SEATS = (1, 6)
HIDDEN = False  # all sheets are public (spec 3.3)
OPTIONS = (("Starts", (("Player 1", 0), ("Random", 1))),)
BLURB = "Roll, sum, fill rising rows"
RULES = (
    "Active player picks 1-3",
    "dice, may re-roll once.",
    "Everyone may write the",
    "sum in a rolled colour.",
    "Rows rise left to right.",
    "No number twice in a",
    "column. Active player",
    "passing: misthrow -5.",
    "Full row: its last number",
    "Else 1 point per number.",
    "Full 3-box column: the",
    "pentagon's number.",
    "Ends: 2 full rows or",
    "a 4th misthrow.",
)
