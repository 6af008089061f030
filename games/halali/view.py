"""What a seat of a Halali game sees: View, made by State.view(seat)
(engine.py); docs/halali.md lists its fields.

Halali hides nothing from one player that the other knows: a face-down
tile is unknown to both, and the state holds no identity until a tile is
turned (its kind is drawn then). So the view is the whole game, the same
for both seats but for `seat` and `mine`: the board, the counts of what
is still face down, the rule state (lock, back moves, final-phase turns),
captures, points and the match.

Runs unchanged on CircuitPython, MicroPython and CPython.
"""

from micropython import const

from kapsa.engine import OVER
from games.halali.legal import moves
from games.halali.tiles import points

# engine.py's numbers (private copies; the engine's test checks them).
_P_OVER = const(2)
_SINGLE = const(1)


class View:
    """state.view(seat): plain data, every container a fresh copy (a bot
    may change them freely). Sides: 0 Blue (beasts), 1 Brown (people)."""

    __slots__ = ("seat", "options", "match", "game", "blue", "mine", "current", "turn",
                 "side", "phase", "over", "pending", "board", "left", "down", "final",
                 "lock", "back", "took", "out", "last", "lastside", "lasttook",
                 "results", "points", "scores", "winner")

    def __init__(self, st, seat):
        self.seat = seat
        self.options = st.options
        self.match = not st.options & _SINGLE  # two games, roles swapped (7)
        self.game = st.game  # 0, or 1: the return match
        self.blue = st.blue  # the seat playing Blue in this game
        self.mine = seat ^ st.blue  # the viewing seat's side
        self.current = cur = st.current_player()  # a seat, CHANCE or OVER
        self.side = st.side  # the side to move (turning a tile at CHANCE)
        self.turn = st.side ^ st.blue  # its seat
        self.phase = st.phase
        self.over = cur == OVER
        self.pending = st.pending  # the square being turned at CHANCE, else 255
        self.board = bytearray(st.board)  # a cell per square (tiles.py)
        self.left = bytearray(st.left)  # face-down tiles per kind (index 1..7)
        self.down = sum(st.left)  # face-down tiles in all
        self.final = st.final  # final-phase turns left (10..1), -1 before it
        self.lock = st.lock  # the duck/pheasant the side to move may not move, or 255
        self.back = bytearray(st.back)  # per side: its last move's from, to (255s)
        self.took = bytearray(st.took)  # took[8 * side + kind]: tiles taken
        self.out = bytearray(st.out)  # out[8 * side + kind]: brought out
        self.last = st.last  # the last action of a side in this game, -1 none
        self.lastside = st.lastside  # which side made it
        self.lasttook = st.lasttook  # the kind it took, 0 none
        self.results = bytearray(st.results)  # per finished game: seat 0's, seat 1's
        self.points = [points(st, 0), points(st, 1)]  # per side, this game
        self.scores = s = st.scores()  # per seat, all games so far
        self.winner = None  # once over: the seat with more points, -1 a draw (OP-8)
        if self.over:
            self.winner = 0 if s[0] > s[1] else 1 if s[1] > s[0] else -1

    def seat_of(self, side):
        """The seat playing `side` in this game."""
        return side ^ self.blue

    def turns_left(self, side):
        """Final-phase turns left to `side` (F2), -1 before the final phase."""
        f = self.final
        if f < 0:
            return -1
        return (f + 1) // 2 if side == self.side else f // 2

    def moves(self):
        """legal.moves() on this view: the side to move's legal actions."""
        return moves(self)
