# Sourced by .ci/run: a throwaway PostgreSQL cluster on a loopback port for the server's tests.
# CI runs as root on a bare machine, so Debian's package is installed when missing and the
# cluster runs as an unprivileged user (PostgreSQL refuses to run as root), in a temp dir.

start_postgres() {
    if [ -n "${CARDTABLE_TEST_POSTGRES_URL:-}" ]; then
        return
    fi
    local bindir
    bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
    if [ -z "$bindir" ]; then
        echo "ci: installing PostgreSQL (Debian's package)"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
        bindir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
    fi
    local run=()
    local owner
    owner=$(id -un)
    if [ "$(id -u)" = 0 ]; then
        owner=cardtable-ci
        id -u "$owner" >/dev/null 2>&1 ||
            useradd --system --no-create-home --shell /usr/sbin/nologin "$owner"
        run=(runuser -u "$owner" --)
    fi
    PG_DIR=$(mktemp -d /tmp/cardtable-pg.XXXXXX)
    chown "$owner" "$PG_DIR"
    local port
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    # From inside the temp dir: the cluster's user may not be able to read the checkout.
    (cd "$PG_DIR" &&
        "${run[@]}" "$bindir/initdb" -D "$PG_DIR/data" -A trust -U postgres --no-sync \
            >"$PG_DIR/initdb.log" &&
        "${run[@]}" "$bindir/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -o \
            "-k $PG_DIR -p $port -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" \
            start >/dev/null)
    PG_STOP=("${run[@]}" "$bindir/pg_ctl" -D "$PG_DIR/data" -m immediate stop)
    trap stop_postgres EXIT
    export CARDTABLE_TEST_POSTGRES_URL="postgresql+psycopg://postgres@127.0.0.1:$port/postgres"
    echo "ci: PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"
}

stop_postgres() {
    (cd "$PG_DIR" && "${PG_STOP[@]}" >/dev/null 2>&1) || true
    rm -rf "$PG_DIR"
}
