# Starts a throw-away PostgreSQL cluster for tests: `source scripts/pg-temp.sh; pg_temp_start; ...; pg_temp_stop`.
# Exports DATABASE_URL. Runs as the `postgres` system user when invoked as root (initdb refuses root).
pg_temp_start() {
  local bindir
  bindir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  PG_TEMP_DIR=$(mktemp -d /tmp/pgtest.XXXXXX)
  PG_TEMP_PORT=${PG_TEMP_PORT:-55432}
  local as=()
  if [ "$(id -u)" = "0" ]; then
    id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
    chown postgres "$PG_TEMP_DIR"
    as=(runuser -u postgres --)
  fi
  "${as[@]}" "$bindir/initdb" -D "$PG_TEMP_DIR/data" -U store --auth=trust -E UTF8 >/dev/null
  "${as[@]}" "$bindir/pg_ctl" -D "$PG_TEMP_DIR/data" -l "$PG_TEMP_DIR/log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $PG_TEMP_PORT -k $PG_TEMP_DIR -c fsync=off -c max_connections=200" start >/dev/null
  "${as[@]}" "$bindir/createdb" -h 127.0.0.1 -p "$PG_TEMP_PORT" -U store store
  export DATABASE_URL="postgres://store@127.0.0.1:$PG_TEMP_PORT/store"
  PG_TEMP_AS=("${as[@]}")
  PG_TEMP_BIN=$bindir
}

pg_temp_stop() {
  [ -n "${PG_TEMP_DIR:-}" ] || return 0
  "${PG_TEMP_AS[@]}" "$PG_TEMP_BIN/pg_ctl" -D "$PG_TEMP_DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$PG_TEMP_DIR"
}
