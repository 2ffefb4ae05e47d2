#!/usr/bin/env python3
"""Scores informer-guard against the labelled evaluation set in this folder.

Runs the CLI in lenient mode (no classpath) on every exported tree DEST/<id>/ listed in
the default parts A and B (projects.tsv and projects-b.tsv; every other list, the held-out
part included, is read only when --projects names it),
matches its findings with labels/<id>.tsv (same file, same rule, lines at most MATCH_LINES
apart) and with verdicts/<id>.tsv, and prints per-rule and overall figures:

  recall           = positives matched by a finding / positives
  strict precision = (findings matching a positive + findings with verdict TP) / all findings

Findings that match a negative label, or that have verdict FP or harmless, or no verdict at all,
count against precision. Unreviewed findings are listed so that someone reviews them.

Usage: python3 docs/evaluation/score.py --jar PATH/informer-guard.jar --trees DEST
           [--write-unreviewed] [--project ID ...] [--by-project] [--sites] [--cli-arg ARG ...]
           [--set DIR ...]   (folders with projects*.tsv, labels/, verdicts/; default: this one)
           [--projects FILE ...]   (score only the projects of these lists, e.g. projects-c.tsv
                                    for part C; labels and verdicts come from each list's folder)
--sites lists, per project, what counts against the tool, one line each: MISS (a positive no
finding matched), ONNEG (a finding on a negative label), BADV (a finding whose verdict is FP or
harmless), UNREV (a finding with neither label nor verdict).
Python 3.11 standard library only.
"""
import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
RULES = ["ShortResyncPeriod", "InformerNeverStopped", "WatchNeverClosed", "InterruptSwallowed",
         "UnboundedInformerWait", "StatefulIndexFunction", "MissingGoneHandling"]
LABELS = {"positive", "negative"}
VERDICTS = {"TP", "FP", "harmless"}
MATCH_LINES = 3
# A default run (no --projects) reads only parts A and B. Every later part (C, D, ...) was held out
# when it was added (labelled before any tool ran, kept out of tuning), so a new part is held out
# the moment its list exists, with nothing to update here; parts opened for tuning later stay out
# of the default run too, so that the A+B figures stay comparable across sessions.
DEFAULT_LISTS = ("projects.tsv", "projects-b.tsv")


def read_tsv(path, columns):
    """Rows of a tab-separated file with a header, as dicts; checks the header."""
    if not os.path.exists(path):
        return []
    with open(path, newline="", encoding="utf-8") as f:
        reader = csv.reader(f, delimiter="\t", quoting=csv.QUOTE_NONE)
        header = next(reader, None)
        if header is None:
            return []
        if header[:len(columns)] != columns:
            sys.exit(f"{path}: header must be {columns}, is {header}")
        rows = []
        for number, row in enumerate(reader, start=2):
            if not row or not "".join(row).strip():
                continue
            if len(row) < len(columns):
                sys.exit(f"{path}:{number}: expected {len(columns)} columns, got {len(row)}")
            rows.append(dict(zip(columns, row), _where=f"{os.path.basename(path)}:{number}"))
        return rows


def load_projects(sets, lists=None):
    """Projects of every projects*.tsv in each set folder, or only of the given list files (one
    part of the set, such as the held-out part C); each row remembers its folder, where its labels
    and verdicts are."""
    if lists:
        paths = [os.path.abspath(path) for path in lists]
        missing = [path for path in paths if not os.path.isfile(path)]
        if missing:
            sys.exit(f"no such project list: {missing}")
    else:
        paths = [os.path.join(folder, name) for folder in sets for name in DEFAULT_LISTS
                 if os.path.isfile(os.path.join(folder, name))]
    projects = []
    for path in paths:
        for row in read_tsv(path, ["id", "repo", "commit", "client", "paths", "notes"]):
            row["_set"] = os.path.dirname(path)
            projects.append(row)
    ids = [p["id"] for p in projects]
    duplicated = {i for i in ids if ids.count(i) > 1}
    if duplicated:
        sys.exit(f"project ids listed twice: {sorted(duplicated)}")
    return projects


def load_labels(folder, pid):
    rows = read_tsv(os.path.join(folder, "labels", pid + ".tsv"),
                    ["file", "line", "rule", "label", "reason"])
    for r in rows:
        check(r, "rule", RULES)
        check(r, "label", LABELS)
        r["line"] = int(r["line"])
    return rows


def load_verdicts(folder, pid):
    rows = read_tsv(os.path.join(folder, "verdicts", pid + ".tsv"),
                    ["file", "line", "rule", "verdict", "reason"])
    for r in rows:
        check(r, "rule", RULES)
        r["line"] = int(r["line"])
    return rows


def check(row, key, allowed):
    if row[key] not in allowed:
        sys.exit(f"{row['_where']}: {key} '{row[key]}' is not one of {sorted(allowed)}")


def run_cli(jar, tree, extra):
    """Findings of the CLI on one tree; file paths relative to the tree, with '/'."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "report.json")
        cmd = ["java", "-jar", os.path.abspath(jar), "--format", "json", "--fail-on", "never",
               "--output", out] + extra + ["."]
        done = subprocess.run(cmd, cwd=tree, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
        if done.returncode != 0 or not os.path.exists(out):
            sys.exit(f"CLI failed on {tree} (exit {done.returncode}):\n{done.stderr}")
        with open(out, encoding="utf-8") as f:
            report = json.load(f)
    findings = []
    for f in report.get("findings", []):
        path = f["file"].replace("\\", "/")
        while path.startswith("./"):
            path = path[2:]
        findings.append({"file": path, "line": int(f["line"]), "rule": f["ruleId"],
                         "message": f.get("message", "")})
    return findings, report.get("errors", [])


def nearest(rows, finding):
    """The row with the finding's file and rule whose line is closest (within MATCH_LINES)."""
    best = None
    for r in rows:
        if r["file"] != finding["file"] or r["rule"] != finding["rule"]:
            continue
        distance = abs(r["line"] - finding["line"])
        if distance <= MATCH_LINES and (best is None or distance < abs(best["line"] - finding["line"])):
            best = r
    return best


def new_counts():
    return {"sites": 0, "positives": 0, "findings": 0, "tp": 0, "matched": 0,
            "on_negative": 0, "fp": 0, "harmless": 0, "unreviewed": 0}


def classify(labels, verdicts, finding):
    """How one finding counts: ("positive" or "negative", the nearest label) when a label matches,
    else (the nearest verdict's TP/FP/harmless, that verdict), else (None, None)."""
    label = nearest(labels, finding)
    if label is not None:
        return label["label"], label
    verdict = nearest(verdicts, finding)
    if verdict is not None:
        return verdict["verdict"], verdict
    return None, None


def score_project(project, labels, verdicts, findings, counts):
    """Adds one project's figures into counts[rule]; returns the unreviewed findings."""
    matched_positives = set()
    unreviewed = []
    for label in labels:
        c = counts[label["rule"]]
        c["sites"] += 1
        c["positives"] += label["label"] == "positive"
    for finding in findings:
        c = counts.setdefault(finding["rule"], new_counts())
        c["findings"] += 1
        kind, row = classify(labels, verdicts, finding)
        if kind == "positive":
            c["tp"] += 1
            matched_positives.add(id(row))
        elif kind == "negative":
            c["on_negative"] += 1
        elif kind == "TP":
            c["tp"] += 1
        elif kind == "FP":
            c["fp"] += 1
        elif kind == "harmless":
            c["harmless"] += 1
        else:
            c["unreviewed"] += 1
            unreviewed.append(finding)
    for label in labels:
        if id(label) in matched_positives:
            counts[label["rule"]]["matched"] += 1
    return unreviewed


def site_report(labels, verdicts, findings):
    """What counts against the tool, matched by classify() as score_project is:
    (kind, rule, file, line, text) with kind MISS, ONNEG, BADV or UNREV."""
    matched = set()
    rows = []
    for finding in findings:
        kind, row = classify(labels, verdicts, finding)
        where = (finding["rule"], finding["file"], finding["line"])
        if kind == "positive":
            matched.add(id(row))
        elif kind == "negative":
            rows.append(("ONNEG",) + where + (row.get("reason", ""),))
        elif kind is None:
            rows.append(("UNREV",) + where + (finding.get("message", ""),))
        elif kind != "TP":
            rows.append(("BADV",) + where + (f"{kind}: {row.get('reason', '')}",))
    for label in labels:
        if label["label"] == "positive" and id(label) not in matched:
            rows.append(("MISS", label["rule"], label["file"], label["line"], label.get("reason", "")))
    return rows


def ratio(num, den):
    return f"{num / den:.2f}" if den else "-"


def print_table(title, counts):
    print(title)
    header = ["rule", "sites", "pos", "found", "TP", "recall", "precision",
              "on-neg", "FP", "harmless", "unrev"]
    rows = []
    total = new_counts()
    for rule in RULES:
        c = counts[rule]
        for k in total:
            total[k] += c[k]
        rows.append([rule, c["sites"], c["positives"], c["findings"], c["tp"],
                     ratio(c["matched"], c["positives"]), ratio(c["tp"], c["findings"]),
                     c["on_negative"], c["fp"], c["harmless"], c["unreviewed"]])
    c = total
    rows.append(["overall", c["sites"], c["positives"], c["findings"], c["tp"],
                 ratio(c["matched"], c["positives"]), ratio(c["tp"], c["findings"]),
                 c["on_negative"], c["fp"], c["harmless"], c["unreviewed"]])
    widths = [max(len(str(r[i])) for r in rows + [header]) for i in range(len(header))]
    line = "| " + " | ".join(h.ljust(w) for h, w in zip(header, widths)) + " |"
    print(line)
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for r in rows:
        print("| " + " | ".join(str(v).ljust(w) for v, w in zip(r, widths)) + " |")
    print()


def write_unreviewed(folder, pid, findings):
    """Appends unreviewed findings to verdicts/<id>.tsv with verdict TODO, for review."""
    path = os.path.join(folder, "verdicts", pid + ".tsv")
    new = not os.path.exists(path)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "a", encoding="utf-8") as f:
        if new:
            f.write("file\tline\trule\tverdict\treason\n")
        for x in findings:
            message = x["message"].replace("\t", " ").replace("\n", " ")
            f.write(f"{x['file']}\t{x['line']}\t{x['rule']}\tTODO\t{message}\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jar", required=True, help="informer-guard CLI jar")
    parser.add_argument("--trees", required=True, help="folder of <id>/ trees from export.sh")
    parser.add_argument("--project", action="append", help="score only these ids")
    parser.add_argument("--by-project", action="store_true", help="also print one table per project")
    parser.add_argument("--sites", action="store_true",
                        help="list each miss, finding on a negative, FP/harmless verdict and"
                             " unreviewed finding")
    parser.add_argument("--write-unreviewed", action="store_true",
                        help="append unreviewed findings to verdicts/<id>.tsv with verdict TODO")
    parser.add_argument("--set", action="append", dest="sets",
                        help="folder holding projects*.tsv, labels/ and verdicts/ (repeat; default: this"
                             " script's folder)")
    parser.add_argument("--projects", action="append", dest="lists", metavar="FILE",
                        help="score only the projects of this list (repeat), e.g."
                             " docs/evaluation/projects-c.tsv; overrides --set")
    parser.add_argument("--cli-arg", action="append", default=[],
                        help="extra argument for the CLI (repeat), e.g. --cli-arg=--include-tests")
    args = parser.parse_args()

    sets = [os.path.abspath(d) for d in (args.sets or [HERE])]
    projects = load_projects(sets, args.lists)
    if args.project:
        unknown = set(args.project) - {p["id"] for p in projects}
        if unknown:
            sys.exit(f"unknown project ids: {sorted(unknown)}")
        projects = [p for p in projects if p["id"] in args.project]
    totals = {rule: new_counts() for rule in RULES}
    all_unreviewed = []
    for project in projects:
        pid = project["id"]
        tree = os.path.join(args.trees, pid)
        if not os.path.isdir(tree):
            sys.exit(f"no tree {tree}: run docs/evaluation/export.sh {args.trees}")
        labels = load_labels(project["_set"], pid)
        for label in labels:
            if not os.path.isfile(os.path.join(tree, label["file"])):
                print(f"warning: {label['_where']}: {label['file']} is not in the exported tree",
                      file=sys.stderr)
        verdicts = load_verdicts(project["_set"], pid)
        findings, errors = run_cli(args.jar, tree, args.cli_arg)
        for e in errors:
            print(f"warning: {pid}: parse error {e.get('file')}:{e.get('line')}: {e.get('message')}",
                  file=sys.stderr)
        counts = {rule: new_counts() for rule in RULES}
        unreviewed = score_project(project, labels, verdicts, findings, counts)
        for rule in RULES:
            for k in totals[rule]:
                totals[rule][k] += counts[rule][k]
        for rule in set(counts) - set(RULES):
            print(f"warning: {pid}: findings of unknown rule {rule}", file=sys.stderr)
        if args.by_project:
            print_table(f"## {pid} ({project['repo']}@{project['commit'][:12]})", counts)
        if args.sites:
            for kind, rule, file, line, text in site_report(labels, verdicts, findings):
                print(f"{kind}\t{pid}\t{rule}\t{file}:{line}\t{text}")
        all_unreviewed += [(pid, u) for u in unreviewed]
        if args.write_unreviewed and unreviewed:
            write_unreviewed(project["_set"], pid, unreviewed)
    print_table(f"## all projects ({len(projects)})", totals)
    if all_unreviewed:
        print(f"{len(all_unreviewed)} finding(s) match no label and have no verdict:")
        for pid, u in all_unreviewed:
            print(f"  {pid}\t{u['file']}:{u['line']}\t{u['rule']}\t{u['message'][:120]}")
    else:
        print("every finding matches a label or has a verdict")


if __name__ == "__main__":
    main()
