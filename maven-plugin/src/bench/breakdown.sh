#!/usr/bin/env bash
# Where the plugin's cost in a build goes (issue 14): runs the JOSDK builds of overhead.sh with
# the plugin, once each, with Maven's log timestamps, the plugin's step timings
# (-Dinformerguard.timings=true) and the JVM's class-load log, and prints per checked module the
# gap from Maven's "--- informer-guard-maven-plugin" line to the mojo's entry (Maven resolving the
# plugin, creating its class realm, loading and configuring the mojo), the plugin's steps, and
# how many classes each of the plugin's libraries had loaded by the end of the build.
#
# Usage (after overhead.sh has prepared the JOSDK tree, so the same WORK and MVN_OPTS_EXTRA):
#   bash maven-plugin/src/bench/breakdown.sh [scenario...]     (noop, small, clean; default noop small)
# noop builds twice first (untimed) so that every module's cache is warm and its reports written
# from it. About 3 minutes on an idle 2-core machine for noop and small; clean adds 1.
set -euo pipefail
cd "$(dirname "$0")/../../.."
SCENARIOS=("$@"); [ ${#SCENARIOS[@]} -gt 0 ] || SCENARIOS=(noop small)
WORK=${WORK:-/tmp/informer-guard-overhead}
SRC=${JOSDK:-$WORK/java-operator-sdk-v5.3.2}
[ -f "$SRC/pom.xml" ] || { echo "no JOSDK tree at $SRC: run overhead.sh first" >&2; exit 2; }
# PROFILE=informer-guard-early: the plugin with the start goal beside check (see overhead.sh).
MVN=(mvn -B -o ${MVN_OPTS_EXTRA:-} -Dmaven.test.skip=true -Dmaven.gitcommitid.skip=true -P"${PROFILE:-informer-guard}")
STAMPS=(-Dorg.slf4j.simpleLogger.showDateTime=true -Dorg.slf4j.simpleLogger.dateTimeFormat=HH:mm:ss.SSS
  -Dinformerguard.timings=true)
# The clean scenarios get an empty cacheDirectory, so that they time an analysis of every file,
# not a restore of the module's snapshot (see the plugin README, "After mvn clean").
COLD=-Dinformer-guard.cacheDirectory=$WORK/breakdown-cold-store
declare -A ARGS=([noop]="verify -pl sample-operators/tomcat-operator -am"
  [clean]="clean verify -pl operator-framework-core $COLD" [small]="clean verify -pl sample-operators/tomcat-operator $COLD")
for s in "${SCENARIOS[@]}"; do
  if [ "$s" = noop ]; then
    for i in 1 2; do (cd "$SRC" && "${MVN[@]}" ${ARGS[noop]} >"$WORK/breakdown-warm.log" 2>&1) \
      || { echo "build failed: $WORK/breakdown-warm.log" >&2; exit 2; }; done
  fi
  rm -rf "$WORK/breakdown-cold-store"
  log=$WORK/breakdown-$s.log classes=$WORK/breakdown-$s.classes
  (cd "$SRC" && MAVEN_OPTS="${MAVEN_OPTS:-} -Xlog:class+load=info:file=$classes" "${MVN[@]}" "${STAMPS[@]}" ${ARGS[$s]} >"$log" 2>&1) \
    || { echo "build failed: $log" >&2; exit 2; }
  echo "== $s: mvn ${ARGS[$s]} (load $(cut -d' ' -f1 /proc/loadavg), $(nproc) cores)"
  python3 - "$log" "$classes" <<'PY'
import re, sys, collections
from datetime import datetime
log = open(sys.argv[1]).read().splitlines()
def at(line):
    return datetime.strptime(line[:12], "%H:%M:%S.%f")
module = start = None
for line in log:
    m = re.match(r"\S+ \[INFO\] --- informer-guard-maven-plugin:\S+ \(\S+\) @ (\S+) ---", line)
    if m:
        module, start = m.group(1), at(line)
        continue
    if module and "Skipping informer-guard" in line:
        print(f"{module}: skipped {(at(line) - start).total_seconds() * 1000:.0f} ms after the plugin's '---' line")
        module = None
    m = re.search(r"informer-guard timings: entered (\S+), (.*)", line)
    if module and m:
        entered = datetime.strptime(m.group(1), "%H:%M:%S.%f")
        print(f"{module}: Maven's setup {(entered - start).total_seconds() * 1000:.0f} ms; {m.group(2)}")
        module = None
    m = re.search(r"Total time: +(\S+ \S+)", line)
    if m:
        print(f"build: {m.group(1)}")
counts = collections.Counter()
for line in open(sys.argv[2]):
    m = re.search(r"source: .*/repository/(.+)/([^/]+)/[^/]+\.jar$", line)
    if not m:
        continue
    lib = m.group(1).split("/")[-1]
    # With the version: other plugins of the build may load their own copies of the same libraries.
    if re.match(r"informer-guard-|javaparser|jackson|guava|javassist|snakeyaml|picocli|failureaccess", lib):
        counts[lib + " " + m.group(2)] += 1
print("classes loaded from the plugin's libraries: " + ", ".join(f"{k} {v}" for k, v in counts.most_common()))
PY
done
