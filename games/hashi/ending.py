"""The end of a Hashi game: the solo rank title (section 8.5), and what the
game-over scene shows (breakdown, the rank and the hindsight best, found a
slice a frame). Imported only once the game is over.

Runs unchanged on CircuitPython, MicroPython and CPython.
"""

# Solo rank titles (section 8.5): the lowest total for each, then the names.
TITLE_FROM = bytes((0, 41, 43, 45, 47, 49, 51, 52, 54, 56, 58, 60))
TITLES = ("Gofer/Water carrier/Bamboo binder/Bolt tightener/Concrete pourer/"
          "Project manager/Bridge master/Planning specialist/"
          "Chief structural engineer/Design ace/Construction genius/Island god")


def rank_title(score):
    """Solo rank title for a final score (section 8.5)."""
    i = 0
    while i + 1 < len(TITLE_FROM) and score >= TITLE_FROM[i + 1]:
        i += 1
    return TITLES.split("/")[i]
