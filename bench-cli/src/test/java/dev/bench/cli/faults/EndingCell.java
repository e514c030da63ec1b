package dev.bench.cli.faults;

import java.util.Locale;
import java.util.stream.Stream;

/**
 * One cell of {@link EndingsMatrixTest}: a workload's command line without --results ({@code RELAY}: PostgreSQL's
 * URL through the relay), how it ends, and the exit code it must end with.
 */
record EndingCell(String workload, Ending ending, String load, String args, int exit) {

    enum Ending { DEADLINE, COUNT, MAX_LAG, SIGINT, SIGTERM, SERVER_LOST }

    private static final String YCSB_RUN = "ycsb run jdbc -P WORKLOADA -p recordcount=2000 -threads 2 ";

    @Override
    public String toString() {
        return workload + " " + ending.name().toLowerCase(Locale.ROOT) + " " + load;
    }

    /** The matrix: every way each workload's run can end, at open-loop rates from 1e3 to 1e6 ops/s and closed loop. */
    static Stream<EndingCell> all() {
        return Stream.of(
                new EndingCell("vote", Ending.DEADLINE, "1e3/s", "vote --target 1000 --runtime 2 --warmup 0 memory", 0),
                new EndingCell("vote", Ending.DEADLINE, "1e5/s", "vote --target 100000 --runtime 2 --warmup 0 memory", 0),
                new EndingCell("vote", Ending.DEADLINE, "1e6/s", "vote --target 1000000 --runtime 2 --warmup 0 null", 0),
                new EndingCell("vote", Ending.MAX_LAG, "1e9/s", "vote --target 1000000000 --runtime 60 --warmup 0 --max-lag 1 memory", 1),
                new EndingCell("vote", Ending.SIGINT, "1e3/s", "vote --target 1000 --runtime 31536000 --warmup 0 memory", 130),
                new EndingCell("vote", Ending.SIGINT, "1e5/s", "vote --target 100000 --runtime 31536000 --warmup 0 memory", 130),
                new EndingCell("vote", Ending.SIGINT, "1e6/s", "vote --target 1000000 --runtime 31536000 --warmup 0 null", 130),
                new EndingCell("vote", Ending.SIGTERM, "1e5/s", "vote --target 100000 --runtime 31536000 --warmup 0 memory", 143),
                new EndingCell("vote", Ending.SERVER_LOST, "1e3/s", "vote --target 1000 --runtime 6 --warmup 0 postgres --url RELAY", 1),

                new EndingCell("oltp-rw", Ending.DEADLINE, "closed", "oltp-rw run --time 2 --threads 2 --table-size 2000", 0),
                new EndingCell("oltp-rw", Ending.DEADLINE, "1e3/s", "oltp-rw run --time 2 --threads 2 --table-size 2000 --rate 1000", 0),
                new EndingCell("oltp-rw", Ending.COUNT, "closed", "oltp-rw run --time 0 --events 2000 --threads 2 --table-size 2000", 0),
                new EndingCell("oltp-rw", Ending.MAX_LAG, "1e6/s",
                        "oltp-rw run --time 60 --threads 2 --table-size 2000 --rate 1000000 --max-lag 1", 1),
                new EndingCell("oltp-rw", Ending.SIGINT, "closed", "oltp-rw run --time 600 --threads 2 --table-size 2000", 130),
                new EndingCell("oltp-rw", Ending.SIGTERM, "1e3/s", "oltp-rw run --time 600 --threads 2 --table-size 2000 --rate 1000", 143),
                new EndingCell("oltp-rw", Ending.SERVER_LOST, "closed", "oltp-rw run --time 6 --threads 2 --table-size 2000 --url RELAY", 1),

                new EndingCell("tpcc", Ending.DEADLINE, "closed", "tpcc run --scale 1 --time 2 --threads 2", 0),
                new EndingCell("tpcc", Ending.COUNT, "closed", "tpcc run --scale 1 --time 0 --events 200 --threads 2", 0),
                new EndingCell("tpcc", Ending.MAX_LAG, "1e5/s", "tpcc run --scale 1 --time 60 --threads 2 --rate 100000 --max-lag 1", 1),
                new EndingCell("tpcc", Ending.SIGINT, "closed", "tpcc run --scale 1 --time 600 --threads 2", 130),
                new EndingCell("tpcc", Ending.SIGTERM, "1e3/s", "tpcc run --scale 1 --time 600 --threads 2 --rate 1000", 143),

                new EndingCell("voter", Ending.COUNT, "closed", "voter --calls 4000 --burst-size 4", 0),
                new EndingCell("voter", Ending.COUNT, "1e3/s", "voter --target 1000 --calls 2000", 0),
                new EndingCell("voter", Ending.MAX_LAG, "1e6/s", "voter --target 1000000 --calls 100000000 --max-lag 1", 1),
                new EndingCell("voter", Ending.SIGINT, "closed", "voter --calls 100000000 --burst-size 4", 130),
                new EndingCell("voter", Ending.SIGTERM, "1e3/s", "voter --target 1000 --calls 100000000", 143),

                new EndingCell("tao", Ending.DEADLINE, "closed", "tao -load -n 2000 -load-threads 2 -run -E 2,0,2", 0),
                new EndingCell("tao", Ending.DEADLINE, "1e3/s", "tao -load -n 2000 -load-threads 2 -run -E 2,0,2 --target 1000", 0),
                new EndingCell("tao", Ending.MAX_LAG, "1e6/s", "tao -load -n 2000 -load-threads 2 -run -E 2,0,60 --target 1000000 --max-lag 1", 1),
                new EndingCell("tao", Ending.SIGINT, "closed", "tao -load -n 2000 -load-threads 2 -run -E 2,0,600", 130),
                new EndingCell("tao", Ending.SIGTERM, "1e3/s", "tao -load -n 2000 -load-threads 2 -run -E 2,0,600 --target 1000", 143),

                new EndingCell("pgbench", Ending.DEADLINE, "closed", "pgbench -c 2 -T 2", 0),
                new EndingCell("pgbench", Ending.COUNT, "closed", "pgbench -c 2 -t 500", 0),
                new EndingCell("pgbench", Ending.DEADLINE, "1e3/s", "pgbench -c 2 -T 2 -R 1000", 0),
                new EndingCell("pgbench", Ending.MAX_LAG, "1e6/s", "pgbench -c 2 -T 60 -R 1000000 --max-lag 1", 1),
                new EndingCell("pgbench", Ending.SIGINT, "closed", "pgbench -c 2 -T 600", 130),
                new EndingCell("pgbench", Ending.SIGTERM, "1e3/s", "pgbench -c 2 -T 600 -R 1000", 143),

                new EndingCell("ycsb", Ending.COUNT, "closed", YCSB_RUN + "-p operationcount=5000", 0),
                new EndingCell("ycsb", Ending.DEADLINE, "1e3/s", YCSB_RUN + "-p operationcount=0 -p maxexecutiontime=2 -target 1000", 0),
                new EndingCell("ycsb", Ending.SIGINT, "closed", YCSB_RUN + "-p operationcount=0 -p maxexecutiontime=600", 130));
    }
}
