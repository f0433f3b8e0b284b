# syntax=docker/dockerfile:1
# Khedma's image: build everything in one stage, then a slim Node.js 24 runtime with the build and the
# production dependencies only, run as the unprivileged `node` user. docs/deployment.md explains it.
#   docker build -t khedma .        (or: podman build -t khedma .)
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Dependencies first, so that a change of the sources alone reuses this layer.
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
# The web app (apps/web/dist) and the server bundle (apps/server/dist/main.js): nothing is built at start.
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 && mkdir -p /out/apps/server /out/apps/web /out/packages/shared \
 && cp -r package.json node_modules scripts /out/ \
 && cp -r apps/server/package.json apps/server/dist apps/server/drizzle /out/apps/server/ \
 && if [ -d apps/server/node_modules ]; then cp -r apps/server/node_modules /out/apps/server/; fi \
 && cp -r apps/web/package.json apps/web/dist /out/apps/web/ \
 && cp -r packages/shared/package.json packages/shared/src /out/packages/shared/

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072
# GLIBC_TUNABLES: large blocks given back to the system when freed (scripts/lib.mjs MALLOC_TUNABLES, issue 40).
WORKDIR /app
COPY --from=build /out/ /app/
# The embedded database and local uploads, when DATABASE_URL and S3_BUCKET are not set (one instance only).
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness only: the process answers (a database outage is not a reason to restart it). Load balancers
# and orchestrators ask GET /readyz for traffic (docs/deployment.md, "Probes").
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/livez').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself is PID 1 and handles SIGTERM (drains, then exits 0); no shell in between.
# --max-semi-space-size=8: V8's young generation capped (scripts/lib.mjs SERVER_NODE_FLAGS, issue 40).
CMD ["node", "--max-semi-space-size=8", "--enable-source-maps", "apps/server/dist/main.js"]
