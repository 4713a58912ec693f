"""Test matches as tasks: each task plays one colour-swapped pair of games with
``troyka-match --games 2`` from one opening, the master counts the pairs in the five
pentanomial buckets and evaluates the SPRT (``troyka-match``'s formula, see
:mod:`cluster.sprt`) as each pair comes in, and cancels the pairs still queued or playing
once it decides. Every engine binary is checked on each worker by its bench signature
before the worker plays with it, so a machine with another build cannot spoil the count."""

import re
import tempfile
import time
from pathlib import Path

import ray

from . import troyka

PTNML = re.compile(r"^Ptnml\(0-2\): \[(\d+), (\d+), (\d+), (\d+), (\d+)\]$", re.M)


def engine_commands(engines, binary):
    """Each engine's ``troyka-match`` words with ``cmd=`` set (to ``binary`` unless the
    engine names its own), and the distinct commands."""
    filled = [words if any(w.startswith("cmd=") for w in words) else [f"cmd={binary}", *words]
              for words in engines]
    commands = sorted({w[4:] for words in filled for w in words if w.startswith("cmd=")})
    return filled, commands


def pair_args(engines, common):
    """The command line shared by all pairs: both engines, the common options, two games."""
    args = []
    for words in engines:
        args += ["--engine", *words]
    return [*args, *common, "--games", "2", "--ratinginterval", "0"]


@ray.remote(num_cpus=1, max_retries=3)
def play_pair(match_binary, signatures, args, opening):
    """Plays one pair from one opening and returns the pentanomial bucket of the first
    engine's points (0 to 4 half points). ``opening`` is ``--openings``'s words, or a
    line of an openings file, which is written to a file of its own."""
    for command, signature in signatures.items():
        troyka.check_signature(command, signature)
    with tempfile.TemporaryDirectory(prefix="troyka-pair-") as directory:
        if isinstance(opening, str):
            path = Path(directory) / "opening.txt"
            path.write_text(opening + "\n")
            opening = [f"file={path}"]
        args = [*args, "--openings", *opening, "--stderr", str(Path(directory) / "stderr.log")]
        output = troyka.run([match_binary, *args], cwd=directory)
    found = PTNML.findall(output)
    if not found:
        raise RuntimeError(f"troyka-match gave no Ptnml line:\n{output[-2000:]}")
    counts = [int(n) for n in found[-1]]
    if sum(counts) != 1:
        raise RuntimeError(f"a pair gave {counts}: not one finished pair")
    return counts.index(1)


def run_match(engines, common, sprt, pairs, openings, match_binary, signatures, log=print):
    """Plays up to ``pairs`` pairs, stopping when the SPRT decides. ``openings`` gives pair
    ``i``'s opening: ``("random", plies, seed)`` or a list of opening lines. Returns the
    counts, the LLR, the decision and the pairs cancelled."""
    window = 2 * max(1, int(ray.cluster_resources().get("CPU", 1)))
    args = pair_args(engines, common)
    counts = [0] * 5
    pending, submitted, decision, llr = [], 0, None, 0.0
    started = time.monotonic()
    while decision is None and (pending or submitted < pairs):
        while len(pending) < window and submitted < pairs:
            if openings[0] == "random":
                opening = ["random", f"plies={openings[1]}", f"seed={openings[2] + submitted}"]
            else:
                opening = openings[submitted % len(openings)]
            pending.append(play_pair.remote(match_binary, signatures, args, opening))
            submitted += 1
        [ready], pending = ray.wait(pending, num_returns=1)
        counts[ray.get(ready)] += 1
        llr = sprt.llr(counts)
        decision = sprt.decision(llr)
        log(f"match: {sum(counts)} pairs, Ptnml(0-2) {counts}, LLR {llr:.2f} "
            f"({sprt.bounds()[0]:.2f}, {sprt.bounds()[1]:.2f}), {time.monotonic() - started:.1f} s")
    for ref in pending:
        ray.cancel(ref)
    cancelled = 0
    for ref in pending:
        try:
            ray.get(ref)
        except (ray.exceptions.TaskCancelledError, ray.exceptions.RayTaskError):
            cancelled += 1
    if decision:
        log(f"match: SPRT accepts {decision} after {sum(counts)} pairs; {cancelled} pairs cancelled")
    return {"counts": counts, "llr": llr, "decision": decision, "cancelled": cancelled}
