"""Hashi hindsight solver: the best solo score that was possible with the
cards of a finished game, in the order they came (docs/hashi.md, "Bot and
solver"). Runs unchanged on CircuitPython, MicroPython and CPython, a slice
of work at a time:

    s = from_game(options, state.actions())   # or Search(board, start, cards)
    while not s.step(20):                     # e.g. once a frame
        show(s.summary())                     # "at least 54"
    show(s.summary())                         # "best with these cards: 56"

Search.best is the best score found (-1 before the first line is found),
Search.line its witness: engine actions (start, then per round the card,
the number or SKIP_A, the bridges, CONFIRM) that engine.replay(1, options,
line) plays to exactly that score. Search.upper is a proven upper bound of
the optimum; Search.proven becomes True once best == upper (the search
space exhausted, or a line found that reaches the bound).

Two phases, both iterative (no recursion) and small in memory:
1. beam passes of width 1, 2, 4, ... up to `width`: round by round, every
   kept board tries each place for the card's number (and none) with the
   bridges the bot would pick (greedy, V.value() knowing the cards to
   come) or none, and keeps the best `width` boards: good lines fast;
2. depth-first branch and bound over every legal turn (the number, then
   the bridges as a multiset in connection order), children in the order of
   their bounds, cut when the bound cannot beat the best: exact.

The bound (_bound) relaxes the rules: islands that can still be finished
(numbered ones whose open lines can take what they miss, numberless ones
that a coming number still fits) are finished cheapest first within the
bridge ends still to come (an end on an island that is not finished is
wasted), numbers go to distinct islands within reach, all islands finished
needs the numbers to add up to twice a reachable bridge total, and a bonus
counts high only if its islands can be finished by its deadline with the
cards until then.

The search is this module (Search, its driver) and its parts, each small
enough to compile in a small heap: position.py (the board and the rule
tests), cardtables.py (what the cards to come add up to), beam.py
(phase 1), branch.py (phase 2), bound.py and assign.py (the bound). The end screen (ending.py) imports them one a frame once a solo
game is over.
"""

from micropython import const

from games.hashi import beam, bound, branch, value as V
from games.hashi.boards import board as _board
from games.hashi.cardtables import card_tables
from games.hashi.engine import replay
from games.hashi.position import Position

# engine.py's numbers (private copies: inlined, no names kept at run time;
# tests/test_hashi_engine.py checks that they are the engine's).
_BOARD_B = const(1)
_BOARD_P = const(2)
_CONFIRM = const(22)
_START3 = const(128)
_START4 = const(160)

# Beam passes run once per variant of the bot's figures (index, value):
# each finds other lines (six connected weighed less, the deadlines met
# sooner or later).
VARIANTS = ((), ((15, 15),), ((19, 1),), ((19, 6),))


def from_game(options, actions, width=8, table=0):
    """The Search for a solo game from its options and state.actions():
    its board, start and the cards of its confirmed rounds in drawing
    order; the game's own line (up to its last confirmed round) is the
    first best."""
    cards = []
    card = -1
    end = 1
    for x in range(1, len(actions)):
        a = actions[x]
        if card < 0:
            card = a
        elif a == _CONFIRM:
            cards.append(card)
            card = -1
            end = x + 1
    bid = 2 if options & _BOARD_P else (1 if options & _BOARD_B else 0)
    return Search(bid, actions[0], cards, width, table, actions[:end])


class Search(Position):
    """Anytime search; see the module docstring. board_id 0 = A, 1 = B,
    2 = P; start = the setup action (START3 + i or START4 + i); cards =
    deck indices in drawing order (17 for a whole game; fewer is a game
    cut short: the score is then taken after the last of them); width = the
    widest beam pass; table = how many explored positions the exact phase
    may remember to skip repeats (0: none); line = a known line (engine
    actions, e.g. the game itself), replayed for its score."""

    def __init__(self, board_id, start, cards, width=8, table=0, line=None):
        b = _board(board_id)
        self.options = (0, _BOARD_B, _BOARD_P)[board_id]  # engine options of the board
        if not _START3 <= start < _START4 + 32 or b.flag[start & 31]:
            raise ValueError("not a start action")
        R = len(cards)
        Position.__init__(self, b, start, R)
        self.cards = bytes(cards)
        self.R = R
        n = b.n
        brs = card_tables(self, b, cards)
        self.room = bytearray(n)
        self.cap = bytearray(n)
        self.capc = bytearray(n)
        self.cand = bytearray(n)
        self.cnt = bytearray(7)
        self.hist = bytearray(7)
        self.ctx = {}
        self.width = width
        self.table = table
        self.seen = set() if table else None
        self.best = -1
        self.line = None
        self.nodes = 0  # units of work begun (step's budget)
        self.midway = False  # the last one not done
        self.ms = self.last = 0  # the end screen's clock (ending.py)
        self.upper = bound.bound(self, 0, 0, 0, brs[0]) if R else self.score()
        self.proven = False
        self.phase = 1
        self._variant = 0
        if line:
            state = replay(1, self.options, line)
            self.found(state.scores()[0], list(line))
        self._work = self._run()

    def step(self, budget, parts=-1):
        """Do about `budget` units of work (a beam child, or a node of the
        exact search), or stop after `parts` parts (a unit is one or more);
        return self.proven."""
        work = self._work
        saved = bytes(V.P)
        applied = -1
        try:
            while budget > 0 and parts and not self.proven:
                parts -= 1
                if applied != self._variant:
                    applied = self._variant
                    V.P[:] = saved
                    for i, v in VARIANTS[applied]:
                        V.P[i] = v
                if not self.midway:
                    self.nodes += 1
                try:
                    self.midway = next(work) is not None
                except StopIteration:
                    self.midway = False
                    self.proven = True
                    self.upper = self.best
                if not self.midway:
                    budget -= 1
        finally:
            V.P[:] = saved
        return self.proven

    def summary(self):
        if self.best < 0:
            return "searching"
        if self.proven:
            return "best with these cards: %d" % self.best
        return "at least %d" % self.best

    def _run(self):
        if not self.R:
            self.found(self.score(), [self.start])
            return
        w = 1
        while True:
            for v in range(len(VARIANTS)):
                self._variant = v
                self.ctx = {}
                yield  # step() applies the variant before going on
                for part in beam.beam(self, w):
                    yield part  # None: a unit done, 1: a part
            if w >= self.width:
                break
            w *= 2
        self._variant = 0
        self.phase = 2
        for part in branch.branch(self):
            yield part

    def found(self, score, line):
        """A line of play (engine actions) that scores `score`: the best
        yet if it beats it, proven if it reaches the upper bound."""
        if score > self.best:
            self.best = score
            self.line = line
            if score >= self.upper:
                self.proven = True
                self.upper = score
