#!/bin/sh
# The whole check: typecheck, lint and format, unit tests, end-to-end tests on the production build.
set -e
cd "$(dirname "$0")/.."

# The browser for the end-to-end tests: Chromium's headless shell (Debian's chromium-headless-shell), the
# build Playwright itself runs headless tests on; it draws pages with about a quarter less CPU than the full
# browser, and the suite is CPU-bound on a 2-core machine. The full browser serves if the shell is missing.
if [ -z "$CHROMIUM_PATH" ] && [ ! -x /usr/bin/chromium-headless-shell ] && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Chromium's headless shell (Debian package) for the end-to-end tests…"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null || true
fi
if [ -z "$CHROMIUM_PATH" ]; then
  for candidate in /usr/bin/chromium-headless-shell /usr/bin/chromium /usr/bin/chromium-browser; do
    [ -x "$candidate" ] && CHROMIUM_PATH=$candidate && break
  done
fi
if [ -z "$CHROMIUM_PATH" ]; then
  echo "Chromium is needed for the end-to-end tests. Install it (Debian/Ubuntu: 'sudo apt-get install chromium-headless-shell')" >&2
  echo "or set CHROMIUM_PATH to a Chromium or Chrome executable." >&2
  exit 1
fi
export CHROMIUM_PATH

# Postgres (Debian's package) for the tests that run the app on a real, private Postgres cluster.
if [ -z "$PG_BIN" ] && ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Postgres (Debian package) for the database tests…"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  else
    echo "Postgres is needed for the database tests. Install it (Debian/Ubuntu: 'sudo apt-get install postgresql')" >&2
    echo "or set PG_BIN to the directory holding initdb and pg_ctl." >&2
    exit 1
  fi
fi

# Java (Debian's headless runtime) for the Nu HTML checker (vnu.jar, from npm) that checks every public page.
if ! command -v java >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Java (Debian package) for the HTML checker…"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless >/dev/null
  else
    echo "Java is needed for the HTML checker test. Install it (Debian/Ubuntu: 'sudo apt-get install default-jre-headless')." >&2
    exit 1
  fi
fi

# Typecheck and lint side by side (each uses one core), each printing its own report.
mkdir -p .tmp
echo "== typecheck and lint"
npm run --silent typecheck > .tmp/typecheck.log 2>&1 &
typecheck=$!
npm run --silent lint > .tmp/lint.log 2>&1 &
lint=$!
typecheck_status=0
lint_status=0
wait $typecheck || typecheck_status=$?
wait $lint || lint_status=$?
cat .tmp/typecheck.log .tmp/lint.log
if [ $typecheck_status -ne 0 ] || [ $lint_status -ne 0 ]; then
  echo "typecheck exited $typecheck_status, lint $lint_status" >&2
  exit 1
fi
echo "== build"
node scripts/ensure-build.ts
# Unit and integration tests, in one Vitest run of two projects (vitest.config.ts): every file on PGlite, and
# the files that open a database again on a real Postgres, a private, throwaway cluster (TEST_DATABASE_URL)
# deleted afterwards.
echo "== unit and integration tests on PGlite and on Postgres (vitest, private Postgres cluster)"
started=$(date +%s)
npx tsx scripts/with-test-postgres.ts npx vitest run
echo "== Vitest run took $(($(date +%s) - started)) s"
echo "== end-to-end tests (playwright)"
started=$(date +%s)
npx playwright test
echo "== Playwright run took $(($(date +%s) - started)) s"
