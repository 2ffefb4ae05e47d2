package demo.settings;

/** Resync settings shared by the operator modules. */
public final class Resync {

  public static final long MILLIS = ${settings.millis}L;

  private Resync() {}
}
