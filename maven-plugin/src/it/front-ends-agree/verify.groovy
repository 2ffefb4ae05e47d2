import groovy.json.JsonSlurper
import io.github.informerguard.analyzer.cli.Main

// Issue 10 item 5: the plugin (precise mode, a real Maven build) reports on every rule fixture
// exactly what the CLI reports with the same classpath, on the whole tree and on each file alone.
def fixtures = new File(new groovy.xml.XmlSlurper().parse(new File(basedir, 'pom.xml')).build.sourceDirectory.text()).canonicalFile
assert fixtures.isDirectory() : "${fixtures}"
def cp = new File(basedir, 'cp.txt').text.trim()
// A JSON report's file is relative to the working directory when under it, else absolute.
def keyIn = { File base -> { f -> def p = new File(f.file); "${f.ruleId} ${(p.isAbsolute() ? p : new File(base, f.file)).canonicalPath}:${f.line}:${f.column}".toString() } }
def key = keyIn(fixtures)

// The plugin's findings are the start goal's, taken by the check (every file analyzed in the background).
def log = new File(basedir, 'build.log').text
assert (log =~ /\[INFO\] informer-guard: (\d+) files analyzed, 0 files unchanged since the last build; \1 analyzed in the background by the start goal/).find()

def plugin = new JsonSlurper().parse(new File(basedir, 'target/informer-guard/informer-guard.json'))
assert plugin.mode == 'precise'
def fromPlugin = plugin.findings.collect(keyIn(basedir)) as TreeSet
assert !fromPlugin.isEmpty()

def cli = { List<String> paths ->
  def out = new StringWriter(), err = new StringWriter()
  def args = ['--format', 'json', '--fail-on', 'never', '--include-tests', '--classpath', cp] + paths
  int code = Main.run(args as String[], fixtures.toPath(), new PrintWriter(out, true), new PrintWriter(err, true))
  assert code == 0 : "CLI: ${err}"
  new JsonSlurper().parseText(out.toString()).findings.collect(key) as TreeSet
}
def tree = cli([fixtures.path])
assert fromPlugin == tree : "plugin only: ${fromPlugin - tree}; CLI only: ${tree - fromPlugin}"

def oneByOne = new TreeSet()
fixtures.eachFileRecurse(groovy.io.FileType.FILES) { if (it.name.endsWith('.java')) { oneByOne.addAll(cli([it.path])) } }
assert oneByOne == tree : "single files only: ${oneByOne - tree}; tree only: ${tree - oneByOne}"
// Every rule's fixture is covered.
assert fromPlugin.collect { it.split(' ')[0] }.toSet().size() == 7
return true
