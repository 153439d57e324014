#!/usr/bin/env bash
# One command from a fresh clone to a running site on the embedded defaults (PGlite, local media,
# embedded auth): installs dependencies, builds, and serves http://localhost:${PORT:-3000}.
source "$(dirname "$0")/lib.sh"
ensure_node_modules
ensure_build
# V8 sizes its heap from the machine's memory (gigabytes on a big host) and collects lazily until
# it nears that size, so a long-running site's memory climbs for hours without leaking. A fixed
# old-space limit keeps it flat (see reliability/REPORT.md); HEAP_LIMIT_MB changes it. A 4 MB
# semi-space (V8's default is 16 MB) keeps about 30 MB less resident than 8 MB with the same
# cached-page throughput; 1 MB serves the home page about 14 % slower (docs/operations.md#memory).
# test/helpers/server.ts's START_NODE_OPTIONS says the same for the bench and the soak. V8's heap
# growing factor, which Node.js does not take from NODE_OPTIONS, is set by the server itself
# (lib/startup/heap-growth.ts).
# --experimental-next-config-strip-types: Node.js reads next.config.ts itself, so Next.js does not
# load its compiler (SWC) into the server for that (about 35 MB less resident, docs/operations.md#memory);
# the warning it would print once (package.json has no "type") is silenced.
export NODE_OPTIONS="--max-old-space-size=${HEAP_LIMIT_MB:-512} --max-semi-space-size=4 --disable-warning=MODULE_TYPELESS_PACKAGE_JSON ${NODE_OPTIONS:-}"
exec next start --experimental-next-config-strip-types --port "${PORT:-3000}"
