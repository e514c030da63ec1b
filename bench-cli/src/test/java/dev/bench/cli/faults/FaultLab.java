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

    /** @param from where to look for a free namespace number; servers listen on ports derived from the one taken */
    FaultLab(int from, boolean withPostgres, boolean withMariaDb, boolean withMemcached) throws IOException {
        network = NetworkNamespace.create(from);
        int n = network.number();
        PrivatePostgres pg = null;
        PrivateMariaDb maria = null;
        try { // a server that fails to start leaves none running, nor the namespace (a later run would skip its number)
            pg = withPostgres ? new PrivatePostgres(54000 + n) : null;
            maria = withMariaDb ? new PrivateMariaDb(53000 + n) : null;
            memcached = withMemcached ? new PrivateMemcached(51000 + n) : null;
        } catch (RuntimeException e) {
            for (PrivateServer started : new PrivateServer[] {pg, maria}) {
                if (started != null) {
                    started.close();
                }
            }
            network.close();
            throw e;
        }
        postgres = pg;
        mariadb = maria;
        postgresRelay = postgres == null ? 0 : relay(postgres.port()).port();
        mariadbRelay = mariadb == null ? 0 : relay(mariadb.port()).port();
        if (memcached != null) {
            memcachedRelayHandle = relay(memcached.port());
        }
        memcachedRelay = memcached == null ? 0 : memcachedRelayHandle.port();
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
