package io.github.informerguard.runtime;

import io.fabric8.kubernetes.client.http.AsyncBody;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.Interceptor;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.async.ByteBufferFeeder;
import tools.jackson.core.json.JsonFactory;

/**
 * Reports a LIST page's continue token as soon as its first bytes arrive, before fabric8 has
 * received and decoded the page's items, so the reflector can ask for the next page while this
 * one is still on its way (the API server then produces page N+1 while the client reads page N).
 *
 * <p>An {@link Interceptor} on the informer's derived client ({@link RetryAfterRecorder#rebind}).
 * fabric8 builds a request's body consumer on the thread that makes the call, so
 * {@link ListWatch#list} announces its callback in a thread-local around {@code resources.list}
 * and {@link #consumer} picks it up there; a request fabric8 retries on its own, a watch and any
 * other request pass through untouched. The consumer reads each chunk through a duplicate (the
 * bytes fabric8 collects are not touched) with Jackson's non-blocking parser until it has seen
 * {@code metadata.continue}, the start of {@code items}, the end of {@code metadata} or
 * {@link #SNIFF_LIMIT_BYTES}, and then only passes chunks on. Kubernetes API servers (and fabric8's
 * serialization of list types) write {@code metadata} before {@code items}; a body in another
 * order, compressed, or not JSON yields no early token, and the reflector waits for the page as
 * before. The token is a hint only: the reflector checks it against the decoded page.
 */
final class ContinueTokenSniffer implements Interceptor {
  private static final Logger LOG = LoggerFactory.getLogger(ContinueTokenSniffer.class);
  static final String NAME = "informer-guard-continue-token";
  /** metadata is a few hundred bytes at the start of the body; stop looking well after it. */
  static final int SNIFF_LIMIT_BYTES = 64 * 1024;
  private static final JsonFactory JSON = new JsonFactory();

  // set by the thread that calls resources.list for the duration of that call
  private final ThreadLocal<Consumer<String>> announced = new ThreadLocal<>();
  // bodies of announced list calls still arriving: added and removed on fabric8's I/O threads,
  // cancelled by the thread that closes the informer
  private final Set<AsyncBody> arriving = ConcurrentHashMap.newKeySet();
  // incremented by cancelArriving(): a body of a request made before that is cancelled when it begins
  private final AtomicLong cancellations = new AtomicLong();

  /** Runs {@code call} (one {@code resources.list}) with {@code onToken} told that page's continue token early. */
  <R> R during(Consumer<String> onToken, java.util.function.Supplier<R> call) {
    announced.set(onToken);
    try {
      return call.get();
    } finally {
      announced.remove();
    }
  }

  /**
   * Cancels every list body still arriving (the informer is closing). An interrupted
   * {@code resources.list} returns at once, but fabric8 would go on reading the body to its end
   * (a large page on a slow link) for nobody.
   */
  void cancelArriving() {
    cancellations.incrementAndGet();
    for (AsyncBody body : arriving) {
      arriving.remove(body);
      body.cancel();
    }
  }

  @Override
  public AsyncBody.Consumer<List<ByteBuffer>> consumer(AsyncBody.Consumer<List<ByteBuffer>> consumer,
      HttpRequest request) {
    Consumer<String> onToken = announced.get();
    if (onToken == null) {
      return consumer;
    }
    announced.remove(); // one request per announcement: a retry fabric8 makes later is not sniffed
    return new Sniffing(consumer, onToken);
  }

  /** Passes every chunk on unchanged; parses the first ones for {@code metadata.continue}. */
  private final class Sniffing implements AsyncBody.Consumer<List<ByteBuffer>> {
    private final AsyncBody.Consumer<List<ByteBuffer>> delegate;
    private final Consumer<String> onToken;
    // fabric8 calls consume() for one body from one thread at a time, in order
    private final long cancellationsAtRequest = cancellations.get();
    private JsonParser parser;
    private boolean registered;
    private boolean done;
    private int depth;
    private boolean inMetadata;
    private boolean nextIsContinue;
    private long fed;

    Sniffing(AsyncBody.Consumer<List<ByteBuffer>> delegate, Consumer<String> onToken) {
      this.delegate = delegate;
      this.onToken = onToken;
    }

    @Override
    public void consume(List<ByteBuffer> chunks, AsyncBody body) throws Exception {
      if (!registered && body != null) {
        registered = true;
        if (cancellations.get() != cancellationsAtRequest) {
          body.cancel(); // the informer closed between the request and its first bytes
          return;
        }
        arriving.add(body);
        body.done().whenComplete((ignored, failure) -> arriving.remove(body));
        if (cancellations.get() != cancellationsAtRequest && arriving.remove(body)) {
          body.cancel(); // cancelArriving() ran while this body registered
          return;
        }
      }
      if (!done) {
        try {
          for (ByteBuffer chunk : chunks) {
            if (done) {
              break;
            }
            sniff(chunk.duplicate());
          }
        } catch (RuntimeException e) { // a JacksonException, or anything else the parser throws
          done = true;
          LOG.debug("informer-guard: not a JSON list body we can read early; waiting for the whole page", e);
        }
        if (done) {
          close();
        }
      }
      delegate.consume(chunks, body);
    }

    @Override
    public <U> U unwrap(Class<U> target) {
      return delegate.unwrap(target);
    }

    private void sniff(ByteBuffer chunk) {
      if (parser == null) {
        parser = JSON.createNonBlockingByteBufferParser(ObjectReadContext.empty());
      }
      fed += chunk.remaining();
      ((ByteBufferFeeder) parser.nonBlockingInputFeeder()).feedInput(chunk);
      for (JsonToken t = parser.nextToken(); t != null && t != JsonToken.NOT_AVAILABLE; t = parser.nextToken()) {
        if (step(t)) {
          done = true;
          return;
        }
      }
      if (fed > SNIFF_LIMIT_BYTES) {
        done = true;
      }
    }

    /** One token of the body; true once there is nothing more to learn from it. */
    private boolean step(JsonToken t) {
      switch (t) {
        case START_OBJECT, START_ARRAY -> {
          depth++;
          if (depth == 1 && t != JsonToken.START_OBJECT) {
            return true; // not a list object
          }
        }
        case END_OBJECT, END_ARRAY -> {
          depth--;
          if (inMetadata && depth == 1) {
            return true; // metadata ended without a continue token: the last page
          }
        }
        case PROPERTY_NAME -> {
          String name = parser.currentName();
          if (depth == 1) {
            if ("items".equals(name)) {
              return true; // items before metadata: the token comes too late to matter
            }
            inMetadata = "metadata".equals(name);
          } else if (depth == 2 && inMetadata) {
            nextIsContinue = "continue".equals(name);
          }
        }
        case VALUE_STRING -> {
          if (nextIsContinue && depth == 2) {
            String token = parser.getString();
            if (!token.isEmpty()) {
              onToken.accept(token);
            }
            return true;
          }
        }
        default -> {
          // numbers, booleans, nulls: nothing to track
        }
      }
      if (t.isScalarValue() && depth == 2) {
        nextIsContinue = false;
      }
      return false;
    }

    private void close() {
      if (parser != null) {
        try {
          parser.close();
        } catch (JacksonException e) {
          LOG.trace("informer-guard: closing the sniffing parser failed", e);
        }
        parser = null;
      }
    }
  }
}
