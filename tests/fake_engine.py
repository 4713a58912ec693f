#!/usr/bin/env python3
"""A tiny Breakthrough and Relay engine speaking minimal UCI (and UGI) for troyka-match's
tests. It plays Breakthrough until `setoption name UCI_Variant value relay` asks for Relay
(see src/games/relay: a pile of stones, turns of one or two plies `1`, `2` or `end`, sent
whole as `2,1`; positions come as `startpos` or the game's position string).

It plays legal moves (a winning move when it has one, otherwise one picked from a hash of
the position, so different openings give different games) and can be told to misbehave
at its Nth move since the process started (counting across games, so a restarted
process misbehaves again):

    --illegal-at N     answer with an illegal move (Breakthrough: a backward move;
                       Relay: `end,1`)
    --unfinished-at N  Relay: answer with the first ply of a turn alone (`1`)
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
        elif flag in ("--illegal-at", "--unfinished-at", "--garbage-at", "--stall-at",
                      "--crash-at", "--exit-at-newgame"):
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


class Relay:
    """A Relay position: `stones side ply turns limit winner`, e.g. `25 white 1 0 20 -`."""

    START = "25 white 1 0 20 -"

    def __init__(self, text):
        stones, side, ply, turns, limit, winner = text.split()
        self.stones, self.side = int(stones), side
        self.second, self.turns, self.limit = ply == "2", int(turns), int(limit)
        self.winner = None if winner == "-" else winner

    def over(self):
        return self.winner is not None or self.turns >= self.limit

    def plies(self):
        if self.over():
            return []
        return [str(n) for n in range(1, min(2, self.stones) + 1)] + (["end"] if self.second else [])

    def play(self, ply):
        if ply not in self.plies():
            sys.exit(f"fake_engine: Relay ply '{ply}' is not legal here")
        if ply != "end":
            self.stones -= int(ply)
            if self.stones == 0:
                self.winner = self.side
        if self.second or ply == "end":
            self.side = "black" if self.side == "white" else "white"
            self.second, self.turns = False, self.turns + 1
        else:
            self.second = True

    def copy(self):
        return Relay(f"{self.stones} {self.side} {2 if self.second else 1} {self.turns} "
                     f"{self.limit} {self.winner or '-'}")

    def turns_here(self):
        """Every legal turn, each a list of plies."""
        found = []
        for first in self.plies():
            after = self.copy()
            after.play(first)
            if after.side != self.side or after.over():
                found.append([first])
            else:
                found += [[first, second] for second in after.plies()]
        return found


def choose_relay(game, key):
    turns = game.turns_here()
    for turn in turns:
        after = game.copy()
        for ply in turn:
            after.play(ply)
        if after.winner == game.side:
            return turn
    return turns[sum(map(ord, key)) * 7919 % len(turns)]


def set_position(variant, words):
    """The position of a `position` command, with its moves played."""
    rest = " ".join(words[2:])
    text, _, moves = rest.partition(" moves ")
    if words[1] == "startpos":
        if variant != "relay":
            sys.exit("fake_engine: Breakthrough positions must come as fen")
        text, moves = Relay.START, " ".join(words[3:])
    if variant != "relay":
        board = Board(text)
        for move in moves.split():
            board.play(move)
        return board
    game = Relay(text)
    for turn in moves.split():
        for ply in turn.split(","):
            game.play(ply)
    return game


def answer(variant, position, key, fault):
    """The move to send, or the misbehaving one `fault` asks for."""
    if fault == "garbage":
        return "xyzzy"
    if variant == "relay":
        if fault == "illegal":
            return "end,1"
        if fault == "unfinished":
            return "1"
        return ",".join(choose_relay(position, key))
    (f, r), (tf, tr) = choose(position, key)
    if fault == "illegal":
        return position.name(tf, tr) + position.name(f, r)
    return position.name(f, r) + position.name(tf, tr)


def main():
    faults, name = parse_args(sys.argv[1:])
    variant, position, key, played, new_games = "breakthrough", None, "", 0, 0
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
        elif command == "setoption" and words[2:3] == ["UCI_Variant"]:
            variant = words[4].lower()
        elif command in ("ucinewgame", "uginewgame"):
            new_games += 1
            if faults.get("exit-at-newgame", (0, 0))[0] == new_games:
                return
        elif command == "position":
            position, key = set_position(variant, words), line
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
            move = answer(variant, position, key, fault)
            print("info depth 3 seldepth 3 score cp 12 nodes 300 nps 30000 time 10 pv " + move)
            print("bestmove " + move, flush=True)
        elif command == "quit":
            return


if __name__ == "__main__":
    main()
