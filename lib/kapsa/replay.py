"""A finished game stepped through move by move (docs/scores.md,
"Replays"): the game's own screen draws each position from a seat's
view, everything shown (the game is over), and the message line says
the move as the game words it: a game may add games/<game>/watch.py
for both, `view(state, seat)` (Hanabi: the seat's own hand shown) and
`line(screen, view)` (Hanabi: its log's words), imported only here. Right/left: a move on or back
(held: on and on); up/down: whose board; A: to the end (at the end: to
the start); Select: to the start; B: back. Opened from the game-over
scene (the game just played) and from the scores (a kept game,
kapsa.replays); on the device in a VM of its own (kapsa.main.make_app,
the request "~game slot")."""

from kapsa import buttons as btn
from kapsa import ui
from kapsa.app import Scene
from kapsa.ui.widgets import MessageLine

STEP = 16  # moves replayed a frame: half a game's opening's (kapsa.main.REPLAY_STEP), as
# each frame is one a person watches (four-seat Hashi's 32 took the device 130-180 ms)
MARKS = 4  # copies of the game kept on the way, where steps back start (a
# Hashi game of four seats: 2 KB each; the replay VM's heap holds four)


class Host:
    """What a game's screen is made for (the PlayScene it draws for,
    docs/architecture.md: seats, names, the message line), for a game
    that is only watched: nobody decides, nothing is saved."""

    def __init__(self, app, info, seats, options, bots, extra, state):
        self.app = app
        self.info = info
        self.seats = seats
        self.options = options
        self.bots = bots
        self.state = state
        coded = extra[:1] == b"\xc5"  # a game code's bytes first (PlayScene's)
        self.code = bytes(extra[1:9]).decode() if coded else ""
        self.extra = b""  # nothing the game kept after its end (Hashi's final board): watched anew
        self.humans = [s for s in range(seats) if not bots >> s & 1]
        self.message = MessageLine()
        self.holder = None
        self.deciding = None
        self.to_begin = False
        self.wait = 0
        self.sheet = None  # a sprite sheet, read once (kapsa.ui.sprites.kept)
        self.finished = True
        self.watching = True  # a screen may say so (Hanabi names every hand)


class Replay(Scene):
    """`game`: (seats, options, bots, actions, extra, scores) of the game
    to watch; or `slot`, a kept game's (kapsa.replays), read as the
    scene opens. Opened a part a frame, as a game opens (kapsa.main)."""

    def __init__(self, app, info, game=None, slot=""):
        super().__init__(app)
        self.info = info
        self.game = game
        self.slot = slot
        self.host = None
        self.screen = None
        self.state = None
        self.actions = []
        self.marks = []  # copies of the game after `every`, 2 `every`, ... moves
        self.every = STEP  # a multiple of STEP: at most MARKS marks in the game
        self.at = 0  # moves applied to self.state
        self.goal = 0  # moves the person asked to see
        self.mover = 0  # the seat of the last move shown
        self.seat = None  # the seat whose board shows; None: the mover's
        self.said = ""  # the last move in words
        self.moved = False  # and a seat made it (not chance)
        self.ready = False
        self.watch = None  # the game's watch.py, if it has one
        self.due = False  # the move asked for is reached: drawn in the next frame
        self.busy = False  # a frame drew: its garbage collected in the next quiet one

    def tick(self):
        screen, host = self.screen, self.host
        if not self.ready or screen is None or host is None:
            self.open()
            return
        if self.at != self.goal:
            self.work()
        elif self.due:
            self.due = False
            self.show()
        elif self.busy:
            self.busy = False
            self.app.tidy()  # (kapsa.app: in a quiet frame, not a busy one)
        screen.tick()
        host.message.tick()

    def open(self):
        """The next part of opening: the game read, its engine, the host
        and the screen made, built a part a frame, shown."""
        info = self.info
        if self.game is None:
            from kapsa.replays import kept, load

            store, slot = self.app.store, self.slot
            if not slot:  # the newest: the game just counted (kapsa.gameover)
                games = kept(store, info.name)
                slot = games[0].slot if games else "?"
            found = load(store, info.name, slot)
            if found is None:
                self.leave_replay()
                return
            if self.app.stack[0] is self:  # alone in its VM (the device): nothing more to read
                from kapsa import forget

                for name in ("kapsa.replays", "kapsa.storeopen", "kapsa.decode"):
                    forget(name)  # (as a game's VM lets the last two go)
            saved, scores = found
            self.game = (saved.seats, saved.options, saved.bots, saved.actions, saved.extra,
                         scores)
        elif self.host is None:
            seats, options, bots, actions, extra, _ = self.game
            self.actions = actions
            self.every = STEP * max(1, -(-len(actions) // (STEP * (MARKS + 1))))
            self.state = info.load("engine").new_game(seats, options)
            self.host = Host(self.app, info, seats, options, bots, extra, self.state)
            self.mover = self.host.humans[0] if self.host.humans else 0
        elif self.screen is None:
            try:
                self.watch = info.load("watch")
            except ImportError:
                pass
            self.screen = info.load("screen").Screen(self.host)
        elif self.screen.build_step():
            self.group.append(self.screen.group)
            self.group.append(self.host.message)
            self.ready = True
            self.show()

    def work(self):
        """Toward the move asked for: back to the mark below it (or the
        start) when it lies behind, then STEP moves a frame at most; each
        multiple of `every` reached is marked, so a step back costs a
        frame or a few (`every` // STEP at most, and one to draw). A move
        on is made and drawn in one frame; more moves are drawn in the
        frame after theirs."""
        goal, host = self.goal, self.host
        if host is None:
            return
        if goal < self.at:
            marks = self.marks
            every = self.every
            back = max(goal - 1, 0) // every  # marks[back - 1]: the game after back * every moves
            if back > 0:
                self.state = marks[back - 1].copy()
            else:
                self.state = self.info.load("engine").new_game(host.seats, host.options)
            self.at = back * every
            host.state = self.state
            self.due = True
            if goal == 0:
                self.said = ""
                return
        state, actions, marks = self.state, self.actions, self.marks
        if state is None:
            return
        end = min(goal, self.at + STEP)
        if end - self.at > 1:
            self.due = True
        while self.at < end:
            if self.at % self.every == 0 and len(marks) < self.at // self.every:
                marks.append(state.copy())
            action = actions[self.at]
            if self.at == goal - 1:
                self.said = self.words(state, action)
            state.apply(action)
            self.at += 1
        if self.at == goal and not self.due:
            self.show()

    def words(self, state, action):
        """The move as the message line says it: "Ana: 12 into orange"."""
        seat = state.current_player()
        text = state.describe(action)
        if "P" in text:
            from kapsa.seatnames import named

            text = named(self.app, text)
        self.moved = seat >= 0
        if seat < 0:
            return text
        self.mover = seat
        return self.app.name_of(seat) + ": " + text

    def show(self):
        self.busy = True
        state, screen, host = self.state, self.screen, self.host
        if state is None or screen is None or host is None:
            return
        seat = self.mover if self.seat is None else self.seat
        open_view = getattr(self.watch, "view", None)  # (the game's watch.py)
        view = open_view(state, seat) if open_view else state.view(seat)
        screen.draw(view, seat)
        said = self.said
        line = getattr(self.watch, "line", None)
        if line is not None and self.at and self.moved:
            said = line(screen, view) or said  # the game's log's words
        total = len(self.actions)
        text = "%d %s" % (self.at, said) if self.at else "%d moves  >:next A:end" % total
        host.message.show(text, ui.TEXT, frames=0)

    def leave_replay(self):
        app = self.app
        if app.stack[0] is self:  # alone in its VM (the device)
            app.pop_to_root()
        else:
            app.pop()

    def press(self, pressed, held):
        host = self.host
        if not self.ready or host is None:
            if pressed & btn.B:
                self.leave_replay()
            return
        total = len(self.actions)
        goal = self.goal
        if pressed & btn.RIGHT:
            goal = min(goal + 1, total)
        elif pressed & btn.LEFT:
            goal = max(goal - 1, 0)
        elif pressed & btn.A:
            goal = total if goal < total else 0
        elif pressed & btn.SELECT:
            goal = 0
        elif pressed & (btn.UP | btn.DOWN):
            seats = host.seats
            shown = self.mover if self.seat is None else self.seat
            self.seat = (shown + (1 if pressed & btn.DOWN else -1)) % seats
            if self.at == self.goal:
                self.show()
        elif pressed & btn.B:
            self.leave_replay()
        self.goal = goal
