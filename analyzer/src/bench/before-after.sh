#!/usr/bin/env bash
# Lenient and precise wall and CPU (user + sys) time of two analyzer jars on the analyzer
# benchmark's tree, taking turns (old, new, old, new, ...) in the same run so that a shared
# machine's load hits both; CPU time is the steadier figure when other work shares the cores.
# Usage (after analyzer-benchmark.sh has assembled analyzer/target/bench):
#   bash analyzer/src/bench/before-after.sh OLD.jar [NEW.jar] [repetitions]
set -euo pipefail
cd "$(dirname "$0")/../../.."
OLD=$1
NEW=${2:-analyzer/target/informer-guard.jar}
REPS=${3:-3}
MODES=${MODES:-lenient precise} # MODES=lenient for lenient mode only
WORK=analyzer/target/bench
[ -d "$WORK/tree" ] && [ -f "$WORK/cp.txt" ] || { echo "run analyzer/src/bench/analyzer-benchmark.sh first" >&2; exit 2; }
CP=$(cat "$WORK/cp.txt")
declare -A T C
once() { # once KEY JAR MODE-ARGS...: appends the wall and CPU seconds of one run to T[KEY] and C[KEY]
  local key=$1 jar=$2; shift 2
  /usr/bin/time -f '%e %U %S' -o "$WORK/ba-time.txt" java -Xmx4g -jar "$jar" --fail-on never --format json \
    --output "$WORK/ba-$key.json" "$@" "$WORK/tree" >/dev/null 2>&1 || true
  read -r wall user sys < <(tail -n 1 "$WORK/ba-time.txt")
  T[$key]="${T[$key]:-} $wall"
  C[$key]="${C[$key]:-} $(python3 -c "print(f'{$user + $sys:.2f}')")"
}
for ((i = 0; i < REPS; i++)); do
  if [[ $MODES == *lenient* ]]; then once old_lenient "$OLD"; once new_lenient "$NEW"; fi
  if [[ $MODES == *precise* ]]; then once old_precise "$OLD" --classpath "$CP"; once new_precise "$NEW" --classpath "$CP"; fi
done
median() { tr ' ' '\n' <<<"$1" | grep . | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
findings() { python3 -c "import json;print(len(json.load(open('$WORK/ba-$1.json'))['findings']))"; }
echo "| mode | wall before (s) | wall after (s) | after/before | CPU before (s) | CPU after (s) | after/before | findings before | after |"
echo "|---|---|---|---|---|---|---|---|---|"
for mode in $MODES; do
  b=$(median "${T[old_$mode]}"); a=$(median "${T[new_$mode]}")
  cb=$(median "${C[old_$mode]}"); ca=$(median "${C[new_$mode]}")
  echo "| $mode | $b | $a | $(python3 -c "print(f'{$a/$b:.2f}')") | $cb | $ca | $(python3 -c "print(f'{$ca/$cb:.2f}')") | $(findings old_$mode) | $(findings new_$mode) |"
done
echo "wall: $(for k in "${!T[@]}"; do printf '%s:%s; ' "$k" "${T[$k]}"; done)"
echo "cpu: $(for k in "${!C[@]}"; do printf '%s:%s; ' "$k" "${C[$k]}"; done)"
