# VendPort's image: one image for every role (APP_ROLE=api, worker or both).
#
# Debian's own packages throughout: debian:trixie-slim carries Node.js 20 (nodejs 20.19) and the
# PostgreSQL client (pg_dump, pg_restore for `npm run db:backup`) from the same archive, signed
# by Debian and patched by its security team, so nothing in the image comes from a third-party
# apt repository or a curl | sh. Another base (node:20-bookworm-slim, a distroless image, an
# internal mirror): pass --build-arg BASE_IMAGE=... and keep what the runtime stage needs
# (node >= 20.19, pg_dump/pg_restore of PostgreSQL 15 or newer, useradd); see deploy/README.md.
ARG BASE_IMAGE=debian:trixie-slim

# ---------------------------------------------------------------- toolchain: node and npm
FROM ${BASE_IMAGE} AS toolchain
ENV DEBIAN_FRONTEND=noninteractive
RUN apt-get update \
 && apt-get install -y --no-install-recommends nodejs npm ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# A registry mirror, when npm must not go to registry.npmjs.org (passed with --build-arg).
ARG NPM_CONFIG_REGISTRY=https://registry.npmjs.org/
# The manifests first: the dependency layers are rebuilt only when they change.
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY packages/client/package.json packages/client/

# ---------------------------------------------------------------- web: the portal's static files
FROM toolchain AS web
# Install scripts off: the only package with one is esbuild, whose postinstall only checks the
# platform binary that npm already installed as an optional dependency.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build

# ---------------------------------------------------------------- deps: what the server runs on
FROM toolchain AS deps
# The server's workspaces only (the API and the shared package), without their dev dependencies:
# the web app's libraries are in its built files, the test and build tools are not needed.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund -w @vendport/api -w @vendport/shared

# ---------------------------------------------------------------- runtime: node and the app only
FROM ${BASE_IMAGE} AS runtime
ENV DEBIAN_FRONTEND=noninteractive
# nodejs, and the PostgreSQL client for backups; no npm, no compiler, no package build tools.
RUN apt-get update \
 && apt-get install -y --no-install-recommends nodejs postgresql-client ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --user-group --home-dir /app --shell /usr/sbin/nologin vendport \
 && mkdir -p /data /backups \
 && chown vendport:vendport /data /backups
WORKDIR /app
# Owned by root and read-only to the app's user: a compromised process cannot rewrite the code.
COPY package.json ./
COPY --from=deps /src/node_modules node_modules
COPY packages/shared packages/shared
COPY apps/api apps/api
COPY --from=web /src/apps/web/dist apps/web/dist
COPY deploy/healthcheck.mjs deploy/
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    BACKUP_DIR=/backups \
    WEB_DIST=/app/apps/web/dist
USER vendport
EXPOSE 3000
VOLUME ["/data"]
# Ready = the database answers and every migration is applied (a worker serves no HTTP: its check
# is the process itself, see deploy/healthcheck.mjs).
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "deploy/healthcheck.mjs"]
# The same command as `npm start` (scripts/server-command.mjs, checked by its test), without npm:
# node receives SIGTERM itself and drains (server.ts) before the runtime's kill.
CMD ["node", "--max-semi-space-size=64", "--import", "tsx", "apps/api/src/server.ts"]
