# Shared set-up steps for scripts/start.sh and scripts/test.sh (sourced, not run).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

# Debian packages the tests need: Chromium's headless shell for Playwright (about a third less CPU
# than the full browser for the same specs), the full Chromium for the bench's Lighthouse runs, and
# PostgreSQL for the production-path tests.
ensure_system_packages() {
  local missing=()
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  [ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
  ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || missing+=(postgresql)
  if [ ${#missing[@]} -gt 0 ]; then
    echo "Installing ${missing[*]} from Debian's packages..."
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}

# Exports the production server's environment (serverEnvironment in scripts/node-options.mjs):
# NODE_OPTIONS, the production options followed by any already set, and glibc's malloc settings,
# keeping values already in the environment. A failing `node` stops the script (set -e).
export_server_environment() {
  local settings setting
  settings="$(node "$(dirname "${BASH_SOURCE[0]}")/node-options.mjs")"
  while IFS= read -r setting; do export "$setting"; done <<<"$settings"
}

# Installs npm dependencies (Node 22 among them, as the `node` package) when missing or stale,
# then puts node_modules/.bin first on PATH so every tool runs on Node 22.
ensure_node_modules() {
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    echo "Installing npm dependencies..."
    # `npm install` (not `npm ci`): this npm leaves other platforms' optional packages out of the
    # lock file, which `npm ci` then rejects as out of sync. The lock file still pins every version.
    npm install --no-audit --no-fund --loglevel=error
  fi
  export PATH="$PWD/node_modules/.bin:$PATH"
  export NEXT_TELEMETRY_DISABLED=1
  local major
  major=$(node -p 'process.versions.node.split(".")[0]')
  if [ "$major" -lt 22 ]; then
    echo "Node 22 or newer is required, found $(node --version)." >&2
    exit 1
  fi
}

# Builds the production bundle unless one newer than every source file exists: everything the build
# reads, and test/fixtures/data-dir, a data folder inside the project whose absence from the build's
# traces test/ops/build-trace.test.ts checks (it must be older than the build it looks at).
ensure_build() {
  if [ -f .next/BUILD_ID ] && [ -z "$(find app components lib models drizzle proxy.ts instrumentation.ts \
    next.config.ts cache-handler.mjs tsconfig.json package-lock.json test/fixtures/data-dir \
    -newer .next/BUILD_ID -print -quit 2>/dev/null)" ]; then
    return
  fi
  echo "Building the site..."
  next build
}
