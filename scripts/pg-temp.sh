# Starts a throw-away PostgreSQL cluster for tests: `source scripts/pg-temp.sh; pg_temp_start; ...; pg_temp_stop`.
# Exports DATABASE_URL. Runs as the `postgres` system user when invoked as root (initdb refuses root).
#
# The server listens on 127.0.0.1 only, on the first free port of a few candidates below the kernel's ephemeral range
# (a fixed port inside that range can be held by an outgoing connection of an earlier test). When the server does not
# come up, its log is printed and the start is tried again on the next port with conservative settings, so that a CI
# failure says why instead of "Examine the log output".
pg_temp_port_free() {
  # Something accepting on the port means it is taken; a refused connection means it is free.
  ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

pg_temp_start() {
  local bindir
  bindir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  if [ ! -x "$bindir/initdb" ]; then
    bindir=$(dirname "$(ls /usr/lib/postgresql/*/bin/initdb | sort -V | tail -n 1)")
  fi
  PG_TEMP_DIR=$(mktemp -d /tmp/pgtest.XXXXXX)
  local as=()
  if [ "$(id -u)" = "0" ]; then
    id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
    chown postgres "$PG_TEMP_DIR"
    as=(runuser -u postgres --)
  fi
  PG_TEMP_AS=("${as[@]}")
  PG_TEMP_BIN=$bindir
  # Run the server's tools from a directory the postgres user can read.
  pushd "$PG_TEMP_DIR" >/dev/null
  "${as[@]}" "$bindir/initdb" -D "$PG_TEMP_DIR/data" -U store --auth=trust -E UTF8 >/dev/null

  local candidates=("${PG_TEMP_PORT:-25432}" 25433 25434 25435 15432)
  local attempt=0 port started=""
  local extra=""
  for port in "${candidates[@]}"; do
    pg_temp_port_free "$port" || { echo "pg-temp: port $port is taken, trying the next" >&2; continue; }
    attempt=$((attempt + 1))
    if "${as[@]}" "$bindir/pg_ctl" -D "$PG_TEMP_DIR/data" -l "$PG_TEMP_DIR/log.$attempt" -w -t 120 \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $PG_TEMP_DIR -c fsync=off -c max_connections=200 $extra" \
      start >/dev/null; then
      started=$port
      break
    fi
    echo "pg-temp: the server did not start on port $port; its log:" >&2
    cat "$PG_TEMP_DIR/log.$attempt" >&2 || true
    # Conservative settings for the next try: fewer connections, shared memory through mmap, no huge pages.
    extra="-c max_connections=100 -c shared_buffers=32MB -c dynamic_shared_memory_type=mmap -c huge_pages=off"
    [ "$attempt" -ge 3 ] && break
  done
  if [ -z "$started" ]; then
    popd >/dev/null
    echo "pg-temp: could not start a PostgreSQL server (see the logs above)" >&2
    return 1
  fi
  PG_TEMP_PORT=$started
  "${as[@]}" "$bindir/createdb" -h 127.0.0.1 -p "$PG_TEMP_PORT" -U store store
  popd >/dev/null
  export DATABASE_URL="postgres://store@127.0.0.1:$PG_TEMP_PORT/store"
}

pg_temp_stop() {
  [ -n "${PG_TEMP_DIR:-}" ] || return 0
  (cd "$PG_TEMP_DIR" 2>/dev/null && "${PG_TEMP_AS[@]}" "$PG_TEMP_BIN/pg_ctl" -D "$PG_TEMP_DIR/data" -m immediate stop >/dev/null 2>&1) || true
  # The last server processes can still be writing as they exit: try the removal twice.
  rm -rf "$PG_TEMP_DIR" 2>/dev/null || { sleep 1; rm -rf "$PG_TEMP_DIR"; } || true
}
