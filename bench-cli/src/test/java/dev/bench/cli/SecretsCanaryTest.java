package dev.bench.cli;

import dev.bench.core.testing.TestServers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One canary password through every command and failure path, in every spelling the drivers accept:
 * not one byte written (stdout, stderr, every file of the results directory) may hold it. Unreachable
 * servers are 127.0.0.1:1 (refused at once); refused logins are the real test servers'.
 */
class SecretsCanaryTest {

    private static final String CANARY = "Canary7e3b9fXy";

    @ParameterizedTest
    @ValueSource(strings = {
            "vote mysql --url jdbc:mariadb://bob:CANARY@127.0.0.1:1/db",
            "vote mysql --url jdbc:mysql://bob:CANARY@127.0.0.1:1/db",
            "vote mysql --url jdbc:mysql://(host=127.0.0.1,port=1,user=bob,password=CANARY)/db",
            "vote mysql --url jdbc:mysql://127.0.0.1:1/db?user=bob&password1=CANARY",
            "vote postgres --url jdbc:postgresql://127.0.0.1:1/db?user=bob&password=CANARY",
            "vote postgres --url jdbc:postgresql://127.0.0.1:1/db --user bob --password CANARY",
            "vote mssql --url jdbc:sqlserver://127.0.0.1:1;databaseName=db;user=sa;password={CANARY;x}",
            "vote postgres --url POSTGRES_WITH_CANARY",
            "vote mysql --url MYSQL_WITH_CANARY",
            "vote hybrid --url MYSQL_WITH_CANARY --memcached-address 127.0.0.1:1",
            "oltp-rw run --url jdbc:postgresql://127.0.0.1:1/db?password=CANARY",
            "oltp-rw prepare --url MYSQL_WITH_CANARY",
            "tpcc prepare --scale 1 --url jdbc:mariadb://bob:CANARY@127.0.0.1:1/db",
            "tpcc check --url POSTGRES_WITH_CANARY",
            "data-serving --oltp-rw --run --server-ip=bob:CANARY@127.0.0.1 --port 1",
            "data-serving --tpcc --warmup --server-ip 127.0.0.1 --port 1 --password CANARY",
            "tao run -p PROPS",
            "tao -load -n 10 --url jdbc:postgresql://127.0.0.1:1/db --password CANARY",
            "voter --url jdbc:postgresql://127.0.0.1:1/db?password=CANARY",
            "voter --url jdbc:h2:mem:canary-voter;USER=sa;PASSWORD=CANARY --calls 200 --burst-size 2",
            "tao -load -n 300 -run -E 1,0,1 --url jdbc:h2:mem:canary-tao;USER=sa;PASSWORD=CANARY",
            "vote --runtime 1 --warmup 0 --articles 100 h2 --url jdbc:h2:mem:canary-vote;USER=sa;PASSWORD=CANARY",
            "sweep --slo p99=1ms --max 1000 -- vote --runtime 1 postgres --url jdbc:postgresql://127.0.0.1:1/db?password=CANARY",
            "vote postgres --pasword CANARY",
            "vote postgres --url jdbc:postgresql://bob:CANARY@127.0.0.1:notaport/db",
            "ycsb load jdbc -p recordcount=10 -p db.url=jdbc:postgresql://127.0.0.1:1/db -p db.passwd=CANARY",
            "ycsb run jdbc -p operationcount=10 -p db.url=jdbc:postgresql://127.0.0.1:1/db?password=CANARY",
            "ycsb run jdbc -P PROPS -p operationcount=10 -p db.url=jdbc:postgresql://127.0.0.1:1/db -p db.passwd=CANARY",
            "ycsb run jdbc -p operationcount=10 -p db.url=POSTGRES_WITH_CANARY",
            "ycsb cleanup jdbc -p db.url=jdbc:foo://x/y -p db.passwd=CANARY",
            "merge --url jdbc:postgresql://127.0.0.1:1/db?password=CANARY /nonexistent/client-0",
            "vote postgres --url jdbc:postgresql://127.0.0.1:1/db?password=CANARY --bogus"})
    void noByteWrittenHoldsThePassword(String command, @TempDir Path dir) throws IOException {
        List<String> args = new ArrayList<>();
        for (String arg : command.split(" ")) {
            args.add(arg.replace("POSTGRES_WITH_CANARY", withPassword(TestServers.postgresUrl()))
                    .replace("MYSQL_WITH_CANARY", withPassword(TestServers.mysqlUrl()))
                    .replace("PROPS", props(dir).toString()).replace("CANARY", CANARY));
        }
        if (!command.startsWith("sweep") && !command.contains("--bogus") && !command.contains("--pasword")) {
            args.addAll(command.startsWith("vote") ? List.of() : List.of("--results", dir.resolve("r").toString()));
        }
        CliRunner r = CliRunner.run(resultsFor(args, dir).toArray(String[]::new));

        assertFalse(r.out().contains(CANARY), r.out());
        assertFalse(r.err().contains(CANARY), r.err());
        assertNoFileHolds(dir);
    }

    /** BENCH_DEBUG's stack traces go through the same mask (a child JVM: the variable is read at start). */
    @Test
    void debugTracesAreMaskedToo(@TempDir Path dir) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), BenchMain.class.getName(),
                "vote", "mysql", "--url", "jdbc:mariadb://bob:" + CANARY + "@127.0.0.1:1/db"));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(dir.resolve("out.txt").toFile())
                .redirectError(dir.resolve("err.txt").toFile());
        pb.environment().put("BENCH_DEBUG", "1");
        Process p = pb.start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        String err = Files.readString(dir.resolve("err.txt"));
        assertTrue(err.contains("\tat "), "a trace was printed: " + err);
        assertNoFileHolds(dir);
    }

    /** vote's results go where --results says, given before the backend. */
    private static List<String> resultsFor(List<String> args, Path dir) {
        if (!args.get(0).equals("vote") || args.contains("--pasword") || args.contains("--bogus")) {
            return args;
        }
        List<String> withResults = new ArrayList<>(args);
        withResults.addAll(1, List.of("--results", dir.resolve("r").toString()));
        return withResults;
    }

    private static String withPassword(String url) {
        return url.replaceAll("password=[^&]*", "password=" + CANARY);
    }

    private static Path props(Path dir) throws IOException {
        return Files.writeString(dir.resolve("db.properties"),
                "url=jdbc:postgresql://127.0.0.1:1/db\nuser=bob\npassword=" + CANARY + "\n");
    }

    private static void assertNoFileHolds(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).filter(f -> !f.getFileName().toString().equals("db.properties")).toList()) {
                assertFalse(new String(Files.readAllBytes(f), java.nio.charset.StandardCharsets.ISO_8859_1).contains(CANARY),
                        "the password is in " + f);
            }
        }
    }
}
