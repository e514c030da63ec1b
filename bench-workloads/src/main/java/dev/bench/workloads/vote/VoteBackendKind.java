package dev.bench.workloads.vote;

import java.util.Locale;

/** The vote backends, by Noria's names. */
public enum VoteBackendKind {
    NULL, MEMORY, H2, POSTGRES, MYSQL, MSSQL, MEMCACHED, HYBRID;

    /** The name on the command line and in summary.json. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether the backend is a server bench can start with a container. */
    boolean isServer() {
        return this != NULL && this != MEMORY && this != H2;
    }
}
