package io.github.informerguard.maven;

import io.github.informerguard.analyzer.api.Finding;
import io.github.informerguard.analyzer.api.Severity;
import io.github.informerguard.analyzer.engine.AnalysisError;
import io.github.informerguard.analyzer.engine.AnalysisResult;
import io.github.informerguard.analyzer.report.TextReport;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The plugin's log lines. Findings use the javac format Maven itself prints for compiler
 * warnings ({@code /abs/path/Foo.java:[12,9] RuleId: message}), which IDEs and CI log parsers
 * already turn into annotations on the line; the rule page's address ends each finding's line,
 * as in the CLI's text report.
 */
final class ConsoleReport {

  private ConsoleReport() {}

  static String finding(Finding f) {
    return f.file().toAbsolutePath() + ":[" + f.line() + "," + f.column() + "] " + f.ruleId() + ": " + f.message()
        + TextReport.seeAlso(f);
  }

  /** A file the analyzer could not analyze: {@code /abs/path/Foo.java:3: does not parse: ...}. */
  static String error(AnalysisError e) {
    return e.file().toAbsolutePath() + (e.line() > 0 ? ":" + e.line() : "") + ": " + e.message();
  }

  /** One line per rule that has findings, in rule-id order: {@code ShortResyncPeriod: 3 findings (2 warning, 1 info)}. */
  static List<String> perRule(List<Finding> findings) {
    Map<String, List<Finding>> byRule = new TreeMap<>();
    for (Finding f : findings) {
      byRule.computeIfAbsent(f.ruleId(), k -> new ArrayList<>()).add(f);
    }
    List<String> lines = new ArrayList<>();
    byRule.forEach((rule, list) -> lines.add(rule + ": " + count(list)));
    return lines;
  }

  /** The closing line: totals, files and timing. */
  static String summary(AnalysisResult result) {
    var stats = result.stats();
    long files = result.findings().stream().map(Finding::file).distinct().count();
    String found = result.findings().isEmpty()
        ? "no findings"
        : count(result.findings()) + " in " + files + (files == 1 ? " file" : " files");
    String errors = result.errors().isEmpty()
        ? ""
        : ", " + result.errors().size() + (result.errors().size() == 1 ? " file" : " files") + " not analyzed";
    return "informer-guard: " + found + errors + "; " + stats.filesScanned()
        + (stats.filesScanned() == 1 ? " file" : " files") + " scanned, "
        + stats.filesParsed() + " parsed, " + result.mode().id() + " mode, " + stats.millis() + " ms";
  }

  /** {@code 1 file}, {@code 3 files}. */
  static String files(long n) {
    return n + (n == 1 ? " file" : " files");
  }

  /** {@code 3 findings (2 warning, 1 info)}, most severe first. */
  static String count(List<Finding> findings) {
    Map<Severity, Integer> bySeverity = new EnumMap<>(Severity.class);
    findings.forEach(f -> bySeverity.merge(f.severity(), 1, Integer::sum));
    List<String> parts = new ArrayList<>();
    Severity[] all = Severity.values();
    for (int i = all.length - 1; i >= 0; i--) {
      Integer n = bySeverity.get(all[i]);
      if (n != null) {
        parts.add(n + " " + all[i].id());
      }
    }
    return findings.size() + (findings.size() == 1 ? " finding" : " findings") + " (" + String.join(", ", parts) + ")";
  }
}
