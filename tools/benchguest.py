"""What the benchmarks' MicroPython guests share (tools/bench_hanabi.py,
tools/bench_halali.py): guest code, as text, put into a guest's own."""

# A decision as the device makes it, a part of B.think() a frame: its
# action and the fuel of the whole decision; g["part"] keeps the fuel of
# the dearest part (a frame) so far.
THINK_COST = """
def think_cost(v, legal):
    total = 0
    f0 = fuel()
    for a in B.think(v, legal):
        f1 = fuel()
        total += f0 - f1
        if f0 - f1 > g["part"]:
            g["part"] = f0 - f1
        f0 = fuel()
    return a, total
"""
