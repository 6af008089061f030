"""Games counted in their game's score history (kapsa.history): one
started (the launcher, a restart), one finished (the game-over scene,
once a game). docs/scores.md."""

from kapsa.history import (BEST, FINISHED, PLAYED, RECENT, SCORES, TOTAL, VS, WON, DAMAGED,
                           load, variant)
from kapsa.histsave import save
from kapsa.record import crc32


def started(app, info, seats, options, bots):
    """Count a game started (not one the computer plays alone)."""
    if bots == (1 << seats) - 1:
        return
    h, moved = load(app, info.name)
    h.started += 1
    h.entry(*variant(info.registry, seats, options))[PLAYED] += 1
    save(app, info.name, h, moved)


def add(h, reg, seats, options, bots, scores, key):
    """Count a finished game in History `h`: its variant, `bots` (bit i:
    seat i a computer), `scores` a seat, `key` its id (not counted if it
    is the last's). (its entry, the best before it, whether counted)."""
    e = h.entry(*variant(reg, seats, options))
    before = e[BEST]
    people = [scores[s] for s in range(seats) if not bots >> s & 1]
    if not people or key == h.last:
        return e, before, False
    h.last = key
    score = max(people)  # the person's; of several people, the best
    e[FINISHED] += 1
    e[PLAYED] = max(e[PLAYED], e[FINISHED])
    e[TOTAL] += score
    if before is None or score > before:
        e[BEST] = score
    e[SCORES].append(score)
    del e[SCORES][:-RECENT]
    if bots and not getattr(reg, "TEAM", False):
        e[VS] += 1
        if score >= max(scores):  # a person on top (ties share the win)
            e[WON] += 1
    return e, before, True


def finished(app, info, seats, options, bots, state, coded):
    """Count the finished game `state` of `info` (once: its id is kept,
    from its actions, its code's bytes `coded` and the games started);
    (the variant's best, the best before it, any problem to tell)."""
    h, moved = load(app, info.name)
    key = crc32(state._acts if getattr(state, "ACT_BYTES", 0)  # (the engine's own bytes)
                else bytes(a & 255 for a in state.actions()))
    key = (key ^ crc32(coded) ^ h.started) & 0xFFFFFFFF
    e, before, counted = add(h, info.registry, seats, options, bots, state.scores(), key)
    if counted or moved:
        save(app, info.name, h, moved)
    problem = DAMAGED % (info.registry.TITLE + " scores")
    return e[BEST], before, problem if problem in app.store.problems else None
