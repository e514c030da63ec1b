package dev.bench.cli.container;

import dev.bench.core.ErrorKind;
import dev.bench.workloads.vote.VoteBackend;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A vote backend running against servers that {@code --container} started: closing it closes the
 * backend, then removes the containers. Commands close their backend in a finally block, which a run
 * ended by Ctrl-C reaches too.
 */
public final class ContainerBackend implements VoteBackend {

    private final VoteBackend backend;
    private final List<ServerContainer> containers;

    private ContainerBackend(VoteBackend backend, List<ServerContainer> containers) {
        this.backend = backend;
        this.containers = containers;
    }

    /** What opens the backend once its servers run (the list is in the order asked for). */
    public interface Opener {
        VoteBackend open(List<ServerContainer> servers);
    }

    /**
     * Starts a container per kind, then the backend against them; on any failure removes what started.
     */
    public static VoteBackend start(List<ServerContainer.Kind> kinds, Opener opener) {
        List<ServerContainer> started = new ArrayList<>();
        try {
            for (ServerContainer.Kind kind : kinds) {
                started.add(ServerContainer.start(kind));
            }
            return new ContainerBackend(opener.open(started), started);
        } catch (RuntimeException | Error e) {
            removeAll(started);
            throw e;
        }
    }

    @Override
    public String name() {
        return backend.name();
    }

    @Override
    public String describe() {
        return backend.describe() + " (--container)";
    }

    @Override
    public void prime(long articles) throws Exception {
        backend.prime(articles);
    }

    @Override
    public void requirePrimed(long articles) throws Exception {
        backend.requirePrimed(articles);
    }

    @Override
    public VoteSession openSession() throws Exception {
        return backend.openSession();
    }

    @Override
    public ErrorKind classify(Exception failure) {
        return backend.classify(failure);
    }

    @Override
    public Optional<VoteCounts> count() throws Exception {
        return backend.count();
    }

    @Override
    public Map<String, Object> figures() {
        return backend.figures();
    }

    @Override
    public void close() throws Exception {
        try {
            backend.close();
        } finally {
            removeAll(containers);
        }
    }

    private static void removeAll(List<ServerContainer> containers) {
        for (ServerContainer c : containers) {
            try {
                c.close();
            } catch (RuntimeException ignored) {
                // best effort; Testcontainers' reaper removes what is left when the JVM exits
            }
        }
    }
}
