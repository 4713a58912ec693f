"""A solve's state directory in a few lines, running or not: the root's numbers, the jobs,
nodes and speeds, and the root's numbers over time from the job log. A long run is
watched with it (``python -m cluster status --state DIR``) and RESULTS.md's figures come
from it; it reads only the state directory, so it needs no cluster."""

import json
from pathlib import Path

from .files import read_json
from .pns import shown
from .solve import JOB_LOG, STATE


def jobs_of(state_dir):
    """The job log's entries, oldest first."""
    path = Path(state_dir) / JOB_LOG
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def summary(state_dir, every=3600.0):
    """The lines of the summary; the timeline has a line per ``every`` seconds of the run's
    wall time (summed over sessions) and one for the last job."""
    state = read_json(Path(state_dir) / STATE)
    if state is None:
        return [f"{state_dir}: no {STATE}"]
    stats, root = state["stats"], state["nodes"][state["root"]]
    jobs = jobs_of(state_dir)
    results = {r: sum(j["result"] == r for j in jobs) for r in ("won", "lost", "unknown")}
    solved = sorted(j["nodes"] for j in jobs if j["result"] != "unknown")
    wall, job_seconds = stats.get("wall", 0.0) or 1e-9, stats["job_seconds"] or 1e-9
    count = max(len(jobs), 1)
    overhead = sum(j["wall"] - j["seconds"] for j in jobs) / count
    cpu = cpu_figures(stats, jobs)
    lines = [
        f"position {root['fen']} ({state['board']}), {stats.get('budget')} nodes per job (the latest budget)",
        f"root: pn {shown(root['pn'])}, dn {shown(root['dn'])}; tree {len(state['nodes'])} positions",
        f"jobs: {len(jobs)} ({results['won']} won, {results['lost']} lost, "
        f"{results['unknown']} out of budget); solved jobs' nodes: median "
        f"{solved[len(solved) // 2] if solved else '-'}, largest {solved[-1] if solved else '-'}",
        f"nodes: {stats['nodes']:,} in {job_seconds:,.0f} s of jobs ({stats['nodes'] / job_seconds:,.0f} "
        f"nodes/s a job), {wall:,.0f} s of wall time ({stats['nodes'] / wall:,.0f} nodes/s in all)",
        f"CPU: {cpu['cpu']:,.0f} s in the binary over {cpu['timed']} jobs "
        f"({cpu['nodes_per_cpu_second']:,.0f} nodes per CPU second, proofs included)",
        f"per job: {job_seconds / count:.1f} s solving, {overhead:.2f} s more in the task, "
        f"{cpu['master_per_job']:.3f} s of the master's time",
        "jobs by depth (plies from the root: jobs, solved, median nodes of the solved): "
        + _by_depth(state, jobs),
        "timeline (wall s, jobs, nodes, root pn, root dn):",
    ]
    mark, done, nodes = every, 0, 0
    for job in jobs:
        done, nodes = done + 1, nodes + job["nodes"]
        if job["at"] >= mark or job is jobs[-1]:
            lines.append(f"  {job['at']:>10,.0f} {done:>6} {nodes:>16,} {shown(job['root_pn']):>10} "
                         f"{shown(job['root_dn']):>10}")
            while mark <= job["at"]:
                mark += every
    return lines


def cpu_figures(stats, jobs):
    """What the job log says of CPU time: how many jobs carry theirs (older logs did not),
    their CPU seconds in all and on average, nodes per CPU second, and the master's own
    seconds per job (which bound how many cores one master keeps busy)."""
    timed = [j for j in jobs if "cpu" in j]
    cpu = sum(j["cpu"] for j in timed) or 1e-9
    return {"timed": len(timed), "cpu": cpu, "job_cpu": cpu / max(len(timed), 1),
            "nodes_per_cpu_second": sum(j["nodes"] for j in timed) / cpu,
            "master_per_job": stats.get("master_seconds", 0) / max(len(jobs), 1)}


def depths(state):
    """Each position of the tree by its key, with its depth: the fewest plies from the root."""
    nodes, depth = state["nodes"], {state["root"]: 0}
    frontier = [state["root"]]
    while frontier:
        following = []
        for key in frontier:
            for child in nodes[key]["children"] or []:
                if "key" in child and child["key"] not in depth:
                    depth[child["key"]] = depth[key] + 1
                    following.append(child["key"])
        frontier = following
    return depth


def _by_depth(state, jobs):
    """How deep the jobs were, and how many of each depth were solved at what size: how
    far the frontier has to go down before jobs prove their positions."""
    depth_of_fen = {state["nodes"][key]["fen"]: d for key, d in depths(state).items()}
    groups = {}
    for job in jobs:
        groups.setdefault(depth_of_fen.get(job["fen"], "?"), []).append(job)
    parts = []
    for d in sorted(groups, key=lambda d: (d == "?", d if d != "?" else 0)):
        solved = sorted(j["nodes"] for j in groups[d] if j["result"] != "unknown")
        median = f"{solved[len(solved) // 2]:,}" if solved else "-"
        parts.append(f"{d}: {len(groups[d])}, {len(solved)}, {median}")
    return "; ".join(parts) or "none"
