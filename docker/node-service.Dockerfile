# syntax=docker/dockerfile:1
# One image per Node deployable: the gateway and each service (auth, admin, billing, scraper, search).
#   docker build -f docker/node-service.Dockerfile --build-arg SERVICE=auth -t shelfscan/auth .
# The build context is the repository root (see /.dockerignore); docker/README.md explains the stages.
ARG NODE_IMAGE=node:24-bookworm-slim
ARG RUNTIME_IMAGE=gcr.io/distroless/nodejs24-debian12:nonroot

# --- manifests: every package.json and the lockfile, so `npm ci` stays cached until they change.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests \
 && find . -name package.json -not -path '*/node_modules/*' -exec cp --parents '{}' /manifests/ ';' \
 && cp package-lock.json /manifests/

# --- build: every workspace (proto, the backend, the web app); the backend's dist/ folders in /dist.
FROM ${NODE_IMAGE} AS build
WORKDIR /src
ENV npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm npm ci
COPY . .
RUN npm run build \
 && for d in proto libs/* services/* gateway; do \
      if [ -d "$d/dist" ]; then mkdir -p "/dist/$d" && cp -R "$d/dist" "/dist/$d/"; fi; \
    done

# --- app: production dependencies of one workspace and the compiled code of what it links.
FROM ${NODE_IMAGE} AS app
ARG SERVICE
WORKDIR /app
ENV npm_config_update_notifier=false
COPY docker/assemble-app.sh /usr/local/bin/assemble-app
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm assemble-app deps "${SERVICE}"
COPY --from=build /dist/ ./
RUN assemble-app code "${SERVICE}"

# --- runtime: distroless Node 24 (no shell, no npm), uid 65532 ("nonroot"), files owned by root and
# read-only to it. The entrypoint is node; main.js links to <workspace>/dist/main.js.
#   docker run IMAGE              starts the service        docker run IMAGE main.js migrate   runs its migrations
FROM ${RUNTIME_IMAGE} AS runtime
WORKDIR /app
COPY --from=app /app/ ./
ENV NODE_ENV=production
USER 65532:65532
# 8080: the gateway's HTTP (PORT). 9464: a service's /healthz, /readyz, /metrics (HEALTH_PORT).
EXPOSE 8080 9464
CMD ["main.js"]
