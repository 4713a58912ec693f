"""One proof from many jobs. The proof format (src/games/breakthrough/proof/mod.rs) lets
a line build only on lines above it, so the joined proof is every job proof's lines (each
ends with its own root's line), then the master's lines for the top of the tree, children
before parents, then ``end``: a file in today's format, which ``troyka verify-proof``
checks from the rules alone, trusting neither the workers nor the master. Before that,
each job proof is checked against the SHA-256 its job reported and against the position
and winner the tree expects of it, so that a proof that is missing or was changed since is
named.

A certificate is the same file with each job's lines replaced by one line for its leaf,
``POSITION ?N/H``: N the nodes its job took, H its table in MiB. ``troyka verify-proof``
checks the top and proves each leaf again with the solver within those limits, checking
the proof it writes, so a certificate needs no job proof file: only the record that a job
proved the leaf, with its nodes and table (docs/solving.md)."""

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


def _leaf_line(node, winner):
    """A certificate's line for a leaf a job proved: the node's position, then the limits
    its job proved it within."""
    proof = node["proof"]
    if "nodes" not in proof or "hash" not in proof:
        raise JoinError(f"the job proof of {node['fen']} was stored without its job's nodes and "
                        "table (before certificates): join its proof instead")
    if proof["winner"] != winner:
        raise JoinError(f"the job on {node['fen']} proved that {proof['winner']} wins it, not {winner}")
    # A job whose position the rules settle at once reports no nodes; the format wants some.
    return f"{node['position']} ?{max(1, proof['nodes'])}/{proof['hash']}"


def _solved_tree(state_dir):
    """The tree of a run whose root is solved and every leaf of whose proof a job proved."""
    state = read_json(Path(state_dir) / STATE)
    if state is None:
        raise JoinError(f"{state_dir} has no {STATE}")
    tree = Tree.from_json(state)
    tree.update()
    if not tree.solved():
        raise JoinError("the root is not solved yet")
    missing = tree.unproved_leaves()
    if missing:
        raise JoinError(f"{len(missing)} positions of the proof have no job proof yet: run solve again")
    return tree


def _write(tree, out, leaf_lines):
    """Writes the file of the tree's proof to ``out``, each leaf as ``leaf_lines(key, node,
    winner)`` gives it; returns the count of the lines that are not comments."""
    winner, root = tree.winner(), tree.nodes[tree.root]
    count = 0
    with open(out, "w") as file:
        file.write(f"{MAGIC}\nboard {tree.board}\nroot {root['fen']}\nwinner {winner}\n")
        for key, entries in tree.solution():
            node = tree.nodes[key]
            if entries is None:
                lines = leaf_lines(key, node, winner)
            else:
                lines = [" ".join([node["position"], *entries])]
            for line in lines:
                file.write(line + "\n")
            count += sum(1 for line in lines if not line.startswith("#"))
        file.write("end\n")
    return count


def join(state_dir, out):
    """Writes the joined proof of a solved run to ``out``; returns its line count."""
    def job_lines(key, node, winner):
        proof = _job_lines(proof_path(state_dir, key), node, winner, node["proof"])
        return [f"# job {node['fen']}", *proof]

    return _write(_solved_tree(state_dir), out, job_lines)


def certificate(state_dir, out):
    """Writes the certificate of a solved run to ``out``; returns its line count, its
    leaves and the nodes their jobs took, all together (what proving them again takes at
    most)."""
    leaves = []

    def leaf_line(_key, node, winner):
        line = _leaf_line(node, winner)
        leaves.append(node["proof"]["nodes"])
        return [line]

    lines = _write(_solved_tree(state_dir), out, leaf_line)
    return lines, len(leaves), sum(leaves)


def verify(binary, path, threads=1):
    """``troyka verify-proof``'s verdict on ``path`` (a certificate's leaves proved again
    ``threads`` at a time); an invalid proof raises."""
    return troyka.run([binary, "verify-proof", path, "--threads", threads]).strip()
