"""One proof from many jobs. The proof format (src/games/breakthrough/proof/mod.rs) lets
a line build only on lines above it, so the joined proof is every job proof's lines (each
ends with its own root's line), then the master's lines for the top of the tree, children
before parents, then ``end``: a file in today's format, which ``troyka verify-proof``
checks from the rules alone, trusting neither the workers nor the master. Before that,
each job proof is checked against the SHA-256 its job reported and against the position
and winner the tree expects of it, so that a proof that is missing or was changed since is
named."""

import gzip
import hashlib
from pathlib import Path

from . import troyka
from .solve import STATE, proof_path
from .files import read_json
from .pns import Tree

MAGIC = "troyka-proof 2"


class JoinError(Exception):
    """A job proof is missing, changed, or proves something else."""


def _job_lines(path, node, winner, expected):
    """The lines of a job proof after its header, less its ``end``; checked against the
    SHA-256 the job reported and against the root and winner its node needs."""
    if not path.exists():
        raise JoinError(f"the job proof of {node['fen']} is missing ({path})")
    text = gzip.decompress(path.read_bytes())
    if hashlib.sha256(text).hexdigest() != expected["sha256"]:
        raise JoinError(f"the job proof of {node['fen']} ({path}) is not the one its job made")
    lines = text.decode().splitlines()
    if lines[:1] != [MAGIC] or lines[2:4] != [f"root {node['fen']}", f"winner {winner}"]:
        raise JoinError(f"{path} does not prove that {winner} wins {node['fen']}")
    if lines[-1] != "end":
        raise JoinError(f"{path} is cut off")
    return lines[4:-1]


def join(state_dir, out):
    """Writes the joined proof of a solved run to ``out``; returns its line count."""
    state = read_json(Path(state_dir) / STATE)
    if state is None:
        raise JoinError(f"{state_dir} has no {STATE}")
    tree = Tree.from_json(state)
    tree.update()
    if not tree.solved():
        raise JoinError("the root is not solved yet")
    winner, root = tree.winner(), tree.nodes[tree.root]
    missing = tree.unproved_leaves()
    if missing:
        raise JoinError(f"{len(missing)} positions of the proof have no job proof yet: run solve again")
    count = 0
    with open(out, "w") as file:
        file.write(f"{MAGIC}\nboard {tree.board}\nroot {root['fen']}\nwinner {winner}\n")
        for key, entries in tree.solution():
            node = tree.nodes[key]
            if entries is None:
                file.write(f"# job {node['fen']}\n")
                lines = _job_lines(proof_path(state_dir, key), node, winner, node["proof"])
            else:
                lines = [" ".join([node["position"], *entries])]
            for line in lines:
                file.write(line + "\n")
            count += len(lines)
        file.write("end\n")
    return count


def verify(binary, path):
    """``troyka verify-proof``'s verdict on ``path``; an invalid proof raises."""
    return troyka.run([binary, "verify-proof", path]).strip()
