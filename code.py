"""Kapsa on a PyGamer or PyBadge: pick the board, run the launcher."""

from kapsa.main import main

# CircuitPython runs code.py as __main__; the guard keeps an accidental
# `import code` on a desktop (pdb does one) from starting Kapsa.
if __name__ == "__main__":
    main()
