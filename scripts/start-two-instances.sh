#!/usr/bin/env bash
# Starts two Ringi instances on one PostgreSQL database and one Redis, on loopback, for trying
# the scale-out set-up without Docker (docker-compose.yml does the same with containers).
#   DATABASE_URL (default postgres://postgres@127.0.0.1:5432/ringi), REDIS_URL (default
#   redis://127.0.0.1:6379), PORTS (default "8081 8082"), JWT_SECRET (generated once per run).
# Every instance must share DATABASE_URL, REDIS_URL and JWT_SECRET; each gets its own DATA_DIR.
# Ctrl-C (or SIGTERM to this script) stops both and waits for them. Put a load balancer (nginx,
# HAProxy, a cloud LB) in front of the ports.
# Each instance is one plain `node dist-server/server/main.js` process, the server compiled once
# (not `npx tsx`: npm and the tsx CLI would add two wrapper processes, ~115 MB, a signal to the
# wrapper left the server running, and the TypeScript loader costs ~60 MB more per instance).
set -euo pipefail
cd "$(dirname "$0")/.."
export DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/ringi}"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"
export JWT_SECRET="${JWT_SECRET:-$(node -e "console.log(require('node:crypto').randomBytes(32).toString('base64url'))")}"
PORTS="${PORTS:-8081 8082}"
db_name="${DATABASE_URL##*/}"; db_name="${db_name%%\?*}"
psql "${DATABASE_URL%/*}/postgres" -tAc "select 1 from pg_database where datname = '$db_name'" | grep -q 1 \
  || psql "${DATABASE_URL%/*}/postgres" -c "create database \"$db_name\""
[ -d dist ] || npm run build
node scripts/build-server.mjs   # the server from the current sources (under a second)
npm run seed   # migrate once and seed the demo data when empty, before the instances start
pids=()
stop() {
  trap - EXIT INT TERM
  [ "${#pids[@]}" -gt 0 ] && kill -TERM "${pids[@]}" 2>/dev/null || true
  wait "${pids[@]}" 2>/dev/null || true
}
trap stop EXIT INT TERM
for port in $PORTS; do
  PORT="$port" HOST="${HOST:-127.0.0.1}" DATA_DIR="./data/instance-$port" node dist-server/server/main.js &
  pids+=("$!")
  echo "instance on http://127.0.0.1:$port (pid $!)"
done
wait
