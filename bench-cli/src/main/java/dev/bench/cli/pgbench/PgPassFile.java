package dev.bench.cli.pgbench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * libpq's password file ({@code ~/.pgpass}, or PGPASSFILE): lines {@code host:port:database:user:password},
 * {@code *} matching anything, {@code \} escaping {@code :} and itself; the first matching line wins. Like
 * libpq, a file others may read is ignored with a warning.
 */
final class PgPassFile {

    private final Path file;
    private final Consumer<String> warnings;

    PgPassFile(Path file, Consumer<String> warnings) {
        this.file = file;
        this.warnings = warnings;
    }

    /** The password for these connection parameters, or null when the file is missing or no line matches. */
    String password(String host, String port, String database, String user) {
        if (!Files.exists(file)) {
            return null;
        }
        if (!Files.isRegularFile(file)) {
            warnings.accept("password file \"" + file + "\" is not a plain file");
            return null;
        }
        if (readableByOthers()) {
            warnings.accept("password file \"" + file + "\" has group or world access; permissions should be u=rw (0600) or less");
            return null;
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            return null; // libpq too goes on without a password it cannot read
        }
        for (String line : lines) {
            if (line.startsWith("#")) {
                continue;
            }
            List<String> fields = fields(line);
            if (fields.size() == 5 && matches(fields.get(0), host) && matches(fields.get(1), port)
                    && matches(fields.get(2), database) && matches(fields.get(3), user)) {
                return fields.get(4);
            }
        }
        return null;
    }

    private boolean readableByOthers() {
        try {
            Set<PosixFilePermission> p = Files.getPosixFilePermissions(file);
            return p.contains(PosixFilePermission.GROUP_READ) || p.contains(PosixFilePermission.GROUP_WRITE)
                    || p.contains(PosixFilePermission.GROUP_EXECUTE) || p.contains(PosixFilePermission.OTHERS_READ)
                    || p.contains(PosixFilePermission.OTHERS_WRITE) || p.contains(PosixFilePermission.OTHERS_EXECUTE);
        } catch (UnsupportedOperationException | IOException e) {
            return false; // no POSIX permissions (Windows): libpq does not check there either
        }
    }

    private static boolean matches(String pattern, String value) {
        return pattern.equals("*") || pattern.equals(value);
    }

    /** The line's fields, unescaped; the last one (the password) takes the rest of the line. */
    static List<String> fields(String line) {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\\' && i + 1 < line.length()) {
                field.append(line.charAt(++i));
            } else if (c == ':' && fields.size() < 4) {
                fields.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        fields.add(field.toString());
        return fields;
    }
}
