package io.github.informerguard.runtime.clientjava;

import com.google.gson.JsonParseException;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import com.google.gson.stream.MalformedJsonException;
import io.github.informerguard.runtime.core.ListPage;
import io.kubernetes.client.common.KubernetesListObject;
import io.kubernetes.client.common.KubernetesObject;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.ApiException;
import io.kubernetes.client.util.CallGenerator;
import io.kubernetes.client.util.CallGeneratorParams;
import io.kubernetes.client.util.Watch;
import io.kubernetes.client.util.Watchable;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import okhttp3.Call;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.ResponseBody;

/**
 * Lists and watches with the user's {@code CallGenerator} (a {@code CoreV1Api.list...Call}): the
 * generated request, with its path, selectors and authentication, is re-issued with the query
 * the guard needs ({@code limit}/{@code continue} on lists; {@code watch}, {@code resourceVersion},
 * {@code allowWatchBookmarks}, {@code timeoutSeconds} on watches), because
 * {@code CallGeneratorParams} carries no limit or continue token. Lists run on the user's
 * client, read timeout included; watches on a copy of it whose read timeout is 0 (the watch is
 * bounded by the server's timeout and the reflector's own deadline), so an {@code ApiClient}
 * with a read timeout serves both. Every call in flight is cancelled by {@link #abort()}.
 */
final class CallGeneratorTransport<T extends KubernetesObject> implements ClientJavaTransport<T> {
  private final ApiClient apiClient;
  private final OkHttpClient watchHttp;
  private final CallGenerator generator;
  private final Class<? extends KubernetesListObject> listType;
  private final Type watchType;
  private final Set<Call> inFlight = ConcurrentHashMap.newKeySet();

  CallGeneratorTransport(ApiClient apiClient, OkHttpClient watchHttp, CallGenerator generator,
      Class<? extends KubernetesListObject> listType, Type watchType) {
    this.apiClient = apiClient;
    this.watchHttp = watchHttp;
    this.generator = generator;
    this.listType = listType;
    this.watchType = watchType;
  }

  @Override
  public ListPage<T> list(long limit, String continueToken) throws ApiException {
    return list(limit, continueToken, null);
  }

  @Override
  public ListPage<T> list(long limit, String continueToken, Consumer<String> continueSeen) throws ApiException {
    Request generated = generator.generate(new CallGeneratorParams(false, null, null)).request();
    HttpUrl.Builder url = generated.url().newBuilder()
        .removeAllQueryParameters("watch")
        .removeAllQueryParameters("resourceVersion")
        .setQueryParameter("limit", Long.toString(limit));
    if (continueToken != null) {
      url.setQueryParameter("continue", continueToken);
    }
    Call call = apiClient.getHttpClient().newCall(generated.newBuilder().url(url.build()).build());
    inFlight.add(call);
    try (Response response = call.execute()) {
      ResponseBody body = response.body();
      if (!response.isSuccessful()) {
        String text = body == null ? null : body.string();
        throw new ApiException(response.message(), response.code(), response.headers().toMultimap(), text);
      }
      String text = body == null ? null : continueSeen == null ? body.string() : readTellingContinue(body, continueSeen);
      KubernetesListObject list;
      try {
        list = apiClient.getJSON().deserialize(text, listType);
      } catch (RuntimeException e) {
        // the model's validation throws IllegalArgumentException; as a parse failure it is not retried
        throw new JsonParseException("cannot read the list as " + listType.getSimpleName() + ": " + e.getMessage(), e);
      }
      return ClientJavaTransport.page(list);
    } catch (IOException e) {
      throw new ApiException(e);
    } finally {
      inFlight.remove(call);
    }
  }

  /**
   * The whole body as text, like {@code body.string()}, having told {@code continueSeen} the
   * list's {@code metadata.continue} as soon as it was read: API servers write {@code metadata}
   * before {@code items}, so the reflector can ask for the next page while this one's items are
   * still arriving and being decoded. The first bytes are read through Gson's streaming reader
   * and copied as they pass; the rest is copied unread. A body in another order, or one that is
   * not a JSON object, tells nothing early (the reflector then waits for the page).
   */
  static String readTellingContinue(ResponseBody body, Consumer<String> continueSeen) throws IOException {
    long length = body.contentLength();
    ByteArrayOutputStream copy = new ByteArrayOutputStream(length > 0 && length < Integer.MAX_VALUE ? (int) length : 64 * 1024);
    InputStream raw = body.byteStream();
    InputStream copying = new FilterInputStream(raw) {
      @Override
      public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
          copy.write(b);
        }
        return b;
      }

      @Override
      public int read(byte[] buffer, int offset, int count) throws IOException {
        int n = super.read(buffer, offset, count);
        if (n > 0) {
          copy.write(buffer, offset, n);
        }
        return n;
      }

      @Override
      public void close() {
        // the response closes the body; the rest is read below
      }
    };
    // the reader buffers ahead through the copying stream, so every byte it took is in the copy
    JsonReader reader = new JsonReader(new InputStreamReader(copying, StandardCharsets.UTF_8));
    try {
      String token = continueToken(reader, copy);
      if (token != null && !token.isEmpty()) {
        continueSeen.accept(token);
      }
    } catch (MalformedJsonException | EOFException | JsonParseException | IllegalStateException notAList) {
      // not a list object we can read early (or an empty body, which the decoding below refuses
      // as before): the reflector waits for the decoded page. Other I/O errors end the request.
    }
    raw.transferTo(copy);
    return copy.toString(StandardCharsets.UTF_8);
  }

  /** metadata is a few hundred bytes at the start of the body; stop looking well after it. */
  static final int SNIFF_LIMIT_BYTES = 64 * 1024;

  /** {@code metadata.continue} if it comes before {@code items} (and within the first bytes), else null. */
  private static String continueToken(JsonReader reader, ByteArrayOutputStream read) throws IOException {
    if (reader.peek() != JsonToken.BEGIN_OBJECT) {
      return null;
    }
    reader.beginObject();
    while (reader.hasNext() && read.size() <= SNIFF_LIMIT_BYTES) {
      String name = reader.nextName();
      if (name.equals("items")) {
        return null; // items before metadata: the token would come too late to matter
      }
      if (!name.equals("metadata") || reader.peek() != JsonToken.BEGIN_OBJECT) {
        reader.skipValue();
        continue;
      }
      reader.beginObject();
      while (reader.hasNext()) {
        if (reader.nextName().equals("continue") && reader.peek() == JsonToken.STRING) {
          return reader.nextString();
        }
        reader.skipValue();
      }
      return null; // metadata without a continue token: the last page
    }
    return null;
  }

  @Override
  public Watchable<T> watch(String resourceVersion, int timeoutSeconds) throws ApiException {
    Request generated = generator.generate(new CallGeneratorParams(true, resourceVersion, timeoutSeconds)).request();
    HttpUrl.Builder url = generated.url().newBuilder()
        .setQueryParameter("watch", "true")
        .setQueryParameter("allowWatchBookmarks", "true")
        .setQueryParameter("timeoutSeconds", Integer.toString(timeoutSeconds));
    if (resourceVersion != null) {
      url.setQueryParameter("resourceVersion", resourceVersion);
    } else {
      url.removeAllQueryParameters("resourceVersion");
    }
    Call call = watchHttp.newCall(generated.newBuilder().url(url.build()).build());
    inFlight.add(call);
    try {
      return Watch.createWatch(apiClient, call, watchType);
    } finally {
      inFlight.remove(call); // once open, the watch is closed through its handle
    }
  }

  @Override
  public void abort() {
    inFlight.forEach(Call::cancel);
  }
}
