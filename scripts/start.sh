#!/usr/bin/env bash
# One command from a fresh clone to a running site on the embedded defaults (PGlite, local media,
# embedded auth): installs dependencies, builds, and serves http://localhost:${PORT:-3000}.
source "$(dirname "$0")/lib.sh"
ensure_node_modules
ensure_build
# V8 sizes its heap from the machine's memory (gigabytes on a big host) and collects lazily until
# it nears that size, so a long-running site's memory climbs for hours without leaking. A fixed
# old-space limit keeps it flat (see reliability/REPORT.md); HEAP_LIMIT_MB changes it.
export NODE_OPTIONS="--max-old-space-size=${HEAP_LIMIT_MB:-512} ${NODE_OPTIONS:-}"
exec next start --port "${PORT:-3000}"
