"""The end of a Hanabi game in words: the International Federation of
Pyrotechnicians' rating (spec 6.1, R6), "Lost" (E1, OP-1, OP-8) and the
last breath's "Perfect" (L2). Imported only once a game is over.
"""

_BANDS = (
    (5, "Horrible", "The audience booed you off..."),
    (10, "Mediocre", "Lukewarm applause."),
    (15, "Decent", "But nobody will remember it for long..."),
    (20, "Excellent", "The audience is delighted."),
    (24, "Amazing", "People will remember this for a long time!"),
    (29, "Legendary", "The crowd is breathless with wonder!"),
    (30, "Divine", "The show outshone the stars themselves!"),
)


def rating(score, top, lost, last_breath):
    """(title, line) for a finished game: top is 25, or 30 with rainbow."""
    if lost:
        return ("Lost", "The show went up in smoke.")
    if last_breath:
        return ("Perfect", "Every firework complete!")  # L2: lost or perfect
    for band in _BANDS:
        if score <= band[0]:
            return band[1:]
    return _BANDS[-1][1:]
