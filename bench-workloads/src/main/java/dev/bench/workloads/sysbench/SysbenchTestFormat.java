package dev.bench.workloads.sysbench;

/**
 * The lines a sysbench test prints its own way; the rest (the header, the General statistics, Latency
 * and Threads fairness blocks) are sysbench's common ones ({@link SysbenchReport}). The bundled Lua
 * scripts share {@link #SCRIPTS}; a built-in test (cpu) has its own.
 */
public interface SysbenchTestFormat {

    /** The Lua scripts' (oltp_*, tpcc): tps/qps lines, "queue length: N, concurrency: M", "SQL statistics". */
    SysbenchTestFormat SCRIPTS = new Scripts();

    /**
     * The test's lines after the header's random-generator line and its two blank lines, each ending in
     * a line end (cpu's "Prime numbers limit: N" and a blank line); "" for none.
     */
    default String modeLines() {
        return "";
    }

    /**
     * The intermediate line for what came since the previous one.
     *
     * @param seconds the time the line covers: its rates are per second of it
     */
    String intervalLine(long atSeconds, int threads, long events, QueryCounts q, long ignoredErrors, long reconnects,
                        int percentile, double latencyMs, double seconds);

    /** Rate mode's second line: events waiting for a worker, and workers busy, at the report's moment. */
    String queueLine(long atSeconds, long queueLength, long concurrency);

    /** The full report of what {@code t} covers: the test's own block, then sysbench's common ones. */
    String report(SysbenchReport.Totals t, int percentile);

    /** The bundled scripts' format, sysbench.lua's report functions. */
    final class Scripts implements SysbenchTestFormat {

        private Scripts() {
        }

        @Override
        public String intervalLine(long atSeconds, int threads, long events, QueryCounts q, long ignoredErrors,
                                   long reconnects, int percentile, double latencyMs, double seconds) {
            return SysbenchReport.intervalLine(atSeconds, threads, events, q, ignoredErrors, reconnects, percentile, latencyMs,
                    seconds);
        }

        @Override
        public String queueLine(long atSeconds, long queueLength, long concurrency) {
            return SysbenchReport.queueLine(atSeconds, queueLength, concurrency);
        }

        @Override
        public String report(SysbenchReport.Totals t, int percentile) {
            return SysbenchReport.report(t, percentile);
        }
    }
}
