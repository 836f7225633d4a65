# bankflow's documented deployment (docs/operations.md, "Deploying"): build with the dev
# dependencies, prune them, and run the build with plain node as an unprivileged user.
# `npm run check:production` runs this file's build commands and CMD on a clean copy of the
# checkout, without Docker, and checks /health/ready (CI does so on every run).

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
RUN npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production DATA_DIR=/data PORT=3000
WORKDIR /app
RUN mkdir /data && chown node:node /data
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
USER node
VOLUME /data
EXPOSE 3000
# /health/ready: started, database reachable, migrations current. The certificate may be the
# self-signed one in DATA_DIR, so it is not verified here.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "require('https').get({ host: '127.0.0.1', port: process.env.PORT, path: '/health/ready', rejectUnauthorized: false }, (res) => process.exit(res.statusCode === 200 ? 0 : 1)).on('error', () => process.exit(1))"]
# node itself, not npm: SIGTERM from `docker stop` reaches the server, which drains and exits.
CMD ["node", "build/service/main.js"]
