package dev.bench.cli.galera;

import dev.bench.core.testing.SkipOrFail;
import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The three-node Galera cluster of {@code scripts/galera.sh}, as its export lines name it (BENCH_GALERA_URL,
 * BENCH_GALERA_NODES, BENCH_GALERA_SCRIPT): the script's kill and restart, and the nodes' own wsrep counters.
 */
final class GaleraCluster {

    /** galera.sh's nodes: 1, 2 and 3. */
    static final int NODES = 3;
    private static final long SCRIPT_TIMEOUT_S = 150;
    /** A statement on one node must see what another committed: the checks count rows right after the run, voter inserts after its DDL. */
    private static final String CAUSAL_READS = "&sessionVariables=wsrep_sync_wait=7";
    /** Connector/J 3.5's pipelined prepare+execute left a worker waiting forever in 1 run of 5 (docs/galera.md). */
    private static final String NO_PIPELINE = "&disablePipeline=true";
    /**
     * Connector/J keeps a host it couldn't reach out of every new connection for 60 s, in one list for the whole JVM: after a
     * kill test, the next test's connections would all go to the other nodes (a conflict test saw none at all).
     */
    private static final String SHORT_DENY = "&deniedListTimeout=1000";

    /** The multi-host URL the workloads run through, with causal reads. */
    final String url;
    private final List<String> nodes;
    private final String script;

    private GaleraCluster(String url, List<String> nodes, String script) {
        String causal = url.contains("wsrep_sync_wait") ? url : url + CAUSAL_READS;
        String unpiped = causal.contains("disablePipeline") ? causal : causal + NO_PIPELINE;
        this.url = unpiped + SHORT_DENY;
        this.nodes = nodes;
        this.script = script;
    }

    /**
     * The cluster the environment names. Not named: skipped (CI on GitHub doesn't start one). Named but not answering
     * on every node with a cluster of 3: skipped, or failed under BENCH_REQUIRE_SERVICES.
     */
    static GaleraCluster fromEnvironment() {
        String url = System.getenv("BENCH_GALERA_URL");
        String nodes = System.getenv("BENCH_GALERA_NODES");
        String script = System.getenv("BENCH_GALERA_SCRIPT");
        if (url == null || nodes == null || script == null) {
            String why = "no Galera cluster: BENCH_GALERA_URL, _NODES, _SCRIPT are not set (run: eval \"$(scripts/galera.sh)\" as root)";
            System.err.println("SKIPPED: " + why);
            Assumptions.abort(why);
        }
        GaleraCluster cluster = new GaleraCluster(url, List.of(nodes.split(",")), script);
        try {
            for (int i = 1; i <= cluster.nodes.size(); i++) {
                long size = cluster.status(i, "wsrep_cluster_size");
                if (size != cluster.nodes.size()) {
                    return SkipOrFail.missing("Galera node " + i + " sees a cluster of " + size + ", not " + cluster.nodes.size());
                }
            }
        } catch (SQLException e) {
            return SkipOrFail.missing("Galera cluster named by BENCH_GALERA_URL does not answer: " + e.getMessage());
        }
        return cluster;
    }

    /** The same nodes and parameters through MariaDB Connector/J's other multi-host mode: {@code sequential} or {@code replication}. */
    String mariadbUrl(String mode) {
        if (!url.matches("^jdbc:mariadb:[a-z]+://.*")) {
            throw new AssertionError("BENCH_GALERA_URL names no Connector/J multi-host mode (jdbc:mariadb:loadbalance://...): " + url);
        }
        return url.replaceFirst("^jdbc:mariadb:[a-z]+:", "jdbc:mariadb:" + mode + ":");
    }

    /** The nodes through MySQL Connector/J's {@code loadbalance} mode, with causal reads. */
    String connectorJLoadbalanceUrl() {
        return "jdbc:mysql:loadbalance://" + String.join(",", nodes) + "/bench?user=bench&password=bench" + CAUSAL_READS;
    }

    /** Node N's port (1-based), as the tool names the host ({@code @@hostname:@@port}) after the colon. */
    String port(int node) {
        String address = nodes.get(node - 1);
        return address.substring(address.lastIndexOf(':') + 1);
    }

    /** SIGKILL node N (1-based): the others go on as a cluster of two once they have evicted it. */
    void kill(int node) {
        run("kill", Integer.toString(node));
    }

    /** Node N started again and synced (IST): a cluster of three for the next test. */
    void restart(int node) {
        run("restart", Integer.toString(node));
    }

    /** A global status counter of one node (1-based), read on its own connection. */
    long status(int node, String variable) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:mariadb://" + nodes.get(node - 1) + "/bench?user=bench&password=bench");
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS LIKE '" + variable + "'")) {
            return rs.next() ? Long.parseLong(rs.getString(2)) : 0;
        }
    }

    /** The bench user's sessions on node N (1-based), this test's own included. */
    long sessions(int node) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:mariadb://" + nodes.get(node - 1) + "/bench?user=bench&password=bench");
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE USER = 'bench'")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** A counter summed over the nodes. */
    long sum(String variable) throws SQLException {
        long sum = 0;
        for (int i = 1; i <= nodes.size(); i++) {
            sum += status(i, variable);
        }
        return sum;
    }

    private void run(String... args) {
        try {
            List<String> command = new ArrayList<>("root".equals(System.getProperty("user.name")) ? List.of("bash", script)
                    : List.of("sudo", "-n", "bash", script));
            command.addAll(List.of(args));
            Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            p.getInputStream().readAllBytes();
            if (!p.waitFor(SCRIPT_TIMEOUT_S, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("galera.sh " + String.join(" ", args) + " took over " + SCRIPT_TIMEOUT_S + " s");
            }
            if (p.exitValue() != 0) {
                throw new AssertionError("galera.sh " + String.join(" ", args) + " exited " + p.exitValue());
            }
        } catch (IOException e) {
            throw new AssertionError("cannot run " + script + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }
}
