"""``python -m cluster COMMAND``: datagen, match, solve and join on a Ray cluster (an
existing one with ``--address``, default ``auto``, or ``--local N`` one-CPU nodes on this
machine); status, a solve's figures from its state directory; and estimate, how big a
board's proof will be and how long machines would take to make it. Run from the
repository's root with the venv of scripts/cluster-setup. An error ends the command with
one ``error:`` line on stderr."""

import argparse
import signal
import sys
import time

from . import connect, troyka


def seeds(text):
    """``5`` or ``1-10``."""
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


def common(parser):
    parser.add_argument("--address", default="auto", help="the cluster to join (default: auto)")
    parser.add_argument("--local", type=int, default=0, metavar="N",
                        help="start a cluster of N one-CPU nodes on this machine instead")
    parser.add_argument("--troyka", default=troyka.default_binary(),
                        help="the troyka binary, at this path on every machine")


def datagen(args):
    from .datagen import datagen_args, generate

    settings = datagen_args(args.size, args.games, args.nodes, args.extra)
    signature = troyka.bench_signature(args.troyka)
    with connect.cluster_for(args.address, args.local):
        manifest = generate(args.out, seeds(args.seeds), settings, args.troyka, signature)
    print(f"datagen: {len(manifest['shards'])} shards in {args.out}")


def match(args):
    from .match import engine_commands, run_match
    from .sprt import Sprt

    words = dict(w.split("=", 1) for w in args.sprt)
    sprt = Sprt(float(words["elo0"]), float(words["elo1"]), float(words.get("alpha", 0.05)),
                float(words.get("beta", 0.05)), words.get("model", "normalized"))
    engines, commands = engine_commands([e.split() for e in args.engine], args.troyka)
    signatures = {command: troyka.bench_signature(command) for command in commands}
    if args.openings:
        with open(args.openings) as file:
            openings = [line.strip() for line in file if line.strip() and not line.startswith("#")]
    else:
        openings = ("random", args.plies, args.seed)
    options = ["--size", args.size, *(["--variant", args.variant] if args.variant else [])]
    with connect.cluster_for(args.address, args.local):
        result = run_match(engines, options, sprt, args.pairs, openings, args.troyka_match, signatures)
    print(f"match: Ptnml(0-2) {result['counts']}, LLR {result['llr']:.2f}, "
          f"{result['decision'] or 'no decision'}")


def solve(args):
    from .solve import Master

    fen = args.fen or start_fen(args.troyka, args.size)
    started = time.monotonic()
    with connect.cluster_for(args.address, args.local):
        master = Master(args.state, args.troyka, fen, args.budget, args.hash)
        # `kill` stops a run as Ctrl-C does: the master saves its state on the way out.
        signal.signal(signal.SIGTERM, _interrupt)
        try:
            winner = master.run()
        except KeyboardInterrupt:
            sys.exit(f"solve: stopped after {master.tree.stats['jobs']} jobs; the state is in {args.state}")
    stats = master.tree.stats
    print(f"solve: {winner} wins {fen}: {stats['jobs']} jobs, {stats['nodes']} nodes, "
          f"{stats['job_seconds']:.1f} s in jobs, {time.monotonic() - started:.1f} s this session")
    if args.proof:
        join_and_verify(args.state, args.proof, args.troyka)


def _interrupt(_signal, _frame):
    raise KeyboardInterrupt


def start_fen(binary, size):
    """The FEN of the start position of a board: the first line of ``troyka solve``'s
    output names it."""
    out = troyka.run([binary, "solve", "--size", size, "--hash", "1", "--nodes", "1"])
    return out.splitlines()[0].removeprefix("position ").rsplit(" (", 1)[0]


def join_and_verify(state, out, binary):
    """Joins a solved run's proof into ``out`` and prints the checker's verdict."""
    from .proofs import join, verify

    lines = join(state, out)
    print(f"joined proof: {lines} lines in {out}")
    print(verify(binary, out))


def join_command(args):
    from .proofs import certificate

    if not (args.out or args.certificate):
        raise ValueError("give --out, --certificate or both")
    if args.out:
        join_and_verify(args.state, args.out, args.troyka)
    if args.certificate:
        lines, leaves, nodes = certificate(args.state, args.certificate)
        print(f"certificate: {lines} lines in {args.certificate}, {leaves} of them leaves that "
              f"troyka verify-proof proves again (within {nodes:,} nodes in all)")


def status_command(args):
    from .status import summary

    print("\n".join(summary(args.state, args.every)))


def estimate_command(args):
    from .estimate import job_figures, measure, report

    boards = [size for size in args.solve.split(",") if size] if args.solve else []
    sizes = measure(args.sizes, boards, args.troyka, args.hash, args.time)
    figures = job_figures(args.state) if args.state else None
    print("\n".join(report(sizes, args.target, figures, cores=args.cores,
                           node_overhead=args.node_overhead)))


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m cluster", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)

    p = commands.add_parser("datagen", help="self-play data, one shard per seed, with a manifest")
    common(p)
    p.add_argument("--out", required=True, help="the shard directory, reachable by every worker")
    p.add_argument("--seeds", required=True, help="FIRST-LAST")
    p.add_argument("--size", default="8x8")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--nodes", type=int, default=5000)
    p.add_argument("extra", nargs="*", help="more troyka datagen flags, after --")
    p.set_defaults(run=datagen)

    p = commands.add_parser("match", help="an SPRT match in colour-swapped pairs")
    common(p)
    p.add_argument("--troyka-match", default=troyka.default_binary("troyka-match"))
    p.add_argument("--engine", action="append", required=True,
                   help="one engine's troyka-match words, e.g. 'name=new nodes=2000' (twice)")
    p.add_argument("--sprt", nargs="+", required=True, help="elo0=E elo1=E [alpha= beta= model=]")
    p.add_argument("--size", default="8x8")
    p.add_argument("--variant")
    p.add_argument("--pairs", type=int, default=10000, help="the most pairs to play")
    p.add_argument("--openings", help="an openings file (one line a pair, in turn)")
    p.add_argument("--plies", type=int, default=4, help="random openings of this many plies")
    p.add_argument("--seed", type=int, default=1, help="pair i's random opening has seed SEED + i")
    p.set_defaults(run=match)

    p = commands.add_parser("solve", help="job-level proof-number search; resumes from --state")
    common(p)
    p.add_argument("--state", required=True, help="the master's directory (state, job log, proofs)")
    where = p.add_mutually_exclusive_group(required=True)
    where.add_argument("--fen")
    where.add_argument("--size", help="the start position of a board")
    p.add_argument("--budget", type=int, default=2_000_000, help="nodes per job")
    p.add_argument("--hash", type=int, default=64, help="each job's table, in MiB")
    p.add_argument("--proof", help="join the proof into this file and verify it")
    p.set_defaults(run=solve)

    p = commands.add_parser("join", help="join a solved run's proofs and verify the result, "
                                         "or write its certificate")
    p.add_argument("--state", required=True)
    p.add_argument("--out", help="the joined proof, verified once written")
    p.add_argument("--certificate", metavar="OUT",
                   help="the certificate: the top of the proof, each job's leaf one line for "
                        "troyka verify-proof to prove again (not verified here: that redoes the jobs)")
    p.add_argument("--troyka", default=troyka.default_binary())
    p.set_defaults(run=join_command)

    p = commands.add_parser("status", help="a solve's numbers, jobs and speed, from its state")
    p.add_argument("--state", required=True)
    p.add_argument("--every", type=float, default=3600, help="timeline step, in seconds of wall time")
    p.set_defaults(run=status_command)

    p = commands.add_parser("estimate", help="a board's proof size from smaller boards', and its time")
    p.add_argument("--sizes", required=True, help="the JSON file of measured boards (kept, added to)")
    p.add_argument("--solve", help="boards to measure if the file lacks them, e.g. 3x5,4x5,5x5")
    p.add_argument("--target", default="6x6", help="the board to estimate (default 6x6)")
    p.add_argument("--state", help="a solve's state directory, for its jobs' speed")
    p.add_argument("--cores", type=int, default=2, help="cores a machine (default 2)")
    p.add_argument("--node-overhead", type=float, default=1.93,
                   help="the cluster's nodes over one solve's (1.93 on 6x5, cluster/RESULTS.md)")
    p.add_argument("--hash", type=int, default=2048, help="MiB of each measuring solve's table")
    p.add_argument("--time", type=float, help="give up measuring a board after this many seconds")
    p.add_argument("--troyka", default=troyka.default_binary())
    p.set_defaults(run=estimate_command)

    args = parser.parse_args(argv)
    if getattr(args, "local", 0):
        connect.use_loopback()
    from .proofs import JoinError

    try:
        args.run(args)
    except (JoinError, ValueError, RuntimeError, OSError) as error:
        sys.exit(f"python -m cluster {args.command}: error: {error}")


if __name__ == "__main__":
    sys.exit(main())
