package dev.bench.core.report;

import dev.bench.core.BenchException;
import dev.bench.core.Secrets;
import dev.bench.core.results.ResultsJson;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * One self-contained HTML file: Chart.js (from its WebJar) and our drawing script are inlined, the
 * charts' data is embedded as JSON, so the file opens offline and can be mailed around.
 *
 * <p>Not thread-safe: one page is built by one thread.
 */
public final class HtmlPage {

    private static final String WEBJAR = "META-INF/resources/webjars/chart.js/";
    private static final String WEBJAR_POM = "META-INF/maven/org.webjars.npm/chart.js/pom.properties";
    private static volatile String scripts;

    private final String title;
    private final StringBuilder body = new StringBuilder();
    private final List<Map<String, Object>> charts = new ArrayList<>();

    public HtmlPage(String title) {
        this.title = title;
    }

    public HtmlPage heading(int level, String text) {
        body.append("<h").append(level).append('>').append(escape(text)).append("</h").append(level).append(">\n");
        return this;
    }

    public HtmlPage paragraph(String text, String cssClass) {
        body.append("<p class=\"").append(cssClass).append("\">").append(escape(text)).append("</p>\n");
        return this;
    }

    /** A table; cells are escaped. The first row is the header. */
    public HtmlPage table(List<List<String>> rows) {
        body.append("<table>\n");
        for (int r = 0; r < rows.size(); r++) {
            String cell = r == 0 ? "th" : "td";
            body.append("<tr>");
            for (String v : rows.get(r)) {
                body.append('<').append(cell).append('>').append(escape(v)).append("</").append(cell).append('>');
            }
            body.append("</tr>\n");
        }
        body.append("</table>\n");
        return this;
    }

    /** Adds a chart; {@code spec} holds its kind and data as report.js expects them. */
    public HtmlPage chart(Map<String, Object> spec) {
        String id = "chart" + charts.size();
        Map<String, Object> withId = new LinkedHashMap<>(spec);
        withId.put("id", id);
        charts.add(withId);
        body.append("<div class=\"chart\"><canvas id=\"").append(id).append("\"></canvas></div>\n");
        return this;
    }

    public int chartCount() {
        return charts.size();
    }

    public String render() {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + escape(title)
                + "</title>\n<style>\n" + STYLE + "</style>\n</head>\n<body>\n<h1>" + escape(title) + "</h1>\n" + body
                + "<script type=\"application/json\" id=\"bench-data\">"
                + ResultsJson.compactForHtml(Map.of("charts", charts)) + "</script>\n<script>\n" + scripts()
                + "</script>\n</body>\n</html>\n";
    }

    public Path write(Path file) {
        try {
            Files.writeString(file, Secrets.mask(render()));
            return file;
        } catch (IOException e) {
            throw new BenchException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    public static String escape(String s) {
        if (s == null) {
            return "";
        }
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /** Chart.js and report.js, read once per process (about 210 KB). */
    private static String scripts() {
        String s = scripts;
        if (s == null) {
            String version = chartJsVersion();
            s = resource(WEBJAR + version + "/dist/chart.umd.min.js") + "\n" + resource("dev/bench/core/report/report.js");
            scripts = s;
        }
        return s;
    }

    private static String chartJsVersion() {
        Properties pom = new Properties();
        try (InputStream in = HtmlPage.class.getClassLoader().getResourceAsStream(WEBJAR_POM)) {
            if (in == null) {
                throw new BenchException("Chart.js WebJar is missing from the classpath (" + WEBJAR_POM + ")");
            }
            pom.load(in);
        } catch (IOException e) {
            throw new BenchException("cannot read " + WEBJAR_POM + ": " + e.getMessage(), e);
        }
        return pom.getProperty("version");
    }

    private static String resource(String name) {
        try (InputStream in = HtmlPage.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new BenchException("resource " + name + " is missing from the classpath");
            }
            // A literal "</script" inside the library would end our inline script element early.
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("</script", "<\\/script");
        } catch (IOException e) {
            throw new BenchException("cannot read resource " + name + ": " + e.getMessage(), e);
        }
    }

    private static final String STYLE = """
            body { font-family: system-ui, sans-serif; margin: 1.5em; color: #222; max-width: 1200px; }
            h1 { font-size: 1.4em; } h2 { font-size: 1.2em; margin-top: 1.6em; } h3 { font-size: 1.05em; }
            table { border-collapse: collapse; margin: .5em 0; font-size: .9em; }
            th, td { border: 1px solid #ccc; padding: 2px 8px; text-align: right; }
            th { background: #f0f0f0; } td:first-child, th:first-child { text-align: left; }
            .chart { position: relative; height: 320px; margin: .5em 0 1.2em; }
            .ok { color: #1a7f37; font-weight: bold; } .bad { color: #cf222e; font-weight: bold; }
            .note { color: #555; }
            """;
}
