package dev.bench.core.metrics;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The client process's CPU time so far, user and system apart: Linux's {@code /proc/self/stat}
 * (utime, stime). The process, not the worker threads ({@code ThreadMXBean}), because the JIT, the GC
 * and the drivers' I/O threads cost the machine as much as the workers do, and because utime+stime of
 * the process is how the peers (pgbench, sysbench, YCSB) are measured beside us. The JDK's
 * {@code OperatingSystemMXBean.getProcessCpuTime} is the same total without the split; it is the
 * fallback where there is no /proc (then all of it counts as user). Resolution: a clock tick (10 ms),
 * nothing over a window of seconds.
 */
public final class ClientCpu {

    /** USER_HZ: the unit of /proc's times, 100 on every Linux architecture the JDK runs on. */
    private static final long NANOS_PER_TICK = 10_000_000;
    private static final Path STAT = Path.of("/proc/self/stat");
    /** utime and stime are fields 14 and 15; counted after the command's closing parenthesis (field 2). */
    private static final int UTIME_AFTER_COMMAND = 11;

    /** CPU time used by the process until a moment, ns. */
    public record Sample(long userNanos, long systemNanos) {

        public long totalNanos() {
            return userNanos + systemNanos;
        }

        public Sample minus(Sample earlier) {
            return new Sample(userNanos - earlier.userNanos, systemNanos - earlier.systemNanos);
        }
    }

    private ClientCpu() {
    }

    /** Now: the process's user and system time. */
    public static Sample now() {
        try {
            String stat = Files.readString(STAT);
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return new Sample(Long.parseLong(fields[UTIME_AFTER_COMMAND]) * NANOS_PER_TICK,
                    Long.parseLong(fields[UTIME_AFTER_COMMAND + 1]) * NANOS_PER_TICK);
        } catch (IOException | RuntimeException e) {
            return new Sample(jmxProcessCpuNanos(), 0);
        }
    }

    private static long jmxProcessCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return Math.max(0, os.getProcessCpuTime());
        }
        return 0;
    }

    /** The cores this process may run on (a taskset or a container's limit counts). */
    public static int cores() {
        return Runtime.getRuntime().availableProcessors();
    }
}
