package dev.bench.workloads.vote;

import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.workloads.vote.VoteBackend.VoteCounts;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What only the mssql backend does, against a real SQL Server ({@link MssqlTestServer}: skipped here,
 * where there is none); the backend-agnostic suite covers the rest.
 */
class MssqlVoteServerTest {

    @Test
    void readsReportTrueCountsNotNoriasOneHigh() throws Exception {
        String url = MssqlTestServer.url();
        try (MssqlVoteBackend backend = new MssqlVoteBackend(JdbcTarget.open(url, null, null, 2), 16)) {
            backend.prime(100);
            try (VoteBackend.VoteSession s = backend.openSession()) {
                s.write(new long[] {5, 7, 5, 5}, 4);
            }
            assertEquals(Optional.of(new VoteCounts(4, 4)), backend.count());
            try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
                s.execute(MssqlVoteSql.SESSION_OPTIONS);
                try (ResultSet rs = s.executeQuery(MssqlVoteSql.read(2).replaceFirst("\\?", "5").replaceFirst("\\?", "9"))) {
                    assertTrue(rs.next());
                    assertEquals(3, rs.getLong(3), "article 5: three votes, not four");
                    assertTrue(rs.next());
                    assertEquals(0, rs.getLong(3), "article 9: no votes, and still there");
                }
            }
            backend.prime(10); // again: the tool's own view and tables are dropped and re-created
            backend.requirePrimed(10);
        }
    }
}
