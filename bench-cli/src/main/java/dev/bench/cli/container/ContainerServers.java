package dev.bench.cli.container;

import dev.bench.core.run.TargetSettings;

import java.util.ArrayList;
import java.util.List;

/**
 * Servers that {@code --container} started for one run, in the order asked for; closing removes them.
 * Commands close them in a finally block, which a run ended by Ctrl-C reaches too.
 */
public final class ContainerServers implements AutoCloseable {

    private final List<ServerContainer> started = new ArrayList<>();

    /** Starts a container per kind; on any failure removes what started. */
    public static ContainerServers start(List<ServerContainer.Kind> kinds) {
        ContainerServers servers = new ContainerServers();
        try {
            for (ServerContainer.Kind kind : kinds) {
                servers.started.add(ServerContainer.start(kind));
            }
            return servers;
        } catch (RuntimeException | Error e) {
            servers.close();
            throw e;
        }
    }

    /** The SQL server started i-th, as a target with the user's pool size. */
    public TargetSettings sqlTarget(int i, TargetSettings asked) {
        ServerContainer c = started.get(i);
        return new TargetSettings(c.jdbcUrl(), null, null, c.user(), c.password(), asked.poolSize(), false);
    }

    /** host:port of the memcached started i-th. */
    public String memcachedAddress(int i) {
        return started.get(i).memcachedAddress();
    }

    @Override
    public void close() {
        for (ServerContainer c : started) {
            try {
                c.close();
            } catch (RuntimeException ignored) {
                // best effort; Testcontainers' reaper removes what is left when the JVM exits
            }
        }
        started.clear();
    }
}
