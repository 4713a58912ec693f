#!/usr/bin/env python3
"""Texel tuning of Troyka's evaluation weights.

Fits a game's linear evaluation to game results: minimises the mean squared error between
each position's result (1 = the side to move won, 0.5 drawn) and sigmoid(K * eval / 400),
with eval = weights . features, by Adam gradient descent over all weights at once. The
weights are the WEIGHTS table of the game's source file (Breakthrough's
src/games/breakthrough/linear.rs, Breakthru's src/games/breakthru/evaluation.rs): it is
read as the starting point and printed back, tuned, in the same layout, to paste over it.

With --proofs, the data are Breakthrough proofs (`troyka solve --proof`) instead, and the
table is PROOF_WEIGHTS, the solver's: every position of a proof (a line of its own, not
the leaves that a pattern or the end of the game settles) is labelled won for the side to
move when that side is the proof's winner, else lost, and fitted, quiet or not (only the
quiet ones with --quiet-only). PROOF_WEIGHTS came from three passes, starting from the
play weights: over the proofs of the 5x5, 4x6 and 6x5 starts that the play weights' solver
wrote, --quiet-only first, then every position; then over those and the 7x5 and 5x6
proofs of the solver with the table of the second pass (docs/training.md).

Usage:
    cargo build --release
    target/release/troyka datagen --out data.bin --games 8000 --nodes 4000
    scripts/tune.py data.bin
    target/release/troyka datagen --variant breakthru --out bt.bin --games 4000 --nodes 40000
    scripts/tune.py --variant breakthru bt.bin
    target/release/troyka solve --size 6x5 --hash 1024 --proof 6x5.proof
    scripts/tune.py --proofs [--quiet-only] 5x5.proof 4x6.proof 6x5.proof

Needs numpy (pip install numpy).
"""

import argparse
import pathlib
import re
import subprocess
import sys

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parent.parent
ENGINE = ROOT / "target" / "release" / "troyka"


# Each game's file holding its WEIGHTS table.
SOURCES = {
    "breakthrough": ROOT / "src" / "games" / "breakthrough" / "linear.rs",
    "breakthru": ROOT / "src" / "games" / "breakthru" / "evaluation.rs",
}
NUMBER = re.compile(r"-?\d+")


def table_pattern(name):
    """The weight table `name` of a source file, in three groups: its head, its body (the
    text between the brackets, comments and all) and its end."""
    return re.compile(rf"(pub const {name}: \[i32; feature::COUNT\] = \[)(.*?)(\];)", re.S)


def load_features(variant, files, every_position=False, proofs=False):
    """Runs `troyka features` over the data files (proofs with `proofs`); returns (results,
    features) arrays."""
    source = ["--proofs"] if proofs else ["--variant", variant]
    every = ["--all"] if every_position else []
    text = subprocess.run(
        [str(ENGINE), "features", *source, *every, *files],
        stdout=subprocess.PIPE, check=True,
    ).stdout
    table = np.loadtxt(text.decode().splitlines(), dtype=np.float64, ndmin=2)
    return table[:, 0], table[:, 1:]


def table_body(variant, table):
    """The text between the brackets of the game's weight table, comments and all."""
    return table_pattern(table).search(SOURCES[variant].read_text()).group(2)


def current_weights(variant, table):
    """The weights of the game's weight table (the starting point), in order."""
    body = re.sub(r"//[^\n]*", "", table_body(variant, table))
    return np.array([float(x) for x in NUMBER.findall(body)])


def sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def error(weights, features, results, k):
    return np.mean((results - sigmoid(k * (features @ weights) / 400.0)) ** 2)


def best_k(weights, features, results):
    """The scaling constant that best fits the current weights (Texel's K)."""
    candidates = np.linspace(0.2, 10.0, 197)
    return min(candidates, key=lambda k: error(weights, features, results, k))


def tune(weights, features, results, k, steps, rate):
    """Adam on the mean squared error."""
    m = np.zeros_like(weights)
    v = np.zeros_like(weights)
    for step in range(1, steps + 1):
        p = sigmoid(k * (features @ weights) / 400.0)
        grad = features.T @ ((p - results) * p * (1 - p)) * (2.0 * k / 400.0) / len(results)
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        m_hat = m / (1 - 0.9**step)
        v_hat = v / (1 - 0.999**step)
        weights = weights - rate * m_hat / (np.sqrt(v_hat) + 1e-12)
        if step % 500 == 0:
            print(f"step {step}: error {error(weights, features, results, k):.6f}", file=sys.stderr)
    return weights


def format_weights(variant, table, weights):
    """The weight table's body with `weights` in place of its numbers: the layout and the
    comments of the source file are kept, so that it pastes over the old body."""
    tuned = iter(str(int(round(x))) for x in weights)

    def line(text):
        code, comment, rest = text.partition("//")
        return NUMBER.sub(lambda _: next(tuned), code) + comment + rest

    body = table_body(variant, table).strip("\n")
    return "\n".join(line(text) for text in body.split("\n"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", nargs="+",
                        help="data files from `troyka datagen` (proof files with --proofs)")
    parser.add_argument("--variant", choices=sorted(SOURCES), default="breakthrough",
                        help="the game of the data and of the weights")
    parser.add_argument("--proofs", action="store_true",
                        help="fit Breakthrough's PROOF_WEIGHTS to the positions of proofs")
    parser.add_argument("--quiet-only", action="store_true",
                        help="with --proofs: only the quiet positions, as with data files")
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--rate", type=float, default=1.0)
    args = parser.parse_args()

    table = "WEIGHTS"
    if args.proofs:
        if args.variant != "breakthrough":
            sys.exit("--proofs: only Breakthrough has proofs")
        table = "PROOF_WEIGHTS"
        results, features = load_features(args.variant, args.data,
                                           every_position=not args.quiet_only, proofs=True)
    else:
        results, features = load_features(args.variant, args.data)
    weights = current_weights(args.variant, table)
    source = SOURCES[args.variant].relative_to(ROOT)
    if len(weights) != features.shape[1]:
        sys.exit(f"{source} has {len(weights)} weights but troyka gives {features.shape[1]} features")
    k = best_k(weights, features, results)
    print(f"{len(results)} positions, K = {k:.3f}, "
          f"error {error(weights, features, results, k):.6f}", file=sys.stderr)
    weights = tune(weights, features, results, k, args.steps, args.rate)
    print(f"final error {error(weights, features, results, k):.6f}", file=sys.stderr)
    print(format_weights(args.variant, table, weights))


if __name__ == "__main__":
    main()
