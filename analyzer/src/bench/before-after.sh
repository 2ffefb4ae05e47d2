#!/usr/bin/env bash
# Lenient and precise wall time of two analyzer jars on the analyzer benchmark's tree, taking
# turns (old, new, old, new, ...) in the same run so that a shared machine's load hits both.
# Usage (after analyzer-benchmark.sh has assembled analyzer/target/bench):
#   bash analyzer/src/bench/before-after.sh OLD.jar [NEW.jar] [repetitions]
set -euo pipefail
cd "$(dirname "$0")/../../.."
OLD=$1
NEW=${2:-analyzer/target/informer-guard.jar}
REPS=${3:-3}
WORK=analyzer/target/bench
[ -d "$WORK/tree" ] && [ -f "$WORK/cp.txt" ] || { echo "run analyzer/src/bench/analyzer-benchmark.sh first" >&2; exit 2; }
CP=$(cat "$WORK/cp.txt")
declare -A T
once() { # once KEY JAR MODE-ARGS...: appends the wall seconds of one run to T[KEY]
  local key=$1 jar=$2; shift 2
  /usr/bin/time -f '%e' -o "$WORK/ba-time.txt" java -Xmx4g -jar "$jar" --fail-on never --format json \
    --output "$WORK/ba-$key.json" "$@" "$WORK/tree" >/dev/null 2>&1 || true
  T[$key]="${T[$key]:-} $(tail -n 1 "$WORK/ba-time.txt")"
}
for ((i = 0; i < REPS; i++)); do
  once old_lenient "$OLD"; once new_lenient "$NEW"
  once old_precise "$OLD" --classpath "$CP"; once new_precise "$NEW" --classpath "$CP"
done
median() { tr ' ' '\n' <<<"$1" | grep . | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
findings() { python3 -c "import json;print(len(json.load(open('$WORK/ba-$1.json'))['findings']))"; }
echo "| mode | before (s) | after (s) | after/before | findings before | findings after |"
echo "|---|---|---|---|---|---|"
for mode in lenient precise; do
  b=$(median "${T[old_$mode]}"); a=$(median "${T[new_$mode]}")
  echo "| $mode | $b | $a | $(python3 -c "print(f'{$a/$b:.2f}')") | $(findings old_$mode) | $(findings new_$mode) |"
done
echo "runs: $(for k in old_lenient new_lenient old_precise new_precise; do printf '%s:%s; ' "$k" "${T[$k]}"; done)"
