# syntax=docker/dockerfile:1
# The SPA (web/dist) on unprivileged nginx (port 8080) with the SPA fallback; /api and non-GET
# /dashboard are proxied to GATEWAY_UPSTREAM (host:port of the gateway Service).
#   docker build -f docker/web.Dockerfile -t shelfscan/web .
ARG NODE_IMAGE=node:24-bookworm-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:stable-alpine

# --- manifests / build: the same text as in docker/node-service.Dockerfile, so BuildKit builds once for every image.
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
RUN npm run build \
 && for d in proto libs/* services/* gateway; do \
      if [ -d "$d/dist" ]; then mkdir -p "/dist/$d" && cp -R "$d/dist" "/dist/$d/"; fi; \
    done

# --- runtime: static files + the nginx config template (rendered by the image's entrypoint with envsubst).
FROM ${NGINX_IMAGE} AS runtime
USER root
RUN rm -f /etc/nginx/conf.d/default.conf
COPY docker/web/default.conf.template /etc/nginx/templates/default.conf.template
COPY --from=build /src/web/dist/ /usr/share/nginx/html/
RUN chown -R 101:101 /etc/nginx/conf.d && chmod -R a+rX /usr/share/nginx/html
USER 101:101
ENV GATEWAY_UPSTREAM=gateway:8080
EXPOSE 8080
