"""Job-level proof-number search on the cluster: the master loop around :class:`Tree`.
It keeps one job in flight per CPU of the cluster, each ``troyka solve --json`` on a
most-proving leaf with a node budget (deterministic: one thread), and feeds the reports
back into the tree. A proof comes back inside the report, through Ray's object store,
and is kept compressed in the state directory, so the workers need no shared file
system. Ray retries the job of a worker or machine that is lost. The state is saved (JSON,
atomically) once a minute at most, and when the master stops between two reports (Ctrl-C
while it waits, an error, the end), so a run that crashes or is stopped resumes from its
directory; a crash loses at most the last minute's jobs, which the tree hands out again.
Once the root is solved, jobs still running are cancelled, and the leaves of
the proof that a job solved on the way without writing their proof get a job of their
own, without a budget."""

import gzip
import hashlib
import json
import os
import resource
import tempfile
import time
from pathlib import Path

import ray

from . import troyka
from .files import read_json, write_json
from .pns import Tree, other_side, shown, to_json

STATE = "state.json"
JOB_LOG = "jobs.jsonl"
PROOFS = "proofs"
# Saving the tree after every job held back runs with small budgets: a tree of 300,000
# positions was a 100 MB file, a few seconds to write, for jobs of five seconds.
SAVE_EVERY = 60.0


def proof_path(state_dir, key):
    return Path(state_dir) / PROOFS / f"{key}.proof.gz"


def describe(binary, fen):
    """The ``troyka solve --json`` report of a position, solved no further than one node:
    its proof-format text, board and children, for the tree's root."""
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "root.json"
        troyka.run([binary, "solve", "--fen", fen, "--hash", "1", "--nodes", "1", "--json", path])
        return json.loads(path.read_text())


@ray.remote(num_cpus=1, max_retries=3)
def solve_job(binary, fen, budget, hash_mb):
    """One job: ``troyka solve`` on ``fen`` with at most ``budget`` nodes (``None``: until
    solved). Returns the JSON report, with the proof's text gzipped and its SHA-256 when
    the job solved the position, the table it had (``hash``, MiB) and the binary's CPU
    time (on a shared machine the wall time says little of the work)."""
    started, cpu = time.monotonic(), _children_cpu()
    with tempfile.TemporaryDirectory(prefix="troyka-job-") as directory:
        report_path, proof = Path(directory) / "job.json", Path(directory) / "job.proof"
        args = [binary, "solve", "--fen", fen, "--hash", hash_mb, "--json", report_path, "--proof", proof]
        if budget is not None:
            args += ["--nodes", budget]
        troyka.run(args, cwd=directory)
        report = json.loads(report_path.read_text())
        if report["proof_lines"] is not None:
            text = proof.read_bytes()
            report["proof_sha256"] = hashlib.sha256(text).hexdigest()
            report["proof_gz"] = gzip.compress(text, mtime=0)
    report["hash"] = hash_mb
    report["wall"] = round(time.monotonic() - started, 3)
    report["cpu"] = round(_children_cpu() - cpu, 3)
    report["worker"] = ray.get_runtime_context().get_node_id()
    return report


class Master:
    """A run's state directory: the tree (``state.json``), the job log (``jobs.jsonl``,
    one line per finished job) and the job proofs (``proofs/``). The state records how
    long the log was when it was saved; the log's lines past that (jobs that a crash took
    out of the tree) are cut on resuming, so that the two tell of the same jobs."""

    def __init__(self, state_dir, binary, fen, budget, hash_mb, log=print):
        self.dir = Path(state_dir)
        (self.dir / PROOFS).mkdir(parents=True, exist_ok=True)
        self.binary, self.budget, self.hash_mb, self.log = binary, budget, hash_mb, log
        state = read_json(self.dir / STATE)
        if state is None:
            # The description lists the root's children: the tree starts with them as its
            # leaves rather than spend a job's budget on the root only to expand it.
            description = describe(binary, fen)
            self.tree = Tree.start(description)
            self.tree.finish(self.tree.root, description)
            self.tree.stats.update(budget=budget, wall=0.0)
        else:
            self.tree = Tree.from_json(state)
            if self.tree.nodes[self.tree.root]["fen"] != fen:
                raise SystemExit(f"{self.dir} holds the solve of another position")
            # A run may go on with another budget: the state says the one its jobs have now.
            self.tree.stats["budget"] = budget
            self._cut_job_log()
        self.started = time.monotonic()
        self.wall_before = self.tree.stats.get("wall", 0.0)
        self.last_log = 0.0
        self.last_save = time.monotonic()
        # False while a report is half taken: a tree caught then is not saved.
        self.consistent = True

    def save(self):
        self.tree.stats["wall"] = round(self.wall_before + time.monotonic() - self.started, 3)
        log = self.dir / JOB_LOG
        self.tree.stats["job_log_bytes"] = log.stat().st_size if log.exists() else 0
        write_json(self.dir / STATE, self.tree.to_json(), indent=None)
        self.last_save = time.monotonic()

    def _cut_job_log(self):
        """Drops the log's lines of jobs the saved tree does not have (states saved before
        the state kept the log's length are left as they are)."""
        length = self.tree.stats.get("job_log_bytes")
        log = self.dir / JOB_LOG
        if length is not None and log.exists() and log.stat().st_size > length:
            with open(log, "r+b") as file:
                file.truncate(length)

    def submit(self, key, budget):
        fen = self.tree.nodes[key]["fen"]
        return solve_job.remote(self.binary, fen, budget, self.hash_mb)

    def take(self, key, report):
        """Stores a finished job's proof, then its report in the tree, and logs it. The
        proof's record keeps the job's nodes and table beside the proof's SHA-256: a
        certificate (``join --certificate``) has the checker prove the leaf again with
        them."""
        self.consistent = False
        proof = None
        if "proof_gz" in report:
            path = proof_path(self.dir, key)
            temporary = path.with_name(path.name + ".tmp")
            temporary.write_bytes(report.pop("proof_gz"))
            os.replace(temporary, path)
            winner = report["side"] if report["result"] == "won" else other_side(report["side"])
            proof = {"sha256": report["proof_sha256"], "lines": report["proof_lines"], "winner": winner,
                     "nodes": report["nodes"], "hash": report["hash"]}
        self.tree.finish(key, report, proof)
        self.tree.update()
        root = self.tree.nodes[self.tree.root]
        entry = {k: report[k] for k in ("fen", "result", "nodes", "seconds", "wall", "cpu", "worker")}
        entry.update(at=round(self.wall_before + time.monotonic() - self.started, 3),
                     tree=len(self.tree.nodes), root_pn=to_json(root["pn"]),
                     root_dn=to_json(root["dn"]), proof_lines=report["proof_lines"])
        with open(self.dir / JOB_LOG, "a") as file:
            file.write(json.dumps(entry) + "\n")
        self.consistent = True
        if time.monotonic() - self.last_save >= SAVE_EVERY:
            self.save()
        if time.monotonic() - self.last_log >= 10:
            self.last_log = time.monotonic()
            stats = self.tree.stats
            self.log(f"solve: {stats['jobs']} jobs, {stats['nodes']} nodes, tree {len(self.tree.nodes)}, "
                     f"root pn {shown(root['pn'])} dn {shown(root['dn'])}, "
                     f"{entry['at']:.1f} s")

    def run(self, jobs_at_once=None, on_submit=None):
        """Solves the root and makes every proof the joined proof needs; returns the
        winner. ``on_submit(jobs_finished, pending)`` is called after each round of
        submissions with the jobs in flight (a dict of Ray references to tree keys; the tests
        kill a node there and wait for its jobs to be run again). Whatever stops the master (Ctrl-C, an error)
        cancels its jobs in flight on the way out, and saves the state unless it stopped in
        the middle of taking a report."""
        window = jobs_at_once or max(1, int(ray.cluster_resources().get("CPU", 1)))
        pending, cancelled = {}, []
        try:
            self._loop(window, pending, cancelled, on_submit)
        except BaseException:
            if self.consistent:
                self.save()
            cancelled += pending
            for ref in pending:
                ray.cancel(ref)
            raise
        finally:
            # A cancelled job stops when its worker gets round to it; the run ends after
            # that, so that the next one has the machines to itself.
            if cancelled:
                ray.wait(cancelled, num_returns=len(cancelled))
        return self.tree.winner()

    def _loop(self, window, pending, cancelled, on_submit):
        busy = time.monotonic()
        while True:
            if not self.tree.solved():
                while len(pending) < window:
                    key = self.tree.pick()
                    if key is None:
                        break
                    pending[self.submit(key, self.budget)] = key
            else:
                cancelled += self._cancel_unneeded(pending)
                flying = set(pending.values())
                for key in self.tree.unproved_leaves():
                    if key not in flying:
                        pending[self.submit(key, None)] = key
                        flying.add(key)
            if not pending:
                break
            if on_submit:
                on_submit(self.tree.stats["jobs"], pending)
            # The master's own time (the tree, the state file) bounds how many machines it
            # can keep busy; the state counts it beside the jobs' time.
            stats = self.tree.stats
            stats["master_seconds"] = round(stats.get("master_seconds", 0) + time.monotonic() - busy, 3)
            [ready], _ = ray.wait(list(pending), num_returns=1)
            key = pending.pop(ready)
            report = ray.get(ready)
            busy = time.monotonic()
            self.take(key, report)
        self.save()

    def _cancel_unneeded(self, pending):
        """Once the root is solved, only the jobs making a proof it needs are of use: the
        others are cancelled, and returned."""
        needed = set(self.tree.unproved_leaves())
        cancelled = [ref for ref, key in pending.items() if key not in needed]
        for ref in cancelled:
            ray.cancel(ref)
            self.tree.in_flight.discard(pending.pop(ref))
        return cancelled


def _children_cpu():
    """The CPU seconds of this process's finished children (the binaries it ran)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime

