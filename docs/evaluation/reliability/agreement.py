#!/usr/bin/env python3
"""Agreement between a second, blind reading of sampled sites and the labels in labels/<id>.tsv.

Usage: python3 docs/evaluation/reliability/agreement.py [SECOND_READING.tsv]
(default: part-e-second-reading.tsv next to this script). The second reading has the columns
id, rule, file, line, label, reason; each row is looked up in labels/<id>.tsv by rule, file and line.
Prints the rows where the readings differ, the share that agree and Cohen's kappa."""
import csv
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
LABELS = os.path.join(HERE, "..", "labels")


def first_labels(project):
    with open(os.path.join(LABELS, project + ".tsv"), encoding="utf-8") as f:
        return {(r["rule"], r["file"], r["line"]): r["label"] for r in csv.DictReader(f, delimiter="\t")}


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "part-e-second-reading.tsv")
    with open(path, encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    cache, pairs = {}, []
    for r in rows:
        labels = cache.setdefault(r["id"], first_labels(r["id"]))
        first = labels.get((r["rule"], r["file"], r["line"]))
        if first is None:
            sys.exit(f"{path}: no label for {r['id']} {r['rule']} {r['file']}:{r['line']}")
        pairs.append((first, r["label"]))
        if first != r["label"]:
            print(f"differ: {r['id']} {r['rule']} {r['file']}:{r['line']} first={first} second={r['label']}")
    n = len(pairs)
    agree = sum(a == b for a, b in pairs) / n
    p1 = sum(a == "positive" for a, _ in pairs) / n
    p2 = sum(b == "positive" for _, b in pairs) / n
    chance = p1 * p2 + (1 - p1) * (1 - p2)
    kappa = (agree - chance) / (1 - chance) if chance < 1 else 1.0
    print(f"{n} sites, agreement {agree:.2f}, Cohen's kappa {kappa:.2f}")


if __name__ == "__main__":
    main()
