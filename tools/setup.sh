#!/usr/bin/env bash
# Create .venv and install what Kapsa's desktop side needs (idempotent).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
stamp=.venv/.kapsa-requirements
if [ ! -f "$stamp" ] || ! cmp -s <(cat requirements-device.txt requirements-desktop.txt) "$stamp"; then
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements-desktop.txt
  cat requirements-device.txt requirements-desktop.txt > "$stamp"
fi
