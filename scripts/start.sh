#!/usr/bin/env bash
# One command from a fresh clone to a running site on the embedded defaults (PGlite, local media,
# embedded auth): installs dependencies, builds, and serves http://localhost:${PORT:-3000}.
source "$(dirname "$0")/lib.sh"
ensure_node_modules
ensure_build
# The production Node.js options (heap limits, AsyncLocalStorage without promise hooks) and malloc
# settings, explained in scripts/node-options.mjs; HEAP_LIMIT_MB changes the old-space limit (512 MB).
# --experimental-next-config-strip-types: Node.js reads next.config.ts itself, so Next.js does not
# load its compiler (SWC) into the server for that (about 35 MB less resident, docs/memory.md).
export_server_environment
exec next start --experimental-next-config-strip-types --port "${PORT:-3000}"
