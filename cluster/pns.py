"""The master's side of job-level proof-number search (Wu et al.; Saffidine, Jouandeau and
Cazenave solved 6x5 Breakthrough this way): the top of the tree with proof and disproof
numbers, in negamax form as the Rust solver has them (a position's proof number is the
least disproof number of its children, its disproof number the sum of their proof
numbers). Its leaves are the jobs: the master picks the most-proving leaf, a worker runs
``troyka solve`` on it with a node budget, and the report either solves the leaf (with a
proof) or gives the numbers of its children, which become leaves in its place.

Several jobs run at once, so a leaf in flight counts as ``VIRTUAL_FACTOR`` times harder
both ways (virtual proof numbers) and is never picked twice: the next pick goes where the
numbers are next best. Positions are keyed by the smaller of their proof-format text and
its mirror image's, so transpositions and mirror images are one node (the tree is a
DAG); a node keeps the orientation it was first reached in, and a parent whose child is
the mirror image cites it with ``~`` in the proof.

Nothing here knows the rules: every position, move, number and settled child comes from
the binary's JSON reports (``troyka solve --json``). This module has no Ray in it, so it
is tested and resumed on its own; the state is plain JSON."""

import math

INF = math.inf

#: How much harder a leaf in flight looks to the next pick.
VIRTUAL_FACTOR = 4


def mirror(position, board):
    """The mirror image (files read from the other side) of a proof-format position:
    side to move, then white's and black's squares in hex, square = rank * files + file."""
    cols, rows = (int(n) for n in board.split("x"))
    side, pieces = position[0], position[1:].split(".")

    def flip(text):
        bits, out = int(text, 16), 0
        for square in range(cols * rows):
            if bits >> square & 1:
                rank, file = divmod(square, cols)
                out |= 1 << (rank * cols + cols - 1 - file)
        return format(out, f"0{len(text)}x")

    return side + ".".join(flip(p) for p in pieces)


def key_of(position, board):
    """One key for a position and its mirror image."""
    return min(position, mirror(position, board))


def number(value):
    """A number from JSON: ``null`` is infinity."""
    return INF if value is None else value


def to_json(value):
    return None if value == INF else value


def shown(value):
    """A number for people: infinity, whether a float, JSON's ``null`` or the ``"inf"`` of
    job logs written before they held ``null``, is ``inf``."""
    return "inf" if value in (INF, None, "inf") else value


def side_name(position):
    return "white" if position[0] == "w" else "black"


def other_side(side):
    return "black" if side == "white" else "white"


class Tree:
    """The top of the proof tree. ``nodes`` maps keys to dicts: ``fen``, ``position`` (the
    orientation the node was first reached in), ``pn``, ``dn``, ``children`` (``None`` for
    a leaf, else the list the job reported: ``move``, ``position`` as the move leaves it,
    ``key`` of its node or ``settled`` with its numbers), ``others`` (the pattern that
    settles the moves not listed), and ``proof`` (the record of the job proof that solves a
    leaf: its ``sha256``, ``lines`` and ``winner``, and the job's ``nodes`` and ``hash``,
    which records stored before certificates lack)."""

    def __init__(self, board, root, nodes, stats):
        self.board = board
        self.root = root
        self.nodes = nodes
        self.stats = stats
        self.in_flight = set()

    @classmethod
    def start(cls, description):
        """A tree of one leaf, the position a ``troyka solve --json`` report describes."""
        tree = cls(description["board"], None, {}, {"jobs": 0, "nodes": 0, "job_seconds": 0.0})
        tree.root = tree._leaf(description, 1, 1)
        return tree

    def to_json(self):
        nodes = {k: {**n, "pn": to_json(n["pn"]), "dn": to_json(n["dn"])} for k, n in self.nodes.items()}
        return {"version": 1, "board": self.board, "root": self.root, "nodes": nodes, "stats": self.stats}

    @classmethod
    def from_json(cls, state):
        nodes = {k: {**n, "pn": number(n["pn"]), "dn": number(n["dn"])} for k, n in state["nodes"].items()}
        return cls(state["board"], state["root"], nodes, state["stats"])

    def _leaf(self, report, pn, dn):
        key = key_of(report["position"], self.board)
        if key not in self.nodes:
            self.nodes[key] = {"fen": report["fen"], "position": report["position"], "pn": pn,
                               "dn": dn, "children": None, "others": None, "proof": None}
        return key

    # The numbers.

    def solved(self, key=None):
        node = self.nodes[key or self.root]
        return node["pn"] == 0 or node["dn"] == 0

    def winner(self):
        """The side that wins the root, once solved."""
        node = self.nodes[self.root]
        mover = side_name(node["position"])
        return mover if node["pn"] == 0 else other_side(mover)

    def _child_numbers(self, child, virtual):
        """A child's numbers, and whether a leaf to pick lies below it."""
        if child.get("settled"):
            numbers = (number(child["pn"]), number(child["dn"]))
            return numbers, numbers, False
        return virtual[child["key"]]

    def update(self):
        """Recomputes every node's numbers from the leaves up, and the virtual numbers the
        next pick goes by; returns the latter (by key: real, virtual, pickable)."""
        virtual = {}

        def visit(key):
            if key in virtual:
                return
            node = self.nodes[key]
            if node["children"] is None:
                real = (node["pn"], node["dn"])
                flying = key in self.in_flight
                factor = VIRTUAL_FACTOR if flying else 1
                pickable = not flying and 0 not in real
                virtual[key] = (real, (real[0] * factor, real[1] * factor), pickable)
                return
            pn, dn, vpn, vdn, pickable = INF, 0, INF, 0, False
            for child in node["children"]:
                if not child.get("settled"):
                    visit(child["key"])
                (cpn, cdn), (cvpn, cvdn), below = self._child_numbers(child, virtual)
                pn, dn = min(pn, cdn), dn + cpn
                vpn, vdn = min(vpn, cvdn), vdn + cvpn
                pickable = pickable or below
            if pn == 0:
                dn = INF
            node["pn"], node["dn"] = pn, dn
            solved = pn == 0 or dn == 0
            virtual[key] = ((pn, dn), (vpn, vdn), pickable and not solved)

        visit(self.root)
        return virtual

    def pick(self):
        """The most-proving leaf under the virtual numbers, now in flight; ``None`` if every
        open leaf is in flight already."""
        virtual = self.update()
        key = self.root
        if not virtual[key][2]:
            return None
        while self.nodes[key]["children"] is not None:
            best = None
            for child in self.nodes[key]["children"]:
                if child.get("settled") or not virtual[child["key"]][2]:
                    continue
                delta = virtual[child["key"]][1][1]
                if best is None or delta < best[0]:
                    best = (delta, child["key"])
            key = best[1]
        self.in_flight.add(key)
        return key

    # What the jobs report.

    def finish(self, key, report, proof=None):
        """Takes a job's report on leaf ``key``: solved, it keeps the ``proof`` record;
        unsolved, the leaf becomes a node whose children are the report's."""
        self.in_flight.discard(key)
        self.stats["jobs"] += 1
        self.stats["nodes"] += report["nodes"]
        self.stats["job_seconds"] = round(self.stats["job_seconds"] + report["seconds"], 3)
        node = self.nodes[key]
        if report["fen"] != node["fen"]:
            raise ValueError(f"a report on {report['fen']} for the node of {node['fen']}")
        if report["result"] != "unknown":
            node["pn"], node["dn"] = (0, INF) if report["result"] == "won" else (INF, 0)
            node["proof"] = proof
            return
        self._expand(key, report)

    def _expand(self, key, report):
        """Makes leaf ``key`` a node with the children ``report`` lists, and so on down
        where the report lists a child's own children (the part of its tree a job worked on
        most): a new leaf, or one not in flight that was first reached in the same
        orientation (a mirror image's moves would be the wrong ones), is expanded too."""
        node = self.nodes[key]
        node["others"] = report["others"]
        node["children"] = []
        for child in report["children"]:
            entry = {"move": child["move"], "position": child["position"]}
            if child["settled"]:
                entry.update(settled=child["settled"], pn=child["pn"], dn=child["dn"])
            else:
                entry["key"] = self._leaf(child, number(child["pn"]), number(child["dn"]))
                below = self.nodes[entry["key"]]
                if (child.get("children") is not None and below["children"] is None
                        and below["position"] == child["position"]
                        and entry["key"] not in self.in_flight and not self.solved(entry["key"])):
                    self._expand(entry["key"], child)
            node["children"].append(entry)

    # The proof.

    def won_for(self, child, winner):
        """Whether a child (as its parent lists it) is won for ``winner``."""
        numbers = self.nodes[child["key"]] if "key" in child else child
        mover_wins = number(numbers["pn"]) == 0
        if not mover_wins and number(numbers["dn"]) != 0:
            return False
        return (side_name(child["position"]) == winner) == mover_wins

    def solution(self):
        """The nodes of the proof that the winner wins the root, children before parents,
        each with the entries of its line; leaves have ``None`` (their job proof stands
        for them). For the winner's nodes the move is one into a settled position if there
        is one, else into a node with a proof, else the first."""
        winner, order, done = self.winner(), [], set()

        def rank(child):
            if child.get("settled"):
                return 0
            return 1 if self.nodes[child["key"]]["proof"] else 2

        def visit(key):
            if key in done:
                return
            done.add(key)
            node = self.nodes[key]
            if node["children"] is None:
                order.append((key, None))
                return
            if side_name(node["position"]) == winner:
                won = [c for c in node["children"] if self.won_for(c, winner)]
                if not won:
                    raise ValueError(f"{node['fen']}: no child is won for {winner}")
                children = [min(won, key=rank)]
            else:
                children = node["children"]
                if not all(self.won_for(c, winner) for c in children):
                    raise ValueError(f"{node['fen']}: a move of the loser is not refuted")
            for child in children:
                if not child.get("settled"):
                    visit(child["key"])
            entries = [f"{c['move']}:{self.reference(c)}" for c in children]
            if node["others"] and side_name(node["position"]) != winner:
                entries.append(f"*:{node['others']}")
            order.append((key, entries))

        visit(self.root)
        return order

    def reference(self, child):
        """How a line cites a child: its settling rule, ``+`` (its node's line is of this
        position) or ``~`` (of its mirror image)."""
        if child.get("settled"):
            return child["settled"]
        return "+" if self.nodes[child["key"]]["position"] == child["position"] else "~"

    def unproved_leaves(self):
        """Leaves of the solution with no job proof: positions a job proved on the way
        (its table solved them) but wrote no proof of; a job without a budget makes one."""
        return [k for k, entries in self.solution() if entries is None and not self.nodes[k]["proof"]]
