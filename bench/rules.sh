#!/bin/sh
# `npm run bench:rules`: what R16 (the captor places a captured queen) changes in play, the
# table in docs/strength.md ("R10 and R16 in self-play"): the engine against itself under R10
# and under R16 at 25 and 75 ms a move, then the engine at full strength against the baseline
# under R16 at 75 ms. Each match's lines and records go to .scratch/rules/ (git-ignored), and
# the summary line of each: draws, decisive games and mean length.
#
#   npm run bench:rules               # GAMES=100 a match; CONCURRENCY=1
#   GAMES=40 CONCURRENCY=2 npm run bench:rules
set -e
cd "$(dirname "$0")/.."
games=${GAMES:-100}
concurrency=${CONCURRENCY:-1}
agon="node packages/cli/bin/agon.mjs"
out=.scratch/rules
mkdir -p "$out"
[ -f bench/baseline/COMMIT ] || node bench/baseline.mjs

run() {
  name=$1
  shift
  $agon match --games "$games" --seed 12 --concurrency "$concurrency" \
    --pgn "$out/$name.agn" "$@" >"$out/$name.txt"
  # A game line: `game i/N  A-B  <result>  [tally]  <turns> turns, <ending>`.
  awk -v name="$name" '
    /^game / {
      n++
      if ($4 == "1/2-1/2") d++
      for (i = 1; i < NF; i++) if ($(i + 1) == "turns,") len += $i
    }
    END { printf "%-13s %d games, %d drawn (%.0f%%), mean length %.1f turns\n", name, n, d, 100 * d / n, len / n }
  ' "$out/$name.txt"
}

self="$agon engine"
run r10-25ms --a "$self" --b "$self" --movetime 25
run r16-25ms --a "$self" --b "$self" --movetime 25 --queen-placement captor
run r10-75ms --a "$self" --b "$self" --movetime 75
run r16-75ms --a "$self" --b "$self" --movetime 75 --queen-placement captor
run r16-baseline --a "$self" --b "node bench/baseline/agon.mjs engine" --movetime 75 \
  --queen-placement captor
grep -h '^A wins\|^Elo' "$out/r16-baseline.txt"
