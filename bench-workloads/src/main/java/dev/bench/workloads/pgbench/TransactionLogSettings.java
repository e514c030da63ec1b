package dev.bench.workloads.pgbench;

import dev.bench.core.Caller;
import dev.bench.core.settings.Require;
import dev.bench.core.settings.SettingNames;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * pgbench's {@code -l}: a line per transaction ({@code --sampling-rate} of them), or per
 * {@code --aggregate-interval} seconds, in files {@code PREFIX.PID} (and {@code PREFIX.PID.N} for thread N
 * of {@code -j}) in the working directory, as pgbench 15 writes them.
 *
 * @param samplingRate      fraction of transactions logged, (0, 1]
 * @param aggregateSeconds  0: a line per transaction
 * @param prefix            {@code --log-prefix}, or null for pgbench_log
 */
public record TransactionLogSettings(boolean enabled, double samplingRate, int aggregateSeconds, String prefix) {

    public static final TransactionLogSettings NONE = new TransactionLogSettings(false, 1.0, 0, null);
    static final String DEFAULT_PREFIX = "pgbench_log";

    /** @param durationSeconds -T, 0 when not given; checked as pgbench checks them, with its messages */
    void validate(SettingNames names, int durationSeconds) {
        Require.that(samplingRate > 0 && samplingRate <= 1, "invalid sampling rate: \"" + samplingRate + "\" ("
                + names.of("sampling-rate") + ")");
        Require.that(aggregateSeconds >= 0, "invalid number of seconds for aggregation: \"" + aggregateSeconds + "\" ("
                + names.of("aggregate-interval") + ")");
        Require.that(enabled || samplingRate == 1.0, "log sampling (" + names.of("sampling-rate")
                + ") is allowed only when logging transactions (-l)");
        Require.that(enabled || aggregateSeconds == 0, "log aggregation is allowed only when actually logging transactions");
        Require.that(enabled || prefix == null, "log file prefix (" + names.of("log-prefix")
                + ") is allowed only when logging transactions (-l)");
        Require.that(samplingRate == 1.0 || aggregateSeconds == 0, "log sampling (" + names.of("sampling-rate")
                + ") and aggregation (" + names.of("aggregate-interval") + ") cannot be used at the same time");
        Require.that(durationSeconds == 0 || aggregateSeconds <= durationSeconds, "number of seconds for aggregation ("
                + aggregateSeconds + ") must not be higher than test duration (" + durationSeconds + ")");
        Require.that(durationSeconds == 0 || aggregateSeconds == 0 || durationSeconds % aggregateSeconds == 0, "duration ("
                + durationSeconds + ") must be a multiple of aggregation interval (" + aggregateSeconds + ")");
        if (enabled) {
            // pgbench finds this when it opens the file; here it is found before the results directory is made
            Path where = Caller.workingDirectory().resolve(effectivePrefix()).toAbsolutePath().getParent();
            Require.that(where != null && Files.isDirectory(where), "could not open log file \"" + effectivePrefix() + "."
                    + Caller.pid() + "\": " + (where != null && Files.exists(where) ? "not a directory" : "no such file or directory")
                    + " (" + where + ")");
        }
    }

    String effectivePrefix() {
        return prefix == null ? DEFAULT_PREFIX : prefix;
    }
}
