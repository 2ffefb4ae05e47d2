#!/usr/bin/env bash
# Analyzer benchmark (issue 7): informer-guard lenient and precise vs Checkstyle's sun_checks.xml and
# grep, on a large real tree assembled from Maven Central sources jars. Prints a table and writes
# the "Analyzer" section of docs/benchmarks.md.
#
# Usage (from the project root, after `mvn -B install -DskipTests`):
#   bash analyzer/src/bench/analyzer-benchmark.sh [repetitions]
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
FILES=$(find "$TREE" -name '*.java' | wc -l)
WORDS=$(java -cp "$JAR" io.github.informerguard.analyzer.engine.TriggerWords)
GREP_ARGS=()
while IFS= read -r w; do [ -n "$w" ] && GREP_ARGS+=(-e "$w"); done <<<"$WORDS"

# Each repetition runs every tool once, in the same order, so that a change in the machine's load
# falls on all of them alike (the machine this runs on is often shared); medians go into the table.
# time(1) counts the CPU and peak RSS of the tool's child processes too (the CLI relaunches itself).
JAVA_OPTS=(-Xmx4g)
# BENCH_TOOLS="grep lenient precise checkstyle" runs fewer tools (the prefilter-off run is the longest).
read -r -a TOOLS <<<"${BENCH_TOOLS:-grep lenient lenient_noprefilter precise checkstyle}"
declare -A CMD
CMD[grep]="grep -rlF ${GREP_ARGS[*]@Q} ${TREE@Q}"
CMD[lenient]="java ${JAVA_OPTS[*]} -jar ${JAR@Q} --fail-on never --format json --output ${WORK@Q}/lenient.json ${TREE@Q}"
CMD[lenient_noprefilter]="java ${JAVA_OPTS[*]} -Dinformerguard.prefilter=false -jar ${JAR@Q} --fail-on never --format json --output ${WORK@Q}/lenient-all.json ${TREE@Q}"
CMD[precise]="java ${JAVA_OPTS[*]} -jar ${JAR@Q} --fail-on never --format json --output ${WORK@Q}/precise.json --classpath ${CP@Q} ${TREE@Q}"
CMD[checkstyle]="java ${JAVA_OPTS[*]} -cp ${CP@Q} com.puppycrawl.tools.checkstyle.Main -c /sun_checks.xml -o ${WORK@Q}/checkstyle.txt ${TREE@Q}"
declare -A LABEL=([grep]="grep -rlF (prefilter words, the floor)" [lenient]="informer-guard lenient"
  [lenient_noprefilter]="informer-guard lenient, prefilter off" [precise]="informer-guard precise (jars as classpath)"
  [checkstyle]="Checkstyle $CHECKSTYLE_VERSION sun_checks.xml")
# BASELINE_JAR=path: the same runs with an earlier build of the CLI, alternated with this one.
if [ -n "${BASELINE_JAR:-}" ]; then
  TOOLS+=(base_lenient base_precise)
  CMD[base_lenient]="java ${JAVA_OPTS[*]} -jar ${BASELINE_JAR@Q} --fail-on never --format json --output ${WORK@Q}/base-lenient.json ${TREE@Q}"
  CMD[base_precise]="java ${JAVA_OPTS[*]} -jar ${BASELINE_JAR@Q} --fail-on never --format json --output ${WORK@Q}/base-precise.json --classpath ${CP@Q} ${TREE@Q}"
  LABEL[base_lenient]="baseline jar, lenient"; LABEL[base_precise]="baseline jar, precise"
fi
declare -A WALLS CPUS RSSS
for ((i = 0; i < REPS; i++)); do
  for t in "${TOOLS[@]}"; do
    /usr/bin/time -f '%e %U %S %M' -o "$WORK/time.txt" bash -c "${CMD[$t]}" >/dev/null 2>"$WORK/$t.err" || true
    # time(1) prepends "Command exited with non-zero status N" when the tool exits non-zero.
    read -r w u s m < <(tail -n 1 "$WORK/time.txt")
    WALLS[$t]+="$w "; CPUS[$t]+="$(python3 -c "print(f'{$u+$s:.2f}')") "; RSSS[$t]+="$m "
    echo "rep $((i + 1)) $t: wall $w s, cpu $(python3 -c "print(f'{$u+$s:.2f}')") s, peak RSS $((m / 1024)) MiB" >&2
  done
done
median() { printf '%s\n' $1 | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
declare -A WALL CPU RSS
for t in "${TOOLS[@]}"; do WALL[$t]=$(median "${WALLS[$t]}"); CPU[$t]=$(median "${CPUS[$t]}"); RSS[$t]=$(median "${RSSS[$t]}"); done

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
MODEL_LOAD=$(printf '%s\n' "${MODEL_LOADS[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
MODEL_CPU=$(printf '%s\n' "${MODEL_CPUS[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
MODEL_LINE="API model: $MODEL_BYTES bytes gzip-compressed in the jar ($MODEL_TYPES types, $MODEL_MEMBERS members, client lines $MODEL_LINES); first use loads it in $MODEL_LOAD ms wall, $MODEL_CPU ms CPU (medians of $REPS fresh JVMs; wall ${MODEL_LOADS[*]} ms)."
echo "$MODEL_LINE"

stat() { python3 -c "import json;d=json.load(open('$1'));print($2)"; }
parsed() { case $1 in grep|checkstyle) echo "";; base_*) stat "$WORK/${1/_/-}.json" "d['stats']['filesParsed']";;
  lenient_noprefilter) stat "$WORK/lenient-all.json" "d['stats']['filesParsed']";; *) stat "$WORK/$1.json" "d['stats']['filesParsed']";; esac; }
PARSED=$(parsed lenient)
FINDINGS_L=$(stat "$WORK/lenient.json" "len(d['findings'])")
FINDINGS_LA=$([[ " ${TOOLS[*]} " == *" lenient_noprefilter "* ]] && stat "$WORK/lenient-all.json" "len(d['findings'])" || echo "not run")
FINDINGS_P=$(stat "$WORK/precise.json" "len(d['findings'])")

ratio() { python3 -c "print(f'{$1/$2:.3f}')"; }
fps() { python3 -c "print(f'{$FILES/$1:.0f}')"; }
CS=${WALL[checkstyle]}; CSC=${CPU[checkstyle]}
MACHINE="$(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB RAM, $(java -version 2>&1 | head -1), $(uname -sr)"
LOAD_END=$(cut -d' ' -f1-3 /proc/loadavg)

TABLE="| Tool | Median wall (s) | Median CPU (s) | Files/s (wall) | × Checkstyle wall | × Checkstyle CPU | Files parsed | Peak RSS (MiB) |
|---|---|---|---|---|---|---|---|"
for t in "${TOOLS[@]}"; do
  TABLE+="
| ${LABEL[$t]} | ${WALL[$t]} | ${CPU[$t]} | $(fps "${WALL[$t]}") | $(ratio "${WALL[$t]}" "$CS") | $(ratio "${CPU[$t]}" "$CSC") | $(parsed "$t") | $((RSS[$t] / 1024)) |"
done
echo "$TABLE"
SAMPLES=""
for t in "${TOOLS[@]}"; do SAMPLES+="
- ${LABEL[$t]}: wall ${WALLS[$t]}s; CPU ${CPUS[$t]}s"; done

SECTION=$(cat <<MD
## Analyzer

Tree: $FILES Java files from the sources jars of ${SOURCES[*]}.
The prefilter sent $PARSED of $FILES files to the parser. Findings: lenient $FINDINGS_L (prefilter off: $FINDINGS_LA), precise $FINDINGS_P.
Machine: $MACHINE; load average at the end $LOAD_END. Median of $REPS repetitions, every tool once per repetition in turn, JVM heap -Xmx4g.
Command: \`bash analyzer/src/bench/analyzer-benchmark.sh $REPS\` (after \`mvn -B install -DskipTests\`).
$MODEL_LINE

$TABLE

CPU is user + system time of the tool and its child processes (the CLI relaunches its JVM, see
below); on a shared machine it is steadier than wall time. Samples:
$SAMPLES
MD
)
DOC=$ROOT/docs/benchmarks.md
[ -f "$DOC" ] || printf '# Benchmarks\n\n' > "$DOC"
python3 - "$DOC" <<PY
import re, sys
path = sys.argv[1]
text = open(path).read()
section = '''$SECTION
'''
begin, end = '<!-- analyzer-benchmark:begin (generated by analyzer-benchmark.sh) -->', '<!-- analyzer-benchmark:end -->'
block = begin + '\n' + section.rstrip('\n') + '\n' + end
if begin in text:
    text = re.sub(re.escape(begin) + r'.*?' + re.escape(end), lambda m: block, text, flags=re.S)
elif '## Analyzer' in text:
    text = re.sub(r'## Analyzer\n.*?(?=\n## |\Z)', lambda m: block + '\n', text, flags=re.S)
else:
    text = text.rstrip('\n') + '\n\n' + block + '\n'
open(path, 'w').write(text)
PY
echo "wrote the Analyzer figures of docs/benchmarks.md"
