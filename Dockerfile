# syntax=docker/dockerfile:1
# The documentation site as one container: remix-serve behind the request guard.
#
#   docker build --build-arg SITE_COMMIT=$(git rev-parse --short=12 HEAD) -t smriti-docs .
#   docker run -d -p 127.0.0.1:3000:3000 smriti-docs
#
# tests/http/container.spec.ts reads this file and reproduces the runtime stage
# without Docker: keep each step on its own instruction, CMD and HEALTHCHECK in
# exec form.

# ---- build: all dependencies, compiled content and app ----
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# A BuildKit cache mount keeps npm's download cache out of every layer.
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
# The build context has no .git: the commit /healthz reports comes from here.
ARG SITE_COMMIT=""
RUN npm run build

# ---- runtime: production dependencies and the build, nothing else ----
FROM node:24-bookworm-slim AS runtime
ARG SITE_COMMIT=""
LABEL org.opencontainers.image.title="Smriti documentation site" \
      org.opencontainers.image.revision="${SITE_COMMIT}"
# MALLOC_ARENA_MAX: glibc gives each thread (libuv's pool compresses pages) its
# own memory arenas, which keep freed memory; two arenas took about 20 MB off
# the server's RSS under load (bench/README.md, "soak").
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY package.json package-lock.json ./
# --omit=optional leaves out typescript (an optional peer of @remix-run/*) and
# a React Native polyfill: half the size, nothing the server loads.
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --omit=optional --no-audit --no-fund
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
# Files stay owned by root: the server only reads them.
USER node
EXPOSE 3000
# No curl in the slim image; Node's fetch does the same job.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`, { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself is PID 1 (no npm, no shell), so `docker stop`'s SIGTERM reaches
# remix-serve and the guard: requests in flight finish, then the process exits.
# The guard (build/request-guard.mjs) is bundled from server/guard/ by the build;
# remix-serve is started through the bin npm links for it, its public entry.
# Small V8 heap limits keep the process near 100 MB under load instead of
# letting the heap grow to ~180 MB (bench/README.md); the live heap is ~40 MB,
# and the page cache lives outside it (SITE_PAGE_CACHE_MB).
CMD ["node", "--max-semi-space-size=2", "--max-old-space-size=128", "--import", "./build/request-guard.mjs", "node_modules/.bin/remix-serve", "build/index.js"]
