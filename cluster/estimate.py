"""How many nodes a board's proof will take, and how long a cluster would take to make it:
``python -m cluster estimate``.

The solver's nodes on the start positions of small boards, measured with ``troyka solve``
(one thread), follow ln N = a + b*C + c*R + d*C*R in the board's columns C and rows R
closely enough to extend to a larger board: the command fits them, prints each board's
nodes beside what the fit makes of it without that board (the leave-one-out check, which
shows how far to trust the extension) and gives the target's estimate with the range
those checks span. Boards of four rows are left out: their armies start touching, and
they fall in a few thousand nodes, whatever their width.

With a solve's state directory (``--state``), its job log turns nodes into time: the
jobs' nodes per CPU second, the master's time per job (which bounds the cores one master
keeps busy), and the cluster's overhead over one solve (``--node-overhead``; on the 6x5
start the jobs spent 1.93 times ``troyka solve``'s nodes, cluster/RESULTS.md). The
measured board sizes are kept in a JSON file (``--sizes``), and ``--solve`` adds boards to
it, so the slow ones are measured once."""

import json
import math
import tempfile
from pathlib import Path

from . import troyka
from .files import read_json, write_json
from .status import cpu_figures, jobs_of
from .solve import STATE

#: Boards with fewer rows start with the armies touching (see the module's docs).
MIN_ROWS = 5


def dimensions(size):
    """A board's columns and rows, from ``CxR``."""
    columns, x, rows = size.partition("x")
    if not (x and columns.isdigit() and rows.isdigit()):
        raise ValueError(f"{size!r} is not a board size: columns x rows, e.g. 6x6")
    return int(columns), int(rows)


def terms(size):
    columns, rows = dimensions(size)
    return [1.0, columns, rows, columns * rows]


def least_squares(rows, values):
    """The coefficients minimising the squared error of ``rows · x = values`` (normal
    equations, Gaussian elimination with partial pivoting: four unknowns do not need a
    numerical library)."""
    n = len(rows[0])
    matrix = [[sum(r[i] * r[j] for r in rows) for j in range(n)]
              + [sum(r[i] * v for r, v in zip(rows, values))] for i in range(n)]
    for column in range(n):
        pivot = max(range(column, n), key=lambda i: abs(matrix[i][column]))
        if abs(matrix[pivot][column]) < 1e-12:
            raise ValueError("the boards do not determine the fit: measure more widths and heights")
        matrix[column], matrix[pivot] = matrix[pivot], matrix[column]
        for i in range(n):
            if i != column:
                factor = matrix[i][column] / matrix[column][column]
                matrix[i] = [a - factor * b for a, b in zip(matrix[i], matrix[column])]
    return [matrix[i][n] / matrix[i][i] for i in range(n)]


class Fit:
    """ln N = a + b*C + c*R + d*C*R through the boards' nodes."""

    def __init__(self, nodes_by_size):
        sizes = list(nodes_by_size)
        self.coefficients = least_squares([terms(s) for s in sizes],
                                          [math.log(nodes_by_size[s]) for s in sizes])

    def nodes(self, size):
        return math.exp(sum(c * t for c, t in zip(self.coefficients, terms(size))))


def fitted_boards(sizes):
    """The measured boards the fit uses: solved, and of at least ``MIN_ROWS`` rows."""
    return {size: entry["nodes"] for size, entry in sizes.items()
            if entry.get("result") in ("won", "lost") and dimensions(size)[1] >= MIN_ROWS}


def solve_board(binary, size, hash_mb, seconds):
    """``troyka solve`` on a board's start, one thread: its result, nodes and seconds."""
    with tempfile.TemporaryDirectory() as directory:
        report = Path(directory) / "solve.json"
        args = [binary, "solve", "--size", size, "--hash", hash_mb, "--json", report]
        if seconds:
            args += ["--time", seconds]
        troyka.run(args)
        found = json.loads(report.read_text())
    return {"result": found["result"], "nodes": found["nodes"], "seconds": found["seconds"],
            "threads": 1, "hash": hash_mb}


def measure(sizes_path, boards, binary, hash_mb, seconds, log=print):
    """The sizes file's boards, after solving those of ``boards`` it lacks (each saved as
    soon as it is measured)."""
    sizes = read_json(sizes_path, {})
    for size in boards:
        if size not in sizes:
            dimensions(size)  # a malformed size fails here, before a solve is started
            sizes[size] = solve_board(binary, size, hash_mb, seconds)
            write_json(sizes_path, sizes)
            entry = sizes[size]
            log(f"measured {size}: {entry['result']} in {entry['nodes']:,} nodes, {entry['seconds']} s")
    return sizes


def job_figures(state_dir):
    """From a solve's state directory: the jobs' CPU figures (``status.cpu_figures``) and
    the nodes spent so far."""
    state = read_json(Path(state_dir) / STATE)
    if state is None:
        raise ValueError(f"{state_dir} has no {STATE}")
    figures = cpu_figures(state["stats"], jobs_of(state_dir))
    if not figures["timed"]:
        raise ValueError(f"{state_dir}'s job log has no job with its CPU time")
    return dict(figures, nodes=state["stats"]["nodes"])


def report(sizes, target, figures=None, machines=(10, 100), cores=2, node_overhead=1.93):
    """The estimate's lines: each fitted board measured and left out, the target's nodes,
    and with a solve's ``figures`` the hours on each number of ``machines``."""
    boards = fitted_boards(sizes)
    if len(boards) < 5:
        raise ValueError(f"the fit needs at least 5 solved boards of {MIN_ROWS} rows or more "
                         f"(has {len(boards)}): add some with --solve")
    lines = ["boards (nodes of troyka solve, one thread; the fit without the board; ratio):"]
    ratios = []
    for size, nodes in sorted(boards.items(), key=lambda item: item[1]):
        try:
            alone = Fit({s: n for s, n in boards.items() if s != size}).nodes(size)
        except ValueError:
            lines.append(f"  {size:>6} {nodes:>16,}   (the fit cannot do without it)")
            continue
        ratios.append(nodes / alone)
        lines.append(f"  {size:>6} {nodes:>16,} {alone:>16,.0f} {nodes / alone:>6.2f}")
    if not ratios:
        raise ValueError("no board can be left out of the fit: measure more widths and heights")
    estimate = Fit(boards).nodes(target)
    low, high = estimate * min(ratios), estimate * max(ratios)
    lines.append(f"{target}: {estimate:.3g} nodes for troyka solve with a table that holds them "
                 f"({low:.3g} to {high:.3g} by the left-out boards' ratios)")
    if figures:
        speed = figures["nodes_per_cpu_second"]
        cpu_hours = estimate * node_overhead / speed / 3600
        most_cores = figures["job_cpu"] / figures["master_per_job"] if figures["master_per_job"] else math.inf
        lines.append(f"jobs: {speed:,.0f} nodes per CPU second, {figures['job_cpu']:.1f} CPU s a job, "
                     f"{figures['master_per_job']:.3f} s of the master a job (it keeps at most "
                     f"{most_cores:,.0f} cores busy); the run has spent {figures['nodes']:,} nodes")
        lines.append(f"cluster: x{node_overhead} nodes over one solve: {cpu_hours:,.0f} CPU hours "
                     f"({cpu_hours * low / estimate:,.0f} to {cpu_hours * high / estimate:,.0f})")
        for count in machines:
            busy = min(count * cores, most_cores)
            hours = cpu_hours / busy
            lines.append(f"  {count} machines of {cores} cores: {_duration(hours)} "
                         f"({_duration(hours * low / estimate)} to {_duration(hours * high / estimate)})")
    return lines


def _duration(hours):
    return f"{hours:,.1f} h" if hours >= 1 else f"{hours * 60:,.1f} min"
