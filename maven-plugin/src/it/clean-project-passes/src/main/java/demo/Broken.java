package demo;

// Kept out of javac by the compiler excludes; the analyzer still reads it (it mentions an
// Informer), cannot parse it, logs a warning and goes on.
class Broken {
  void start(Informer informer) {
    informer.run(
  }
}
