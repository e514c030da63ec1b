package dev.bench.workloads.tao;

import dev.bench.core.BenchException;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The shipped configs reproduce the spec's statistics; bad files fail naming file and line. */
class TaoConfigReaderTest {

    private static final String GOOD_TAIL = """
            {"name": "read_operation_types", "weights": [1, 1, 0, 0, 0]}
            {"name": "write_operation_types", "weights": [1, 1, 0, 1, 1, 0]}
            {"name": "read_txn_operation_types", "values": ["obj_read", "edge_point_read"], "weights": [1, 5]}
            {"name": "read_txn_sizes", "values": [2, 3], "weights": [1, 1]}
            {"name": "write_txn_sizes", "values": [2], "weights": [1]}
            {"name": "edge_types", "values": ["unique", "other"], "weights": [1, 3]}
            {"name": "primary_shards", "weights": [1, 1]}
            {"name": "remote_shards", "weights": [1]}
            """;

    @Test
    void workloadAHasTheSpecsMix() {
        TaoConfig a = TaoConfig.read("A", w -> { });
        assertEquals(171.0 / 244, a.operations().probability(0), 1e-9);
        assertEquals(15.0 / 244, a.weight(TaoOp.READ_TXN), 1e-9);
        assertEquals(171.0 / 244 * 475 / 958, a.weight(TaoOp.OBJ_READ), 1e-9);
        assertEquals(0, a.weight(TaoOp.EDGE_TIME_READ));
        assertEquals(57.0 / 244 * 380 / 715, a.weight(TaoOp.EDGE_UPDATE), 1e-9);
        assertEquals(57.0 / 244 * 10 / 715, a.weight(TaoOp.EDGE_ADD), 1e-9);
        assertEquals(0.728, a.edgeTypes().probabilityOf(EdgeType.OTHER), 1e-9);
        assertEquals(13, a.kinds().size());
    }

    @Test
    void fittedVectorsReproduceTheSpecsStatistics() {
        for (String name : List.of("A", "O")) {
            TaoConfig c = TaoConfig.read(name, w -> { });
            assertEquals(5.3, TaoConfig.mean(c.writeTxnSizes()), 0.05, name);
            assertEquals(0.109, c.writeTxnSizes().probabilityOf(2), 1e-9);
            assertEquals(0.295, c.writeTxnSizes().probabilityOf(3), 1e-9);
            assertEquals(0.354, c.writeTxnSizes().probabilityOf(4), 1e-9);
            assertEquals(0.112, c.writeTxnSizes().probabilityOf(7), 1e-9);
            assertEquals(0, c.writeTxnSizes().probabilityOf(1));
            assertEquals(19.2, TaoConfig.mean(c.readTxnSizes()), 0.05, name);
            assertEquals(0.295, c.readTxnSizes().probabilityOf(2), 1e-9);
            assertEquals(0.166, c.readTxnSizes().probabilityOf(3), 1e-9);
            assertEquals(500, c.readTxnSizes().values().stream().mapToInt(Integer::intValue).max().orElse(0));
            assertEquals(0.578, c.primaryShards().probabilityOf(0), 1e-3);
            assertEquals(0.223, c.primaryShards().probabilityOf(1), 1e-3);
            assertEquals(0.022, c.primaryShards().probabilityOf(2), 1e-3);
            assertEquals(0.694, c.remoteShards().probabilityOf(0), 1e-3);
            assertEquals(50, c.primaryShards().values().size());
            assertEquals(5.0 / 6, c.readTxnTypes().probabilityOf(TaoOp.EDGE_POINT_READ), 1e-9);
        }
        TaoConfig o = TaoConfig.read("O", w -> { });
        assertEquals(8387.0 / 8649, o.operations().probability(0), 1e-9);
    }

    @Test
    void aMalformedLineIsNamedByFileAndLine() {
        String text = "{\"name\": \"operations\", \"weights\": [1, 1, 1, 1]}\n\n{\"name\": \"edge_types\", \"weights\": [1,\n";
        BenchException e = assertThrows(BenchException.class, () -> TaoConfig.read(write(text), w -> { }));
        assertTrue(e.getMessage().matches(".*config.*\\.json line 3: not valid JSON.*"), e.getMessage());
    }

    @Test
    void badValuesAndMissingLinesAreNamed() {
        String badWeight = "{\"name\": \"operations\", \"weights\": [1, -1, 1, 1]}\n" + GOOD_TAIL;
        assertTrue(assertThrows(BenchException.class, () -> TaoConfigReader.parse("f", badWeight, w -> { }))
                .getMessage().startsWith("f line 1: 'operations' weight 2 must be a number >= 0"));
        String badType = "{\"name\": \"operations\", \"weights\": [1, 1, 1, 1]}\n"
                + GOOD_TAIL.replace("\"unique\"", "\"sideways\"");
        assertTrue(assertThrows(BenchException.class, () -> TaoConfigReader.parse("f", badType, w -> { }))
                .getMessage().startsWith("f line 7: 'edge_types' has unknown value 'sideways'"));
        assertEquals("f: missing the 'operations' line",
                assertThrows(BenchException.class, () -> TaoConfigReader.parse("f", GOOD_TAIL, w -> { })).getMessage());
    }

    @Test
    void unknownNamesAreWarnedAboutAndIgnored() {
        List<String> warnings = new ArrayList<>();
        String text = "{\"name\": \"operations\", \"weights\": [1, 1, 1, 1]}\n" + GOOD_TAIL
                + "{\"name\": \"colour\", \"weights\": [1]}\n{\"name\": \"read_tiers\", \"values\": [\"x\"], \"weights\": [1]}\n";
        TaoConfig c = TaoConfigReader.parse("f", text, warnings::add);
        assertEquals(List.of("f line 10: unknown name 'colour', ignored"), warnings);
        assertEquals(c.writeTypes(), c.writeTxnTypes(), "write-txn types default to the write types");
    }

    static String write(String text) {
        try {
            java.nio.file.Path p = java.nio.file.Files.createTempFile("tao-config", ".json");
            java.nio.file.Files.writeString(p, text);
            p.toFile().deleteOnExit();
            return p.toString();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
