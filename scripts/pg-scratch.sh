#!/usr/bin/env bash
# A throwaway PostgreSQL cluster on a free loopback port, for tests and trials.
#
#     scripts/pg-scratch.sh start DIR [CERT KEY]  # prints the superuser's URL
#     scripts/pg-scratch.sh kill DIR              # kills it (pg_ctl -m immediate)
#     scripts/pg-scratch.sh restart DIR           # starts it again, as it was
#     scripts/pg-scratch.sh stop DIR              # stops it and removes DIR
#
# With CERT and KEY (PEM files), the server also accepts TLS with that
# certificate (copied into the cluster, readable by its owner only).
#
# Uses the server of `pg_config --bindir` (Debian's postgresql package). initdb
# refuses root, so as root the cluster is the `postgres` user's. Passwords are
# asked over TCP (scram-sha-256); the superuser's is random, in the URL only.
set -euo pipefail

action=${1:?start or stop}
dir=${2:?the cluster directory}
cert=${3:-}
key=${4:-}
bindir=$(pg_config --bindir)

as_owner() {
    if [ "$(id -u)" = 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

case $action in
start)
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres: "$dir"
    password=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
    as_owner bash -c "umask 077; printf '%s\n' '$password' >'$dir/password'"
    as_owner "$bindir/initdb" --pgdata="$dir/data" --username=postgres \
        --auth-local=trust --auth-host=scram-sha-256 --pwfile="$dir/password" \
        --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
        { cat "$dir/initdb.log" >&2; exit 1; }
    tls=""
    if [ -n "$cert" ]; then
        cp "$cert" "$dir/server.crt"
        cp "$key" "$dir/server.key"
        [ "$(id -u)" = 0 ] && chown postgres: "$dir/server.crt" "$dir/server.key"
        chmod 600 "$dir/server.key"
        tls="-c ssl=on -c ssl_cert_file='$dir/server.crt' -c ssl_key_file='$dir/server.key'"
    fi
    # A free port: a random one nothing answers on. Tests running at once may
    # take the same one between the look and the start: the server then
    # cannot bind it, and another port is tried.
    started=""
    for _ in $(seq 5); do
        for _ in $(seq 100); do
            port=$((20000 + RANDOM % 40000))
            (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || break
        done
        rm -f "$dir/server.log"
        if as_owner "$bindir/pg_ctl" --pgdata="$dir/data" --log="$dir/server.log" --wait \
            --options="-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories='$dir' -c max_connections=300 -c fsync=off $tls" \
            start >/dev/null; then
            started=yes
            break
        fi
        grep -q 'Address already in use' "$dir/server.log" || break
    done
    [ -n "$started" ] || { cat "$dir/server.log" >&2; exit 1; }
    echo "postgres://postgres:$password@127.0.0.1:$port/postgres"
    ;;
stop)
    if [ -d "$dir/data" ]; then
        # (Already stopped, say by a failover test: nothing to say.)
        as_owner "$bindir/pg_ctl" --pgdata="$dir/data" --mode=fast --wait stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
kill)
    as_owner "$bindir/pg_ctl" --pgdata="$dir/data" --mode=immediate --wait stop >/dev/null
    ;;
restart)
    # With the options it was last started with (its postmaster.opts).
    as_owner "$bindir/pg_ctl" --pgdata="$dir/data" --log="$dir/server.log" --wait restart >/dev/null
    ;;
*)
    echo "pg-scratch.sh: start, kill, restart or stop, not $action" >&2
    exit 2
    ;;
esac
