package io.github.informerguard.runtime.core;

/**
 * What a client's failure means to the reflector.
 *
 * @param kind the class of failure
 * @param statusCode the HTTP status, 0 when there was none
 * @param retryAfterMillis for {@link Kind#THROTTLED}, the wait the server asked for
 *     ({@code Retry-After}); -1 when the client did not pass it on
 */
public record Failure(Kind kind, int statusCode, long retryAfterMillis) {
  public enum Kind {
    /** 410 Gone: the resourceVersion is compacted away; re-list. */
    GONE,
    /** The continue token of a paginated list expired (410 with reason Expired); re-list from the start. */
    EXPIRED,
    /** 429 or 503: retry no sooner than {@link #retryAfterMillis} (when known). */
    THROTTLED,
    /** Anything that may heal by waiting: retry with backoff. */
    TRANSIENT,
    /** Cannot heal by waiting (400, 401, 403, 404, 405, 422, undecodable object, closed client). */
    FATAL
  }

  public static Failure of(Kind kind, int statusCode) {
    return new Failure(kind, statusCode, -1);
  }

  /** The kind of an HTTP status, for adapters: 410 gone, 429/503 throttled, the permanent ones fatal. */
  public static Kind kindOfStatus(int code) {
    return switch (code) {
      case 410 -> Kind.GONE;
      case 429, 503 -> Kind.THROTTLED;
      case 400, 401, 403, 404, 405, 422 -> Kind.FATAL;
      default -> Kind.TRANSIENT;
    };
  }

  boolean gone() {
    return kind == Kind.GONE || kind == Kind.EXPIRED;
  }
}
