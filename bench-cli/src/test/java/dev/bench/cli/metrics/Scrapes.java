package dev.bench.cli.metrics;

import dev.bench.core.results.ResultsJson;
import dev.bench.core.testing.SkipOrFail;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What the metrics tests share: free ports, GETs, the exposition's counters, and promtool. */
final class Scrapes {

    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private static final Pattern COMPLETED = Pattern.compile("(?m)^bench_ops_completed_total\\{[^}]*kind=\"([^\"]+)\"[^}]*} (\\S+)$");

    private Scrapes() {
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** The body, or null when nothing answers. */
    static String get(String url) {
        try {
            HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).build(),
                    HttpResponse.BodyHandlers.ofString());
            return r.statusCode() == 200 ? r.body() : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** bench_ops_completed_total by kind, from the text exposition. */
    static Map<String, Long> completed(String exposition) {
        Map<String, Long> byKind = new HashMap<>();
        Matcher m = COMPLETED.matcher(exposition);
        while (m.find()) {
            byKind.put(m.group(1), (long) Double.parseDouble(m.group(2)));
        }
        return byKind;
    }

    /** summary.json's completed count by kind. */
    static Map<String, Long> summaryCompleted(Path results) {
        Map<String, Long> byKind = new HashMap<>();
        ResultsJson.read(results.resolve("summary.json")).path("ops").fields()
                .forEachRemaining(e -> byKind.put(e.getKey(), e.getValue().path("completed").asLong()));
        return byKind;
    }

    /** A program the CI installs (Debian's prometheus): required there, else the test is skipped. */
    static void requireProgram(String name) {
        boolean found = System.getenv("PATH") != null && java.util.Arrays.stream(System.getenv("PATH").split(":"))
                .anyMatch(dir -> Files.isExecutable(Path.of(dir, name)));
        SkipOrFail.unless(found, name + " is not installed (scripts/services.sh installs Debian's prometheus package)");
    }
}
