package dev.bench.core.results;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import dev.bench.core.BenchException;
import dev.bench.core.Secrets;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * JSON in and out of result files, through Jackson: two-space indent, {@code "key": value}, one
 * array element per line, as summary.json has always looked. Non-finite doubles are written as null
 * (JSON has no NaN).
 */
public final class ResultsJson {

    /** The key under which a summary block declares how its workload figures merge across clients. */
    public static final String MERGE_RULES = "merge_rules";

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .defaultPrettyPrinter(prettyPrinter())
            .addModule(new SimpleModule()
                    .addSerializer(Double.class, new NonFiniteAsNull<>(Double.class))
                    .addSerializer(Float.class, new NonFiniteAsNull<>(Float.class)))
            .build();

    private ResultsJson() {
    }

    private static DefaultPrettyPrinter prettyPrinter() {
        DefaultIndenter indent = new DefaultIndenter("  ", "\n");
        Separators separators = Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                .withObjectEmptySeparator("")
                .withArrayEmptySeparator("");
        return new DefaultPrettyPrinter(separators).withObjectIndenter(indent).withArrayIndenter(indent);
    }

    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** Indented JSON with a final newline. */
    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value) + "\n";
        } catch (JsonProcessingException e) {
            throw new BenchException("cannot render JSON: " + e.getMessage(), e);
        }
    }

    /** One line, for embedding in HTML: '<' escaped so no string can close the script element. */
    public static String compactForHtml(Object value) {
        try {
            return MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(value)
                    .replace("<", "\\u003c");
        } catch (JsonProcessingException e) {
            throw new BenchException("cannot render JSON: " + e.getMessage(), e);
        }
    }

    public static void write(Path file, Object value) {
        try {
            Files.writeString(file, Secrets.mask(write(value)));
        } catch (IOException e) {
            throw new BenchException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    public static JsonNode read(Path file) {
        try {
            return MAPPER.readTree(file.toFile());
        } catch (IOException e) {
            throw new BenchException("cannot read " + file + " as JSON: " + dev.bench.core.Failures.ofIo(e), e);
        }
    }

    /** NaN and infinities as null: a percentile of an empty histogram must not make the file unreadable. */
    private static final class NonFiniteAsNull<T extends Number> extends StdSerializer<T> {
        NonFiniteAsNull(Class<T> type) {
            super(type);
        }

        @Override
        public void serialize(T value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            double d = value.doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                gen.writeNull();
            } else if (value instanceof Float f) {
                gen.writeNumber(f);
            } else {
                gen.writeNumber(d);
            }
        }
    }
}
