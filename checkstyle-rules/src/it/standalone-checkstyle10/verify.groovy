// java -cp <checkstyle and its dependencies>:informer-guard-checkstyle-<v>-all.jar \
//   com.puppycrawl.tools.checkstyle.Main -c informer-guard-checks.xml src/
evaluate(new File(itSources, 'standalone.groovy'))(basedir, checkstyleLegacyVersion)
