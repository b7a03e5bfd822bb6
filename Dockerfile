# Production image: builds the app, then runs server.ts on Node 24 as an unprivileged user, with the
# embedded database under /data (mount a volume there) or Postgres via DATABASE_URL. Demo content is off
# (SEED_DEMO=false) and JSON logs go to stdout. See the README's Deploy section.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx react-router build && npm prune --omit=dev

FROM node:24-slim
WORKDIR /app
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=3000 \
    HOST=0.0.0.0 \
    SEED_DEMO=false \
    LOG_FORMAT=json
# The app's files stay root's (the server cannot change its own code); only /data is the app user's.
COPY --from=build /app/package.json /app/server.ts ./
COPY --from=build /app/server ./server
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/supabase ./supabase
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Liveness (/healthz does not ask the database: an outage is not a reason to restart). The start period
# covers the first start's migrations and seed.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "server.ts"]
