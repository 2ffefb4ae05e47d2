package io.github.informerguard.runtime;

import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.api.model.StatusDetails;
import io.fabric8.kubernetes.client.Client;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.http.BasicBuilder;
import io.fabric8.kubernetes.client.http.HttpClient;
import io.fabric8.kubernetes.client.http.HttpResponse;
import io.fabric8.kubernetes.client.http.Interceptor;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the {@code Retry-After} header of 429 and 503 responses to the informer's own list and
 * watch requests. fabric8 8.x turns a failed response into a {@link KubernetesClientException}
 * that keeps the Status body but not the headers, and for a rejected watch upgrade the Status
 * has no details at all, so without this the reflector could not tell a {@code Retry-After: 30}
 * from one second.
 *
 * <p>It is an {@link Interceptor} on a client derived from the user's (same transport, same
 * connection pool, same closed state: fabric8's {@code HttpClient.newBuilder()}), reached through
 * the DSL object's operation context, so users build their client as before. fabric8 calls
 * {@link #afterFailure} on the request's own completion chain before the caller sees the
 * failure, so the value is recorded before {@link #addRetryAfter} reads it. The informer's
 * calls overlap only while a page's body is still arriving and the next page is requested (its
 * 200 headers are in, so it records nothing), so the latest value recorded since a call began
 * is that call's.
 */
final class RetryAfterRecorder implements Interceptor {
  private static final Logger LOG = LoggerFactory.getLogger(RetryAfterRecorder.class);
  static final String NAME = "informer-guard-retry-after";

  private record Seen(long sequence, long seconds) {}

  private final AtomicLong failures = new AtomicLong(); // 429/503 responses seen, ever
  private volatile Seen last; // written by fabric8's I/O threads, read by the caller of list/watch

  @Override
  public CompletableFuture<Boolean> afterFailure(BasicBuilder builder, HttpResponse<?> response, RequestTags tags) {
    if (response != null && (response.code() == 429 || response.code() == 503)) {
      long sequence = failures.incrementAndGet();
      long seconds = parseSeconds(response.header("Retry-After"), Instant.now());
      if (seconds >= 0) {
        last = new Seen(sequence, seconds);
      }
    }
    return CompletableFuture.completedFuture(false); // never retries itself: the reflector's backoff does
  }

  /** Taken before a list or watch call; {@link #addRetryAfter} considers only what came after it. */
  long mark() {
    return failures.get();
  }

  /**
   * Puts the {@code Retry-After} seen since {@code mark} into {@code e}'s Status as
   * {@code details.retryAfterSeconds} (where the reflector reads it), unless the Status already
   * says how long to wait.
   */
  void addRetryAfter(KubernetesClientException e, long mark) {
    Seen seen = last;
    Status status = e.getStatus();
    if (seen == null || seen.sequence() <= mark || status == null) {
      return;
    }
    if (status.getDetails() == null) {
      status.setDetails(new StatusDetails());
    }
    if (status.getDetails().getRetryAfterSeconds() == null) {
      status.getDetails().setRetryAfterSeconds((int) Math.min(Integer.MAX_VALUE, seen.seconds()));
    }
  }

  /** Delay-seconds or an HTTP-date (RFC 9110), as seconds from {@code now} rounded up; -1 when absent or malformed. */
  static long parseSeconds(String value, Instant now) {
    if (value == null || value.isBlank()) {
      return -1;
    }
    String v = value.trim();
    try {
      return Math.max(0, Long.parseLong(v));
    } catch (NumberFormatException notSeconds) {
      try {
        Instant at = ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
        long millis = Duration.between(now, at).toMillis();
        return millis <= 0 ? 0 : (millis + 999) / 1000;
      } catch (DateTimeParseException notADate) {
        return -1;
      }
    }
  }

  /**
   * {@code resources} re-bound to a client whose HTTP client carries {@code recorder}, or
   * {@code resources} itself when the DSL object is not fabric8's {@code BaseOperation} (a mock,
   * another implementation): then a 429/503 without {@code retryAfterSeconds} waits the
   * reflector's one-second floor. fabric8's DSL classes expose the operation context and
   * {@code newInstance(context)} publicly but not through the DSL interfaces, hence reflection.
   */
  static <R> R rebind(R resources, RetryAfterRecorder recorder) {
    return rebind(resources, recorder, null);
  }

  /** As {@link #rebind(Object, RetryAfterRecorder)}, with {@code sniffer} (when not null) on the same derived client. */
  static <R> R rebind(R resources, RetryAfterRecorder recorder, ContinueTokenSniffer sniffer) {
    try {
      Object context = resources.getClass().getMethod("getOperationContext").invoke(resources);
      Client client = (Client) context.getClass().getMethod("getClient").invoke(context);
      HttpClient http = client.getHttpClient();
      if (http == null) {
        return resources;
      }
      HttpClient.DerivedClientBuilder builder = http.newBuilder().addOrReplaceInterceptor(NAME, recorder);
      if (sniffer != null) {
        builder.addOrReplaceInterceptor(ContinueTokenSniffer.NAME, sniffer);
      }
      HttpClient derived = builder.build();
      Client rebound = (Client) Proxy.newProxyInstance(Client.class.getClassLoader(),
          new Class<?>[] {Client.class}, new DerivedHttpClient(client, derived));
      Object newContext = context.getClass().getMethod("withClient", Client.class).invoke(context, rebound);
      for (Method m : resources.getClass().getMethods()) {
        if (m.getName().equals("newInstance") && m.getParameterCount() == 1
            && m.getParameterTypes()[0].isInstance(newContext) && m.getReturnType().isInstance(resources)) {
          @SuppressWarnings("unchecked")
          R result = (R) m.invoke(resources, newContext);
          return result;
        }
      }
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      LOG.debug("informer-guard: cannot attach the Retry-After interceptor to {}; 429/503 without "
          + "retryAfterSeconds wait at least 1 s", resources.getClass().getName(), e);
    }
    return resources;
  }

  /**
   * The user's client in every respect but {@link Client#getHttpClient()}. fabric8's operations
   * reach the client's internals through {@code adapt(BaseClient.class)}, which this forwards,
   * and take their HTTP client from {@code getHttpClient()} once, when they are created.
   */
  private record DerivedHttpClient(Client client, HttpClient http) implements InvocationHandler {
    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
      switch (method.getName()) {
        case "getHttpClient":
          return http;
        case "equals":
          return proxy == args[0];
        case "hashCode":
          return System.identityHashCode(proxy);
        case "toString":
          return "informer-guard view of " + client;
        case "close":
          return null; // the user's client is the user's to close
        default:
          try {
            return method.invoke(client, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
      }
    }
  }
}
