package dev.bench.workloads.oltp;

/** Embedded H2, the default target when no server is named: needs no server. */
class H2OltpTest extends OltpContract {
    @Override
    String url() {
        return "jdbc:h2:mem:oltp" + System.nanoTime() + ";DB_CLOSE_DELAY=-1";
    }
}
