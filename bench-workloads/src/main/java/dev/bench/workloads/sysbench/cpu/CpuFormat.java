package dev.bench.workloads.sysbench.cpu;

import dev.bench.workloads.sysbench.QueryCounts;
import dev.bench.workloads.sysbench.SysbenchReport;
import dev.bench.workloads.sysbench.SysbenchTestFormat;

import java.util.Locale;

/**
 * The cpu test's own lines, as sysbench 1.0.20 prints them: "Prime numbers limit: N" in the header
 * (sb_cpu.c's print_mode), sysbench.c's default intermediate lines ({@code eps}, and in rate mode
 * "queue length: N concurrency: M", without the Lua scripts' comma), and "CPU speed: events per
 * second" before the common blocks of the report.
 */
final class CpuFormat implements SysbenchTestFormat {

    private final int maxPrime;

    CpuFormat(int maxPrime) {
        this.maxPrime = maxPrime;
    }

    @Override
    public String modeLines() {
        return "Prime numbers limit: " + maxPrime + "\n\n";
    }

    @Override
    public String intervalLine(long atSeconds, int threads, long events, QueryCounts q, long ignoredErrors, long reconnects,
                               int percentile, double latencyMs, double seconds) {
        return f("[ %ds ] thds: %d eps: %4.2f lat (ms,%d%%): %4.2f", atSeconds, threads, events / seconds, percentile, latencyMs);
    }

    @Override
    public String queueLine(long atSeconds, long queueLength, long concurrency) {
        return f("[ %ds ] queue length: %d concurrency: %d", atSeconds, queueLength, concurrency);
    }

    /** Events per second of the time the report covers; the total time is the run's so far. */
    @Override
    public String report(SysbenchReport.Totals t, int percentile) {
        return "CPU speed:\n" + f("    events per second: %8.2f", t.events() / t.rateSeconds()) + "\n\n"
                + SysbenchReport.general(t, percentile);
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
