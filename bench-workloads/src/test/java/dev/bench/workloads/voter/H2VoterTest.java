package dev.bench.workloads.voter;

import java.util.concurrent.atomic.AtomicInteger;

/** Embedded H2, a fresh in-memory database per test. */
class H2VoterTest extends VoterContract {
    private static final AtomicInteger N = new AtomicInteger();

    @Override
    String url() {
        return "jdbc:h2:mem:voter" + N.incrementAndGet() + ";DB_CLOSE_DELAY=-1";
    }
}
