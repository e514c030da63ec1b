package dev.bench.workloads.tao;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * After an experiment: the database must agree with what the client was told. Edge rows gained ==
 * edges acknowledged as added minus acknowledged as deleted (likewise objects), allowing only for
 * writes whose commit was in doubt when a connection broke; and no edge breaks its type's guard.
 */
final class TaoCheck {

    /** Row counts before an experiment. */
    record Counts(long edges, long objects) {
        static Counts of(Connection c) throws SQLException {
            return new Counts(TaoSchema.count(c, TaoSql.COUNT_EDGES), TaoSchema.count(c, TaoSql.COUNT_OBJECTS));
        }
    }

    /** @param detail the numbers compared, one line */
    record Verdict(boolean ok, String detail) {
    }

    private TaoCheck() {
    }

    static Verdict check(Connection c, Counts before, TaoCounters told) throws SQLException {
        Counts after = Counts.of(c);
        long edgeDelta = after.edges - before.edges;
        long edgeTold = told.edgesAdded.sum() - told.edgesDeleted.sum();
        long objectDelta = after.objects - before.objects;
        long objectTold = told.objectsAdded.sum() - told.objectsDeleted.sum();
        long violations = 0;
        for (String q : TaoSql.GUARD_VIOLATIONS) {
            violations += TaoSchema.count(c, q);
        }
        boolean edgesOk = Math.abs(edgeDelta - edgeTold) <= told.edgesInDoubt.sum();
        boolean objectsOk = Math.abs(objectDelta - objectTold) <= told.objectsInDoubt.sum();
        boolean ok = edgesOk && objectsOk && violations == 0;
        String detail = String.format("edges %+d rows, told %d added - %d deleted = %+d; objects %+d rows, told %+d;"
                        + " %d guard violations",
                edgeDelta, told.edgesAdded.sum(), told.edgesDeleted.sum(), edgeTold, objectDelta, objectTold, violations);
        long inDoubt = told.edgesInDoubt.sum() + told.objectsInDoubt.sum();
        if (inDoubt > 0) {
            detail += "; " + inDoubt + " rows in doubt (connection lost at commit) allowed";
        }
        return new Verdict(ok, detail);
    }
}
