# Summit in a container, against an external PostgreSQL:
#   docker build -t summit .
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://user:pass@db:5432/summit \
#     -e SESSION_SECRET=$(openssl rand -hex 32) -e APP_URL=https://summit.example summit
FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY . .
# Generated CSS and island bundles are built ahead of time when the scripts exist.
RUN if grep -q '"build"' package.json; then npm run build; fi

FROM node:22-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 SEED_DEMO=false
COPY --from=build /app ./
RUN npm prune --omit=dev --no-audit --no-fund || true; \
    test -x node_modules/.bin/bun || npm install --no-save bun@1.4.5
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:3000/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node_modules/.bin/bun", "run", "src/server.ts"]
