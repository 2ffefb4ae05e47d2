package io.github.informerguard.analyzer.engine;

/**
 * Heap set aside at the start of a run and let go at the first {@link OutOfMemoryError}, so that
 * the thread that collects the results still has room to finish and to write the report. Also
 * the one place that tells a memory failure from other errors and words the advice.
 */
public final class MemoryReserve {

  /** What every out-of-memory message ends with. */
  public static final String ADVICE = "give the JVM more heap, e.g. java -Xmx1g -jar informer-guard.jar";

  private volatile byte[] reserve;

  private MemoryReserve(long bytes) {
    reserve = new byte[(int) bytes];
  }

  /** A sixteenth of the maximum heap, at most 8 MB: enough to sort and write a report of thousands of findings. */
  public static MemoryReserve forThisHeap() {
    return new MemoryReserve(Math.min(8L << 20, Runtime.getRuntime().maxMemory() / 16));
  }

  public void release() {
    reserve = null;
  }

  /** The JVM's maximum heap in MB, as {@code -Xmx} gave it, for messages. */
  public static long maxHeapMb() {
    return Runtime.getRuntime().maxMemory() / (1024 * 1024);
  }

  /**
   * Whether {@code t} is a lack of memory: an {@link OutOfMemoryError}, or a class whose static
   * initializer ran out of memory earlier in the run. Such a class stays unusable for the life of
   * the JVM and every later use throws {@link NoClassDefFoundError}, whose cause names the
   * original error (JDK 17 and later).
   */
  public static boolean isLackOfMemory(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c instanceof OutOfMemoryError
          || c instanceof ExceptionInInitializerError && String.valueOf(c.getMessage()).contains("OutOfMemoryError")) {
        return true;
      }
      if (c.getCause() == c) {
        break;
      }
    }
    return false;
  }
}
