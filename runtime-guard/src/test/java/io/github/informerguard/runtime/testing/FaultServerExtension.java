package io.github.informerguard.runtime.testing;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

/** The lifecycle behind {@link WithFaultServer}. */
public final class FaultServerExtension implements BeforeEachCallback, AfterEachCallback {
  private static final ExtensionContext.Namespace STORE = ExtensionContext.Namespace.create(FaultServerExtension.class);

  private record Resources(FaultInjectingApiServer server, TcpFaultProxy proxy, KubernetesClient client) {}

  @Override
  public void beforeEach(ExtensionContext context) throws IllegalAccessException {
    WithFaultServer settings = AnnotationSupport.findAnnotation(context.getRequiredTestClass(), WithFaultServer.class)
        .orElseThrow(() -> new IllegalStateException("FaultServerExtension needs @WithFaultServer"));
    FaultInjectingApiServer server = new FaultInjectingApiServer();
    TcpFaultProxy proxy = settings.throughProxy() ? new TcpFaultProxy(server.uri()) : null;
    KubernetesClient client = proxy != null ? server.newClient(proxy)
        : server.newClient(settings.requestRetries(), 1000);
    Resources resources = new Resources(server, proxy, client);
    context.getStore(STORE).put(Resources.class, resources);
    Object test = context.getRequiredTestInstance();
    for (Field f : fields(test.getClass())) {
      Object value = f.getType() == FaultInjectingApiServer.class ? server
          : f.getType() == KubernetesClient.class ? client
          : f.getType() == TcpFaultProxy.class ? proxy
          : null;
      if (value != null) {
        f.setAccessible(true);
        f.set(test, value);
      }
    }
  }

  @Override
  public void afterEach(ExtensionContext context) throws Exception {
    Resources resources = context.getStore(STORE).remove(Resources.class, Resources.class);
    if (resources == null) {
      return;
    }
    List<AutoCloseable> order = new ArrayList<>();
    // an informer left running would reconnect to a closing server and log every failed attempt
    for (Field f : fields(context.getRequiredTestInstance().getClass())) {
      if (SharedIndexInformer.class.isAssignableFrom(f.getType())) {
        f.setAccessible(true);
        if (f.get(context.getRequiredTestInstance()) instanceof SharedIndexInformer<?> informer) {
          order.add(informer::close);
        }
      }
    }
    order.add(resources.client());
    if (resources.proxy() != null) {
      order.add(resources.proxy());
    }
    order.add(resources.server());
    Exception first = null;
    for (AutoCloseable c : order) {
      try {
        c.close();
      } catch (Exception e) {
        if (first == null) {
          first = e;
        } else {
          first.addSuppressed(e);
        }
      }
    }
    if (first != null) {
      throw first;
    }
  }

  private static List<Field> fields(Class<?> type) {
    List<Field> all = new ArrayList<>();
    for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
      for (Field f : c.getDeclaredFields()) {
        if (!java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
          all.add(f);
        }
      }
    }
    return all;
  }
}
