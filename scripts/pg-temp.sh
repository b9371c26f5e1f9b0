# Starts a throw-away PostgreSQL cluster for tests: `source scripts/pg-temp.sh; pg_temp_start; ...; pg_temp_stop`.
# Exports DATABASE_URL (and PG_TEMP_DIR, which pg_temp_ctl and pg_temp_stop need, in this shell or another). Runs as the `postgres` system user when invoked as root (initdb refuses root).
#
# The server listens on 127.0.0.1 only, on the first free port of a few candidates below the kernel's ephemeral range
# (a fixed port inside that range can be held by an outgoing connection of an earlier test). When the server does not
# come up, its log is printed and the start is tried again on the next port with conservative settings, so that a CI
# failure says why instead of "Examine the log output".
pg_temp_port_free() {
  # Something accepting on the port means it is taken; a refused connection means it is free.
  ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# The newest installed server's tools (PG_TEMP_BIN), and how to run them (PG_TEMP_AS: as `postgres` when root).
pg_temp_tools() {
  PG_TEMP_BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  if [ ! -x "$PG_TEMP_BIN/initdb" ]; then
    PG_TEMP_BIN=$(dirname "$(ls /usr/lib/postgresql/*/bin/initdb | sort -V | tail -n 1)")
  fi
  PG_TEMP_AS=()
  if [ "$(id -u)" = "0" ]; then
    id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
    PG_TEMP_AS=(runuser -u postgres --)
  fi
}

pg_temp_start() {
  pg_temp_tools
  local bindir=$PG_TEMP_BIN
  local as=("${PG_TEMP_AS[@]}")
  PG_TEMP_DIR=$(mktemp -d /tmp/pgtest.XXXXXX)
  [ ${#as[@]} -eq 0 ] || chown postgres "$PG_TEMP_DIR"
  # Run the server's tools from a directory the postgres user can read.
  pushd "$PG_TEMP_DIR" >/dev/null
  "${as[@]}" "$bindir/initdb" -D "$PG_TEMP_DIR/data" -U store --auth=trust -E UTF8 >/dev/null

  local candidates=("${PG_TEMP_PORT:-25432}" 25433 25434 25435 15432)
  local attempt=0 port started=""
  local extra=""
  for port in "${candidates[@]}"; do
    pg_temp_port_free "$port" || { echo "pg-temp: port $port is taken, trying the next" >&2; continue; }
    attempt=$((attempt + 1))
    local options="-c listen_addresses=127.0.0.1 -p $port -k $PG_TEMP_DIR -c fsync=off -c max_connections=200 $extra"
    if "${as[@]}" "$bindir/pg_ctl" -D "$PG_TEMP_DIR/data" -l "$PG_TEMP_DIR/log.$attempt" -w -t 120 -o "$options" start >/dev/null; then
      started=$port
      # Kept for pg_temp_ctl start: the server comes back on the same port with the same settings.
      echo "$options" >"$PG_TEMP_DIR/options"
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

# Stops the running cluster (`stop`: fast shutdown, every connection ended, as a maintenance restart or a failover
# does) or starts it again on its port (`start`), for tests of the store while its database is away. Needs only
# PG_TEMP_DIR, so a process other than the one that started the cluster can call it.
pg_temp_ctl() {
  [ -n "${PG_TEMP_BIN:-}" ] || pg_temp_tools
  case "$1" in
    stop) (cd "$PG_TEMP_DIR" && "${PG_TEMP_AS[@]}" "$PG_TEMP_BIN/pg_ctl" -D "$PG_TEMP_DIR/data" -m fast -w stop >/dev/null) ;;
    start)
      (cd "$PG_TEMP_DIR" && "${PG_TEMP_AS[@]}" "$PG_TEMP_BIN/pg_ctl" -D "$PG_TEMP_DIR/data" -l "$PG_TEMP_DIR/log.again" -w -t 120 \
        -o "$(cat "$PG_TEMP_DIR/options")" start >/dev/null)
      ;;
    *) echo "pg_temp_ctl: stop or start" >&2; return 2 ;;
  esac
}

pg_temp_stop() {
  [ -n "${PG_TEMP_DIR:-}" ] || return 0
  [ -n "${PG_TEMP_BIN:-}" ] || pg_temp_tools
  (cd "$PG_TEMP_DIR" 2>/dev/null && "${PG_TEMP_AS[@]}" "$PG_TEMP_BIN/pg_ctl" -D "$PG_TEMP_DIR/data" -m immediate stop >/dev/null 2>&1) || true
  # The last server processes can still be writing as they exit: try the removal twice.
  rm -rf "$PG_TEMP_DIR" 2>/dev/null || { sleep 1; rm -rf "$PG_TEMP_DIR"; } || true
}
