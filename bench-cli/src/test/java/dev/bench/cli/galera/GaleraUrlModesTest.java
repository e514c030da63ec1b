package dev.bench.cli.galera;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bench.cli.CliRunner;
import dev.bench.core.results.verify.ResultsInvariants;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The drivers' other multi-host modes against the three nodes of {@code scripts/galera.sh}, a 2 s vote run each: which
 * nodes served the run, by the tool's per-host counts (summary.json's {@code hosts}, there only when more than one host
 * served) and by the nodes' own {@code wsrep_local_commits} (transactions that began on the node). Each check exact.
 */
class GaleraUrlModesTest {

    /** MariaDB Connector/J's sequential mode: every connection on the first node that answers, so one host serves the run. */
    @Test
    void mariadbSequentialPutsEveryConnectionOnTheFirstNode(@TempDir Path tmp) throws Exception {
        GaleraCluster cluster = GaleraCluster.fromEnvironment();
        long[] before = commits(cluster);
        JsonNode s = vote(tmp, cluster.mariadbUrl("sequential"));
        long[] commits = since(cluster, before);

        assertFalse(s.has("hosts"), "one host served the run: " + s.path("hosts"));
        assertTrue(commits[0] > 0 && commits[1] == 0 && commits[2] == 0, "commits per node " + java.util.Arrays.toString(commits));
    }

    /**
     * MariaDB Connector/J's replication mode: the first node is the primary, the others replicas for read-only connections.
     * vote's reads go on read-only connections of their own only with --reads-to replicas, so writes are on node 1 and reads
     * on nodes 2 and 3 (each read connection on one of them at random).
     */
    @Test
    void mariadbReplicationWritesOnTheFirstNodeAndReadsOnTheOthers(@TempDir Path tmp) throws Exception {
        GaleraCluster cluster = GaleraCluster.fromEnvironment();
        String url = cluster.mariadbUrl("replication");
        long[] before = commits(cluster);
        JsonNode s = vote(tmp, url, "--reads-to", "replicas", "--replica-url", url);
        long[] commits = since(cluster, before);

        Map<String, List<String>> kindsByPort = kindsByPort(s.path("hosts"));
        assertEquals(List.of("write"), kindsByPort.get(cluster.port(1)), "hosts " + kindsByPort);
        // each read-only connection on one of the replicas at random: with 4, all on one of them now and then
        Map<String, List<String>> replicas = new java.util.TreeMap<>(kindsByPort);
        replicas.remove(cluster.port(1));
        assertFalse(replicas.isEmpty(), "hosts " + kindsByPort);
        replicas.forEach((port, kinds) -> assertTrue((port.equals(cluster.port(2)) || port.equals(cluster.port(3)))
                && kinds.equals(List.of("read")), "hosts " + kindsByPort));
        assertTrue(commits[0] > 0 && commits[1] == 0 && commits[2] == 0, "commits per node " + java.util.Arrays.toString(commits));
    }

    /**
     * MySQL Connector/J's loadbalance mode: it picks a node again at each commit, so one connection's transactions land on
     * several nodes. The tool learns a session's host when its connection opens, so its per-host counts can't follow
     * (docs/galera.md); only the check and the nodes' counters are asserted.
     */
    @Test
    void connectorJLoadbalanceSpreadsTransactionsOverTheNodes(@TempDir Path tmp) throws Exception {
        GaleraCluster cluster = GaleraCluster.fromEnvironment();
        long[] before = commits(cluster);
        vote(tmp, cluster.connectorJLoadbalanceUrl());
        long[] commits = since(cluster, before);

        long nodesWithCommits = java.util.Arrays.stream(commits).filter(c -> c > 0).count();
        assertTrue(nodesWithCommits >= 2, "commits per node " + java.util.Arrays.toString(commits));
    }

    /** A 2 s vote run, half writes, through the URL; it must exit 0 with an exact check. */
    private static JsonNode vote(Path tmp, String url, String... more) throws Exception {
        Path results = tmp.resolve("vote");
        List<String> args = new ArrayList<>(List.of("vote", "--target", "400", "--write-every", "2", "--runtime", "2", "--warmup", "0",
                "--articles", "1000", "--threads", "4", "--results", results.toString(), "mysql", "--url", url));
        args.addAll(List.of(more));
        CliRunner run = CliRunner.run(args.toArray(String[]::new));
        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("# integrity: ok"), run.out());
        ResultsInvariants.assertHold(results);
        JsonNode s = new ObjectMapper().readTree(results.resolve("summary.json").toFile());
        System.err.println("galera " + url.substring(0, url.indexOf("//")) + " hosts: " + kindsByPort(s.path("hosts")));
        return s;
    }

    /** summary.json's hosts as port -> the op kinds it served (hosts are named {@code hostname:port}). */
    private static Map<String, List<String>> kindsByPort(JsonNode hosts) {
        Map<String, List<String>> byPort = new java.util.TreeMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = hosts.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> host = it.next();
            List<String> kinds = new ArrayList<>();
            host.getValue().path("ops").fields().forEachRemaining(k -> {
                if (k.getValue().path("completed").asLong() > 0) {
                    kinds.add(k.getKey());
                }
            });
            byPort.put(host.getKey().substring(host.getKey().lastIndexOf(':') + 1), kinds);
        }
        return byPort;
    }

    private static long[] commits(GaleraCluster cluster) throws Exception {
        long[] commits = new long[GaleraCluster.NODES];
        for (int n = 1; n <= GaleraCluster.NODES; n++) {
            commits[n - 1] = cluster.status(n, "wsrep_local_commits");
        }
        return commits;
    }

    private static long[] since(GaleraCluster cluster, long[] before) throws Exception {
        long[] now = commits(cluster);
        for (int i = 0; i < now.length; i++) {
            now[i] -= before[i];
        }
        return now;
    }
}
