#!/bin/sh
# Installs dependencies when they are missing or older than package-lock.json.
set -e
cd "$(dirname "$0")/.."
stamp=node_modules/.lock-hash
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -x node_modules/.bin/node ] || [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "Installing dependencies (npm ci)…"
  npm ci --no-audit --no-fund
  echo "$want" > "$stamp"
fi
