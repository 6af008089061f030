"""Counting a game in its score history (docs/scores.md). On the device
a game is counted in a VM of its own, before the VM restarts into the
game (kapsa.countvm): no game's VM or game-over VM reads or writes a
score history. Here what passes the count on: the note of the request
that opens the game-over VM (note_of, tallied_of), that VM's own
request for a count lost to a cut (over), and a desktop's count, made
by the game-over scene in the launcher's process (here)."""

# Let go after a count (the replay kept too: kapsa.replaykeep)
HISTORY = ("kapsa.tally", "kapsa.oldbests", "kapsa.histsave", "kapsa.history",
           "kapsa.replaykeep", "kapsa.replays")


def here(play):
    """A game that ended in this VM (a desktop, where games run in the
    launcher's process) counted finished by its game-over scene, and
    kept for replays: kapsa.tally.finished's (best, before, problem)."""
    from kapsa import forget
    from kapsa.replaykeep import keep
    from kapsa.tally import finished

    tallied = finished(play.app, play.info, play.seats, play.options, play.bots, play.state,
                       play.coded)
    state = play.state
    width = getattr(state, "ACT_BYTES", 0)  # (kapsa.moves.logged's and coded's, which
    coded = play.coded  # this module may not import: a circle through kapsa.gameover)
    extra = coded + bytes((play.picks & 255, play.picks >> 8)) if coded else b""
    keep(play.app.store, play.info.name, play.seats, play.options, play.bots,
         state._acts if width else state.actions(), extra + play.extra, state.scores(), width)
    for name in HISTORY:
        forget(name)  # nothing else in this VM needs them
    return tallied


def note_of(tallied):
    """A finished game's count (kapsa.tally.finished's (best, before,
    problem)) as the note its game-over VM's request carries (kapsa.relaunch):
    "best before problem", "-" for a score not there, the problem last.
    That VM shows it without reading the score history."""
    best, before, problem = tallied
    return "%s %s %s" % ("-" if best is None else best, "-" if before is None else before,
                         problem or "")


def over(opening):
    """A game-over VM's count, as kapsa.main.Opening finds the game over:
    (best, before, problem) from the request's note; without one (a cut
    lost it), a VM of its own is asked to count the game first (this VM
    then ends: None), or where that cannot be asked, None: the scene
    counts it (kapsa.gameover)."""
    tallied = tallied_of(opening.note)
    relauncher = opening.app.relauncher
    if tallied is None and relauncher is not None:
        relauncher.open_game(opening.info.name, "=")
    return tallied


def tallied_of(note):
    """(best, before, problem) from a note (note_of), or None."""
    words = note.split(" ", 2)  # (a request is read stripped: no problem, no third word)
    if len(words) < 2:
        return None
    try:
        best, before = [None if w == "-" else int(w) for w in words[:2]]
    except ValueError:
        return None
    return best, before, words[2] if len(words) > 2 and words[2] else None
