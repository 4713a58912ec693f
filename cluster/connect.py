"""Where the tasks run: a cluster of real machines started with ``ray start``, or a local
test cluster of several one-CPU nodes on this machine. The local one keeps all traffic on
loopback (Ray binds its servers to the machine's network address by default on Linux),
caps each node's object store and starts no dashboard, so that tests stay small and
private. Either way this package is shipped to the workers with the job (``py_modules``),
so the machines need only the ``troyka`` binaries, not this checkout's Python.

Ray reads the loopback setting once, when it is first imported: so this module imports
Ray inside its functions, after :func:`use_loopback` has had its say."""

import contextlib
import os
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent

#: With this in the environment, Ray's servers listen on 127.0.0.1 only.
LOOPBACK_VARIABLE, LOOPBACK_VALUE = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0"


def use_loopback():
    """Keeps the local cluster this process starts on loopback; must come before anything
    imports ``ray``."""
    if "ray" in sys.modules and os.environ.get(LOOPBACK_VARIABLE) != LOOPBACK_VALUE:
        raise RuntimeError("Ray was imported before connect.use_loopback(): a local cluster "
                           "would listen beyond loopback")
    os.environ[LOOPBACK_VARIABLE] = LOOPBACK_VALUE


def _init(address):
    import ray

    ray.init(
        address=address,
        runtime_env={"py_modules": [str(PACKAGE)]},
        log_to_driver=False,
        logging_level="WARNING",
    )


@contextlib.contextmanager
def local_cluster(nodes=3, object_store_mb=100):
    """A cluster of ``nodes`` one-CPU nodes on this machine (the first is the head), all
    on loopback; yields the ``Cluster``, whose ``remove_node`` kills a node, and shuts it
    all down afterwards."""
    use_loopback()
    import ray
    from ray.cluster_utils import Cluster

    node = {"num_cpus": 1, "object_store_memory": object_store_mb << 20}
    # Ray runs its workers at nice 15; here they share the machine with whatever else runs
    # and are compared with troyka solve, so they keep the priority the command was given.
    head = {**node, "include_dashboard": False, "_system_config": {"worker_niceness": 0}}
    cluster = Cluster(initialize_head=True, head_node_args=head)
    try:
        for _ in range(nodes - 1):
            cluster.add_node(**node)
        cluster.wait_for_nodes()
        _init(cluster.address)
        yield cluster
    finally:
        ray.shutdown()
        cluster.shutdown()


@contextlib.contextmanager
def cluster_for(address, local_nodes):
    """The cluster a command asked for: ``local_nodes`` > 0 starts a local one, else
    ``address`` (``auto``: the cluster this machine belongs to) is joined."""
    if local_nodes:
        with local_cluster(local_nodes):
            yield
        return
    import ray

    _init(address)
    try:
        yield
    finally:
        ray.shutdown()
