package dev.bench.cli.oltp;

import dev.bench.cli.JdbcOptions;
import dev.bench.core.jdbc.JdbcTarget;

/** Where oltp-rw connects: --url, or an embedded H2 file database that outlives one process (prepare, then run). */
final class OltpTargets {

    static final String H2_DEFAULT_URL = "jdbc:h2:file:./bench-h2/sbtest";

    private OltpTargets() {
    }

    static JdbcTarget open(JdbcOptions options, int threads) {
        String url = options.url != null ? options.url : H2_DEFAULT_URL;
        String password = options.password == null || options.password.isEmpty() ? null : options.password;
        return JdbcTarget.open(url, options.user, password, options.poolSize != null ? options.poolSize : threads + 1);
    }
}
