package dev.bench.workloads.pgbench;

/** Embedded H2, the default target when no server is named. */
class H2PgbenchTest extends PgbenchContract {

    private final String url = "jdbc:h2:mem:pgbench" + System.nanoTime() + ";DB_CLOSE_DELAY=-1";

    @Override
    String url() {
        return url;
    }

    @Override
    String initSteps() {
        return "dtGvpf";
    }
}
