#!/usr/bin/env bash
# One command from a fresh clone to a running site on the embedded defaults (PGlite, local media,
# embedded auth): installs dependencies, builds, and serves http://localhost:${PORT:-3000}.
source "$(dirname "$0")/lib.sh"
ensure_node_modules
ensure_build
exec next start --port "${PORT:-3000}"
