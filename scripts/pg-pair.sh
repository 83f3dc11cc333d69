#!/usr/bin/env bash
# A throwaway PostgreSQL primary and its synchronous streaming standby on
# loopback, for the failover tests and trials.
#
#     scripts/pg-pair.sh start DIR     # prints the superuser's multi-host URL:
#                                      # postgres://postgres:PW@127.0.0.1:P,127.0.0.1:S/postgres
#     scripts/pg-pair.sh fail DIR      # kills the primary (pg_ctl -m immediate)
#                                      # and promotes the standby
#     scripts/pg-pair.sh stop DIR      # stops both and removes DIR
#
# The primary is scripts/pg-scratch.sh's cluster in DIR/primary; the standby
# a pg_basebackup of it in DIR/standby. A commit on the primary waits until
# the standby has applied it (synchronous_standby_names = '*',
# synchronous_commit = remote_apply): a sale committed exists on both. With
# target_session_attrs=read-write in the URL a client reaches whichever of
# them takes writes.
set -euo pipefail

action=${1:?start, fail or stop}
dir=${2:?the directory of the pair}
bindir=$(pg_config --bindir)
here=$(dirname "$0")

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
    url=$(bash "$here/pg-scratch.sh" start "$dir/primary")
    password=${url#*://postgres:}; password=${password%%@*}
    address=${url#*@}; address=${address%%/*}; primary_port=${address##*:}
    # A free port for the standby.
    for _ in $(seq 100); do
        port=$((20000 + RANDOM % 40000))
        [ "$port" != "$primary_port" ] || continue
        (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || break
    done
    # The standby: a base backup that follows the primary (-R: its
    # connection, password included, in postgresql.auto.conf).
    as_owner env PGPASSWORD="$password" "$bindir/pg_basebackup" \
        --pgdata="$dir/standby/data" --host=127.0.0.1 --port="$primary_port" \
        --username=postgres --write-recovery-conf --checkpoint=fast \
        >"$dir/basebackup.log" 2>&1 || { cat "$dir/basebackup.log" >&2; exit 1; }
    as_owner "$bindir/pg_ctl" --pgdata="$dir/standby/data" --log="$dir/standby.log" --wait \
        --options="-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories='$dir/standby' -c max_connections=300 -c fsync=off -c hot_standby=on" \
        start >/dev/null || { cat "$dir/standby.log" >&2; exit 1; }
    # Only then the primary waits for it at every commit (set after the base
    # backup, so the standby, once promoted, waits for no standby of its own).
    as_owner "$bindir/psql" -q -h "$dir/primary" -p "$primary_port" -U postgres -d postgres \
        -c "ALTER SYSTEM SET synchronous_standby_names = '*'" \
        -c "ALTER SYSTEM SET synchronous_commit = 'remote_apply'" \
        -c "SELECT pg_reload_conf()" >/dev/null
    # Started once the primary counts it as its synchronous standby.
    for _ in $(seq 100); do
        state=$(as_owner "$bindir/psql" -Atq -h "$dir/primary" -p "$primary_port" -U postgres -d postgres \
            -c "SELECT sync_state FROM pg_stat_replication LIMIT 1")
        [ "$state" = sync ] && break
        sleep 0.1
    done
    [ "$state" = sync ] || { echo "the standby did not become synchronous" >&2; exit 1; }
    echo "postgres://postgres:$password@127.0.0.1:$primary_port,127.0.0.1:$port/postgres"
    ;;
fail)
    as_owner "$bindir/pg_ctl" --pgdata="$dir/primary/data" --mode=immediate --wait stop >/dev/null
    as_owner "$bindir/pg_ctl" --pgdata="$dir/standby/data" --wait promote >/dev/null
    ;;
stop)
    if [ -d "$dir/standby/data" ]; then
        as_owner "$bindir/pg_ctl" --pgdata="$dir/standby/data" --mode=fast --wait stop >/dev/null 2>&1 || true
    fi
    bash "$here/pg-scratch.sh" stop "$dir/primary"
    rm -rf "$dir"
    ;;
*)
    echo "pg-pair.sh: start, fail or stop, not $action" >&2
    exit 2
    ;;
esac
