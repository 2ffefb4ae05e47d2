package oldlines.j3;

/** Interval constants shared by the reconcilers. */
final class Intervals {

  static final long SHORT_SECONDS = 45;

  private Intervals() {}
}
