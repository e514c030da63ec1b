package dev.bench.workloads.pgbench;

import dev.bench.core.run.IntegrityCheck;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * A pgbench run's checks once its clients have ended: pgbench's invariant ({@link PgbenchCheck}) when
 * builtin scripts wrote, and the user's --check SQL, which must return one row whose first column is true.
 */
final class PgbenchChecks {

    private final List<Script> scripts;
    private final PgbenchCounters counters;
    /** --check's SQL; null without it. */
    private final String checkSql;

    PgbenchChecks(List<Script> scripts, PgbenchCounters counters, String checkSql) {
        this.scripts = scripts;
        this.counters = counters;
        this.checkSql = checkSql;
    }

    /**
     * @param before      the balances read before the run; null when the invariant is not checked
     * @param userScripts whether user scripts ran (said when nothing is checked)
     */
    IntegrityCheck check(Connection c, Balances before, boolean userScripts) throws SQLException {
        List<IntegrityCheck> checks = new ArrayList<>();
        if (before != null) {
            checks.add(invariant(Balances.read(c).minus(before)));
        }
        if (checkSql != null) {
            checks.add(userCheck(c));
        }
        if (checks.isEmpty()) {
            return IntegrityCheck.notChecked(userScripts ? "user scripts; give --check SQL to check something" : "nothing written");
        }
        return IntegrityCheck.allOf(checks);
    }

    private IntegrityCheck invariant(Balances change) {
        long committed = 0;
        long inDoubt = 0;
        boolean tpcb = false;
        boolean simple = false;
        for (int i = 0; i < scripts.size(); i++) {
            String n = scripts.get(i).name();
            if (n.equals(BuiltinScripts.TPCB_LIKE) || n.equals(BuiltinScripts.SIMPLE_UPDATE)) {
                committed += counters.committedOf(i);
                inDoubt += counters.inDoubtOf(i);
                tpcb |= n.equals(BuiltinScripts.TPCB_LIKE) && scripts.get(i).weight() > 0;
                simple |= n.equals(BuiltinScripts.SIMPLE_UPDATE) && scripts.get(i).weight() > 0;
            }
        }
        return new PgbenchCheck(change, tpcb && !simple, tpcb, committed, inDoubt).result();
    }

    private IntegrityCheck userCheck(Connection c) {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(checkSql)) {
            if (!rs.next()) {
                return IntegrityCheck.of(false, "--check returned no row: " + checkSql);
            }
            boolean ok = rs.getBoolean(1);
            return IntegrityCheck.of(ok, "--check " + (ok ? "held" : "returned false") + ": " + checkSql);
        } catch (SQLException e) {
            return IntegrityCheck.of(false, "--check failed: " + e.getMessage());
        }
    }
}
