package dev.bench.cli;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bad input across every command, in one battery: unknown flags and commands, out-of-range and
 * overflowing values, malformed URLs and addresses, directories where files are expected and files where
 * directories are, missing files, absurd values (issue 47). Each is one line (plus picocli's pointer to --help
 * for usage errors), the right exit code (2 for what is wrong before anything connects and for what verify
 * and merge can't read as a bench run, 1 for a path compare or report can't read; pgbench's 1), no stack
 * trace, nothing on stdout, and nothing written. None of them reaches a server:
 * where one is named, it is 127.0.0.1:1 or a host that is never contacted.
 *
 * <p>Placeholders: {file} an existing file, {dir} a non-empty directory, {empty} an empty one,
 * {missing} a path that doesn't exist. Root reads every file, so "unreadable" is tested as a directory
 * given for a file.
 */
class BadInputBatteryTest {

    @TempDir
    static Path dir;

    @BeforeAll
    static void files() throws IOException {
        Files.writeString(dir.resolve("file.txt"), "not a results directory, nor JSON");
        Files.createDirectories(dir.resolve("dir"));
        Files.writeString(dir.resolve("dir").resolve("keep.txt"), "the user's");
        Files.createDirectories(dir.resolve("empty"));
        Files.write(dir.resolve("binary.bin"), new byte[] {'r', 'e', 'c', 0, (byte) 0xff, 1, 2, '='});
        Files.createDirectories(dir.resolve("notarun"));
        Files.writeString(dir.resolve("notarun").resolve("summary.json"), "{}");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            // commands and flags
            "bogus                                          | 2 | Unmatched argument at index 0: 'bogus'",
            "vote --target                                  | 2 | Missing required parameter for option '--target'",
            "vote --target 1000 --bogus null                | 2 | Unknown option: '--bogus'",
            "oltp-rw                                        | 2 | name a step: prepare, run or cleanup",
            "oltp-rw run --no-such-flag                     | 2 | Unknown option: '--no-such-flag'",
            "tao -n 5                                       | 2 | name a phase",
            "merge {dir}                                    | 2 | Missing required option: '--results=DIR'",
            "compare {dir}                                  | 2 | positional parameter at index 0..* (PATH) requires at least 2 values",
            "data-serving --oltp-rw --run                   | 2 | Missing required option: '--server-ip=IP'",
            "data-serving --oltp-rw --tpcc --run --server-ip 1.2.3.4 | 2 | Error: --oltp-rw, --tpcc are mutually exclusive",
            // numbers: out of range, overflowing, not numbers
            "vote --threads 100000 null                     | 2 | --threads must be 1..10000, got 100000",
            "vote --threads -1 null                         | 2 | --threads must be 1..10000, got -1",
            "vote --articles 0 null                         | 2 | --articles must be >= 1, got 0",
            "vote --zipf -1 null                            | 2 | --zipf must be > 0 and at most 10.0, got -1.0",
            "vote --zipf 1e308 null                         | 2 | --zipf must be > 0 and at most 10.0, got 1.0E308",
            "vote --max-batch 0 null                        | 2 | --max-batch must be 1..10000, got 0",
            "vote --report-interval -1 null                 | 2 | --report-interval must be 0..31622400 s, got -1",
            "vote --seed abc null                           | 2 | Invalid value for option '--seed': 'abc' is not a long",
            "vote --write-every 1.5 null                    | 2 | Invalid value for option '--write-every': '1.5' is not an int",
            "vote --runtime abc null                        | 2 | Invalid value for option '--runtime': 'abc' is not a double",
            "vote --runtime 1e12 null                       | 2 | --runtime must be > 0 and at most 31622400 s, got 1000000000000",
            "vote --target 1e300 null                       | 2 | --target must be > 0 and at most 1000000000 ops/s, got 1.0E300",
            "vote --arrivals weird null                     | 2 | Invalid value for option '--arrivals'",
            "vote --clients 0 null                          | 2 | clients must be >= 1, got 0",
            "vote --clients 2 --client-id 5 null            | 2 | client id must be 0..1, got 5",
            "vote --start-at yesterday null                 | 2 | --start-at must be an ISO-8601 instant",
            "vote --mix a:read=1 null                       | 2 | --mix gives named segments of --schedule their op mix, and this run has",
            "vote --schedule a=1s:100 --mix b:read=1 null   | 2 | --mix names segment 'b', which --schedule does not have; its segments: a",
            "vote --schedule a=1s:100 --mix a:read=-1 null  | 2 | --mix: 'read=-1' in segment a must be KIND=WEIGHT",
            "vote --schedule a=1s:100 --mix a:votes=1 null  | 2 | --mix: segment a names op kind 'votes', which this workload does not have",
            "vote --consistent-cache null                   | 2 | Unknown option: '--consistent-cache'",
            "oltp-rw run --tables 0                         | 2 | --tables must be >= 1, got 0",
            "oltp-rw run --table-size -1                    | 2 | --table-size must be >= 1, got -1",
            "oltp-rw run --threads 0                        | 2 | --threads must be >= 1, got 0",
            "oltp-rw run --range-size 0                     | 2 | --range-size must be >= 1, got 0",
            "oltp-rw run --rand-type weird                  | 2 | --rand-type must be one of uniform, gaussian, special, pareto, zipfian",
            "oltp-rw run --percentile 101                   | 2 | --percentile must be 0..100, got 101",
            "oltp-rw run --events -1                        | 2 | --events must be >= 0, got -1",
            "oltp-rw run --skip-trx maybe                   | 2 | --skip-trx must be on or off, got 'maybe'",
            "oltp-rw run --rate -5                          | 2 | --rate must be 0..1000000000 ops/s, got -5",
            "oltp-rw run --warmup-time -1                   | 2 | --warmup-time must be 0..31622400 s, got -1",
            "oltp-rw prepare --table-size 1e99              | 2 | Invalid value for option '--table-size': '1e99' is not an int",
            "tpcc run --scale 0                             | 2 | --scale must be >= 1 warehouse, got 0",
            "tpcc run --tables 0                            | 2 | --tables must be >= 1, got 0",
            "tpcc run --trx-level XX                        | 2 | --trx-level must be RR, RC or SER, got 'XX'",
            "tpcc run --time -1                             | 2 | --time must be 0..31622400 s, got -1",
            "tpcc prepare --scale -1                        | 2 | --scale must be >= 1 warehouse, got -1",
            "voter --calls 0                                | 2 | --calls must be >= 1, got 0",
            "voter --calls 10 --burst-size 3                | 2 | --calls 10 is not a multiple of --burst-size 3",
            "voter --preset XYZ                             | 2 | Invalid value for option '--preset'",
            "voter --contestants 0                          | 2 | --contestants must be 1..12, got 0",
            "voter --max-votes 0                            | 2 | --max-votes must be >= 1, got 0",
            "voter --delay -1 --rhythm bursts               | 2 | --delay must be >= 0 ms, got -1",
            "voter --slots 0 --mode managed                 | 2 | --slots must be >= 1, got 0",
            "tao load -n -5                                 | 2 | -n must be >= 1 edges, got -5",
            "tao run --batch-size 0                         | 2 | --batch-size must be 1..5000 edges, got 0",
            "tao run --slo -1                               | 2 | --slo must be > 0 ms, got -1.0",
            "tao run -E 1,2                                 | 2 | experiments '1,2' line 1: expected num_threads,warmup_len,exp_len",
            "pgbench --warmup 2 -t 5                        | 1 | --warmup needs a duration (--time)",
            "pgbench --warmup -1 -T 5                       | 1 | --warmup must be >= 0, got -1.0",
            "pgbench -t 5 --schedule 2s:100                 | 1 | -t counts each client's transactions and --schedule sets",
            "sweep --slo p99=fast -- vote null              | 2 | --slo: 'p99=fast' is not PERCENTILE=LIMIT",
            "sweep --slo p99=10ms --start -5 -- vote null   | 2 | --start must be > 0",
            "sweep --slo p99=10ms --achieved 150 -- vote null | 2 | --achieved must be a percentage in (0, 100], got 150.0",
            "sweep --slo p99=10ms -- nosuchworkload         | 2 | 'nosuchworkload' is not a workload command",
            "data-serving --oltp-rw --run --server-ip 1.2.3.4 --port 70000 | 2 | --port must be 1..65535, got 70000",
            // ycsb: YCSB's command line and properties, all refused before anything connects
            "ycsb                                           | 2 | name a phase: load, run or cleanup",
            "ycsb load nosuch                               | 2 | binding must be one of jdbc, memcached, got 'nosuch'",
            "ycsb load jdbc -P {missing}                    | 2 | -P {missing}: no such file",
            "ycsb load jdbc -P {dir}                        | 2 | -P {dir}: cannot read it: Is a directory",
            "ycsb load jdbc -P                              | 2 | Missing required parameter for option '-P'",
            "ycsb load jdbc -p recordcount=abc              | 2 | recordcount must be a whole number, got 'abc'",
            "ycsb load jdbc -p recordcount=99999999999999999999 | 2 | recordcount must be a whole number, got '99999999999999999999'",
            "ycsb run jdbc -p requestdistribution=nope      | 2 | requestdistribution must be one of uniform, zipfian, latest, hotspot, "
                    + "exponential, sequential, got 'nope'",
            "ycsb run jdbc -p readproportion=0 -p updateproportion=0 | 2 | readproportion, updateproportion, insertproportion, "
                    + "scanproportion and readmodifywriteproportion are all 0",
            "ycsb run jdbc -p readproportion=-1             | 2 | readproportion must be >= 0, got -1.0",
            "ycsb run jdbc -threads 0                       | 2 | -threads must be 1..10000, got 0",
            "ycsb run jdbc -threads -3                      | 2 | -threads must be 1..10000, got -3",
            "ycsb run jdbc -p threadcount=0                 | 2 | threadcount must be 1..10000, got 0",
            "ycsb run jdbc -target -1                       | 2 | -target must be >= 0, got -1.0",
            "ycsb run jdbc -target abc                      | 2 | Invalid value for option '-target': 'abc' is not a double",
            "ycsb run jdbc -p operationcount=1 -p target=1e300 | 2 | -target must be 0..1000000000 ops/s, got 1.0E300",
            "ycsb run jdbc -p measurementtype=weird         | 2 | measurementtype must be one of hdrhistogram, histogram,",
            "ycsb run jdbc -p measurement.interval=never    | 2 | measurement.interval must be one of op, intended, both, got 'never'",
            "ycsb run jdbc -p insertorder=random            | 2 | insertorder must be one of hashed, ordered, got 'random'",
            "ycsb run jdbc -p fieldcount=0                  | 2 | fieldcount must be 1..1000, got 0",
            "ycsb run jdbc -p operationcount=-5             | 2 | operationcount must be >= 0, got -5",
            "ycsb run jdbc -p maxexecutiontime=-1           | 2 | maxexecutiontime must be >= 0, got -1",
            "ycsb run jdbc -p status.interval=0 -s          | 2 | status.interval must be >= 1, got 0",
            "ycsb run jdbc -p db.batchsize=abc              | 2 | db.batchsize must be a whole number, got 'abc'",
            "ycsb run jdbc -p operationcount=1 -p jdbc.fetchsize=-1 | 2 | jdbc.fetchsize must be >= 0, got -1",
            "ycsb run jdbc -p workload=site.ycsb.workloads.TimeSeriesWorkload | 2 | workload=site.ycsb.workloads.TimeSeriesWorkload: only",
            "ycsb run jdbc                                  | 2 | operationcount=0 runs until maxexecutiontime: set one of them",
            "ycsb run memcached -P ../examples/ycsb/workloade | 2 | scanproportion=0.95: the memcached binding has no scans",
            "ycsb run memcached -p operationcount=1 -p memcached.hosts=h:abc | 2 | memcached.hosts entry 'h:abc' has no valid port",
            "ycsb run memcached -p operationcount=1 -p memcached.client=x | 2 | memcached.client must be one of blocking, spymemcached, got 'x'",
            "ycsb run jdbc -p operationcount=1 -p db.url=jdbc:foo://x/y | 2 | unsupported JDBC URL 'jdbc:foo://x/y'",
            "ycsb run jdbc -p operationcount=1 --url jdbc:postgresql://h:notaport/db | 2 | JDBC URL 'jdbc:postgresql://h:notaport/db'",
            // issue 47: absurd values refused before anything runs, each naming the property and its bound
            "ycsb load jdbc -p recordcount=0                | 2 | recordcount must be >= 1, got 0",
            "ycsb run jdbc -p recordcount=0 -p operationcount=1 | 2 | recordcount must be >= 1, got 0",
            "ycsb load jdbc                                 | 2 | a load needs recordcount (or insertcount): without them YCSB loads 2147483647",
            "ycsb load jdbc -p recordcount=10 -p fieldlength=2000000000 | 2 | fieldlength 2000000000 x fieldcount 10 = 20,000,000,000 bytes",
            "ycsb load jdbc -p recordcount=10 -p fieldcount=100000 | 2 | fieldcount must be 1..1000, got 100000",
            "ycsb run memcached -p operationcount=1 -p fieldcount=1 -p fieldlength=100000000 -threads 100 | 2 | fieldlength 100000000",
            "ycsb run jdbc -p operationcount=1 -p zipfianconstant=0 | 2 | zipfianconstant must be 0.99, YCSB's zipfian constant",
            "ycsb run jdbc -p operationcount=1 -p zipfianconstant=1 | 2 | zipfianconstant must be 0.99, YCSB's zipfian constant",
            "ycsb run jdbc -p operationcount=1 -p zipfianconstant=-1 | 2 | zipfianconstant must be 0.99, YCSB's zipfian constant",
            "ycsb run jdbc -p operationcount=1 -p zipfianconstant=NaN | 2 | zipfianconstant must be 0.99, YCSB's zipfian constant",
            "ycsb run jdbc -p operationcount=1 -p zipfianconstant=1e308 | 2 | zipfianconstant must be 0.99, YCSB's zipfian constant",
            "ycsb load jdbc -P {binary}                     | 2 | -P {binary}: not a properties file: a binary byte 0x00 at offset 3",
            "ycsb load jdbc -p recordcount=10 -target 0.5   | 2 | -target 0.5 ops/s paces a load in statements of 100 records",
            "ycsb cleanup memcached                         | 2 | cleanup drops the jdbc binding's table; memcached has none",
            "ycsb cleanup jdbc -P {missing}                 | 2 | -P {missing}: no such file",
            "ycsb cleanup jdbc -p db.url=notaurl            | 2 | unsupported JDBC URL 'notaurl'",
            "ycsb run jdbc -p operationcount=1 --results {file} | 2 | results path {file} is a file, not a directory",
            // URLs and addresses
            "vote postgres --url notaurl                    | 2 | unsupported JDBC URL 'notaurl'",
            "oltp-rw cleanup --url notaurl                  | 2 | unsupported JDBC URL 'notaurl'",
            "vote postgres --url jdbc:mysql://x/db          | 2 | --url names a mysql server, not the postgres backend's",
            "vote postgres --url jdbc:postgresql://h:notaport/db | 2 | JDBC URL 'jdbc:postgresql://h:notaport/db' entry 'h:notaport' has no",
            "oltp-rw run --url jdbc:mysql://h:99999/db      | 2 | JDBC URL 'jdbc:mysql://h:99999/db' entry 'h:99999' has no valid port",
            "tpcc prepare --url jdbc:postgresql://[::1:5432/x | 2 | JDBC URL 'jdbc:postgresql://[::1:5432/x' entry '[::1:5432' is not [IPv6]:port",
            "vote mysql --address ::::                      | 2 | --address entry '::::': write an IPv6 address in brackets",
            "vote memcached --address 127.0.0.1:99999       | 2 | --address entry '127.0.0.1:99999' has no valid port (1..65535)",
            "vote postgres --address                        | 2 | Missing required parameter for option '--address'",
            "vote postgres --pool-size 0 --url jdbc:postgresql://127.0.0.1:1/x | 2 | --pool-size must be >= 1, got 0",
            // files and directories
            "vote --results {file} null                     | 2 | results path {file} is a file, not a directory",
            "vote --results {dir} null                      | 2 | results directory {dir} is not empty",
            "vote --histogram {dir} null                    | 2 | --histogram {dir} exists",
            "tao run -c {missing}                           | 2 | config {missing}: no such file",
            "tao run -c {dir}                               | 2 | config {dir}: cannot read: Is a directory",
            "tao run -E {missing}                           | 2 | experiments file {missing}: no such file",
            "tao run -E {dir}                               | 2 | experiments file {dir}: cannot read: Is a directory",
            "tao run -p {dir}                               | 2 | -p {dir}: cannot read: Is a directory",
            "tao load -c {file}                             | 2 | {file} line 1: not valid JSON",
            "merge --results {empty} {missing}              | 2 | {missing} is not a directory",
            "merge --results {file} {dir}                   | 2 | {dir} is not a results directory: it has no summary.json",
            "merge --results {empty} {notarun}              | 2 | {notarun}/summary.json is not a bench run's summary",
            "merge --results {dir} {dir}                    | 2 | --results {dir} is one of the inputs",
            "verify {missing}                               | 2 | {missing} is not a directory",
            "verify {dir}                                   | 2 | {dir} is not a results directory: it has no summary.json",
            "verify {notarun}                               | 2 | {notarun}/summary.json is not a bench run's summary: it has neither",
            "pgbench -l --log-prefix {missing}/x -T 1       | 1 | could not open log file \"{missing}/x.",
            "compare {missing} {missing}                    | 1 | {missing} is not a results directory",
            "compare {file} {file}                          | 1 | {file} is not a results directory",
            "compare --what-if-slower 100 {dir} {dir}       | 2 | --what-if-slower must be a percent in (0, 100), got 100.0",
            "compare --what-if-slower 20 {dir} {dir}        | 2 | --what-if-slower makes a JMH result slower: compare two JMH .json files with it",
            "report {missing}                               | 1 | {missing} is neither a results directory nor a JMH .json file",
    })
    void oneLineTheRightExitAndNothingWritten(String args, int exit, String expected) throws IOException {
        List<String> before = listing();
        String[] argv = Stream.of(args.trim().split(" +")).map(BadInputBatteryTest::resolve).toArray(String[]::new);
        CliRunner r = CliRunner.run(argv);

        assertEquals(exit, r.exitCode(), r.err());
        List<String> lines = r.errorLines();
        assertTrue(lines.get(0).startsWith("bench: " + resolve(expected)), r.err());
        // pgbench exits 1 for its option errors, as pgbench does, still with the --help pointer; verify and merge
        // refuse a results directory (not their usage) in one line, exit 2
        boolean results = List.of("verify", "merge").contains(argv[0]) && !expected.startsWith("Missing required");
        boolean usage = exit == 2 && !results || argv[0].equals("pgbench");
        assertEquals(usage ? 2 : 1, lines.size(), "one line (and the --help pointer for usage errors): " + r.err());
        assertFalse(r.err().contains("\tat ") || r.err().contains("Exception"), "no stack trace: " + r.err());
        assertEquals("", r.out());
        assertEquals(before, listing(), "nothing written");
    }

    private static String resolve(String text) {
        return text.replace("{binary}", dir.resolve("binary.bin").toString()).replace("{notarun}", dir.resolve("notarun").toString())
                .replace("{file}", dir.resolve("file.txt").toString()).replace("{dir}", dir.resolve("dir").toString())
                .replace("{empty}", dir.resolve("empty").toString()).replace("{missing}", dir.resolve("missing").toString());
    }

    /** Every file under the test's directory and the working directory (where default results would go). */
    private static List<String> listing() throws IOException {
        try (Stream<Path> mine = Files.walk(dir); Stream<Path> cwd = Files.list(Path.of(""))) {
            return Stream.concat(mine, cwd).map(Path::toString).sorted().toList();
        }
    }
}
