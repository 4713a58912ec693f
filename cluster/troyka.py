"""Running the Troyka binaries from tasks: where they are, how a subprocess is started so
that it dies with the Ray worker that started it, and the bench signature that tells
whether two machines run the same engine."""

import ctypes
import os
import signal
import subprocess
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parent.parent

#: Linux's prctl option that sends the child a signal when its parent dies.
_PR_SET_PDEATHSIG = 1


def default_binary(name="troyka"):
    """This checkout's release build, or the profile ``$TROYKA_PROFILE`` names (CI tests
    the dev build ``cargo test`` has made); on a cluster every machine needs the binary at
    the path the tasks are given (the same checkout path, or ``--troyka``)."""
    return str(REPOSITORY / "target" / os.environ.get("TROYKA_PROFILE", "release") / name)


def _die_with_parent():
    # A worker killed by Ray (a lost node, a cancelled task) must not leave an engine
    # running on: the kernel kills the child when the worker dies.
    try:
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    except OSError:
        pass


def run(args, cwd=None):
    """Runs a binary to its end and returns its stdout; a failure raises RuntimeError with
    the end of its stderr, so that the task's error says what went wrong."""
    process = subprocess.run(
        [str(a) for a in args],
        cwd=cwd,
        capture_output=True,
        text=True,
        preexec_fn=_die_with_parent if os.name == "posix" else None,
        check=False,
    )
    if process.returncode != 0:
        tail = "\n".join(process.stderr.strip().splitlines()[-5:])
        raise RuntimeError(f"{' '.join(map(str, args))} exited with {process.returncode}: {tail}")
    return process.stdout


def bench_signature(binary):
    """The node count of ``troyka bench``: the search's signature, equal on two machines
    exactly when they run the same engine (its last line is ``N nodes M nps``)."""
    last = run([binary, "bench"]).strip().splitlines()[-1]
    return int(last.split()[0])


_checked = {}


def check_signature(binary, expected):
    """Raises if the binary here does not have the expected bench signature. Checked once
    per worker process and binary (a worker runs many tasks)."""
    stat = os.stat(binary)
    key = (binary, stat.st_mtime_ns, stat.st_size)
    if key not in _checked:
        _checked[key] = bench_signature(binary)
    if _checked[key] != expected:
        raise RuntimeError(
            f"{binary} on {os.uname().nodename} has bench signature {_checked[key]}, "
            f"expected {expected}: not the same engine"
        )
