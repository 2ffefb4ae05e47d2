package demo.operator;

final class Local {

  static final long MILLIS = ${local.millis}L;

  private Local() {}
}
