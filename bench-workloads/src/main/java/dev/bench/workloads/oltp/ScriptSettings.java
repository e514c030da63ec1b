package dev.bench.workloads.oltp;

import dev.bench.core.InputErrors;
import dev.bench.core.settings.Require;
import dev.bench.core.settings.SettingNames;

/**
 * Which bundled sysbench script runs, with the options only some scripts have (1.0.20's names and
 * defaults): select_random_points' --random-points, select_random_ranges' --number-of-ranges and --delta;
 * and oltp_common's --mysql-storage-engine (the tables' ENGINE on MySQL/MariaDB).
 */
public record ScriptSettings(OltpScript script, int randomPoints, int numberOfRanges, int delta, String mysqlStorageEngine) {

    public static final ScriptSettings READ_WRITE = of(OltpScript.READ_WRITE);

    /** The script with sysbench's defaults for its options. */
    public static ScriptSettings of(OltpScript script) {
        return new ScriptSettings(script, 10, 10, 5, "innodb");
    }

    /** @throws dev.bench.core.BenchException naming the bad option, every bad one at once */
    public ScriptSettings validate(OltpSettings tables, SettingNames names) {
        InputErrors.Collector errors = new InputErrors.Collector();
        errors.run(() -> Require.atLeast(names.of("random-points"), randomPoints, 1));
        errors.run(() -> Require.atLeast(names.of("number-of-ranges"), numberOfRanges, 1));
        errors.run(() -> Require.atLeast(names.of("delta"), delta, 0));
        errors.run(() -> Require.that(mysqlStorageEngine.matches("[A-Za-z_]+"), names.of("mysql-storage-engine")
                + " must be an engine's name, got '" + mysqlStorageEngine + "'"));
        errors.run(() -> Require.that(!script.singleTable() || tables.tables() == 1,
                "this benchmark does not support " + names.of("tables") + " > 1"));
        errors.throwIfAny();
        return this;
    }
}
