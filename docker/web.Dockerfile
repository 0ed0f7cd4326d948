# syntax=docker/dockerfile:1
# The SPA (web/dist) served by unprivileged nginx on 8080, with SPA fallback; /api and non-GET
# /dashboard requests are proxied to GATEWAY_UPSTREAM (host:port of the gateway Service).
#   docker build -f docker/web.Dockerfile -t shelfscan/web .
ARG NODE_IMAGE=node:24-bookworm-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:stable-alpine

# --- manifests / build: identical to docker/node-service.Dockerfile, so both share the build cache.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests \
 && find . -name package.json -not -path '*/node_modules/*' -exec cp --parents '{}' /manifests/ ';' \
 && cp package-lock.json /manifests/

FROM ${NODE_IMAGE} AS build
WORKDIR /src
ENV npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm npm ci
COPY . .
RUN npm run build

# --- runtime: static files + nginx config template (rendered by the image entrypoint with envsubst).
FROM ${NGINX_IMAGE} AS runtime
USER root
RUN rm -f /etc/nginx/conf.d/default.conf
COPY docker/web/default.conf.template /etc/nginx/templates/default.conf.template
COPY --from=build /src/web/dist/ /usr/share/nginx/html/
RUN chown -R 101:101 /etc/nginx/conf.d && chmod -R a+rX /usr/share/nginx/html
USER 101
ENV GATEWAY_UPSTREAM=gateway:8080
EXPOSE 8080
