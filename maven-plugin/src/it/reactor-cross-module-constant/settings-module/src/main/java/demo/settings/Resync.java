package demo.settings;

/** Resync settings shared by the operator modules. */
public final class Resync {

  public static final long FAST_MILLIS = 20 * 1000L;

  private Resync() {}
}
