package dev.bench.workloads.tao;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The keys of the adds the client was told had committed: every add takes a fresh key and no delete picks one
 * (deletes take keys from the loaded pool), so each must still be there after the experiment. When rows are
 * missing, the check looks them up and names the lost ones. Kept as primitive longs: an object's id (8 bytes),
 * an edge's id1, id2 and type (24 bytes); adds are a few percent of TAOBench's requests.
 *
 * <p>Threading: {@link Pending} is one worker's; {@link #acknowledge} from any worker, serialised.
 */
final class TaoAdds {

    private long[] objects = new long[64];
    private int objectCount;
    private long[] edges = new long[3 * 64];
    private int edgeCount;

    /** One request's adds, until its commit is acknowledged. */
    static final class Pending {
        private long[] objects = new long[8];
        private int objectCount;
        private long[] edges = new long[3 * 8];
        private int edgeCount;

        void clear() {
            objectCount = 0;
            edgeCount = 0;
        }

        void object(long id) {
            objects = fit(objects, objectCount + 1);
            objects[objectCount++] = id;
        }

        void edge(long id1, long id2, int type) {
            edges = fit(edges, 3 * (edgeCount + 1));
            int at = 3 * edgeCount++;
            edges[at] = id1;
            edges[at + 1] = id2;
            edges[at + 2] = type;
        }
    }

    /** The request's commit was acknowledged: its adds are told. */
    synchronized void acknowledge(Pending p) {
        if (p.objectCount > 0) {
            objects = fit(objects, objectCount + p.objectCount);
            System.arraycopy(p.objects, 0, objects, objectCount, p.objectCount);
            objectCount += p.objectCount;
        }
        if (p.edgeCount > 0) {
            edges = fit(edges, 3 * (edgeCount + p.edgeCount));
            System.arraycopy(p.edges, 0, edges, 3 * edgeCount, 3 * p.edgeCount);
            edgeCount += p.edgeCount;
        }
    }

    /** The acknowledged adds the database lacks, named as "object 12" and "edge 3->4 type 1", in the order told. */
    synchronized List<String> missing(Connection c) throws SQLException {
        List<String> missing = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(TaoSql.OBJ_READ)) {
            for (int i = 0; i < objectCount; i++) {
                ps.setLong(1, objects[i]);
                if (!found(ps)) {
                    missing.add("object " + objects[i]);
                }
            }
        }
        try (PreparedStatement ps = c.prepareStatement(TaoSql.EDGE_POINT_READ)) {
            for (int i = 0; i < edgeCount; i++) {
                ps.setLong(1, edges[3 * i]);
                ps.setLong(2, edges[3 * i + 1]);
                ps.setLong(3, edges[3 * i + 2]);
                if (!found(ps)) {
                    missing.add("edge " + edges[3 * i] + "->" + edges[3 * i + 1] + " type " + edges[3 * i + 2]);
                }
            }
        }
        return missing;
    }

    private static boolean found(PreparedStatement ps) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            return rs.next();
        }
    }

    private static long[] fit(long[] a, int length) {
        return length <= a.length ? a : Arrays.copyOf(a, Math.max(length, 2 * a.length));
    }
}
