"""The base of every game's screen (games/<game>/screen.py: class Screen).

The driver (kapsa.play) owns the rules and the turn order; a screen only
draws views and turns button presses into actions:

- draw(view, seat): show `view` (= state.view(seat)); the only game data a
  screen ever receives are views.
- begin(view, legal): a person at `view`'s seat (view.seat) is to decide
  now; `legal` is state.legal_actions(). Put the cursor somewhere useful:
  where this seat left it (see "Each seat its own cursor" below). The
  driver calls begin() once per decision and again, with the same seat,
  when the game comes back on screen (after the pause menu, on a screen
  made anew that took over what KEPT names); draw() calls in between
  (other seats, computers, chance) change nobody's cursor. begin() comes
  right after a draw() of the same view, in the same frame: during that
  draw() self.play.to_begin is True, and a screen whose begin() draws
  everything may leave the drawing to it (Qwinto: one redraw, not two).
- press(pressed, held) -> action or None: an action to try. The driver
  applies it; an IllegalMove's reason goes to the message line, so a screen
  may offer an illegal choice on purpose to have the rules say why. press()
  is also called while nobody decides (a computer moves, a roll shows, the
  final boards after the game): a screen may let people look around then
  (other seats' public sheets); what it returns then is ignored.
- tick(): every frame (animations, a part painted a frame later);
  True when it painted something: the driver then leaves the heap's
  collection (kapsa.app.App.tidy) to a quieter frame.
- holding: while True, the driver waits: no computer moves and no chance
  outcome is drawn (Halali's banner between the games, until A, so that
  the next computer's move is not made, and its news not shown, behind
  it). False unless a screen sets it.
- breakdown(view, seat) -> ((label, points), ...) for the game-over scene;
  final_lines(view, seat) -> extra lines (a rank title, a best possible).
- final_tick() -> bool: called every frame while the game-over scene is
  up, for end-of-game work done a slice at a time (a solver showing
  progress); return True when final_lines() would now say something new.
- a finished game watched (kapsa.replay) is drawn for a
  kapsa.replay.Host in place of the PlayScene (play.watching True):
  nobody decides, nothing is saved; games/<game>/watch.py may add the
  view with nothing hidden and the moves in the game's log's words.

The message line is the bottom 12 pixels (y 116-127), one line, over the
screen while it speaks: the place for button hints, not for the board.
It shows state.describe() of each chance outcome, so in a
game with hidden information describe() of a chance outcome must say only
what every seat may know; a computer's moves are announced in such games
only as "Name (computer) plays".

Each seat its own cursor: people pass the device round, and each must
find the cursor where they left it, not where the previous person did.
The driver never touches cursors; a screen keeps them in self.cursors (a
dict seat -> whatever its cursor is: an index, a position, a tuple) and
calls seat_cursor(view.seat, current, first) at the top of begin():
that stores `current` as the cursor of the seat that began last and
returns the one view.seat left (`first` the first time; `current` itself
when the same seat begins again, as after the pause menu). A screen may
keep more per seat the same way (Qwinto keeps each seat's dice choice).

`self.play` gives the seat names (play.app.name_of(seat)), seats, options
and bots, and `self.play.message.show(text)` for short news.
"""

import displayio


class GameScreen:
    def __init__(self, play):
        self.play = play
        self.group = displayio.Group()
        self.cursors = {}  # seat -> the cursor it left (seat_cursor)
        self.decider = None  # the seat of the last begin()

    def seat_cursor(self, seat, current, first):
        """For begin(): keep `current` as the cursor of the seat that began
        last; return the cursor `seat` left, or `first` if it has none."""
        if self.decider is not None:
            self.cursors[self.decider] = current
        self.decider = seat
        return self.cursors.get(seat, first)

    # What a screen made anew finds again (kept): the driver lets the
    # screen go while the pause menu is up and makes a new one after.
    # Besides each seat's cursor, a game names here the attributes its
    # begin() passes to seat_cursor() and whatever else a person would
    # miss (a choice half made, a banner already read).
    KEPT = ()  # type: tuple

    holding = False  # the driver waits while True (see above)

    def kept(self):
        """(name, value) of what a new screen of this game takes over."""
        return [(name, getattr(self, name)) for name in ("cursors", "decider") + self.KEPT]

    def build_step(self):
        """A part of a screen built over several frames: a game's VM opens
        calling this once a frame (kapsa.main.Opening) until it says True,
        before the screen first shows. A screen built whole in __init__
        has nothing left to do."""
        return True

    # A part of the screen painted a frame after the rest, so that no
    # frame of the device's takes over 100 ms: its frame from later() (0
    # for none), painted by the screen's tick() once due() says so, which
    # then returns True. (A press comes before the tick in a frame: "the
    # next tick" may be this frame's.)
    def later(self):
        """The number of the next frame."""
        return self.play.app.frame + 1

    def due(self, frame):
        """Whether a part set for `frame` (later(); 0: none) is due now."""
        return 0 < frame <= self.play.app.frame

    def draw(self, view, seat):
        raise NotImplementedError

    def begin(self, view, legal):
        pass

    def press(self, pressed, held):
        return None

    def tick(self):
        pass

    def breakdown(self, view, seat):
        return ()

    def final_lines(self, view, seat):
        return ()

    def final_tick(self):
        return False
