#!/usr/bin/env bash
# The tests start a throwaway PostgreSQL server of their own (tests/support/pgserver.py). Make sure
# its binaries are on this machine: when they are missing and we may (root, with apt-get), install
# Debian's package; otherwise say what to install. Nothing is started or configured here.
set -euo pipefail
if [ -n "${PG_BINDIR:-}" ] && [ -x "$PG_BINDIR/initdb" ]; then
    exit 0
fi
if command -v initdb >/dev/null 2>&1 || compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null; then
    exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "PostgreSQL server binaries not found: installing Debian's postgresql package." >&2
    # The tests make their own cluster in a temporary folder: the package's default one is not wanted.
    mkdir -p /etc/postgresql-common
    if [ ! -f /etc/postgresql-common/createcluster.conf ]; then
        echo "create_main_cluster = false" >/etc/postgresql-common/createcluster.conf
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends postgresql >/dev/null
    exit 0
fi
echo "PostgreSQL server binaries (initdb, pg_ctl) not found. Install PostgreSQL 15 or newer" \
    "(Debian/Ubuntu: sudo apt-get install postgresql) or set PG_BINDIR to the folder holding them." >&2
exit 1
