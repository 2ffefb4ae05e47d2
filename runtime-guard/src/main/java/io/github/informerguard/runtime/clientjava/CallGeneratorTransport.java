package io.github.informerguard.runtime.clientjava;

import com.google.gson.JsonParseException;
import io.github.informerguard.runtime.core.ListPage;
import io.kubernetes.client.common.KubernetesListObject;
import io.kubernetes.client.common.KubernetesObject;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.ApiException;
import io.kubernetes.client.util.CallGenerator;
import io.kubernetes.client.util.CallGeneratorParams;
import io.kubernetes.client.util.Watch;
import io.kubernetes.client.util.Watchable;
import java.io.IOException;
import java.lang.reflect.Type;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
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
      String text = body == null ? null : body.string();
      if (!response.isSuccessful()) {
        throw new ApiException(response.message(), response.code(), response.headers().toMultimap(), text);
      }
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
