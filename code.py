"""Kapsa on a PyGamer or PyBadge: pick the board, run the launcher."""

from kapsa.main import main

main()
