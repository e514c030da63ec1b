package dev.bench.cli.container;

import dev.bench.core.run.TargetSettings;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Servers that {@code --container} started for one run, in the order asked for; closing removes them.
 * {@link ContainerRun} closes them in a finally block, which a run ended by Ctrl-C reaches too.
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

    /** Each started server as a target, with the user's pool size: a SQL server's URL and credentials, memcached's address. */
    public List<TargetSettings> targets(TargetSettings asked) {
        List<TargetSettings> targets = new ArrayList<>();
        for (ServerContainer c : started) {
            targets.add(c.kind() == ServerContainer.Kind.MEMCACHED
                    ? new TargetSettings(null, c.memcachedAddress(), null, null, null, asked.poolSize(), false)
                    : new TargetSettings(c.jdbcUrl(), null, null, c.user(), c.password(), asked.poolSize(), false));
        }
        return targets;
    }

    /** What summary.json records of them: each one's kind, image and container id. */
    public List<Map<String, Object>> describe() {
        List<Map<String, Object>> list = new ArrayList<>();
        for (ServerContainer c : started) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("kind", c.kind().optionName());
            m.put("image", c.image());
            m.put("id", c.id());
            list.add(m);
        }
        return list;
    }

    /**
     * Removes them, also on a thread Ctrl-C interrupted: the interrupt is set aside while the engine is
     * asked to remove them (its client gives up on an interrupted thread), then restored.
     */
    @Override
    public void close() {
        boolean interrupted = Thread.interrupted();
        try {
            for (ServerContainer c : started) {
                try {
                    c.close();
                } catch (RuntimeException ignored) {
                    // best effort: scripts/containers.sh clean removes what is left, by the owner label
                }
            }
            started.clear();
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
