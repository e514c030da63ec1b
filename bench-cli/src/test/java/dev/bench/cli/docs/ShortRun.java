package dev.bench.cli.docs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The one rule by which the docs test shortens a documented command: the same command, with its run time and
 * data size cut to the least that still exercises it, so that every command of the docs fits in CI's time.
 * Nothing else changes: workload, backend, target, threads, mix and every other option stay as written.
 * <ul>
 *   <li>run time 1 s, warmup 0: {@code --runtime/-r --time -T} (pgbench's) and {@code --warmup --warmup-time};
 *       vote without {@code --runtime} gets {@code --runtime 1 --warmup 0}, voter without {@code --calls}
 *       gets {@code --calls 2000} (its defaults run 40 s and 100,000 calls);</li>
 *   <li>data: {@code --scale} and pgbench's {@code -s} 1, {@code --table-size} 1000, tao's {@code -n} 1000,
 *       YCSB's {@code recordcount} 1000 and {@code operationcount} 2000; tao's inline experiments
 *       {@code T,W,E} become {@code T,0,1};</li>
 *   <li>a path under {@code examples/} is the repository's (the test runs in bench-cli/).</li>
 * </ul>
 */
final class ShortRun {

    private static final Map<String, String> SECONDS = Map.of("--runtime", "1", "-r", "1", "--time", "1", "--warmup", "0",
            "--warmup-time", "0");
    private static final Map<String, Map<String, String>> BY_WORKLOAD = Map.of(
            "pgbench", Map.of("-T", "1", "-s", "1", "--warmup", "0"),
            "tao", Map.of("-n", "1000", "--edges", "1000"),
            "tpcc", Map.of("--scale", "1"),
            "oltp-rw", Map.of("--table-size", "1000"));

    private ShortRun() {
    }

    static List<String> of(List<String> args, Path repo) {
        String workload = args.isEmpty() ? "" : args.get(0);
        Map<String, String> values = new HashMap<>(workload.equals("pgbench") ? Map.of() : SECONDS);
        values.putAll(BY_WORKLOAD.getOrDefault(workload, Map.of()));
        List<String> shortened = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            int eq = arg.indexOf('=');
            String name = arg.startsWith("-") && eq > 0 ? arg.substring(0, eq) : arg;
            if (values.containsKey(name) && eq > 0 && arg.startsWith("-")) {
                shortened.add(name + "=" + values.get(name));
            } else if (values.containsKey(arg) && i + 1 < args.size()) {
                shortened.add(arg);
                shortened.add(values.get(arg));
                i++;
            } else if (workload.equals("tao") && (arg.equals("-E") || arg.equals("--experiments")) && args.get(i + 1).contains(",")) {
                shortened.add(arg);
                shortened.add(args.get(++i).replaceAll("(\\d+),\\d+,\\d+", "$1,0,1"));
            } else if (workload.equals("ycsb") && arg.matches("(recordcount|operationcount)=\\d+")) {
                shortened.add(arg.startsWith("record") ? "recordcount=1000" : "operationcount=2000");
            } else if (arg.startsWith("examples/")) {
                shortened.add(repo.resolve(arg).toString());
            } else {
                shortened.add(arg);
            }
        }
        if (workload.equals("vote") && !args.contains("--runtime") && !args.contains("-r")) {
            shortened.addAll(1, List.of("--runtime", "1", "--warmup", "0"));
        }
        if (workload.equals("voter") && args.stream().noneMatch(a -> a.startsWith("--calls"))) {
            shortened.addAll(1, List.of("--calls", "2000"));
        }
        return shortened;
    }
}
