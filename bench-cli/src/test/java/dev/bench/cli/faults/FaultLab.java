package dev.bench.cli.faults;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * One client network namespace with the private servers its rows need, each reached through a relay
 * on the veth: {@code pg} or {@code mariadb} plus {@code memcached}. Labs don't share servers, so two
 * can run their rows at once.
 */
final class FaultLab implements AutoCloseable {

    final NetworkNamespace network;
    final PrivatePostgres postgres;
    final PrivateMariaDb mariadb;
    final PrivateMemcached memcached;
    private final List<TcpRelay> relays = new ArrayList<>();
    private final int postgresRelay;
    private final int mariadbRelay;
    private final int memcachedRelay;
    private TcpRelay memcachedRelayHandle;

    /** @param from where to look for a free namespace number; servers listen on ports derived from it, below the ephemeral range */
    FaultLab(int from, boolean withPostgres, boolean withMariaDb, boolean withMemcached) throws IOException {
        network = NetworkNamespace.create(from);
        int n = network.number();
        try { // a lab that fails to start leaves no server, relay or namespace behind (a later run would skip its number)
            postgres = withPostgres ? new PrivatePostgres(24000 + n) : null;
            mariadb = withMariaDb ? new PrivateMariaDb(23000 + n) : null;
            memcached = withMemcached ? new PrivateMemcached(21000 + n) : null;
            postgresRelay = postgres == null ? 0 : relay(postgres.port()).port();
            mariadbRelay = mariadb == null ? 0 : relay(mariadb.port()).port();
            memcachedRelayHandle = memcached == null ? null : relay(memcached.port());
            memcachedRelay = memcached == null ? 0 : memcachedRelayHandle.port();
        } catch (RuntimeException | IOException e) {
            close();
            throw e;
        }
    }

    private TcpRelay relay(int port) throws IOException {
        TcpRelay r = new TcpRelay(network.hostAddress(), port);
        relays.add(r);
        return r;
    }

    /** PostgreSQL as the client in the namespace reaches it. */
    String postgresUrl() {
        return postgres.url(network.hostAddress(), postgresRelay);
    }

    /** PostgreSQL from the test itself (loopback): for prepare steps, outside any fault. */
    String postgresLocalUrl() {
        return postgres.url("127.0.0.1", postgres.port());
    }

    String mariadbUrl(String scheme) {
        return mariadb.url(scheme, network.hostAddress(), mariadbRelay);
    }

    String mariadbLocalUrl(String scheme) {
        return mariadb.url(scheme, "127.0.0.1", mariadb.port());
    }

    String memcachedAddress() {
        return network.hostAddress() + ":" + memcachedRelay;
    }

    void resetMemcachedConnections() {
        memcachedRelayHandle.resetAll();
    }

    @Override
    public void close() {
        for (TcpRelay r : relays) {
            try {
                r.close();
            } catch (IOException ignored) {
                // closing
            }
        }
        for (PrivateServer s : new PrivateServer[] {postgres, mariadb, memcached}) {
            if (s != null) {
                s.close();
            }
        }
        network.close();
    }
}
