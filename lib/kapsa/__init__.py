"""Kapsa: the runtime every game shares. No game rules live here."""


def forget(name):
    """Let go of module `name` (sys.modules and its package keep it
    otherwise): once nothing else refers to it, the next collection frees
    its code. Importing it again compiles it again, so only forget a module
    no live object still uses."""
    import sys

    sys.modules.pop(name, None)
    package, _, leaf = name.rpartition(".")
    parent = sys.modules.get(package)
    if parent is not None and hasattr(parent, leaf):
        delattr(parent, leaf)
