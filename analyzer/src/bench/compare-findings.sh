#!/usr/bin/env bash
# Runs two builds of the CLI on the analyzer benchmark's tree in lenient and precise mode and
# compares their findings by rule, file, line and column; exits 1 when they differ. For changes
# that must not change what is found (speed, memory).
#
# Usage (from the project root, after the benchmark has assembled its tree once):
#   bash analyzer/src/bench/compare-findings.sh BEFORE.jar [AFTER.jar] [-- extra JVM options]
# TREE=dir compares on another tree (precise mode still uses the benchmark's classpath).
set -euo pipefail
cd "$(dirname "$0")/../../.."
BEFORE=${1:?usage: compare-findings.sh BEFORE.jar [AFTER.jar]}
AFTER=${2:-analyzer/target/informer-guard.jar}
shift $(($# < 2 ? $# : 2))
[ "${1:-}" = "--" ] && shift
WORK=analyzer/target/bench
TREE=${TREE:-$WORK/tree}
[ -d "$TREE" ] && [ -f "$WORK/cp.txt" ] || { echo "assemble the tree first: bash analyzer/src/bench/analyzer-benchmark.sh 1" >&2; exit 2; }
OUT=$WORK/compare
mkdir -p "$OUT"
for mode in lenient precise; do
  extra=(); [ "$mode" = precise ] && extra=(--classpath "$(cat "$WORK/cp.txt")")
  for side in before after; do
    jar=$BEFORE; [ "$side" = after ] && jar=$AFTER
    java -Xmx4g "$@" -jar "$jar" --fail-on never --format json --output "$OUT/$mode-$side.json" "${extra[@]}" "$TREE"
  done
done
python3 - "$OUT" <<'PY'
import json, sys
out = sys.argv[1]
status = 0
for mode in ("lenient", "precise"):
    def load(side):
        d = json.load(open(f"{out}/{mode}-{side}.json"))
        return {(f["ruleId"], f["file"], f["line"], f["column"]) for f in d["findings"]}, d
    before, db = load("before")
    after, da = load("after")
    print(f"{mode}: before {len(before)} findings ({len(db['errors'])} errors), after {len(after)} ({len(da['errors'])} errors)")
    for f in sorted(before - after):
        print("  only before:", *f)
    for f in sorted(after - before):
        print("  only after: ", *f)
    if before != after:
        status = 1
print("identical" if status == 0 else "DIFFERENT")
sys.exit(status)
PY
