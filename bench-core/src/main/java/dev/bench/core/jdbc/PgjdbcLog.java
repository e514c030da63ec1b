package dev.bench.core.jdbc;

import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * pgjdbc logs through java.util.logging straight to stderr (e.g. a URL's bad port, before it falls back
 * to 5432): lines not ours, in no format of ours. What matters reaches the user as our one line. Turned
 * off when a PostgreSQL URL is first seen ({@link JdbcDriver#fromUrl}), not at start: java.util.logging's
 * start-up costs a run on any other database about 15 ms before its first op.
 */
final class PgjdbcLog {

    /** Held so the logger and its level are never collected. */
    private static volatile Logger quieted;

    private PgjdbcLog() {
    }

    static void quiet() {
        if (quieted == null) {
            Logger logger = Logger.getLogger("org.postgresql");
            logger.setLevel(Level.OFF);
            quieted = logger;
        }
    }
}
