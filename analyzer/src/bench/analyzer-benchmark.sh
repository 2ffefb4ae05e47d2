#!/usr/bin/env bash
# Analyzer benchmark (issues 7 and 15): informer-guard lenient and precise vs Checkstyle's
# sun_checks.xml and grep, on a large real tree assembled from Maven Central sources jars and on a
# second tree (default /tmp/fabric8-tree: the fabric8 kubernetes-client repository, 17k files, see
# docs/benchmarks.md for how to export it). Prints the tables and writes the "Analyzer" section of
# docs/benchmarks.md. About 15 minutes on an idle 2-core machine with 3 repetitions.
#
# Usage (from the project root, after `mvn -B install -DskipTests`):
#   bash analyzer/src/bench/analyzer-benchmark.sh [repetitions]
# SECOND_TREE=dir another second tree, SECOND_TREE= none; SECOND_CHECKSTYLE_REPS=n Checkstyle runs on
# the second tree (default 1: about 7 minutes each); BASELINE_JAR=jar adds an earlier build's rows;
# BENCH_TOOLS="grep lenient lenient_noprefilter precise checkstyle" chooses the tools; SMALL_HEAP=0
# leaves out the -Xmx256m runs.
set -euo pipefail
cd "$(dirname "$0")/../../.."
ROOT=$(pwd)
REPS=${1:-3}
WORK=$ROOT/analyzer/target/bench
TREE=$WORK/tree
JAR=$ROOT/analyzer/target/informer-guard.jar
CHECKSTYLE_VERSION=$(sed -n 's:.*<checkstyle.version>\(.*\)</checkstyle.version>.*:\1:p' pom.xml)
[ -f "$JAR" ] || { echo "build first: mvn -B install -DskipTests" >&2; exit 2; }
mkdir -p "$WORK"
# MVN_OPTS_EXTRA="-Dmaven.repo.local=DIR" resolves the tree's jars in another local repository.
MVN=(mvn -B -q ${MVN_OPTS_EXTRA:-})

# fabric8 8.0.0 publishes no sources jar that Maven Central serves here; 7.5.2 is the newest that does.
SOURCES=(
  io.fabric8:kubernetes-client:7.5.2
  io.fabric8:kubernetes-client-api:7.5.2
  io.fabric8:kubernetes-model-core:7.5.2
  io.fabric8:kubernetes-model-apps:7.5.2
  io.fabric8:kubernetes-model-networking:7.5.2
  io.fabric8:kubernetes-model-apiextensions:7.5.2
  io.fabric8:kubernetes-model-admissionregistration:7.5.2
  io.fabric8:kubernetes-model-rbac:7.5.2
  io.kubernetes:client-java:24.0.0
  io.kubernetes:client-java-extended:24.0.0
  io.kubernetes:client-java-api:24.0.0
  io.javaoperatorsdk:operator-framework-core:5.3.2
)

# A throwaway POM that resolves the sources jars, their binary jars (precise mode's classpath) and Checkstyle.
cat > "$WORK/pom.xml" <<POM
<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
<groupId>bench</groupId><artifactId>bench</artifactId><version>1</version>
<dependencies>
$(for s in "${SOURCES[@]}"; do IFS=: read -r g a v <<<"$s"; echo "<dependency><groupId>$g</groupId><artifactId>$a</artifactId><version>$v</version></dependency>"; done)
<dependency><groupId>com.puppycrawl.tools</groupId><artifactId>checkstyle</artifactId><version>$CHECKSTYLE_VERSION</version></dependency>
</dependencies></project>
POM

mkdir -p "$TREE"
for s in "${SOURCES[@]}"; do
  IFS=: read -r g a v <<<"$s"
  [ -f "$WORK/src-jars/$a-$v-sources.jar" ] || "${MVN[@]}" -f "$WORK/pom.xml" \
    org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy -Dartifact="$g:$a:$v:jar:sources" -DoutputDirectory="$WORK/src-jars"
  if [ ! -d "$TREE/$a" ]; then
    mkdir -p "$TREE/$a"
    (cd "$TREE/$a" && unzip -q -o "$WORK/src-jars/$a-$v-sources.jar" '*.java')
  fi
done
"${MVN[@]}" -f "$WORK/pom.xml" org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath -Dmdep.outputFile="$WORK/cp.txt"
CP=$(cat "$WORK/cp.txt")
[ -n "${ASSEMBLE_ONLY:-}" ] && { echo "tree assembled: $TREE" >&2; exit 0; }
WORDS=$(java -cp "$JAR" io.github.informerguard.analyzer.engine.TriggerWords)
GREP_ARGS=()
while IFS= read -r w; do [ -n "$w" ] && GREP_ARGS+=(-e "$w"); done <<<"$WORDS"
SECOND_TREE=${SECOND_TREE-/tmp/fabric8-tree}
SECOND_CHECKSTYLE_REPS=${SECOND_CHECKSTYLE_REPS:-1}
declare -A DIR=([bench]=$TREE)
TREES=(bench)
if [ -n "$SECOND_TREE" ] && [ -d "$SECOND_TREE" ]; then DIR[second]=$SECOND_TREE; TREES+=(second); fi

# The informer-guard rows run in the JVM's default heap, as a user runs the CLI; the small-heap
# rows below check that -Xmx256m analyzes every file too. Checkstyle gets 4 GB (it needs ~3).
read -r -a TOOLS <<<"${BENCH_TOOLS:-grep lenient precise checkstyle}"
[ -n "${BASELINE_JAR:-}" ] && TOOLS+=(base_lenient base_precise)
declare -A LABEL=([grep]="grep -rlF (prefilter words, the floor)" [lenient]="informer-guard lenient"
  [lenient_noprefilter]="informer-guard lenient, prefilter off" [precise]="informer-guard precise (jars as classpath)"
  [checkstyle]="Checkstyle $CHECKSTYLE_VERSION sun_checks.xml" [base_lenient]="baseline jar, lenient"
  [base_precise]="baseline jar, precise" [small_lenient]="informer-guard lenient, -Xmx256m"
  [small_precise]="informer-guard precise, -Xmx256m")
command_for() { # command_for TOOL TREE-KEY: the shell command of one run
  local t=$1 k=$2 dir=${DIR[$2]} out=$WORK/$2-$1
  case $t in
    grep) echo "grep -rlF ${GREP_ARGS[*]@Q} ${dir@Q}";;
    lenient|small_lenient|base_lenient|lenient_noprefilter)
      local jar=$JAR opts=""; [ "$t" = base_lenient ] && jar=$BASELINE_JAR; [ "$t" = small_lenient ] && opts=-Xmx256m
      [ "$t" = lenient_noprefilter ] && opts=-Dinformerguard.prefilter=false
      echo "java $opts -jar ${jar@Q} --fail-on never --format json --output ${out@Q}.json ${dir@Q}";;
    precise|small_precise|base_precise)
      local jar=$JAR opts=""; [ "$t" = base_precise ] && jar=$BASELINE_JAR; [ "$t" = small_precise ] && opts=-Xmx256m
      echo "java $opts -jar ${jar@Q} --fail-on never --format json --output ${out@Q}.json --classpath ${CP@Q} ${dir@Q}";;
    checkstyle) echo "java -Xmx4g -cp ${CP@Q} com.puppycrawl.tools.checkstyle.Main -c /sun_checks.xml -o ${out@Q}.txt ${dir@Q}";;
  esac
}
declare -A WALLS CPUS RSSS
once() { # once TOOL TREE-KEY: one timed run; time(1) counts the CLI's relaunched child too
  /usr/bin/time -f '%e %U %S %M' -o "$WORK/time.txt" bash -c "$(command_for "$1" "$2")" >/dev/null 2>"$WORK/$2-$1.err" || true
  # time(1) prepends "Command exited with non-zero status N" when the tool exits non-zero.
  read -r w u s m < <(tail -n 1 "$WORK/time.txt")
  local c; c=$(python3 -c "print(f'{$u+$s:.2f}')")
  WALLS[$2.$1]+="$w "; CPUS[$2.$1]+="$c "; RSSS[$2.$1]+="$m "
  echo "$(date -u +%T) rep $((i + 1)) $2 $1: wall $w s, cpu $c s, peak RSS $((m / 1024)) MiB" >&2
}
# One untimed run of each analyzer jar first: the CLI's first run on a machine writes its class
# sharing archive (see cli/ClassSharing.java), and the rows are to show the runs after it.
for jar in "$JAR" ${BASELINE_JAR:+"$BASELINE_JAR"}; do
  java -jar "$jar" --fail-on never --format json --output "$WORK/warmup.json" "$TREE" >/dev/null 2>&1 || true
done
# Each repetition runs every tool on every tree once, in the same order, so that a change in the
# machine's load falls on all of them alike; medians go into the tables.
BEGIN=$(date +%s)
for ((i = 0; i < REPS; i++)); do
  for k in "${TREES[@]}"; do
    for t in "${TOOLS[@]}"; do
      [ "$k" = second ] && [ "$t" = checkstyle ] && ((i >= SECOND_CHECKSTYLE_REPS)) && continue
      once "$t" "$k"
    done
  done
done
if [ "${SMALL_HEAP:-1}" != 0 ]; then
  for k in "${TREES[@]}"; do for t in small_lenient small_precise; do i=0; once "$t" "$k"; done; done
fi
median() { printf '%s\n' $1 | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# The generated API model (lenient mode's knowledge of the clients): its size in the jar and the
# time its first use takes to load it, in a fresh JVM each time.
MODEL_LOADS=(); MODEL_CPUS=()
for ((i = 0; i < REPS; i++)); do
  MODEL_INFO=$(java -cp "$JAR" io.github.informerguard.analyzer.model.ApiModelInfo)
  MODEL_LOADS+=("$(sed -n 's/.*loadMs=\([0-9.]*\).*/\1/p' <<<"$MODEL_INFO")")
  MODEL_CPUS+=("$(sed -n 's/.*loadCpuMs=\([0-9.]*\).*/\1/p' <<<"$MODEL_INFO")")
done
MODEL_BYTES=$(sed -n 's/.*bytes=\([0-9]*\).*/\1/p' <<<"$MODEL_INFO")
MODEL_TYPES=$(sed -n 's/.*types=\([0-9]*\).*/\1/p' <<<"$MODEL_INFO")
MODEL_MEMBERS=$(sed -n 's/.*members=\([0-9]*\).*/\1/p' <<<"$MODEL_INFO")
MODEL_LINES=$(sed -n 's/^lineNames=//p' <<<"$MODEL_INFO")
MODEL_LOAD=$(median "${MODEL_LOADS[*]}"); MODEL_CPU=$(median "${MODEL_CPUS[*]}")
MODEL_LINE="API model: $MODEL_BYTES bytes gzip-compressed in the jar ($MODEL_TYPES types, $MODEL_MEMBERS members, client lines $MODEL_LINES); first use loads it in $MODEL_LOAD ms wall, $MODEL_CPU ms CPU (medians of $REPS fresh JVMs; wall ${MODEL_LOADS[*]} ms)."
echo "$MODEL_LINE"

json() { python3 -c "import json;d=json.load(open('$1'));print($2)" 2>/dev/null || echo "?"; }
ratio() { python3 -c "print(f'{$1/$2:.3f}' if $2 > 0 else '')"; }
fps() { python3 -c "print(f'{$1/$2:.0f}' if $2 > 0 else '')"; }
SECTION="## Analyzer
"
SECTION+="
Machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB RAM, $(java -version 2>&1 | head -1), $(uname -sr); load average at the end $(cut -d' ' -f1-3 /proc/loadavg). Median of $REPS repetitions, every tool on every tree once per repetition in turn; informer-guard in the JVM's default heap, Checkstyle with -Xmx4g. Whole run: $(( $(date +%s) - BEGIN )) s.
Command: \`bash analyzer/src/bench/analyzer-benchmark.sh $REPS\` (after \`mvn -B install -DskipTests\`).
$MODEL_LINE
"
for k in "${TREES[@]}"; do
  dir=${DIR[$k]}
  files=$(find "$dir" -name '*.java' | wc -l)
  if [ "$k" = bench ]; then desc="$files Java files from the sources jars of ${SOURCES[*]}"
  else
    origin=""; [ -f "$dir/.origin" ] && origin=" ($(cat "$dir/.origin"))"
    desc="$files Java files of $dir$origin"
  fi
  CS=$(median "${WALLS[$k.checkstyle]:-}"); CSC=$(median "${CPUS[$k.checkstyle]:-}")
  TABLE="| Tool | Median wall (s) | Median CPU (s) | Files/s (wall) | × Checkstyle wall | × Checkstyle CPU | Files parsed | Findings | File errors | Peak RSS (MiB) |
|---|---|---|---|---|---|---|---|---|---|"
  SAMPLES=""
  for t in "${TOOLS[@]}" small_lenient small_precise; do
    [ -n "${WALLS[$k.$t]:-}" ] || continue
    w=$(median "${WALLS[$k.$t]}"); c=$(median "${CPUS[$k.$t]}"); m=$(median "${RSSS[$k.$t]}")
    parsed=""; found=""; errs=""
    if [ -f "$WORK/$k-$t.json" ]; then
      parsed=$(json "$WORK/$k-$t.json" "d['stats']['filesParsed']"); found=$(json "$WORK/$k-$t.json" "len(d['findings'])")
      errs=$(json "$WORK/$k-$t.json" "len(d['errors'])")
    fi
    rw=""; rc=""
    if [ -n "$CS" ]; then rw=$(ratio "$w" "$CS"); rc=$(ratio "$c" "$CSC"); fi
    TABLE+="
| ${LABEL[$t]} | $w | $c | $(fps "$files" "$w") | $rw | $rc | $parsed | $found | $errs | $((m / 1024)) |"
    SAMPLES+="
- ${LABEL[$t]}: wall ${WALLS[$k.$t]}s; CPU ${CPUS[$k.$t]}s"
  done
  echo "$k tree ($desc):"; echo "$TABLE"
  SECTION+="
### Tree: $([ "$k" = bench ] && echo "benchmark tree" || echo "second tree")

$desc.

$TABLE

Samples:
$SAMPLES
"
done
SECTION+="
CPU is user + system time of the tool and its child processes (the CLI relaunches its JVM); on a
shared machine it is steadier than wall time. The -Xmx256m rows are one run each, after the
repetitions. On the second tree Checkstyle ran in the first $SECOND_CHECKSTYLE_REPS repetition(s) only."
DOC=$ROOT/docs/benchmarks.md
[ -f "$DOC" ] || printf '# Benchmarks\n\n' > "$DOC"
SECTION="$SECTION" python3 - "$DOC" <<'PY'
import os, re, sys
path = sys.argv[1]
text = open(path).read()
section = os.environ["SECTION"]
begin, end = '<!-- analyzer-benchmark:begin (generated by analyzer-benchmark.sh) -->', '<!-- analyzer-benchmark:end -->'
block = begin + '\n' + section.rstrip('\n') + '\n' + end
if begin in text:
    text = re.sub(re.escape(begin) + r'.*?' + re.escape(end), lambda m: block, text, flags=re.S)
else:
    text = text.rstrip('\n') + '\n\n' + block + '\n'
open(path, 'w').write(text)
PY
echo "wrote the Analyzer figures of docs/benchmarks.md"
