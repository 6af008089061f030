"""The game driver: PlayScene plays any engine that follows the contract
(its screen gets only state.view(seat)). It is one class in three
modules, cut by what they do, each compiling in the 24 KB a device has
free:
- kapsa.play (here): its state and its frame: tick(), advance() (chance,
  a computer's move, a person's turn), press();
- kapsa.moves: turns and saves: a computer thinking, a person's decision
  (the pass screen first) and move, the saves, the end, a restart;
- kapsa.onscreen: the screen: whose view, drawn once a frame, let go
  under the pause menu and made anew; the pause menu and the rules.
Those two hold functions of the scene, its methods below, and do not
import this module.
"""

from kapsa import buttons as btn
from kapsa import ui
from kapsa.app import Scene
from kapsa.engine import CHANCE, OVER
from kapsa.rng import pick
from kapsa import moves, onscreen
from kapsa.ui.widgets import MessageLine

CHANCE_FRAMES = 18  # how long a roll or draw stays on screen (0.6 s)
RUN_FRAMES = 4  # the same for one followed by another (a deal of 20 cards: 2.7 s)
BOT_FRAMES = 24  # how long a computer's move stays on screen (0.8 s)
AUTOSAVE_FRAMES = 30 * 30  # at most one automatic save per 30 s of play


class PlayScene(Scene):
    def __init__(self, app, info, seats, options, bots, actions=(), state=None, extra=b""):
        super().__init__(app)
        self.info = info
        # A game with a code (docs/codes.md) has its code's 13 bytes at
        # the start of its save's extra (C5, the code, the seed) and the
        # chance picks made (2 bytes); what the game kept follows
        # (moves.reopen_over). A game saved before codes has none.
        self.coded = b""
        self.code = ""
        self.picks = 0
        if extra[:1] == b"\xc5":
            self.coded = bytes(extra[:13])
            self.code = self.coded[1:9].decode()
            self.picks = extra[13] | extra[14] << 8
            extra = extra[15:]
        self.extra = extra
        self.engine = info.load("engine")
        self.seats = seats
        self.options = options
        self.bots = bots
        self.hidden = getattr(info.registry, "HIDDEN", False)
        # kapsa.main.Opening replays in a frame of its own (its garbage is
        # collected before the screen is built)
        self.state = state if state is not None else self.engine.replay(seats, options,
                                                                        list(actions))
        self.screen = info.load("screen").Screen(self)
        self.group.append(self.screen.group)
        self.message = MessageLine()
        self.group.append(self.message)
        self.humans = [s for s in range(seats) if not bots & (1 << s)]
        self.holder = None  # the person who has the device now
        self.deciding = None  # seat whose decision is open, or None
        self.thought = None  # a computer's decision, made, not yet played
        self.thinking = None  # and while it is being made (bot.think)
        # The screen is drawn once a frame at most, at the end of tick():
        # a move, the next decision and the scene coming back on screen
        # each ask for it, and two draws in a frame are two views' garbage.
        self.to_draw = None  # the seat whose view to draw, or None
        self.to_begin = False  # and that seat decides: begin() follows
        # While the pause menu covers the game its screen is let go
        # (release) and made anew when the game is back, a part a frame.
        self.remaking = 0  # onscreen.BUILDING, BUILT: from release() until the screen is back
        self.kept = ()  # what the new screen takes over (GameScreen.kept)
        self.presses = []  # pressed while it is being made: played after
        self.resident = ()  # the ON_DEMAND modules in before the menu (onscreen.pause)
        self.wait = 0
        self.saved = moves.logged(self.state)[2]
        self.since_save = 0
        self.drawn = False  # a chance outcome is not saved yet
        self.unsaved_move = False  # nor a computer's move (moves.open_decision)
        self.finished = False
        # Opened on a finished game: the game-over scene's own VM (finish())
        self.opened_over = self.state.current_player() == OVER
        # The bot: with computer seats imported now, when the heap is
        # emptiest; else only if asked for (bot). Not in a game-over VM.
        self._bot = None
        if bots and not self.opened_over:
            self._bot = info.load("bot")

    @property
    def bot(self):
        if self._bot is None:
            self._bot = self.info.load("bot")
        return self._bot

    # -- the screen (kapsa.onscreen)

    viewer = onscreen.viewer
    show = onscreen.show
    show_again = onscreen.show_again
    release = onscreen.release
    remake = onscreen.remake
    redraw = onscreen.redraw
    pause = onscreen.pause

    # -- turns and saves (kapsa.moves)

    think = moves.think
    open_decision = moves.open_decision
    passes_to = moves.passes_to
    try_action = moves.try_action
    save = moves.save
    restart = moves.restart
    finish = moves.finish
    reopen_over = moves.reopen_over

    # -- the loop

    def enter(self):
        if self.opened_over:
            return  # the game-over scene replaces this one at its first tick
        if self.app.stack[0] is self:
            onscreen.let_go(self)  # alone in its VM (the device): the menu's code
        if self.screen is None:
            return  # back from the pause menu: tick() makes the screen anew
        while not self.screen.build_step():
            pass  # made outside kapsa.main.Opening (a desktop): built at once
        self.show_again()

    def tick(self):
        if self.remaking:
            self.remake()
            if self.remaking:  # (or again: a press it played paused the game)
                return
        self.message.tick()
        busy = self.screen.tick()  # (True: it painted a part left for this frame)
        self.since_save += 1
        if self.wait:
            self.wait -= 1
            if not busy:
                self.app.tidy()  # the pause after a move
        elif self.deciding is None and not self.finished and not self.screen.holding:
            self.app.untidy = True
            self.advance()
        elif self.deciding is not None and not busy:
            self.app.tidy()  # a person deciding
        self.show()
        if self.presses:  # made while the screen was made anew: now it is up
            presses = self.presses
            self.presses = []
            for pressed, held in presses:
                self.press(pressed, held)
            self.show()

    def advance(self):
        state = self.state
        seat = state.current_player()
        if self.since_save >= AUTOSAVE_FRAMES:
            self.save()  # long stretches of computer moves
        if seat == OVER:
            self.finish()
        elif seat == CHANCE:
            if self.coded:  # from the code's seed: the same whatever came before
                outcome = pick(int.from_bytes(self.coded[9:], "little"), self.picks, state)
                self.picks += 1
            else:
                outcome = self.app.rng.choose(state)
            news = moves.named(self, state.describe(outcome))
            state.apply(outcome)
            self.drawn = True
            self.redraw(state.current_player())
            # A run of outcomes (a deal) goes quickly; the last one stays.
            wait = CHANCE_FRAMES if state.current_player() != CHANCE else RUN_FRAMES
            self.message.show(news, ui.ACCENT, frames=wait + 6)
            self.wait = wait
            moves.at_once(self, CHANCE)
        elif self.bots & (1 << seat):
            if self.thought is None:
                self.think(seat)  # in frames of its own; it moves in the next
                return
            action = self.thought
            self.thought = None
            if self.hidden:
                # The next person must not read what the computer did with
                # its secret (Hashi: its moves on this card); the screen
                # shows what that person's view allows.
                news = self.app.name_of(seat) + " (computer) plays"
            else:
                news = self.app.name_of(seat) + ": " + moves.named(self, state.describe(action))
            state.apply(action)
            self.unsaved_move = True
            self.redraw(seat)
            self.message.show(news, ui.TEXT, frames=BOT_FRAMES + 6)
            self.wait = BOT_FRAMES
            moves.at_once(self, seat)
        else:
            self.open_decision(seat)

    def press(self, pressed, held):
        if self.remaking:
            self.presses.append((pressed, held))  # played once the screen is back
            return
        if pressed & btn.START:
            self.pause()
            return
        action = self.screen.press(pressed, held)
        if action is not None and self.deciding is not None:
            self.try_action(action)
