def log = new File(basedir, 'build.log').text
// Closures keep a failed assertion's message short (the expectation, not the whole log).
def logHas = { String s -> log.contains(s) }
def logCount = { regex -> (log =~ regex).size() }
def missing = new File(basedir, 'config/informer-guard.yaml').canonicalPath
assert logHas("informer-guard policy file not found: ${missing} (set by configFile / informer-guard.configFile)")
assert logHas('BUILD FAILURE')
return true
