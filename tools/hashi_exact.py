"""Hashi hindsight optimum on the desktop, proven: the rules of a solo game
with a known card order written as one integer program for Google OR-Tools'
CP-SAT solver, which either proves the best score or, cut short by a time
limit, reports the best it found and a proven upper bound.

This is the desktop counterpart of games/hashi/solver.py (which runs on the
device within a budget and mostly ends with "at least N"); it uses the same
inputs (board id, start action, card indices in drawing order) and returns
the same kind of witness: engine actions that engine.replay(1, options,
line) plays to exactly the best score, which solve() checks.

The model, per island i, connection k and round r = 1..R (R = len(cards)):
- w[i, r]: card r's number is written on island i (A1: one island per
  card, one number per island; the start island holds the start number);
- x[k, r] in 0..2: bridges added on k in round r; a round adds all of the
  card's bridges or none (B1); at most 2 on a line (H2); of two crossing
  lines at most one is ever used (H3);
- B3: a bridge in round r needs one end numbered by round r (action a
  comes first); A3: a flag island is numbered only if a bridge reached it
  in an earlier round;
- H4/H5: degrees only grow, so it is enough that the final degree is at
  most the island's number (6 without one); A4 and "no bridge onto a
  finished island" follow from it;
- finished by round t: numbered and degree equal to the number then (it
  stays finished: no bridge can be added to it);
- bonuses (section 8): a flag category is met by round t when all its
  islands are finished by t; six connected (K4) when 6 islands finished by
  t are joined by lines carrying bridges by t, written as a flow of 5 units
  from one of them over such lines (a group of 6 or more always contains a
  connected 6); high value by the solo deadline, low value later.
The round order within a round does not matter: every constraint is
monotone, so the bridges of a round can be placed in any order.
"""

import os
import sys

from ortools.sat.python import cp_model

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (os.path.join(ROOT, "lib"), ROOT):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from games.hashi import engine as E  # noqa: E402
from games.hashi.boards import BRIDGES, NUMBERS, board as _board  # noqa: E402
from games.hashi.sheet import CAT_BLUE, CAT_RED, CAT_SIX, HIGH, LOW, SOLO_DEADLINE  # noqa: E402

OPTIONS = (0, E.BOARD_B, E.BOARD_P)  # engine options of board id 0 = A, 1 = B, 2 = P


class Result:
    """best: the best score found; upper: a proven upper bound; proven:
    best == upper; line: engine actions reaching best; seconds: wall time."""

    def __init__(self, best, upper, proven, line, seconds):
        self.best = best
        self.upper = upper
        self.proven = proven
        self.line = line
        self.seconds = seconds

    def summary(self):
        if self.proven:
            return "best with these cards: %d" % self.best
        return "at least %d (upper bound %d)" % (self.best, self.upper)


class Model:
    """The CP-SAT model of one solo game: board id, start action, cards."""

    def __init__(self, board_id, start, cards):
        b = self.b = _board(board_id)
        self.board_id = board_id
        self.start = start
        self.cards = list(cards)
        m = self.m = cp_model.CpModel()
        n, nc, R = b.n, b.nc, len(self.cards)
        rounds = range(1, R + 1)
        s0 = start & 31
        s_num = 3 if start < E.START4 else 4
        number = [NUMBERS[c] for c in self.cards]
        width = [BRIDGES[c] for c in self.cards]

        # action a
        w = self.w = {(i, r): m.NewBoolVar("w%d_%d" % (i, r))
                      for i in range(n) if i != s0 for r in rounds}
        for r in rounds:
            m.AddAtMostOne(w[i, r] for i in range(n) if i != s0)
        # numbered[i][t]: island i has a number after round t's action a
        numbered = [[] for _ in range(n)]
        nums = []  # the number island i ends with (0: none)
        for i in range(n):
            if i == s0:
                numbered[i] = [1] * (R + 1)
                nums.append(s_num)
                continue
            m.AddAtMostOne(w[i, r] for r in rounds)
            numbered[i].append(0)
            for r in rounds:
                numbered[i].append(numbered[i][-1] + w[i, r])
            num = m.NewIntVar(0, 6, "n%d" % i)
            m.Add(num == sum(number[r - 1] * w[i, r] for r in rounds))
            nums.append(num)

        # action b: x[k, r] added in round r; on[k][t] carried after round t
        x = self.x = {(k, r): m.NewIntVar(0, 2, "x%d_%d" % (k, r)) for k in range(nc) for r in rounds}
        on = [[0] for _ in range(nc)]
        for k in range(nc):
            for r in rounds:
                c = m.NewIntVar(0, 2, "c%d_%d" % (k, r))  # H2
                m.Add(c == on[k][-1] + x[k, r])
                on[k].append(c)
        degree = [[0] for _ in range(n)]
        for i in range(n):
            for r in rounds:
                d = m.NewIntVar(0, 6, "d%d_%d" % (i, r))  # H5
                m.Add(d == sum(on[k][r] for k in b.adj[i]))
                degree[i].append(d)
        for r in rounds:
            z = m.NewBoolVar("b%d" % r)
            m.Add(sum(x[k, r] for k in range(nc)) == width[r - 1] * z)  # B1
            for k in range(nc):  # B3
                if b.ca[k] != s0 and b.cb[k] != s0:
                    m.Add(x[k, r] <= 2 * (numbered[b.ca[k]][r] + numbered[b.cb[k]][r]))
        used = [m.NewBoolVar("u%d" % k) for k in range(nc)]
        for k in range(nc):
            m.Add(on[k][R] <= 2 * used[k])
        for h, v in b.crossings:
            m.Add(used[h] + used[v] <= 1)  # H3
        for i in range(n):
            if i != s0 and b.flag[i]:  # A3
                m.Add(w[i, 1] == 0)
                for r in range(2, R + 1):
                    m.Add(w[i, r] <= degree[i][r - 1])
            # H4: the degree never passes the number (H5 without one)
            if i == s0:
                m.Add(degree[i][R] <= s_num)
            else:
                m.Add(degree[i][R] <= nums[i]).OnlyEnforceIf(self._has(i, numbered[i][R]))

        # finished by round t: numbered then, degree equal to the number
        finished = {}

        def finished_by(i, t):
            key = (i, t)
            if key not in finished:
                f = finished[key] = m.NewBoolVar("f%d_%d" % key)
                if i != s0:
                    m.Add(numbered[i][t] >= f)
                m.Add(degree[i][t] == nums[i]).OnlyEnforceIf(f)
            return finished[key]

        score = 2 * sum(finished_by(i, R) for i in range(n))
        for cat, islands in ((CAT_RED, b.reds), (CAT_BLUE, b.blues)):
            met_late = m.NewBoolVar("late%d" % cat)
            met_high = m.NewBoolVar("high%d" % cat)
            m.Add(met_high <= met_late)
            t = min(SOLO_DEADLINE[cat], R)
            for i in islands:
                m.Add(met_late <= finished_by(i, R))
                m.Add(met_high <= finished_by(i, t))
            score += LOW[cat] * met_late + (HIGH[cat] - LOW[cat]) * met_high
        six_late = self._six(R, finished_by, on)
        six_high = self._six(min(SOLO_DEADLINE[CAT_SIX], R), finished_by, on)
        m.Add(six_high <= six_late)
        score += LOW[CAT_SIX] * six_late + (HIGH[CAT_SIX] - LOW[CAT_SIX]) * six_high
        self.score = score
        m.Maximize(score)

    def _has(self, i, expr):
        """A Bool equal to the 0/1 expression `expr` (island i numbered)."""
        v = self.m.NewBoolVar("h%d" % i)
        self.m.Add(v == expr)
        return v

    def _six(self, t, finished_by, on):
        """A Bool that can be true only if 6 islands finished by round t
        are joined by lines carrying bridges by round t (K4)."""
        b, m = self.b, self.m
        n = b.n
        met = m.NewBoolVar("six%d" % t)
        pick = [m.NewBoolVar("s%d_%d" % (t, i)) for i in range(n)]
        root = [m.NewBoolVar("r%d_%d" % (t, i)) for i in range(n)]
        m.Add(sum(pick) == 6 * met)
        m.Add(sum(root) == met)
        inflow = [[] for _ in range(n)]
        outflow = [[] for _ in range(n)]
        for k in range(b.nc):
            u, v = b.ca[k], b.cb[k]
            line = m.NewBoolVar("e%d_%d" % (t, k))
            m.Add(line <= pick[u])
            m.Add(line <= pick[v])
            m.Add(on[k][t] >= line)
            for a, c in ((u, v), (v, u)):
                f = m.NewIntVar(0, 5, "q%d_%d_%d" % (t, a, c))
                m.Add(f <= 5 * line)
                outflow[a].append(f)
                inflow[c].append(f)
        for i in range(n):
            m.Add(pick[i] <= finished_by(i, t))
            m.Add(root[i] <= pick[i])
            m.Add(sum(inflow[i]) - sum(outflow[i]) == pick[i] - 6 * root[i])
        return met

    def line(self, solver):
        """The engine actions of the solution in `solver`."""
        b = self.b
        out = [self.start]
        for r in range(1, len(self.cards) + 1):
            out.append(self.cards[r - 1])
            put = [i for i in range(b.n) if (i, r) in self.w and solver.Value(self.w[i, r])]
            out.append(E.NUMBER + put[0] if put else E.SKIP_A)
            for k in range(b.nc):
                out.extend([E.BRIDGE + k] * solver.Value(self.x[k, r]))
            out.append(E.CONFIRM)
        return out


def solve(board_id, start, cards, seconds=None, workers=2):
    """The proven best solo score with these cards from this start (or, with
    `seconds` and cut short, the best found and a proven upper bound)."""
    model = Model(board_id, start, cards)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    if seconds is not None:
        solver.parameters.max_time_in_seconds = seconds
    status = solver.Solve(model.m)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise RuntimeError("no solution: %s" % solver.StatusName(status))
    line = model.line(solver)
    best = int(round(solver.ObjectiveValue()))
    played = E.replay(1, OPTIONS[board_id], line).scores()[0]
    if played != best:
        raise AssertionError("the model's line plays to %d, not %d" % (played, best))
    upper = int(solver.BestObjectiveBound() + 1e-6)
    proven = status == cp_model.OPTIMAL
    if proven:
        upper = best
    return Result(best, upper, proven, line, solver.WallTime())
