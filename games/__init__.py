"""The games. Each games/<name>/__init__.py is registry data only."""
