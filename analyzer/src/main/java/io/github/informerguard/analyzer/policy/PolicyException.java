package io.github.informerguard.analyzer.policy;

/** A policy file or setting that cannot be used; the message names the file and the key. */
public final class PolicyException extends RuntimeException {

  public PolicyException(String message) {
    super(message);
  }

  public PolicyException(String message, Throwable cause) {
    super(message, cause);
  }
}
