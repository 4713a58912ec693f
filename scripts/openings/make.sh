#!/usr/bin/env bash
# Makes the balanced opening suites beside this script: random openings of a few plies,
# kept only when a shallow Troyka search scores them within 40 cp of even (see
# `troyka-match openings`). The seeds make the suites reproducible for a given Troyka;
# regenerate them only when they should follow a changed evaluation.
#
#   scripts/openings/make.sh            # all three Breakthrough boards and Breakthru
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../.."
cargo build --release --quiet --bin troyka-match
make() { # NAME COUNT PLIES DEPTH --size CxR | --variant NAME   (Breakthru: plies are turns)
    echo "making $1 ($2 openings)" >&2
    target/release/troyka-match openings "$5" "$6" --count "$2" --plies "$3" \
        --depth "$4" --margin 40 --seed 1 >"$here/$1.txt"
}
make 8x8 400 6 8 --size 8x8
make 7x7 300 4 8 --size 7x7
make 6x6 200 4 9 --size 6x6
make breakthru 200 4 6 --variant breakthru
