#!/usr/bin/env bash
# Wall and CPU (user + sys) seconds of two CLI jars over every exported evaluation tree, lenient mode,
# taking turns (old, new, old, new, ...) so that a shared machine's load hits both; prints the medians
# and the new/old ratios. Usage: docs/evaluation/time-cli.sh OLD.jar NEW.jar [TREES] [repetitions]
set -euo pipefail
OLD=$1
NEW=$2
TREES=${3:-/tmp/eval-trees}
REPS=${4:-3}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
once() { # once NAME JAR: one run over all trees, appends "wall cpu" to $out/NAME
  /usr/bin/time -f '%e %U %S' -o "$out/t" java -jar "$2" --format json --fail-on never --output "$out/r.json" \
    "$TREES"/*/ >/dev/null 2>&1 || true
  read -r wall user sys < <(tail -n 1 "$out/t")
  echo "$wall $(python3 -c "print(f'{$user + $sys:.2f}')")" >> "$out/$1"
}
for ((i = 0; i < REPS; i++)); do once old "$OLD"; once new "$NEW"; done
python3 - "$out" <<'PY'
import statistics, sys
rows = {k: [tuple(map(float, l.split())) for l in open(f"{sys.argv[1]}/{k}")] for k in ("old", "new")}
med = {k: (statistics.median(w for w, _ in v), statistics.median(c for _, c in v)) for k, v in rows.items()}
print("| jar | wall median (s) | CPU median (s) | runs (wall/CPU) |")
print("|---|---|---|---|")
for k in ("old", "new"):
    print(f"| {k} | {med[k][0]:.1f} | {med[k][1]:.1f} | {' '.join(f'{w:.1f}/{c:.1f}' for w, c in rows[k])} |")
print(f"new/old: wall {med['new'][0] / med['old'][0]:.2f}, CPU {med['new'][1] / med['old'][1]:.2f}")
PY
