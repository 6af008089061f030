"""PlayScene's turns and saves (kapsa.play says how the class is cut):
a computer's thinking, a person's decision opened (after the pass screen
when the device changes hands) and their move tried, the news with the
seats' names, the saves, the end of the game, a restart, and a finished
game opened again in a fresh VM.

When it saves (flash wears out), in short: when a person's turn is
complete, before the pass screen, before a person decides on a chance
outcome not saved yet, when the pause menu opens, on "Save and quit",
and after AUTOSAVE_FRAMES (kapsa.play) of computer moves;
docs/architecture.md, "Saves", says why each, and docs/saves.md counts
the writes."""

from kapsa import sound, ui
from kapsa.engine import CHANCE, OVER, IllegalMove


def think(play, seat):
    """A computer's decision, into play.thought once made. It thinks in
    frames of its own and moves in the next: what its thinking allocated
    is garbage by then, and the redraw and the save do not add to it. A
    bot with think() (a generator: None while it works, then the action)
    thinks a part a frame, each part's garbage collected before the
    next."""
    if play.thinking is None:
        state = play.state
        bot = play.bot
        bot_think = getattr(bot, "think", None)
        view = state.view(seat)
        play.thinking = (bot_think(view, state.legal_actions()) if bot_think is not None
                         else iter((bot.choose(view, state.legal_actions()),)))
    play.thought = next(play.thinking)
    if play.thought is not None:
        play.thinking = None


def open_decision(play, seat):
    if play.passes_to(seat):
        play.save()  # the device may sit on the pass screen for long
        play.holder = seat
        from kapsa.passdevice import PassDevice

        play.app.push(PassDevice(play.app, play.app.name_of(seat), play))
        return  # enter() runs again once the seat pressed A
    if play.drawn and (play.unsaved_move or not play.coded):
        # A cut must not draw again what this person sees. With a code
        # it would draw the same (the seed, and the picks saved before
        # the draw: kapsa.rng.pick) from the save made as the person's
        # turn ended (try_action), unless a computer moved since.
        play.save()
    play.holder = seat
    play.deciding = seat
    play.to_draw = seat
    play.to_begin = True


def at_once(play, actor):
    """After a computer's move (actor: its seat) or a chance outcome (actor
    CHANCE), the next person's decision opens in the same frame, the
    pause's message still up, when what shows is that person's turn:
    their own view (after chance; in a hidden game, the holder's) or the
    one board every seat sees (registry ONE_BOARD). A press made once it
    shows is never dropped. Else the pause runs first (Qwinto shows the
    computer's sheet; the pass screen waits for the news to be read)."""
    seat = play.state.current_player()
    if (seat >= 0 and not play.bots & (1 << seat) and not play.passes_to(seat)
            and (actor < 0 or play.hidden or getattr(play.info.registry, "ONE_BOARD", 0))):
        play.wait = 0
        play.open_decision(seat)


def passes_to(play, seat):
    """Whether the device is passed (the pass screen) before `seat`'s
    decision: a game with hidden information, another person."""
    return play.hidden and len(play.humans) > 1 and seat != play.holder


def try_action(play, action):
    seat = play.deciding
    try:
        play.state.apply(action)
    except IllegalMove as reason:
        play.message.show(str(reason), ui.BAD, frames=90)
        play.app.sound.play(sound.ILLEGAL)
        return False
    play.app.sound.play(sound.MOVE)
    play.message.clear()
    play.deciding = None
    play.redraw(seat)
    state = play.state
    after = state.current_player()
    if after != OVER and (after != seat or getattr(state, "new_turn", bool)()):
        play.save()  # the person's turn is complete: before anything else: a computer, the pass screen, a roll, their next turn
    rolls = after == CHANCE and not getattr(play.info.registry, "CHANCE_WITH_MOVE", 0)
    if rolls or after >= 0 and (play.bots & (1 << after) or play.passes_to(after)):
        # A computer thinks, the pass screen comes, or the dice roll (a
        # card is drawn, a tile turns) in the next frame, not on top of
        # this one's garbage and drawing: a move and the roll after it
        # in one frame took the device well over 100 ms.
        play.wait = 1
    else:
        play.advance()
    play.show()
    return True


def named(play, text):
    """`text`, a describe(), with the seats it names as "P1".."P9" called
    by their names (kapsa.seatnames, imported only if there is a "P")."""
    if "P" not in text:
        return text
    from kapsa.seatnames import named

    return named(play.app, text)


def logged(state):
    """(actions, width, count): the engine's own bytes of its actions,
    `_acts`, and the bytes of one (ACT_BYTES: no copy, which late in a
    game would be 1-2 KB the device's heap may not have in one piece),
    or without them a list of them (actions())."""
    width = getattr(state, "ACT_BYTES", 0)
    actions = state._acts if width else state.actions()
    return actions, width, len(actions) // (width or 1)


def coded(play, picks):
    """The start of the save's extra of a game with a code: its 13 bytes
    and `picks`, the chance picks made (kapsa.play, docs/codes.md)."""
    return play.coded + bytes((picks & 255, picks >> 8)) if play.coded else b""


def save(play):
    """Save the game if it changed since the last save."""
    play.drawn = play.unsaved_move = False
    play.since_save = 0
    actions, width, count = logged(play.state)
    if play.finished or count == play.saved:
        return
    play.app.store.save_game(play.info.name, play.seats, play.options, play.bots, actions,
                             coded(play, play.picks), width)
    play.saved = count


def restart(play):
    """From the pause menu (over the game or over the pass screen). The
    new game is saved at once: a cut must not bring the old one back.
    On the device it opens in a fresh VM, as any game does. A game with a
    code starts over with that code: the same dice, cards or tiles."""
    extra = coded(play, 0)
    app = play.app
    app.store.save_game(play.info.name, play.seats, play.options, play.bots, [], extra)
    relauncher = app.relauncher
    # One more played (kapsa.tally): on the device counted by the VM that
    # opens next, before it restarts into the game (kapsa.main.make_app),
    # so that no game's VM imports the score history.
    if relauncher is not None and relauncher.open_game(play.info.name, "+"):
        return
    if app.store.writable:
        from kapsa.tally import started

        started(app, play.info, play.seats, play.options, play.bots)
    app.pop_to(play)
    app.replace(type(play)(app, play.info, play.seats, play.options, play.bots, extra=extra))


def finish(play):
    relauncher = play.app.relauncher
    if relauncher is not None and not play.opened_over:
        # On the device the game-over scene opens in a fresh VM (no bot,
        # no garbage of the game): the finished game is saved for it.
        play.save()
        if relauncher.open_game(play.info.name, "="):  # (counted first: kapsa.countvm)
            play.finished = True
            return
    play.finished = True
    if not play.opened_over:  # (a game-over VM's scene clears it once it shows)
        play.app.store.clear_game(play.info.name)
    play.app.sound.play(sound.SCORE)
    from kapsa.gameover import GameOver

    # In a game-over VM the scene comes a part a frame (kapsa.gameover).
    play.app.replace(GameOver(play.app, play, later=play.opened_over))


def reopen_over(play, extra):
    """A finished game's game-over scene again, in a fresh VM (the device),
    its save written once more with `extra`, which the new VM's PlayScene
    carries: what the game keeps of this VM (Hashi's search result). False
    where nothing restarts (a desktop) or the request cannot be written."""
    relauncher = play.app.relauncher
    if relauncher is None:
        return False
    store = play.app.store
    actions, width, _ = logged(play.state)
    store.save_game(play.info.name, play.seats, play.options, play.bots, actions,
                    coded(play, play.picks) + extra, width)
    # The count this VM was opened with goes on (kapsa.counting.note_of): the
    # new VM shows it without reading the score history.
    if relauncher.open_game(play.info.name, note=getattr(play, "note", "")):
        return True
    store.clear_game(play.info.name)  # shown already: the launcher does not offer it
    return False
