"""A finished game's count, carried to its game-over VM on the request
that opens it (kapsa.relaunch): kapsa.tally.finished's (best, before,
problem) as a line of text, so that the game-over VM shows the best
without reading the score history (a VM of its own counted the game,
kapsa.main.counted). docs/scores.md."""


def write(tallied):
    """The note of (best, before, problem): "best before problem", "-"
    for a score not there, the problem (a sentence) last."""
    best, before, problem = tallied
    return "%s %s %s" % ("-" if best is None else best, "-" if before is None else before,
                         problem or "")


def read(note):
    """(best, before, problem) from a note, or None if it is not one."""
    words = note.split(" ", 2)  # (a request is read stripped: no problem, no third word)
    if len(words) < 2:
        return None
    try:
        best, before = [None if w == "-" else int(w) for w in words[:2]]
    except ValueError:
        return None
    return best, before, words[2] if len(words) > 2 and words[2] else None
