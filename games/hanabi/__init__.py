"""Registry data of Hanabi (cooperative fireworks, 2-5 players; see
docs/hanabi.md)."""

TITLE = "Hanabi"
SEATS = (2, 5)
HIDDEN = True  # nobody may see their own hand: the pass screen before each person
OPTIONS = (
    ("Starts", (("Random", 32), ("Player 1", 0))),  # OP-9
    ("Ending", (("Normal", 0), ("Last breath", 1))),  # 8.1
    ("Announce", (("No", 0), ("Choreography", 2))),  # 8.2
    ("Rainbow", (("No", 0), ("Sixth colour", 4), ("Every colour", 12))),  # 8.3, R7
    ("Empty hints", (("No", 0), ("Allowed", 16))),  # OP-2
)
SCORED = 13  # the ending and the rainbow change the scores: a history each (kapsa.history)
TEAM = True  # everyone wins or loses together: no game is won against the computer
BLURB = "Build fireworks together"
CODE = (2, 1)  # its game codes: the game's number, the version of its rules (kapsa.codes)
# The card a play or a discard draws comes in the frame of the move (not in
# a frame of its own, kapsa.moves.try_action): the result the person reads
# (words.tell) is told over it, and holds the next seat's turn, not the draw.
CHANCE_WITH_MOVE = True
