package dev.bench.cli.sysbench;

import dev.bench.core.BenchException;
import dev.bench.core.jdbc.DryRunDriver;
import dev.bench.core.run.TargetSettings;
import dev.bench.workloads.oltp.OltpRunSettings;
import dev.bench.workloads.oltp.OltpScript;
import dev.bench.workloads.oltp.OltpSettings;
import dev.bench.workloads.oltp.RandType;
import dev.bench.workloads.oltp.ScriptSettings;
import dev.bench.workloads.sysbench.OnOff;
import dev.bench.workloads.sysbench.SysbenchCheckpoints;
import dev.bench.workloads.sysbench.SysbenchRunSettings;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * sysbench's options ({@link SysbenchArgs}) as bench's settings: the script's, the run's, the driver's
 * connection. Options sysbench has that change nothing here are accepted at their defaults and refused
 * otherwise, so a run never silently differs from what was asked.
 */
final class SysbenchOptionValues {

    /** bench's own options, handed to its target and run options (--url, --results, ...). */
    static final Set<String> BENCH_OPTIONS = Set.of("url", "address", "database", "user", "password", "pool-size",
            "reads-to", "replica-url", "seed", "arrivals", "report-interval", "max-lag", "results", "clients", "client-id",
            "start-at", "schedule", "metrics-port", "profile");
    private static final Set<String> USED = Set.of("threads", "num-threads", "events", "max-requests", "time", "max-time",
            "rate", "tx-rate", "warmup-time", "percentile", "report-checkpoints", "rand-type", "rand-seed", "verbosity", "db-driver", "db-ps-mode",
            "tables", "table-size", "range-size", "point-selects", "simple-ranges", "sum-ranges", "order-ranges",
            "distinct-ranges", "index-updates", "non-index-updates", "delete-inserts", "range-selects", "skip-trx", "auto-inc",
            "create-secondary", "random-points", "number-of-ranges", "delta", "mysql-storage-engine", "mysql-host",
            "mysql-port", "mysql-user", "mysql-password", "mysql-db", "mysql-socket", "pgsql-host", "pgsql-port",
            "pgsql-user", "pgsql-password", "pgsql-db", "mysql-dry-run", "help", "version");
    /** Accepted at these values only: anything else would need what bench sysbench does not do. */
    private static final Map<String, Set<String>> ONLY = Map.ofEntries(
            Map.entry("forced-shutdown", Set.of("off", "0")), Map.entry("debug", Set.of("off")),
            Map.entry("validate", Set.of("off")), Map.entry("db-debug", Set.of("off")),
            Map.entry("histogram", Set.of("off")), Map.entry("secondary", Set.of("off")),
            Map.entry("mysql-ssl", Set.of("off")), Map.entry("mysql-compression", Set.of("off")),
            Map.entry("mysql-debug", Set.of("off")),
            Map.entry("mysql-ignore-errors", Set.of("1213,1020,1205")), Map.entry("thread-stack-size", Set.of("64K", "64k")),
            Map.entry("rand-spec-iter", Set.of("12")), Map.entry("rand-spec-pct", Set.of("1")),
            Map.entry("rand-spec-res", Set.of("75")), Map.entry("rand-pareto-h", Set.of("0.2")));

    /** A dry run's "server": connections whose every call succeeds without one ({@link DryRunDriver}). */
    static final String DRY_RUN_URL = DryRunDriver.PREFIX + "mysql";

    private final SysbenchArgs args;

    SysbenchOptionValues(SysbenchArgs args) {
        this.args = args;
    }

    /** @throws BenchException the first option bench sysbench does not know, or knows but does not do at that value */
    void requireKnown() {
        for (Map.Entry<String, String> o : args.options().entrySet()) {
            String name = o.getKey();
            Set<String> only = ONLY.get(name);
            if (only != null && !only.contains(o.getValue())) {
                String allowed = only.equals(Set.of("")) ? "only with the cpu test" : "only " + String.join("|", only);
                throw new BenchException("bench sysbench does not do --" + name + "=" + o.getValue() + " (" + allowed + ")");
            }
            if (only == null && !USED.contains(name) && !BENCH_OPTIONS.contains(name)) {
                throw new BenchException("invalid option: --" + name);
            }
        }
        String ps = args.text("auto", "db-ps-mode");
        if (!ps.equals("auto") && !ps.equals("disable")) {
            throw new BenchException("Invalid value for --db-ps-mode: '" + ps + "'");
        }
    }

    OltpRunSettings settings(OltpScript script) {
        OltpSettings d = OltpSettings.DEFAULTS;
        OltpSettings oltp = new OltpSettings(args.integer("tables", d.tables()), args.integer("table-size", d.tableSize()),
                args.integer("range-size", d.rangeSize()), args.integer("point-selects", d.pointSelects()),
                args.integer("simple-ranges", d.simpleRanges()), args.integer("sum-ranges", d.sumRanges()),
                args.integer("order-ranges", d.orderRanges()), args.integer("distinct-ranges", d.distinctRanges()),
                args.integer("index-updates", d.indexUpdates()), args.integer("non-index-updates", d.nonIndexUpdates()),
                args.integer("delete-inserts", d.deleteInserts()), args.flag("range-selects", d.rangeSelects()),
                args.flag("skip-trx", d.skipTrx()), args.flag("auto-inc", d.autoInc()),
                args.flag("create-secondary", d.createSecondary()), RandType.parse("--rand-type", args.text("special", "rand-type")));
        SysbenchRunSettings run = new SysbenchRunSettings(args.decimal("time", SysbenchRunSettings.TIME_S, "max-time"),
                args.number("events", 0, "max-requests"), args.decimal("rate", 0, "tx-rate"), args.decimal("warmup-time", 0),
                args.integer("percentile", SysbenchRunSettings.PERCENTILE),
                SysbenchCheckpoints.parse(args.text("", "report-checkpoints")));
        ScriptSettings defaults = ScriptSettings.of(script);
        ScriptSettings own = new ScriptSettings(script, args.integer("random-points", defaults.randomPoints()),
                args.integer("number-of-ranges", defaults.numberOfRanges()), args.integer("delta", defaults.delta()),
                args.text(defaults.mysqlStorageEngine(), "mysql-storage-engine"));
        int threads = args.integer("threads", 1, "num-threads");
        OltpSettings tables = script == OltpScript.BULK_INSERT ? oltp.withTables(threads, oltp.tableSize()) : oltp; // a table per thread
        return new OltpRunSettings(tables, threads, args.number("rand-seed", 0), run, own, true);
    }

    /** sysbench's --verbosity: 3 by default; 4 and up also show bench's own lines (# results: ...). */
    int verbosity() {
        return args.integer("verbosity", 3);
    }

    /** bench's options as its picocli mixins read them: {@code --name=value}. */
    List<String> benchArgs() {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, String> o : args.options().entrySet()) {
            if (o.getKey().equals("profile")) { // a picocli flag, given sysbench's way: --profile, --profile=on|off
                if (OnOff.parse("--profile", o.getValue())) {
                    out.add("--profile");
                }
            } else if (BENCH_OPTIONS.contains(o.getKey())) {
                out.add("--" + o.getKey() + "=" + o.getValue());
            }
        }
        return out;
    }

    /**
     * The server --db-driver and its options name (sysbench's defaults: localhost, user and database
     * sbtest), unless bench's --url or --address does; no driver and no URL: the embedded H2.
     */
    TargetSettings target(TargetSettings bench) {
        if (bench.url() == null && bench.address() == null && dryRun()) {
            return new TargetSettings(DRY_RUN_URL, null, null, null, null, bench.poolSize(),
                    bench.container(), bench.readsTo(), bench.replicaUrl());
        }
        if (bench.url() != null || bench.address() != null || !args.has("db-driver")) {
            return bench;
        }
        String driver = args.text("", "db-driver");
        String p = switch (driver) {
            case "pgsql" -> "pgsql-";
            case "mysql" -> "mysql-";
            default -> throw new BenchException("invalid database driver name: '" + driver + "'");
        };
        if (args.has("mysql-socket")) {
            throw new BenchException("bench sysbench connects over TCP: give --mysql-host and --mysql-port, not --mysql-socket");
        }
        String host = args.text("localhost", p + "host");
        String port = args.text(driver.equals("pgsql") ? "5432" : "3306", p + "port");
        String db = args.text("sbtest", p + "db");
        String url = (driver.equals("pgsql") ? "jdbc:postgresql://" : "jdbc:mariadb://") + host + ":" + port + "/" + db;
        String password = args.text("", p + "password");
        return new TargetSettings(url, null, null, args.text("sbtest", p + "user"), password.isEmpty() ? null : password,
                bench.poolSize(), bench.container(), bench.readsTo(), bench.replicaUrl());
    }

    String driver() {
        return args.text("", "db-driver");
    }

    /**
     * --mysql-dry-run on the mysql driver (sysbench's default one): no server is touched; each call succeeds,
     * as sysbench's driver pretends ({@link #target}).
     */
    boolean dryRun() {
        return args.flag("mysql-dry-run", false) && (!args.has("db-driver") || driver().equals("mysql"));
    }
}
