#!/usr/bin/env bash
# Exports the pinned trees of every project listed in docs/evaluation/projects*.tsv into DEST/<id>/,
# outside this repository (the set labels other projects' code; it never commits it).
# Usage: docs/evaluation/export.sh DEST [SETDIR|LIST...]
#   SETDIR: folders holding projects*.tsv (default: this script's folder), e.g. another helper's
#   docs/evaluation before the branches are merged. LIST: one projects*.tsv file, to export one
#   part only. A folder argument, and the default, export parts A and B only (projects.tsv and
#   projects-b.tsv), as score.py reads them: every later part, the held-out one included, is
#   exported only when named as a LIST.
# Mirrors are bare git directories at $MIRRORS/<owner>+<name>/repo (default MIRRORS=/work/.mirror),
# as the session's `fetch` tool leaves them; any bare clone of the repository works, and so does a
# clone with a work tree there (its repo/.git is used).
set -euo pipefail

if [ $# -lt 1 ]; then
  echo "usage: $0 DEST [SETDIR...]" >&2
  exit 2
fi
dest=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -eq 0 ]; then
  set -- "$here"
fi
mirrors=${MIRRORS:-/work/.mirror}
mkdir -p "$dest"

missing=0
shopt -s nullglob
lists=()
for d in "$@"; do
  if [ -f "$d" ]; then
    lists+=("$d")
  else
    for name in projects.tsv projects-b.tsv; do
      [ -f "$d/$name" ] && lists+=("$d/$name")
    done
  fi
done
if [ ${#lists[@]} -eq 0 ]; then
  echo "no projects*.tsv in: $*" >&2
  exit 2
fi
for list in "${lists[@]}"; do
  # Skip the header; columns: id repo commit client paths notes
  tail -n +2 "$list" | while IFS=$'\t' read -r id repo commit client paths notes; do
    [ -z "$id" ] && continue
    gitdir="$mirrors/${repo/\//+}/repo"
    # Some mirrors arrive as a clone with a work tree: use its .git folder.
    [ -d "$gitdir/.git" ] && gitdir="$gitdir/.git"
    if [ ! -d "$gitdir" ]; then
      echo "missing mirror for $id: fetch github:$repo (expected $gitdir)" >&2
      echo "$id" >> "$dest/.missing"
      continue
    fi
    if ! git --git-dir "$gitdir" cat-file -e "$commit^{commit}" 2>/dev/null; then
      echo "mirror $gitdir lacks commit $commit for $id: fetch github:$repo again" >&2
      echo "$id" >> "$dest/.missing"
      continue
    fi
    rm -rf "${dest:?}/$id"
    mkdir -p "$dest/$id"
    # shellcheck disable=SC2086  # paths is a space-separated list by design
    # Mirrors may lack a few large blobs outside the exported paths; git then prints
    # "invalid object" while reading attributes, which does not affect the exported files.
    git --git-dir "$gitdir" archive "$commit" $paths | tar -x -C "$dest/$id"
    echo "$id: $repo@${commit:0:12} ($paths) -> $dest/$id"
  done
done
if [ -f "$dest/.missing" ]; then
  missing=$(sort -u "$dest/.missing" | wc -l)
  rm -f "$dest/.missing"
  echo "$missing project(s) not exported; fetch their mirrors and rerun" >&2
  exit 1
fi
