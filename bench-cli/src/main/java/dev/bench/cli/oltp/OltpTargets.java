package dev.bench.cli.oltp;

import dev.bench.cli.TargetOptions;
import dev.bench.core.jdbc.JdbcTarget;

/**
 * Where oltp-rw connects: the server --url names, or, when none is named, an embedded H2 file
 * database, which (unlike the shared in-memory default) outlives one process: prepare, then run.
 */
final class OltpTargets {

    static final String H2_FILE_URL = "jdbc:h2:file:./bench-h2/sbtest";

    private OltpTargets() {
    }

    static JdbcTarget open(TargetOptions target, int threads) {
        return target.openUrlOrEmbedded(threads, H2_FILE_URL);
    }
}
