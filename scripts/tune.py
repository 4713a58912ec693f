#!/usr/bin/env python3
"""Texel tuning of Troyka's evaluation weights.

Fits the linear evaluation of src/games/breakthrough/linear.rs to game results: minimises the mean squared error
between each position's result (1 = the side to move won) and sigmoid(K * eval / 400), with
eval = weights . features, by Adam gradient descent over all weights at once.

Usage:
    cargo build --release
    target/release/troyka datagen --out data.bin --games 8000 --nodes 4000
    scripts/tune.py data.bin            # prints a WEIGHTS table to paste into src/games/breakthrough/linear.rs

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


def load_features(data_file):
    """Runs `troyka features` over the data; returns (results, features) arrays."""
    text = subprocess.run(
        [str(ENGINE), "features", data_file], capture_output=True, check=True
    ).stdout
    table = np.loadtxt(text.decode().splitlines(), dtype=np.float64, ndmin=2)
    return table[:, 0], table[:, 1:]


def current_weights():
    """Reads the WEIGHTS table from src/games/breakthrough/linear.rs (the starting point)."""
    source = (ROOT / "src" / "games" / "breakthrough" / "linear.rs").read_text()
    table = re.search(r"pub const WEIGHTS: \[i32; feature::COUNT\] = \[(.*?)\];", source, re.S)
    body = re.sub(r"//[^\n]*", "", table.group(1))
    return np.array([float(x) for x in body.replace("\n", " ").split(",") if x.strip()])


def sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def error(weights, features, results, k):
    return np.mean((results - sigmoid(k * (features @ weights) / 400.0)) ** 2)


def best_k(weights, features, results):
    """The scaling constant that best fits the current weights (Texel's K)."""
    candidates = np.linspace(0.2, 4.0, 77)
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


def format_weights(weights):
    """The WEIGHTS table in the layout of src/games/breakthrough/linear.rs."""
    w = [str(int(round(x))) for x in weights]
    return "\n".join([
        "    // PIECE by bucket: 0 (home row) .. 6 (one step from goal), 7 (goal)",
        "    " + ", ".join(w[:8]) + ",",
        "    // HOME_GUARD, DEFENDED, HANGING_US, HANGING_THEM, CONNECTED, COLUMN, TEMPO",
        "    " + ", ".join(w[8:15]) + ",",
        "    // PATH_US by distance 1..6, then PATH_THEM",
        "    " + ", ".join(w[15:21]) + ",",
        "    " + ", ".join(w[21:27]) + ",",
        "    // CLEAR_US by distance 1..6, then CLEAR_THEM",
        "    " + ", ".join(w[27:33]) + ",",
        "    " + ", ".join(w[33:39]) + ",",
        "    // EDGE by bucket, SAFE_MOVE",
        "    " + ", ".join(w[39:47]) + ",",
        "    " + ", ".join(w[47:]) + ",",
    ])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", help="a data file from `troyka datagen`")
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--rate", type=float, default=1.0)
    args = parser.parse_args()

    results, features = load_features(args.data)
    weights = current_weights()
    if len(weights) != features.shape[1]:
        sys.exit(f"src/games/breakthrough/linear.rs has {len(weights)} weights but troyka gives {features.shape[1]} features")
    k = best_k(weights, features, results)
    print(f"{len(results)} positions, K = {k:.3f}, "
          f"error {error(weights, features, results, k):.6f}", file=sys.stderr)
    weights = tune(weights, features, results, k, args.steps, args.rate)
    print(f"final error {error(weights, features, results, k):.6f}", file=sys.stderr)
    print(format_weights(weights))


if __name__ == "__main__":
    main()
