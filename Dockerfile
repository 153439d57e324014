# The site as a container image (deploy/docker/README.md): build, then a slim non-root runtime.
#   docker build -t portfolio .
#   docker run -d -p 127.0.0.1:3000:3000 -v portfolio-data:/data --env-file portfolio.env portfolio
# Data (embedded database, media, auth key) lives in the /data volume.

FROM node:22-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
# `npm install`, not `npm ci`: see ensure_node_modules in scripts/lib.sh. The lock file pins versions.
RUN npm install --no-audit --no-fund --loglevel=error
COPY . .
RUN npx next build && npm prune --omit=dev --no-audit --no-fund --loglevel=error

FROM node:22-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    DATA_DIR=/data \
    NODE_OPTIONS="--max-old-space-size=512 --experimental-async-context-frame --disable-warning=MODULE_TYPELESS_PACKAGE_JSON" \
    MALLOC_MMAP_THRESHOLD_=131072 \
    MALLOC_TRIM_THRESHOLD_=131072
# Everything the build left (code, .next, production dependencies including tsx for the command-line
# tools: npm run backup, restore, db:migrate, doctor).
COPY --from=build --chown=root:root /app /app
# The code is root's and read-only to the site; the site (user node) writes only /data and the
# optimized-image cache.
RUN mkdir -p /data .next/cache && chown node:node /data .next/cache
USER node
VOLUME ["/data"]
EXPOSE 3000
# /api/health: 200 when the database and storage answer, 503 otherwise (docs/operations.md).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM (docker stop) lets in-flight requests and uploads finish, then closes the database.
STOPSIGNAL SIGTERM
CMD ["node_modules/.bin/next", "start", "--experimental-next-config-strip-types"]
