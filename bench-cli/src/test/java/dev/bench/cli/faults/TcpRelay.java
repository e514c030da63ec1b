package dev.bench.cli.faults;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Forwards TCP connections from an address the client can reach (the veth's host side) to a server
 * listening on loopback, two threads a connection. The relay itself never fails: faults are made on
 * the link ({@link NetworkNamespace#partition}) or the server, or by {@link #resetAll()}.
 */
final class TcpRelay implements AutoCloseable {

    private final ServerSocket listener;
    private final int targetPort;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

    TcpRelay(String listenAddress, int targetPort) throws IOException {
        this.listener = new ServerSocket();
        listener.bind(new InetSocketAddress(InetAddress.getByName(listenAddress), 0));
        this.targetPort = targetPort;
        Thread acceptor = new Thread(this::accept, "relay-accept-" + targetPort);
        acceptor.setDaemon(true);
        acceptor.start();
    }

    int port() {
        return listener.getLocalPort();
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                Socket server;
                try {
                    server = new Socket("127.0.0.1", targetPort);
                } catch (IOException refused) {
                    client.close(); // the server is down (restarting): the client sees a refusal too
                    continue;
                }
                sockets.add(client);
                sockets.add(server);
                pump(client, server);
                pump(server, client);
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void pump(Socket from, Socket to) {
        Thread t = new Thread(() -> {
            byte[] buffer = new byte[16384];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    out.write(buffer, 0, n);
                }
            } catch (IOException ignored) {
                // one side ended: end the other
            } finally {
                closeQuietly(from);
                closeQuietly(to);
                sockets.remove(from);
                sockets.remove(to);
            }
        }, "relay-" + targetPort);
        t.setDaemon(true);
        t.start();
    }

    /** Ends every relayed connection with a reset, as a server that killed its sessions or a proxy failover does. */
    void resetAll() {
        for (Socket s : sockets) {
            try {
                s.setSoLinger(true, 0);
            } catch (IOException ignored) {
                // closing anyway
            }
            closeQuietly(s);
        }
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
        resetAll();
    }
}
