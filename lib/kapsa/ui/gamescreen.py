"""The base of every game's screen (games/<game>/screen.py: class Screen).

The driver (kapsa.play) owns the rules and the turn order; a screen only
draws views and turns button presses into actions:

- draw(view, seat): show `view` (= state.view(seat)); the only game data a
  screen ever receives are views.
- begin(view, legal): a person at `view`'s seat is to decide now; `legal`
  is state.legal_actions(). Put the cursor somewhere useful.
- press(pressed, held) -> action or None: an action to try. The driver
  applies it; an IllegalMove's reason goes to the message line, so a screen
  may offer an illegal choice on purpose to have the rules say why. press()
  is also called while nobody decides (a computer moves, a roll shows, the
  final boards after the game): a screen may let people look around then
  (other seats' public sheets); what it returns then is ignored.
- tick(): every frame (animations).
- breakdown(view, seat) -> ((label, points), ...) for the game-over scene;
  final_lines(view, seat) -> extra lines (a rank title, a best possible).
- final_tick() -> bool: called every frame while the game-over scene is
  up, for end-of-game work done a slice at a time (a solver showing
  progress); return True when final_lines() would now say something new.

The message line shows state.describe() of each chance outcome, so in a
game with hidden information describe() of a chance outcome must say only
what every seat may know; a computer's moves are announced in such games
only as "Name (computer) plays".

`self.play` gives the seat names (play.app.name_of(seat)), seats, options
and bots, and `self.play.message.show(text)` for short news.
"""

import displayio


class GameScreen:
    def __init__(self, play):
        self.play = play
        self.group = displayio.Group()

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
