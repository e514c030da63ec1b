package dev.bench.cli.ycsb;

import dev.bench.workloads.ycsb.YcsbSettings;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** YCSB's own command line: the binding, -P files, -p properties, -threads, -target, -s. */
public final class YcsbOptions {

    @Parameters(index = "0", arity = "0..1", defaultValue = "jdbc", paramLabel = "BINDING",
            description = "jdbc (db.url, db.user, db.passwd, db.batchsize, jdbc.fetchsize; embedded H2 without a URL)"
                    + " or memcached (memcached.hosts; memcached.client: blocking, the default, or spymemcached)"
                    + " (default: ${DEFAULT-VALUE}).")
    String binding;

    @Option(names = "-P", paramLabel = "FILE", description = "A YCSB property file (workloada ... workloadf); several are read in order.")
    List<String> files = new ArrayList<>();

    @Option(names = "-p", paramLabel = "KEY=VALUE", mapFallbackValue = "", description = "A property, over the files' (recordcount=100000, requestdistribution=uniform, ...).")
    Map<String, String> properties = new LinkedHashMap<>();

    @Option(names = "-threads", paramLabel = "N", description = "Client threads (default: the threadcount property, else 1).")
    Integer threads;

    @Option(names = "-target", paramLabel = "OPS", defaultValue = "0", description = "Offered ops/s, open loop; latency counts from each op's intended start (default: the target property, else closed loop).")
    double target;

    @Option(names = "-s", description = "Status lines on stderr every status.interval seconds (default 10).")
    boolean status;

    YcsbSettings settings(String phase) {
        return new YcsbSettings(phase, binding, files, properties, threads, target, status);
    }
}
