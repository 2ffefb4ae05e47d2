package io.github.informerguard.runtime.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Gives each test of the annotated class a fresh {@link FaultInjectingApiServer} and a client for
 * it, set into the class's fields of those types (and of type {@link TcpFaultProxy} when
 * {@link #throughProxy()}), and closes them after the test in the order that leaves no thread or
 * connection behind: informer fields first, then the client, the proxy and the server. Fields are
 * set before the class's own {@code @BeforeEach} methods run, so those can seed objects.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(FaultServerExtension.class)
public @interface WithFaultServer {
  /** The client reaches the server through a {@link TcpFaultProxy} (TCP resets, held handshakes). */
  boolean throughProxy() default false;

  /**
   * fabric8's own HTTP retries ({@code requestRetryBackoffLimit}); 0 so that faults reach the
   * informer under test. fabric8's default is 10.
   */
  int requestRetries() default 0;
}
