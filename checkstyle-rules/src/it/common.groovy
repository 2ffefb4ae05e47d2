// Shared by the ITs' verify.groovy scripts: evaluate(new File(itSources, 'common.groovy')).
// Returns helpers as a map of closures.

// Rules the analyzer build lacks (the IT configuration leaves their modules out).
def missing = new File(itConfigDir, 'missing-rules.txt').readLines().findAll { it.trim() }

// "RuleId line" for every "// violation: RuleId" marker of a rule in this build.
def marks = { File source ->
  def out = []
  source.readLines().eachWithIndex { line, i ->
    def m = line =~ /\/\/\s*violation:\s*(\w+)\s*$/
    if (m.find() && !missing.contains(m.group(1))) {
      out << "${m.group(1)} ${i + 1}".toString()
    }
  }
  out.sort()
}

// "RuleId line" for every violation in the console: Checkstyle's own logger ("[WARN] /path/Name.java:12:9:
// message [RuleId]", consoleOutput=true) or maven-checkstyle-plugin's ("[WARNING] /path/Name.java:[12,9]
// (category) RuleId: message"). Both are matched, so a configuration that prints each violation twice
// yields each entry twice.
def reported = { String text, String fileName ->
  def out = []
  def checkstyle = text =~ /(?m)^\[(?:WARN|ERROR|INFO)\] (.+?):(\d+):(\d+): .* \[(\w+)\]\s*$/
  checkstyle.each { all, file, line, col, rule ->
    if (file.endsWith(fileName)) {
      out << "${rule} ${line}".toString()
    }
  }
  def plugin = text =~ /(?m)^\[(?:WARNING|ERROR|INFO)\] (.+?):\[(\d+),(\d+)\] \([^)]*\) (\w+): /
  plugin.each { all, file, line, col, rule ->
    if (file.endsWith(fileName)) {
      out << "${rule} ${line}".toString()
    }
  }
  out.sort()
}

// What checkstyle-result.xml lists: [version, ["RuleId line", ...], audited file names].
def resultXml = { File xmlFile ->
  def xml = new groovy.xml.XmlSlurper().parse(xmlFile)
  def errors = xml.file.error.collect {
    def simple = it.@source.text().tokenize('.').last()
    "${simple.endsWith('Check') ? simple[0..-6] : simple} ${it.@line}".toString()
  }.sort()
  [xml.@version.text(), errors, xml.file.collect { new File(it.@name.text()).name }]
}

[missing: missing, marks: marks, reported: reported, resultXml: resultXml]
