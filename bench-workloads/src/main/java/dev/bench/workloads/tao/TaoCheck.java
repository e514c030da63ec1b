package dev.bench.workloads.tao;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * After an experiment: the database must agree with what the client was told. Edge rows gained ==
 * edges acknowledged as added minus acknowledged as deleted (likewise objects), allowing only for
 * writes whose commit was in doubt when a connection broke; and no edge breaks its type's guard.
 */
final class TaoCheck {

    /** Lost adds named on the verdict's line. */
    static final int NAMED_LOST = 20;

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
        long shortfall = (edgesOk ? 0 : Math.max(0, edgeTold - edgeDelta)) + (objectsOk ? 0 : Math.max(0, objectTold - objectDelta));
        long inDoubt = told.edgesInDoubt.sum() + told.objectsInDoubt.sum();
        List<String> named = shortfall > 0 ? told.adds.missing(c) : List.of();
        String detail = lost(shortfall, inDoubt, named) + String.format("edges %+d rows, told %d added - %d deleted = %+d;"
                        + " objects %+d rows, told %+d; %d guard violations",
                edgeDelta, told.edgesAdded.sum(), told.edgesDeleted.sum(), edgeTold, objectDelta, objectTold, violations);
        if (inDoubt > 0) {
            detail += "; " + inDoubt + " rows in doubt (connection lost at commit) allowed";
        }
        return new Verdict(ok, detail);
    }

    /**
     * Fewer rows gained than the client was told of, by more than the writes in doubt (edges and objects each;
     * {@code shortfall} is 0 for a kind within its slack): that many acknowledged adds, or
     * deletes that lowered a count, are gone (a failover to a standby that had not received them). A
     * write in doubt may have been an add that committed in a lost one's place, or a delete, so the count
     * stands as the shortfall and the verdict says how many were in doubt. The adds acknowledged but missing
     * are named (the first {@value #NAMED_LOST}, {@link TaoAdds}); a lost delete is counted only (a lost add and
     * a lost delete of one kind cancel out in the counts).
     */
    private static String lost(long shortfall, long inDoubt, List<String> named) {
        if (shortfall <= 0) {
            return "";
        }
        String names = named.isEmpty() ? "" : String.join(", ", named.subList(0, Math.min(named.size(), NAMED_LOST)))
                + (named.size() > NAMED_LOST ? ", ..." : "") + "; ";
        return "lost " + shortfall + " acknowledged writes" + (inDoubt > 0 ? " (give or take " + inDoubt + " in doubt)" : "") + ": "
                + names;
    }
}
