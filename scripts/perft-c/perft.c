/* A minimal bitboard perft for 8x8 Breakthrough, the yardstick of Troyka's move generator
 * (issue 20: Troyka's `perft 7` against this counter, same run, same machine).
 *
 * The side to move always moves up the board: after each move both boards are byte-swapped
 * (ranks mirrored) and exchanged. A move onto the last rank, or one that takes the last enemy
 * piece, ends the game: the position after it has no moves. Depth 1 is counted with
 * population counts, as Troyka counts it.
 *
 *   cc -O3 -march=native -o perft scripts/perft-c/perft.c && ./perft 7   # 3751915714
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef uint64_t u64;
#define FILE_A 0x0101010101010101ULL
#define FILE_H 0x8080808080808080ULL
#define RANK_8 0xFF00000000000000ULL

static u64 perft(u64 us, u64 them, int depth) {
    u64 empty = ~(us | them);
    u64 straight = (us << 8) & empty;
    u64 left = ((us & ~FILE_A) << 7) & ~us;
    u64 right = ((us & ~FILE_H) << 9) & ~us;
    if (depth == 1)
        return __builtin_popcountll(straight) + __builtin_popcountll(left) +
               __builtin_popcountll(right);
    u64 leaves = 0;
    const u64 targets[3] = {straight, left, right};
    const int steps[3] = {8, 7, 9};
    for (int kind = 0; kind < 3; kind++) {
        for (u64 set = targets[kind]; set; set &= set - 1) {
            u64 to = set & -set;
            u64 from = to >> steps[kind];
            u64 mover = us ^ from ^ to, rest = them & ~to;
            if ((to & RANK_8) || !rest)
                continue; /* the game is over: no leaves below */
            leaves += perft(__builtin_bswap64(rest), __builtin_bswap64(mover), depth - 1);
        }
    }
    return leaves;
}

int main(int argc, char **argv) {
    int depth = argc > 1 ? atoi(argv[1]) : 7;
    if (depth < 1) {
        fprintf(stderr, "usage: perft DEPTH (1 or more)\n");
        return 2;
    }
    printf("%llu\n", (unsigned long long)perft(0xFFFFULL, 0xFFFFULL << 48, depth));
    return 0;
}
