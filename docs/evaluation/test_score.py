#!/usr/bin/env python3
"""Checks score.py's matching and counting on small hand-made cases (no CLI, no trees).

Run: python3 docs/evaluation/test_score.py
"""
import os
import subprocess
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True  # keep __pycache__ out of the repository
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import score  # noqa: E402  (the module under test sits next to this file)


def label(line, rule="WatchNeverClosed", kind="positive", file="A.java"):
    return {"file": file, "line": line, "rule": rule, "label": kind}


def verdict(line, kind, rule="WatchNeverClosed", file="A.java"):
    return {"file": file, "line": line, "rule": rule, "verdict": kind}


def finding(line, rule="WatchNeverClosed", file="A.java"):
    return {"file": file, "line": line, "rule": rule, "message": "m"}


def run(labels, verdicts, findings):
    counts = {rule: score.new_counts() for rule in score.RULES}
    unreviewed = score.score_project({"id": "x"}, labels, verdicts, findings, counts)
    return counts["WatchNeverClosed"], unreviewed


class MatchingTest(unittest.TestCase):

    def test_site_report_lists_what_counts_against_the_tool_and_nothing_else(self):
        labels = [label(10), label(40), label(70, kind="negative")]
        verdicts = [verdict(100, "FP"), verdict(130, "TP")]
        findings = [finding(11), finding(71), finding(100), finding(130), finding(160)]
        rows = score.site_report(labels, verdicts, findings)
        self.assertEqual(sorted((kind, line) for kind, _, _, line, _ in rows),
                         [("BADV", 100), ("MISS", 40), ("ONNEG", 71), ("UNREV", 160)])

    def test_finding_three_lines_away_matches_four_does_not(self):
        c, unreviewed = run([label(10)], [], [finding(13), finding(24)])
        self.assertEqual(c["matched"], 1)
        self.assertEqual(c["tp"], 1)
        self.assertEqual(len(unreviewed), 1)
        self.assertEqual(unreviewed[0]["line"], 24)

    def test_other_file_or_rule_does_not_match(self):
        c, unreviewed = run([label(10)], [],
                            [finding(10, file="B.java"), finding(10, rule="InterruptSwallowed")])
        self.assertEqual(c["matched"], 0)
        self.assertEqual(len(unreviewed), 2)

    def test_nearest_label_wins(self):
        c, _ = run([label(10, kind="negative"), label(13)], [], [finding(12)])
        self.assertEqual(c["on_negative"], 0)
        self.assertEqual(c["tp"], 1)

    def test_two_findings_on_one_positive_count_it_once_for_recall(self):
        c, _ = run([label(10), label(40)], [], [finding(10), finding(11)])
        self.assertEqual(c["matched"], 1)
        self.assertEqual(c["positives"], 2)
        self.assertEqual(c["tp"], 2)

    def test_verdicts_and_negatives_count_against_precision(self):
        c, unreviewed = run([label(10, kind="negative")],
                            [verdict(50, "TP"), verdict(60, "FP"), verdict(70, "harmless"),
                             verdict(80, "TODO")],
                            [finding(10), finding(50), finding(60), finding(70), finding(80)])
        self.assertEqual(c["findings"], 5)
        self.assertEqual(c["tp"], 1)
        self.assertEqual((c["on_negative"], c["fp"], c["harmless"], c["unreviewed"]), (1, 1, 1, 1))
        self.assertEqual([u["line"] for u in unreviewed], [80])

    def test_a_label_takes_precedence_over_a_verdict_on_the_same_line(self):
        c, _ = run([label(10, kind="negative")], [verdict(10, "TP")], [finding(10)])
        self.assertEqual(c["tp"], 0)
        self.assertEqual(c["on_negative"], 1)


class PartSelectionTest(unittest.TestCase):

    HEADER = "id\trepo\tcommit\tclient\tpaths\tnotes\n"

    def write(self, folder, name, ids):
        with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
            f.write(self.HEADER)
            for i in ids:
                f.write(f"{i}\towner/{i}\t{'0' * 40}\tfabric8-7\tsrc\tnote\n")

    def test_a_default_run_leaves_the_held_out_part_out(self):
        with tempfile.TemporaryDirectory() as tmp:
            self.write(tmp, "projects.tsv", ["a1", "a2"])
            self.write(tmp, "projects-b.tsv", ["b1"])
            self.write(tmp, "projects-c.tsv", ["c1"])
            self.write(tmp, "projects-d.tsv", ["d1"])
            self.write(tmp, "projects-e.tsv", ["e1"])
            self.write(tmp, "projects-f.tsv", ["f1"])
            self.write(tmp, "projects-g.tsv", ["g1"])
            self.write(tmp, "projects-h.tsv", ["h1"])
            self.write(tmp, "projects-i.tsv", ["i1"])
            self.write(tmp, "projects-j.tsv", ["j1"])
            # a part added later is held out without any change to the scripts
            self.write(tmp, "projects-k.tsv", ["k1"])
            default = score.load_projects([tmp])
        self.assertEqual(sorted(p["id"] for p in default), ["a1", "a2", "b1"])

    def test_export_leaves_the_held_out_parts_out_of_a_folder_argument(self):
        # No mirrors exist, so export.sh names every project it would export as missing: the
        # held-out ids must not be among them.
        with tempfile.TemporaryDirectory() as tmp:
            self.write(tmp, "projects.tsv", ["a1"])
            self.write(tmp, "projects-c.tsv", ["c1"])
            self.write(tmp, "projects-d.tsv", ["d1"])
            self.write(tmp, "projects-e.tsv", ["e1"])
            self.write(tmp, "projects-f.tsv", ["f1"])
            self.write(tmp, "projects-g.tsv", ["g1"])
            self.write(tmp, "projects-h.tsv", ["h1"])
            self.write(tmp, "projects-i.tsv", ["i1"])
            self.write(tmp, "projects-j.tsv", ["j1"])
            self.write(tmp, "projects-k.tsv", ["k1"])
            run = subprocess.run(["bash", os.path.join(os.path.dirname(os.path.abspath(__file__)), "export.sh"),
                                  os.path.join(tmp, "dest"), tmp],
                                 env=dict(os.environ, MIRRORS=os.path.join(tmp, "no-mirrors")),
                                 capture_output=True, text=True)
        self.assertIn("missing mirror for a1", run.stderr)
        # by the project names export.sh prints, not bare ids: the temporary folder's random name
        # (in the "expected ..." path) may itself contain "c1"
        for held_out in ['c1', 'd1', 'e1', 'f1', 'g1', 'h1', 'i1', 'j1', 'k1']:
            self.assertNotIn("missing mirror for " + held_out, run.stderr)
            self.assertNotIn("owner/" + held_out, run.stderr)

    def test_the_held_out_part_d_is_read_only_when_named(self):
        with tempfile.TemporaryDirectory() as tmp:
            self.write(tmp, "projects.tsv", ["a1"])
            self.write(tmp, "projects-d.tsv", ["d1", "d2"])
            part_d = score.load_projects([tmp], [os.path.join(tmp, "projects-d.tsv")])
        self.assertEqual([p["id"] for p in part_d], ["d1", "d2"])

    def test_a_list_file_selects_only_its_projects_and_keeps_its_folder(self):
        with tempfile.TemporaryDirectory() as tmp:
            self.write(tmp, "projects.tsv", ["a1", "a2"])
            self.write(tmp, "projects-c.tsv", ["c1"])
            part_c = score.load_projects([tmp], [os.path.join(tmp, "projects-c.tsv")])
            both = score.load_projects([tmp], [os.path.join(tmp, "projects.tsv"),
                                               os.path.join(tmp, "projects-c.tsv")])
        self.assertEqual([p["id"] for p in part_c], ["c1"])
        self.assertEqual(part_c[0]["_set"], os.path.abspath(tmp))
        self.assertEqual([p["id"] for p in both], ["a1", "a2", "c1"])

    def test_a_missing_list_file_is_an_error(self):
        with tempfile.TemporaryDirectory() as tmp:
            with self.assertRaises(SystemExit):
                score.load_projects([tmp], [os.path.join(tmp, "projects-x.tsv")])


if __name__ == "__main__":
    unittest.main()
