#!/usr/bin/env bash
# Set up (first time) and run every check: pytest on CPython, the
# MicroPython gate and mypy against circuitpython-stubs (both run by pytest).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
exec .venv/bin/python -m pytest -q -p no:cacheprovider tests "$@"
