#!/usr/bin/env bash
# Set up (first time) and start the Kapsa simulator.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
exec .venv/bin/python tools/sim.py "$@"
