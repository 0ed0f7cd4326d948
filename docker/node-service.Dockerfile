# syntax=docker/dockerfile:1
# One image per Node deployable: gateway, auth, scraper (later billing, search, admin).
#   docker build -f docker/node-service.Dockerfile --build-arg SERVICE=auth -t shelfscan/auth .
# The build context is the repository root (see the root .dockerignore).
ARG NODE_IMAGE=node:24-bookworm-slim

# --- manifests: only package.json files + the lockfile, so `npm ci` stays cached until they change.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests \
 && find . -name package.json -not -path '*/node_modules/*' -exec cp --parents '{}' /manifests/ ';' \
 && cp package-lock.json /manifests/

# --- build: every workspace (the root `npm run build` builds proto, the backend and the web app).
FROM ${NODE_IMAGE} AS build
WORKDIR /src
ENV npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm npm ci
COPY . .
RUN npm run build

# --- dist: the compiled output one service needs: its own dist, the libs and the contracts.
FROM build AS dist
ARG SERVICE
RUN set -eu; \
    case "${SERVICE:-}" in \
      "") echo "build-arg SERVICE is required (gateway, auth, scraper, ...)" >&2; exit 1 ;; \
      gateway) ws=gateway ;; \
      *) ws="services/${SERVICE}" ;; \
    esac; \
    test -f "$ws/dist/main.js" || { echo "$ws/dist/main.js was not built: is SERVICE=${SERVICE} a workspace?" >&2; exit 1; }; \
    mkdir /out; \
    for d in proto libs/* "$ws"; do \
      if [ -d "$d/dist" ]; then mkdir -p "/out/$d" && cp -R "$d/dist" "/out/$d/"; fi; \
    done; \
    find /out -name '*.tsbuildinfo' -delete; \
    find /out -name '*.map' -delete

# --- runtime: production dependencies of that one workspace, compiled code, non-root user.
FROM ${NODE_IMAGE} AS runtime
ARG SERVICE
ENV NODE_ENV=production \
    SERVICE=${SERVICE} \
    npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
WORKDIR /app
RUN groupadd --system --gid 10001 shelfscan \
 && useradd --system --uid 10001 --gid shelfscan --no-create-home --shell /usr/sbin/nologin shelfscan
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm set -eu; \
    if [ "$SERVICE" = gateway ]; then ws=gateway; else ws="services/${SERVICE}"; fi; \
    npm ci --omit=dev --workspace "$ws" --include-workspace-root=false; \
    npm cache clean --force 2>/dev/null || true
COPY --from=dist /out/ ./
USER 10001:10001
# 8080: gateway HTTP (PORT). 9464: a service's /healthz, /readyz, /metrics (HEALTH_PORT).
EXPOSE 8080 9464
# `docker run IMAGE` starts the service; `docker run IMAGE migrate` runs its migrations.
# (The Helm chart sets the same command explicitly: node <workspace>/dist/main.js.)
ENTRYPOINT ["/bin/sh", "-c", "if [ \"$SERVICE\" = gateway ]; then m=gateway/dist/main.js; else m=services/$SERVICE/dist/main.js; fi; exec node \"$m\" \"$@\"", "shelfscan"]
CMD []
