#!/usr/bin/env bash
# The plugin's overhead on a real multi-module operator build (issue 14): the Java Operator SDK's
# own reactor at v5.3.2, built with its own POMs (tests skipped), each scenario as alternating pairs
# (without, with the plugin), wall time and CPU time (user + system) of the whole Maven process;
# medians and their ratios, and the plugin's own time from its summary line. Prints one table.
# On a shared machine read the CPU ratio: other builds stretch wall time far more than CPU time.
#
# Usage (from the project root, after `mvn -B install -DskipTests` of this repository, so that the
# plugin is in the local repository Maven uses):
#   bash maven-plugin/src/bench/overhead.sh [pairs] [scenario...]
# Scenarios: noop (verify of tomcat-operator and what it needs, cache warm), clean (clean verify of
# operator-framework-core, 238 files), small (clean verify of the 11-file tomcat-operator sample).
# JOSDK=dir: a checkout of operator-framework/java-operator-sdk at the tag. Without it the tag is
# exported into $WORK from JOSDK_MIRROR=dir (a bare clone or mirror of that repository, for machines
# without GitHub access; its default is where this project's build machine keeps one) or, when
# that folder does not exist, from a shallow clone of the tag from GitHub.
# MVN_OPTS_EXTRA="-Dmaven.repo.local=DIR" for another local repository.
# SIDES="without with early" (default "without with"): the builds of each round, in this order;
# "with" adds the plugin's check goal, "cold" the same with an empty cacheDirectory for every build
# (no snapshot to restore after clean: a first build, or one after a change), "early" the start goal beside it (the analysis on a
# background thread from generate-resources; it never restores a snapshot, so its clean builds are
# always cold: compare it with "cold"), "early2" that with one analysis worker per core
# instead of one; each side but "without" gets its own row of ratios.
# About 2 minutes per pair of small, 1 of noop and 6 to 8 of clean on an idle 2-core machine.
set -euo pipefail
cd "$(dirname "$0")/../../.."
ROOT=$(pwd)
PAIRS=${1:-3}
shift || true
SCENARIOS=("$@"); [ ${#SCENARIOS[@]} -gt 0 ] || SCENARIOS=(noop small clean)
TAG=v5.3.2
WORK=${WORK:-/tmp/informer-guard-overhead}
SRC=$WORK/java-operator-sdk-$TAG
MIRROR=${JOSDK_MIRROR:-/work/.mirror/operator-framework+java-operator-sdk/repo}
VERSION=$(sed -n '0,/<version>/s:.*<version>\(.*\)</version>.*:\1:p' pom.xml)
# -Dmaven.test.skip=true rather than -DskipTests: the tests need io.fabric8:kube-api-test-client-inject,
# which Maven Central does not serve, so its dependency is removed below and the tests cannot compile.
# The export has no .git, so git-commit-id-maven-plugin is skipped on both sides.
MVN=(mvn -B -o ${MVN_OPTS_EXTRA:-} -Dmaven.test.skip=true -Dmaven.gitcommitid.skip=true)
mkdir -p "$WORK"

if [ -n "${JOSDK:-}" ]; then SRC=$JOSDK
elif [ ! -f "$SRC/pom.xml" ]; then
  mkdir -p "$SRC"
  if [ ! -d "$MIRROR" ]; then
    # Exported like a mirror's archive (no .git), so both sides build the same tree either way.
    MIRROR=$WORK/java-operator-sdk-$TAG.git
    [ -d "$MIRROR" ] || git clone -q --bare --depth 1 --branch "$TAG" \
      https://github.com/operator-framework/java-operator-sdk.git "$MIRROR"
  fi
  git -C "$MIRROR" archive "$TAG" | tar -x -C "$SRC"
  # The plugin goes into a profile of the root POM, so "without" and "with" build the same POMs.
  python3 - "$SRC/pom.xml" "$VERSION" <<'PY'
import sys
path, version = sys.argv[1], sys.argv[2]
pom = open(path).read()
def profile_of(id, goals):
    return f"""
    <profile>
      <id>{id}</id>
      <build><plugins><plugin>
        <groupId>io.github.informerguard</groupId>
        <artifactId>informer-guard-maven-plugin</artifactId>
        <version>{version}</version>
        <configuration><failOnViolation>false</failOnViolation></configuration>
        <executions><execution><goals>{goals}</goals></execution></executions>
      </plugin></plugins></build>
    </profile>"""
# "informer-guard": the check goal alone; "informer-guard-early": with the start goal beside it.
profile = "<profiles>" + profile_of("informer-guard", "<goal>check</goal>") \
    + profile_of("informer-guard-early", "<goal>start</goal><goal>check</goal>")
assert "<profiles>" in pom
open(path, "w").write(pom.replace("<profiles>", profile, 1))
PY
  # Identical for both sides: drop what Maven Central does not serve (the test-only dependency
  # kube-api-test-client-inject) and the crd-generator-maven-plugin executions.
  find "$SRC" -name pom.xml -print0 | xargs -0 python3 -c '
import re, sys
for path in sys.argv[1:]:
    pom = open(path).read()
    out = re.sub(r"<dependency>(?:(?!</dependency>).)*?kube-api-test-client-inject.*?</dependency>", "", pom, flags=re.S)
    out = re.sub(r"<plugin>(?:(?!</plugin>).)*?crd-generator-maven-plugin.*?</plugin>", "", out, flags=re.S)
    if out != pom:
        open(path, "w").write(out)
' 
  # Dependencies and plugins of the build, resolved once online so that the timed runs are offline.
  (cd "$SRC" && mvn -B ${MVN_OPTS_EXTRA:-} -q -Dmaven.test.skip=true -Dmaven.gitcommitid.skip=true -Pinformer-guard install -pl sample-operators/tomcat-operator -am >"$WORK/prepare.log" 2>&1) \
    || { echo "preparing the JOSDK build failed; see $WORK/prepare.log" >&2; exit 2; }
fi

declare -A ARGS=([noop]="verify -pl sample-operators/tomcat-operator -am"
  [clean]="clean verify -pl operator-framework-core" [small]="clean verify -pl sample-operators/tomcat-operator")
declare -A LABEL=([noop]="no-op verify (tomcat-operator and the modules it needs, cache warm)"
  [clean]="clean verify of operator-framework-core" [small]="clean verify of the 11-file tomcat-operator")
SIDES=(${SIDES:-without with})
# early2: as early, with the background analysis on one worker per core instead of one.
# cold: as with, but each build gets an empty cacheDirectory, so a clean build analyzes every file
# (as every clean build did before session 12); with, after the first build, restores the module's
# snapshot whenever its sources are unchanged.
declare -A PROFILE=([with]=informer-guard [cold]=informer-guard [early]=informer-guard-early [early2]=informer-guard-early)
declare -A SIDE_ARGS=([early2]=-Dinformerguard.earlyThreads=0)
declare -A T
run() { # run SCENARIO SIDE: one timed Maven build; appends wall seconds (and the plugin's ms) to T
  local s=$1 side=$2 extra=()
  [ "$side" != without ] && extra=(-P"${PROFILE[$side]}" ${SIDE_ARGS[$side]:-})
  if [ "$side" = cold ]; then
    rm -rf "$WORK/cold-store"
    extra+=(-Dinformer-guard.cacheDirectory="$WORK/cold-store")
  fi
  local log=$WORK/$s-$side.log start end
  start=$(date +%s.%N)
  (cd "$SRC" && /usr/bin/time -f '%U %S' -o "$log.cpu" "${MVN[@]}" ${ARGS[$s]} "${extra[@]}" >"$log" 2>&1) \
    || { echo "build failed: $log" >&2; exit 2; }
  end=$(date +%s.%N)
  local wall cpu; wall=$(python3 -c "print(f'{$end-$start:.1f}')")
  cpu=$(awk '{printf "%.1f", $1 + $2}' "$log.cpu")
  T[$s.$side]+="$wall "
  T[$s.cpu$side]+="$cpu "
  # The plugin's summary line per module ("... precise mode, N ms"), summed over the build.
  local own=""
  if [ "$side" != without ]; then
    own=$( (grep -o 'mode, [0-9]* ms' "$log" || true) | awk '{s+=$2} END {printf "%.1f", s/1000}')
    T[$s.own$side]+="$own "
  fi
  echo "$(date -u +%T) $s $side: $wall s (CPU $cpu s)$( [ "$side" != without ] && echo ", plugin's own $own s"), load $(cut -d' ' -f1 /proc/loadavg)" >&2
}
median() { printf '%s\n' $1 | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
for s in "${SCENARIOS[@]}"; do
  # noop needs a built reactor and a warm cache on every side: one untimed build of each first.
  if [ "$s" = noop ]; then
    for side in "${SIDES[@]}"; do run noop "$side"; T[noop.$side]=""; T[noop.cpu$side]=""; T[noop.own$side]=""; done
  fi
  for ((i = 0; i < PAIRS; i++)); do for side in "${SIDES[@]}"; do run "$s" "$side"; done; done
done
echo "JOSDK $TAG reactor, tests skipped (-Dmaven.test.skip=true), $PAIRS alternating rounds (${SIDES[*]}) per scenario, $(nproc) cores, load at the end $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| scenario | side | wall without (s) | wall with (s) | median without | median with | wall ratio | CPU without (s) | CPU with (s) | CPU ratio of medians | plugin's own time (s) |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
for s in "${SCENARIOS[@]}"; do
  a=$(median "${T[$s.without]}"); ca=$(median "${T[$s.cpuwithout]}")
  for side in "${SIDES[@]}"; do
    [ "$side" = without ] && continue
    b=$(median "${T[$s.$side]}"); cb=$(median "${T[$s.cpu$side]}")
    echo "| ${LABEL[$s]} | $side | ${T[$s.without]}| ${T[$s.$side]}| $a | $b | $(python3 -c "print(f'{$b/$a:.2f}')") | ${T[$s.cpuwithout]}| ${T[$s.cpu$side]}| $(python3 -c "print(f'{$cb/$ca:.2f}')") | ${T[$s.own$side]}|"
  done
done
