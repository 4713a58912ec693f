"""Troyka beyond one machine: self-play data, test matches and proofs on a Ray cluster.

Ray schedules the work, retries what a lost machine was doing and cancels what is no longer
needed; every task runs the ``troyka`` binary (or ``troyka-match``) as a subprocess, so the
engine's own code decides every move, position and proof, and the Python here only hands
out work and gathers results. ``python -m cluster --help`` lists the commands; README.md
beside this file says how to start a cluster of real machines.
"""
