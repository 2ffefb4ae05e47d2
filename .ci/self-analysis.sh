#!/usr/bin/env bash
# Self-analysis: runs the built CLI over this repository's own sources, in precise mode (each
# module's test classpath and classes), and fails on any finding at any severity. Fix a finding,
# or suppress it with @SuppressWarnings("informer-guard:RuleId") and a comment that says why.
# Needs the build first (.ci/run calls this after `mvn -B install`).
set -euo pipefail
cd "$(dirname "$0")/.."

jar=analyzer/target/informer-guard.jar
if [ ! -f "$jar" ]; then
  echo "self-analysis: $jar is missing; build first (mvn -B install)" >&2
  exit 2
fi
modules=(analyzer maven-plugin checkstyle-rules runtime-guard samples)

# The classpath of every module (test scope covers compile scope), then their class folders.
mvn -B -q ${MAVEN_REPO_LOCAL:+-Dmaven.repo.local=$MAVEN_REPO_LOCAL} dependency:build-classpath \
  -Dmdep.includeScope=test -Dmdep.outputFile=target/self-analysis.classpath
entries=()
for m in "${modules[@]}"; do
  file="$m/target/self-analysis.classpath"
  if [ -s "$file" ]; then
    IFS=: read -r -a parts < "$file" || true
    entries+=("${parts[@]}")
  fi
  entries+=("$m/target/classes")
done
classpath=$(printf '%s\n' "${entries[@]}" | awk 'NF && !seen[$0]++' | while read -r p; do
  if [ -e "$p" ]; then echo "$p"; fi
done | paste -sd:)

set +e
java -jar "$jar" --config .ci/informer-guard-self.yaml --fail-on info --classpath "$classpath" "${modules[@]}"
status=$?
set -e
case "$status" in
  0) echo "self-analysis: OK, no findings in this repository's own code" ;;
  1) echo "self-analysis: the findings above are in this repository's own code; fix them, or suppress each with" \
       "@SuppressWarnings(\"informer-guard:RuleId\") and a comment saying why" >&2
     exit 1 ;;
  *) echo "self-analysis: the analyzer failed (exit status $status)" >&2
     exit "$status" ;;
esac
