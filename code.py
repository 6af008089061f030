"""Kapsa on a PyGamer or PyBadge: pick the board, run the launcher (or the
game a restart asked for)."""

import kapsa
from kapsa.main import start

# CircuitPython runs code.py as __main__; the guard keeps an accidental
# `import code` on a desktop (pdb does one) from starting Kapsa.
if __name__ == "__main__":
    app = start()
    # The start-up code is not needed again in this VM: let its heap go.
    del start
    kapsa.forget("kapsa.main")
    app.run()
