#!/usr/bin/env python3
"""Texel tuning of Troyka's evaluation weights.

Fits a game's linear evaluation to game results: minimises the mean squared error between
each position's result (1 = the side to move won, 0.5 drawn) and sigmoid(K * eval / 400),
with eval = weights . features, by Adam gradient descent over all weights at once. The
weights are the WEIGHTS table of the game's source file (Breakthrough's
src/games/breakthrough/linear.rs, Breakthru's src/games/breakthru/evaluation.rs): it is
read as the starting point and printed back, tuned, in the same layout, to paste over it.

Usage:
    cargo build --release
    target/release/troyka datagen --out data.bin --games 8000 --nodes 4000
    scripts/tune.py data.bin
    target/release/troyka datagen --variant breakthru --out bt.bin --games 4000 --nodes 40000
    scripts/tune.py --variant breakthru bt.bin

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
TABLE = re.compile(r"(pub const WEIGHTS: \[i32; feature::COUNT\] = \[)(.*?)(\];)", re.S)
NUMBER = re.compile(r"-?\d+")


def load_features(variant, data_files):
    """Runs `troyka features` over the data; returns (results, features) arrays."""
    text = subprocess.run(
        [str(ENGINE), "features", "--variant", variant, *data_files],
        capture_output=True, check=True,
    ).stdout
    table = np.loadtxt(text.decode().splitlines(), dtype=np.float64, ndmin=2)
    return table[:, 0], table[:, 1:]


def table_body(variant):
    """The text between the brackets of the game's WEIGHTS table, comments and all."""
    return TABLE.search(SOURCES[variant].read_text()).group(2)


def current_weights(variant):
    """The weights of the game's WEIGHTS table (the starting point), in order."""
    body = re.sub(r"//[^\n]*", "", table_body(variant))
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


def format_weights(variant, weights):
    """The WEIGHTS table's body with `weights` in place of its numbers: the layout and the
    comments of the source file are kept, so that it pastes over the old body."""
    tuned = iter(str(int(round(x))) for x in weights)

    def line(text):
        code, comment, rest = text.partition("//")
        return NUMBER.sub(lambda _: next(tuned), code) + comment + rest

    return "\n".join(line(text) for text in table_body(variant).strip("\n").split("\n"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", nargs="+", help="data files from `troyka datagen`")
    parser.add_argument("--variant", choices=sorted(SOURCES), default="breakthrough",
                        help="the game of the data and of the weights")
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--rate", type=float, default=1.0)
    args = parser.parse_args()

    results, features = load_features(args.variant, args.data)
    weights = current_weights(args.variant)
    source = SOURCES[args.variant].relative_to(ROOT)
    if len(weights) != features.shape[1]:
        sys.exit(f"{source} has {len(weights)} weights but troyka gives {features.shape[1]} features")
    k = best_k(weights, features, results)
    print(f"{len(results)} positions, K = {k:.3f}, "
          f"error {error(weights, features, results, k):.6f}", file=sys.stderr)
    weights = tune(weights, features, results, k, args.steps, args.rate)
    print(f"final error {error(weights, features, results, k):.6f}", file=sys.stderr)
    print(format_weights(args.variant, weights))


if __name__ == "__main__":
    main()
