package dev.bench.core.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.bench.core.BenchException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * JSON in and out of result files, through Jackson: two-space indent, {@code "key": value}, one
 * array element per line, as summary.json has always looked. Non-finite doubles are written as null
 * (JSON has no NaN).
 */
public final class ResultsJson {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .defaultPrettyPrinter(prettyPrinter())
            .addModule(new com.fasterxml.jackson.databind.module.SimpleModule()
                    .addSerializer(Double.class, new NonFiniteAsNull()))
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
            Files.writeString(file, write(value));
        } catch (IOException e) {
            throw new BenchException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    public static JsonNode read(Path file) {
        try {
            return MAPPER.readTree(file.toFile());
        } catch (IOException e) {
            throw new BenchException("cannot read " + file + " as JSON: " + e.getMessage(), e);
        }
    }

    private static final class NonFiniteAsNull extends com.fasterxml.jackson.databind.ser.std.StdSerializer<Double> {
        NonFiniteAsNull() {
            super(Double.class);
        }

        @Override
        public void serialize(Double value, com.fasterxml.jackson.core.JsonGenerator gen,
                              com.fasterxml.jackson.databind.SerializerProvider provider) throws IOException {
            if (value.isNaN() || value.isInfinite()) {
                gen.writeNull();
            } else {
                gen.writeNumber(value);
            }
        }
    }
}
