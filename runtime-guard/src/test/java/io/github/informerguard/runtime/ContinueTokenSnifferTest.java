package io.github.informerguard.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodList;
import io.fabric8.kubernetes.api.model.PodListBuilder;
import io.fabric8.kubernetes.client.http.AsyncBody;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ContinueTokenSnifferTest {
  private final ContinueTokenSniffer sniffer = new ContinueTokenSniffer();
  private final List<String> seen = new ArrayList<>();
  private final ByteArrayOutputStream passedOn = new ByteArrayOutputStream();
  // what the consumer fabric8 would use (ByteArrayBodyHandler) receives
  private final AsyncBody.Consumer<List<ByteBuffer>> collector = (chunks, body) -> chunks.forEach(b -> {
    byte[] bytes = new byte[b.remaining()];
    b.get(bytes);
    passedOn.writeBytes(bytes);
  });

  private static String page(String continueToken) {
    PodList list = new PodListBuilder().withNewMetadata().withResourceVersion("1042").withContinue(continueToken)
        .endMetadata().addToItems(new PodBuilder().withNewMetadata().withName("a").withNamespace("ns").endMetadata()
            .build(), new PodBuilder().withNewMetadata().withName("b").withNamespace("ns").endMetadata().build())
        .build();
    return new KubernetesSerialization().asJson(list);
  }

  /** The consumer fabric8 would get for one announced list call, as {@code ListWatch.list} sets it up. */
  private AsyncBody.Consumer<List<ByteBuffer>> announcedConsumer() {
    return sniffer.during(seen::add, () -> sniffer.consumer(collector, null));
  }

  private static List<ByteBuffer> chunk(byte[] body, int from, int to) {
    return List.of(ByteBuffer.wrap(body, from, to - from));
  }

  @Test
  void reportsTheTokenOnceMetadataIsInBeforeAnyItemHasArrived() throws Exception {
    byte[] body = page("tok-7:5000").getBytes(StandardCharsets.UTF_8);
    int items = new String(body, StandardCharsets.UTF_8).indexOf("\"items\"");
    assertThat(items).isGreaterThan(new String(body, StandardCharsets.UTF_8).indexOf("\"metadata\""));
    AsyncBody.Consumer<List<ByteBuffer>> consumer = announcedConsumer();
    consumer.consume(chunk(body, 0, items), null);
    assertThat(seen).containsExactly("tok-7:5000");
    consumer.consume(chunk(body, items, body.length), null);
    assertThat(seen).containsExactly("tok-7:5000");
    assertThat(passedOn.toByteArray()).isEqualTo(body);
  }

  @Test
  void readsABodyThatArrivesByteByByte() throws Exception {
    byte[] body = page("t").getBytes(StandardCharsets.UTF_8);
    AsyncBody.Consumer<List<ByteBuffer>> consumer = announcedConsumer();
    for (int i = 0; i < body.length; i++) {
      consumer.consume(chunk(body, i, i + 1), null);
    }
    assertThat(seen).containsExactly("t");
    assertThat(passedOn.toByteArray()).isEqualTo(body);
  }

  @Test
  void readsTheApiServersFieldOrder() throws Exception {
    // what kube-apiserver writes: TypeMeta, then ListMeta with resourceVersion before continue
    byte[] body = ("{\"kind\":\"PodList\",\"apiVersion\":\"v1\",\"metadata\":{\"resourceVersion\":\"88\","
        + "\"continue\":\"eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6ODh9\",\"remainingItemCount\":12},\"items\":[{}]}")
        .getBytes(StandardCharsets.UTF_8);
    announcedConsumer().consume(chunk(body, 0, body.length), null);
    assertThat(seen).containsExactly("eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6ODh9");
  }

  @Test
  void reportsNothingForTheLastPageItemsFirstBodiesOrWhatIsNotJson() throws Exception {
    for (String body : List.of(page(null), page(""),
        "{\"items\":[{\"metadata\":{\"continue\":\"not-the-list's\"}}],\"metadata\":{\"continue\":\"late\"}}",
        "<html>502 Bad Gateway</html>", "\u001f\u008b\b\u0000gzip")) {
      passedOn.reset();
      byte[] bytes = body.getBytes(StandardCharsets.ISO_8859_1);
      AsyncBody.Consumer<List<ByteBuffer>> consumer = announcedConsumer();
      consumer.consume(chunk(bytes, 0, bytes.length / 2), null);
      consumer.consume(chunk(bytes, bytes.length / 2, bytes.length), null);
      assertThat(passedOn.toByteArray()).as(body).isEqualTo(bytes);
    }
    assertThat(seen).isEmpty();
  }

  @Test
  void leavesRequestsWithoutAnAnnouncementAlone() {
    assertThat(sniffer.consumer(collector, null)).isSameAs(collector);
    // an announcement covers one request: a retry fabric8 makes on its own later is not read
    sniffer.during(seen::add, () -> {
      assertThat(sniffer.consumer(collector, null)).isNotSameAs(collector);
      assertThat(sniffer.consumer(collector, null)).isSameAs(collector);
      return null;
    });
  }
}
