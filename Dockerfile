# Summit in a container: one app server (run several behind a proxy; see compose.yaml and the
# README's "Running in production"). Needs an external PostgreSQL (DATABASE_URL) and, with more
# than one server, S3-compatible storage (S3_*).
#
#   docker build -t summit .
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://user:pass@db:5432/summit \
#     -e SESSION_SECRET=$(openssl rand -hex 32) -e APP_URL=https://summit.example summit
#
# Node 22 (>= 22.17) satisfies every dependency's engines (MikroORM 7.2 wants >= 22.17); the
# server itself runs on Bun, taken from the `bun` npm package of the lock file.

# ---- build: every dependency, then the design system's generated code and CSS
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- runtime dependencies only (no dev dependencies)
FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# ---- what runs: sources the server loads or bundles at start, migrations, built CSS
FROM node:22-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 SEED_DEMO=false \
    STORAGE_DIR=/data/storage OUTBOX_DIR=/data/outbox
COPY --from=deps /app/node_modules ./node_modules
# Bun is a dev dependency of the repository: its binary comes from the build stage's install.
COPY --from=build /app/node_modules/bun ./node_modules/bun
COPY --from=build /app/node_modules/@oven ./node_modules/@oven
RUN ln -sf ../bun/bin/bun.exe node_modules/.bin/bun && node_modules/.bin/bun --version \
    && mkdir -p /data/storage /data/outbox && chown -R node:node /data
COPY package.json tsconfig.json panda.config.ts ./
COPY src ./src
COPY islands ./islands
COPY design-system ./design-system
COPY migrations ./migrations
COPY public ./public
COPY scripts/create-admin.ts ./scripts/create-admin.ts
COPY --from=build /app/styled-system ./styled-system
COPY --from=build /app/dist ./dist
# Stories and tests are not part of the product.
RUN find src islands design-system \( -name '*.stories.tsx' -o -name '*.test.ts' -o -name '*.test.tsx' \) -delete
USER node
VOLUME ["/data"]
EXPOSE 3000
# Ready = the database and the storage answer and the migrations are applied.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health/ready').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node_modules/.bin/bun", "run", "src/server.ts"]
