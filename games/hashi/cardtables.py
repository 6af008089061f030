"""What the hindsight search (solver.py) knows of the cards to come,
worked out once when it sets up: per round t, the bridges, the numbers and
their sums from round t on, and per bonus deadline the numbers still to
come before it, each as a table the bound reads (bound.py, assign.py).

Runs unchanged on CircuitPython, MicroPython and CPython.
"""

from games.hashi.boards import BRIDGES, NUMBERS


def card_tables(s, b, cards):
    """Search s's tables for board b and the cards in drawing order; the
    cards' bridges (a list) for the bound's first call."""
    R = len(cards)
    nums = [NUMBERS[c] for c in cards]
    brs = [BRIDGES[c] for c in cards]
    s.brs = bytes(brs)
    sb = [0] * (R + 2)  # bridges of rounds >= t
    for t in range(R - 1, -1, -1):
        sb[t] = sb[t + 1] + brs[t]
    s.sb = sb
    s.sn = tails(nums, R)
    s.dsn = {}  # per deadline D: sorted numbers of rounds t..D-1
    for D in s.dl:
        s.dsn[D] = tails(nums, D)
    bs = [1] * (R + 2)  # bit s of bs[t]: s bridges from rounds >= t
    for t in range(R - 1, -1, -1):
        bs[t] = bs[t + 1] | (bs[t + 1] << brs[t])
    s.bs = bs
    ns = [0] * (R + 2)  # sum of the numbers of rounds >= t
    for t in range(R - 1, -1, -1):
        ns[t] = ns[t + 1] + nums[t]
    s.ns = ns
    fm = bytearray(b.n)  # 1 red flag, 2 blue flag
    for i in b.reds:
        fm[i] = 1
    for i in b.blues:
        fm[i] = 2
    s.fm = fm
    return brs


def tails(nums, end):
    """[bytes(sorted(nums[t:end])) for t in range(end + 2)], counted
    rather than sorted (numbers are 1 to 6): little garbage."""
    out = [b""] * (end + 2)
    h = bytearray(7)
    for t in range(end - 1, -1, -1):
        h[nums[t]] += 1
        row = bytearray(end - t)
        x = 0
        for v in range(7):
            for _ in range(h[v]):
                row[x] = v
                x += 1
        out[t] = bytes(row)
    return out
