package io.github.informerguard.runtime.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP proxy in front of the {@link FaultInjectingApiServer} for faults that only exist below
 * HTTP: an abrupt TCP reset of the connections that carry watches (RST, not a WebSocket close
 * frame), a watch handshake held before it reaches the server, LIST bodies held after their
 * metadata, and a list request held there while the proxy watches whether the client gives up
 * on it (closes its connection). It reads the HTTP request heads the client sends (GETs, no
 * bodies) until a connection is upgraded for a watch, then copies bytes both ways untouched.
 */
public final class TcpFaultProxy implements AutoCloseable {
  private final ServerSocket listener;
  private final InetSocketAddress target;
  private final List<Connection> connections = new CopyOnWriteArrayList<>();
  private final Gate handshakes = new Gate();
  private final Gate listBodies = new Gate();
  private static final byte[] ITEMS = "\"items\"".getBytes(StandardCharsets.ISO_8859_1);

  /** Where the proxy's pumps wait while a hold is on: closed by hold, opened by release. */
  private static final class Gate {
    private final AtomicInteger waiting = new AtomicInteger();
    private volatile CountDownLatch closed;

    void close() {
      closed = new CountDownLatch(1);
    }

    void open() {
      CountDownLatch c = closed;
      closed = null;
      if (c != null) {
        c.countDown();
      }
    }

    boolean isClosed() {
      return closed != null;
    }

    /** Waits while the gate is closed; false when interrupted. */
    boolean pass() {
      CountDownLatch c = closed;
      if (c == null) {
        return true;
      }
      waiting.incrementAndGet();
      try {
        c.await();
        return true;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      } finally {
        waiting.decrementAndGet();
      }
    }
  }
  private final AtomicInteger heldLists = new AtomicInteger();
  private final AtomicInteger abandonedLists = new AtomicInteger();
  private volatile CountDownLatch listHold;

  private final class Connection {
    final Socket client;
    final Socket upstream;
    volatile boolean watch;

    Connection(Socket client, Socket upstream) {
      this.client = client;
      this.upstream = upstream;
    }

    void reset() {
      try {
        client.setSoLinger(true, 0); // close() then sends RST instead of FIN
      } catch (IOException ignored) {
        // already closed
      }
      closeQuietly(client);
      closeQuietly(upstream);
      connections.remove(this);
    }
  }

  public TcpFaultProxy(URI targetUrl) {
    try {
      listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    target = new InetSocketAddress(targetUrl.getHost(), targetUrl.getPort());
    daemon("tcp-fault-proxy-accept", this::accept).start();
  }

  /** The URL a client should use instead of the server's. */
  public String url() {
    return "http://127.0.0.1:" + listener.getLocalPort() + "/";
  }

  /** From now on, watch requests wait in the proxy (the client sees a handshake that never answers). */
  public void holdWatchHandshakes() {
    handshakes.close();
  }

  /** Lets every held watch request through to the server. */
  public void releaseWatchHandshakes() {
    handshakes.open();
  }

  /** Watch requests currently held. */
  public int heldHandshakes() {
    return handshakes.waiting.get();
  }

  /**
   * From now on, each LIST response is forwarded up to and including its {@code "items"} key
   * (status line, headers, the list's metadata) and the rest is held, as on a slow link in the
   * middle of a large body, until {@link #releaseListBodies()}.
   */
  public void holdListBodies() {
    listBodies.close();
  }

  public void releaseListBodies() {
    listBodies.open();
  }

  /** LIST responses currently held after their metadata. */
  public int heldListBodies() {
    return listBodies.waiting.get();
  }

  /** Client connections the proxy is carrying now (a connection the client closed is gone). */
  public int openConnections() {
    return connections.size();
  }

  /** From now on, LIST requests (GETs without {@code watch=true}) wait in the proxy, never answered. */
  public void holdLists() {
    listHold = new CountDownLatch(1);
  }

  /** Lets every held list request through to the server. */
  public void releaseLists() {
    CountDownLatch h = listHold;
    listHold = null;
    if (h != null) {
      h.countDown();
    }
  }

  /** List requests held whose client still keeps the connection open: requests the client has not given up. */
  public int heldLists() {
    return heldLists.get();
  }

  /** Held list requests whose client closed the connection (cancelled the call) while they were held. */
  public int abandonedLists() {
    return abandonedLists.get();
  }

  /** Resets (TCP RST) every connection that carries a watch. */
  public int resetWatchConnections() {
    int n = 0;
    for (Connection c : connections) {
      if (c.watch) {
        c.reset();
        n++;
      }
    }
    return n;
  }

  private void accept() {
    while (!listener.isClosed()) {
      try {
        Socket client = listener.accept();
        Socket upstream = new Socket();
        upstream.connect(target);
        Connection c = new Connection(client, upstream);
        connections.add(c);
        daemon("tcp-fault-proxy-up", () -> pumpRequests(c)).start();
        daemon("tcp-fault-proxy-down", () -> pumpResponses(c)).start();
      } catch (IOException e) {
        if (listener.isClosed()) {
          return;
        }
      }
    }
  }

  /** Client to server: forwards request heads one by one until a watch upgrade, then raw bytes. */
  private void pumpRequests(Connection c) {
    try {
      InputStream in = c.client.getInputStream();
      OutputStream out = c.upstream.getOutputStream();
      ByteArrayOutputStream head = new ByteArrayOutputStream();
      int matched = 0;
      int b;
      while ((b = in.read()) >= 0) {
        head.write(b);
        matched = (b == '\r' || b == '\n') ? matched + 1 : 0;
        if (matched < 4) {
          continue;
        }
        String text = head.toString(StandardCharsets.ISO_8859_1);
        String requestLine = text.substring(0, Math.max(0, text.indexOf('\r')));
        boolean isWatch = requestLine.contains("watch=true");
        if (isWatch) {
          c.watch = true;
          if (!handshakes.pass()) {
            return;
          }
        }
        if (!isWatch && requestLine.startsWith("GET ") && !holdList(c, in)) {
          return; // the client closed the connection while its list was held
        }
        out.write(head.toByteArray());
        out.flush();
        head.reset();
        matched = 0;
        if (isWatch) {
          in.transferTo(out);
          break;
        }
      }
    } catch (IOException e) {
      // the connection ended or was reset
    } finally {
      closeQuietly(c.upstream);
      closeQuietly(c.client);
      connections.remove(c);
    }
  }

  /**
   * Holds a list request while {@link #holdLists()} is in force, reading the client's side of the
   * connection meanwhile: an HTTP/1.1 client sends nothing more before the answer, so the only
   * thing a read can see is the end of the stream, i.e. the client closed the connection. Returns
   * false then (the request is dropped), true once released.
   */
  private boolean holdList(Connection c, InputStream in) throws IOException {
    CountDownLatch h = listHold;
    if (h == null) {
      return true;
    }
    heldLists.incrementAndGet();
    try {
      c.client.setSoTimeout(20);
      while (h.getCount() > 0) {
        int b;
        try {
          b = in.read();
        } catch (SocketTimeoutException stillOpen) {
          continue; // the client is still waiting for the answer
        } catch (IOException reset) {
          b = -1; // closed with a reset rather than a FIN: given up all the same
        }
        if (b < 0) {
          abandonedLists.incrementAndGet();
          return false;
        }
        throw new IOException("the client sent bytes before its held list was answered");
      }
      return true;
    } finally {
      heldLists.decrementAndGet();
      if (!c.client.isClosed()) {
        c.client.setSoTimeout(0);
      }
    }
  }

  /** Server to client: raw bytes, except that a held LIST body stops after its {@code "items"} key. */
  private void pumpResponses(Connection c) {
    Socket from = c.upstream;
    Socket to = c.client;
    try {
      InputStream in = from.getInputStream();
      OutputStream out = to.getOutputStream();
      byte[] buf = new byte[16 * 1024];
      int matched = 0; // bytes of ITEMS matched so far, across reads
      int n;
      while ((n = in.read(buf)) >= 0) {
        int start = 0;
        for (int i = 0; i < n; i++) {
          if (!listBodies.isClosed() || c.watch) {
            matched = 0;
            continue;
          }
          matched = buf[i] == ITEMS[matched] ? matched + 1 : (buf[i] == ITEMS[0] ? 1 : 0);
          if (matched == ITEMS.length) {
            matched = 0;
            out.write(buf, start, i + 1 - start);
            out.flush();
            start = i + 1;
            if (!listBodies.pass()) {
              return;
            }
          }
        }
        out.write(buf, start, n - start);
        out.flush();
      }
    } catch (IOException e) {
      // the connection ended or was reset
    } finally {
      closeQuietly(to);
      closeQuietly(from);
      connections.remove(c);
    }
  }

  private static Thread daemon(String name, Runnable r) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    return t;
  }

  private static void closeQuietly(Socket s) {
    try {
      s.close();
    } catch (IOException ignored) {
      // nothing left to do
    }
  }

  @Override
  public void close() {
    releaseWatchHandshakes();
    releaseListBodies();
    releaseLists();
    try {
      listener.close();
    } catch (IOException ignored) {
      // nothing left to do
    }
    connections.forEach(c -> {
      closeQuietly(c.client);
      closeQuietly(c.upstream);
    });
  }
}
