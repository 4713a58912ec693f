"""Self-play data as tasks: one shard per seed, each ``troyka datagen --threads 1`` into a
directory every worker can reach (a shared file system), so that a shard is byte for byte
what the same command writes on one machine. A manifest beside the shards records the
settings and each shard's SHA-256 as it comes in: a run that is cut off resumes with the
shards it lacks, and the data can be checked later against the manifest."""

import os
import time
from pathlib import Path

import ray

from . import troyka
from .files import read_json, sha256, write_json

MANIFEST = "manifest.json"


def datagen_args(size, games, nodes, extra):
    """The ``troyka datagen`` settings of every shard, less the seed and the file."""
    return ["--size", size, "--games", str(games), "--nodes", str(nodes), "--threads", "1", *extra]


def shard_name(seed):
    return f"seed-{seed}.bin"


@ray.remote(num_cpus=1, max_retries=3)
def make_shard(binary, signature, directory, seed, args):
    """Writes one shard (as a part file renamed when complete, so a shard that exists is
    whole) and returns its record for the manifest."""
    troyka.check_signature(binary, signature)
    started = time.monotonic()
    path = Path(directory) / shard_name(seed)
    # A name of this attempt's own: a retried task never appends to a lost attempt's part.
    part = path.with_name(f"{path.name}.part-{os.uname().nodename}-{os.getpid()}")
    part.unlink(missing_ok=True)
    troyka.run([binary, "datagen", "--out", part, "--seed", seed, *args])
    os.replace(part, path)
    return {
        "seed": seed,
        "file": path.name,
        "sha256": sha256(path),
        "bytes": path.stat().st_size,
        "seconds": round(time.monotonic() - started, 3),
        "node": ray.get_runtime_context().get_node_id(),
    }


def missing_seeds(directory, seeds, manifest):
    """The seeds whose shard is not in the manifest, or whose file is gone or differs."""
    done = manifest["shards"]
    return [
        seed
        for seed in seeds
        if not (
            str(seed) in done
            and (Path(directory) / done[str(seed)]["file"]).exists()
            and sha256(Path(directory) / done[str(seed)]["file"]) == done[str(seed)]["sha256"]
        )
    ]


def generate(directory, seeds, args, binary, signature, log=print):
    """Makes the shards of ``seeds`` that the manifest in ``directory`` lacks, on the
    cluster; returns the manifest. The manifest's settings must be these."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    manifest = read_json(directory / MANIFEST, {"settings": args, "shards": {}})
    if manifest["settings"] != args:
        raise SystemExit(
            f"{directory / MANIFEST} was made with {manifest['settings']}, not {args}: "
            "use another directory"
        )
    todo = missing_seeds(directory, seeds, manifest)
    log(f"datagen: {len(seeds) - len(todo)} of {len(seeds)} shards done already")
    pending = [
        make_shard.remote(binary, signature, str(directory), seed, args) for seed in todo
    ]
    while pending:
        [ready], pending = ray.wait(pending, num_returns=1)
        shard = ray.get(ready)
        manifest["shards"][str(shard.pop("seed"))] = shard
        write_json(directory / MANIFEST, manifest)
        log(f"datagen: {shard['file']} ({shard['bytes']} bytes, {shard['seconds']} s)")
    return manifest
