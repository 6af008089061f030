"""The Qwinto baseline the benchmark and the tests compare the bot against
(tools/bench_qwinto.py); the device never loads it."""

from games.qwinto.engine import CHOOSE, KEEP, P_CHOOSE, P_DECIDE, PASS


def greedy_choose(view, legal):
    """Baseline: roll all three dice, keep, write into the legal box whose
    typical value (2 + 2 x its place in the row) is nearest the sum; a
    non-active seat writes only when that is within 2."""
    if view.phase == P_CHOOSE:
        return CHOOSE + 7
    if view.phase == P_DECIDE:
        return KEEP
    best = PASS
    dist = 99
    for b in legal:
        if b != PASS and abs(view.total - 2 - 2 * (b % 9)) < dist:
            best = b
            dist = abs(view.total - 2 - 2 * (b % 9))
    return PASS if dist > 2 and view.seat != view.active else best
