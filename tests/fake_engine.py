#!/usr/bin/env python3
"""A tiny Breakthrough engine speaking minimal UCI (and UGI) for troyka-match's tests.

It plays legal moves (a winning move when it has one, otherwise one picked from a hash of
the position, so different openings give different games) and can be told to misbehave
at its Nth move since the process started (counting across games, so a restarted
process misbehaves again):

    --illegal-at N     answer with a backward move (well-formed, illegal)
    --garbage-at N     answer `bestmove xyzzy`
    --stall-at N       never answer
    --crash-at N       exit with status 3 instead of answering
    --slow-at N MS     wait MS milliseconds before answering
    --exit-at-newgame N   exit quietly at the Nth `ucinewgame` (between games)
    --name NAME        the name in `id name`
"""

import sys
import time


def parse_args(argv):
    faults, name, i = {}, "fake", 0
    while i < len(argv):
        flag = argv[i]
        if flag == "--name":
            name, i = argv[i + 1], i + 2
        elif flag == "--slow-at":
            faults["slow"] = (int(argv[i + 1]), int(argv[i + 2]))
            i += 3
        elif flag in ("--illegal-at", "--garbage-at", "--stall-at", "--crash-at",
                      "--exit-at-newgame"):
            faults[flag[2:].removesuffix("-at")] = (int(argv[i + 1]), 0)
            i += 2
        else:
            sys.exit(f"fake_engine: unknown argument {flag}")
    return faults, name


class Board:
    """Ranks listed bottom (rank 1) to top; 'P' white moves up, 'p' black moves down."""

    def __init__(self, fen):
        fields = fen.split()
        self.rows = []
        for rank in reversed(fields[0].split("/")):
            row, digits = [], ""
            for c in rank + " ":
                if c.isdigit():
                    digits += c
                    continue
                if digits:
                    row += ["."] * int(digits)
                    digits = ""
                if c != " ":
                    row.append(c)
            self.rows.append(row)
        self.white = fields[1] == "w"

    def name(self, file, rank):
        return chr(ord("a") + file) + str(rank + 1)

    def moves(self):
        me, step = ("P", 1) if self.white else ("p", -1)
        result = []
        for rank, row in enumerate(self.rows):
            for file, piece in enumerate(row):
                if piece != me:
                    continue
                to_rank = rank + step
                if not 0 <= to_rank < len(self.rows):
                    continue
                for df in (-1, 0, 1):
                    to_file = file + df
                    if not 0 <= to_file < len(row):
                        continue
                    target = self.rows[to_rank][to_file]
                    if target == "." or (df != 0 and target != me):
                        result.append(((file, rank), (to_file, to_rank)))
        return result

    def play(self, text):
        cols = len(self.rows[0])
        for (f, r), (tf, tr) in self.moves():
            if self.name(f, r) + self.name(tf, tr) == text:
                self.rows[tr][tf] = self.rows[r][f]
                self.rows[r][f] = "."
                self.white = not self.white
                return
        sys.exit(f"fake_engine: '{text}' is not legal here ({cols} columns)")


def choose(board, key):
    moves = board.moves()
    goal = len(board.rows) - 1 if board.white else 0
    for move in moves:
        if move[1][1] == goal:
            return move
    return moves[sum(map(ord, key)) * 7919 % len(moves)]


def main():
    faults, name = parse_args(sys.argv[1:])
    board, key, played, new_games = None, "", 0, 0
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command = words[0]
        if command in ("uci", "ugi"):
            print(f"id name {name}")
            print("option name Hash type spin default 16 min 1 max 1024")
            print(command + "ok", flush=True)
        elif command == "isready":
            print("readyok", flush=True)
        elif command in ("ucinewgame", "uginewgame"):
            new_games += 1
            if faults.get("exit-at-newgame", (0, 0))[0] == new_games:
                return
        elif command == "position" and words[1] == "fen":
            rest = " ".join(words[2:])
            fen, _, moves = rest.partition(" moves ")
            board, key = Board(fen), line
            for move in moves.split():
                board.play(move)
        elif command == "go":
            played += 1
            fault = next((f for f, (at, _) in faults.items()
                          if at == played and f != "exit-at-newgame"), None)
            if fault == "stall":
                time.sleep(3600)
            if fault == "crash":
                sys.exit(3)
            if fault == "slow":
                time.sleep(faults["slow"][1] / 1000)
            (f, r), (tf, tr) = choose(board, key)
            move = board.name(f, r) + board.name(tf, tr)
            if fault == "illegal":
                move = board.name(tf, tr) + board.name(f, r)
            if fault == "garbage":
                move = "xyzzy"
            print("info depth 3 seldepth 3 score cp 12 nodes 300 nps 30000 time 10 pv " + move)
            print("bestmove " + move, flush=True)
        elif command == "quit":
            return


if __name__ == "__main__":
    main()
