"""A throwaway PostgreSQL server for the tests and the bench: ``initdb`` in a temporary folder, one
``postgres`` listening only on a Unix socket in that folder, removed again by ``stop()``.

Nothing is set up by hand: the server binaries are looked up (``PG_BINDIR``, ``PATH``, then
Debian's /usr/lib/postgresql/<version>/bin), and as root (as in CI) the server runs as the
``postgres`` user, since ``initdb`` refuses to run as root.
"""

from __future__ import annotations

import atexit
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

MISSING = (
    "PostgreSQL server binaries (initdb, pg_ctl) were not found. Install them with"
    " `apt-get install postgresql` (Debian; scripts/test.sh does this when it runs as root)"
    " or point PG_BINDIR at the folder that holds them."
)

TEST_SETTINGS = {
    # A throwaway server for tests only: nothing it holds must survive a crash, so it skips every
    # flush to disk. The bench never uses these (see DURABLE_SETTINGS).
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
}
DURABLE_SETTINGS = {
    # PostgreSQL's own defaults, spelled out: every commit waits for its WAL to reach the disk.
    "fsync": "on",
    "synchronous_commit": "on",
    "full_page_writes": "on",
}


def find_bindir() -> Path:
    """The folder holding ``initdb`` and ``pg_ctl``; raise RuntimeError saying how to get them."""
    candidates = []
    if os.environ.get("PG_BINDIR"):
        candidates.append(Path(os.environ["PG_BINDIR"]))
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(Path(on_path).parent)
    debian = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name), reverse=True)
    candidates.extend(Path(p) for p in debian)
    for folder in candidates:
        if (folder / "initdb").is_file() and (folder / "pg_ctl").is_file():
            return folder
    raise RuntimeError(MISSING)


@dataclass
class PgServer:
    """A running throwaway server: ``url(name)`` is a DSN for one of its databases."""

    folder: Path
    bindir: Path
    user: str | None  # the OS user the server runs as (None: the current user)
    keep: bool = False  # a cluster kept in a folder of the caller's (the bench's cache), not removed

    @classmethod
    def start(cls, *, durable: bool = False, max_connections: int = 200, folder: Path | None = None) -> PgServer:
        """Create a cluster in a new temporary folder and start its server (waits until it
        accepts). With ``folder``, the cluster lives there and is kept when the server stops (the
        next start on that folder finds its databases)."""
        bindir = find_bindir()
        user: str | None = None
        keep = folder is not None
        if folder is None:
            # A short folder name: a Unix socket path must stay under about 100 characters.
            folder = Path(tempfile.mkdtemp(prefix="gh-pg-", dir="/tmp"))
        folder.mkdir(parents=True, exist_ok=True)
        if os.geteuid() == 0:
            user = "postgres"
            try:
                owner = pwd.getpwnam(user)
            except KeyError:
                shutil.rmtree(folder)
                raise RuntimeError("running as root, but there is no `postgres` user to run the server as") from None
            os.chown(folder, owner.pw_uid, owner.pw_gid)
        server = cls(folder, bindir, user, keep)
        data = folder / "data"
        try:
            if not (data / "PG_VERSION").exists():
                server._run(
                    "initdb", "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C", "-N"
                )
            settings = {
                "listen_addresses": "''",
                "unix_socket_directories": f"'{folder}'",
                "max_connections": str(max_connections),
                **(DURABLE_SETTINGS if durable else TEST_SETTINGS),
            }
            with (data / "postgresql.auto.conf").open("a", encoding="utf-8") as conf:
                conf.writelines(f"{name} = {value}\n" for name, value in settings.items())
            server._run("pg_ctl", "-D", str(data), "-l", str(folder / "server.log"), "-w", "-t", "300", "start")
        except BaseException:
            if not keep:
                server._remove()
            raise
        atexit.register(server.stop)  # a crashed test run still stops its server
        return server

    def url(self, database: str = "postgres") -> str:
        """A DSN (asyncpg's and libpq's form) for ``database`` on this server, over its socket."""
        return f"postgresql://postgres@/{database}?host={self.folder}"

    def stop(self) -> None:
        """Stop the server at once and remove its folder (a second call does nothing); a kept
        cluster is stopped cleanly and stays."""
        if not self.folder.exists():
            return
        data = self.folder / "data"
        if (data / "postmaster.pid").exists():
            mode = "fast" if self.keep else "immediate"
            self._run("pg_ctl", "-D", str(data), "-m", mode, "-w", "-t", "300", "stop", check=False)
        if not self.keep:
            self._remove()

    def log(self) -> str:
        """The server's log so far (to explain a failure)."""
        path = self.folder / "server.log"
        return path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""

    def _run(self, program: str, *args: str, check: bool = True) -> None:
        command = [str(self.bindir / program), *args]
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, cwd=self.folder, check=False)
        if check and done.returncode != 0:
            raise RuntimeError(f"{program} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}\n{self.log()}")

    def _remove(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)
