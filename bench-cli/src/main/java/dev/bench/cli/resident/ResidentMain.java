package dev.bench.cli.resident;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.Set;

/**
 * {@code java -cp bench.jar dev.bench.cli.resident.ResidentMain DIR UMASK IDLE_SECONDS}: the resident process
 * (started by {@code bench resident start}, which the launcher and lib/bench-resident.bash do). One JVM kept
 * running so that a {@code bench pgbench} call costs no JVM start and runs warm code: PostgreSQL's pgbench
 * test suite makes 162 calls. DIR (mode 0700, this user's) gets {@code token} (0600, a random 256-bit
 * token every request must carry), then {@code port} (the loopback port; the launcher's sign that one runs);
 * both go when it ends. UMASK is the starting shell's: a caller with another gets a JVM of its own.
 */
public final class ResidentMain {

    static final String TOKEN = "token";
    static final String PORT = "port";

    private ResidentMain() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            System.err.println("usage: ResidentMain DIR UMASK IDLE_SECONDS");
            System.exit(2);
        }
        Path dir = Path.of(args[0]).toAbsolutePath();
        String problem = privateDirectoryProblem(dir);
        if (problem != null) {
            System.err.println("bench resident: " + problem);
            System.exit(2);
        }
        byte[] secret = new byte[32];
        new SecureRandom().nextBytes(secret);
        String token = HexFormat.of().formatHex(secret);
        ResidentServer server = new ResidentServer(token.getBytes(StandardCharsets.UTF_8), ResidentProcess.ofThisJar(args[1]));
        writePrivate(dir.resolve(TOKEN), token);
        writePrivate(dir.resolve(PORT), server.port() + " " + ProcessHandle.current().pid());
        Runtime.getRuntime().addShutdownHook(new Thread(() -> removeState(dir, token), "bench-resident-cleanup"));
        ResidentServer.log("serving 127.0.0.1:" + server.port() + " (pid " + ProcessHandle.current().pid() + ")");
        String why = server.serve(Integer.parseInt(args[2]));
        ResidentServer.log("ending: " + why);
        System.exit(0);
    }

    /** A line of the resident's own log (its stderr, DIR/log): what happened, never a call's arguments or variables. */
    static void log(String message) {
        System.err.println(Instant.now() + " bench resident: " + message);
    }

    /** Null when {@code dir} is a directory of this user's that no one else may enter, else why not. */
    static String privateDirectoryProblem(Path dir) throws IOException {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return dir + " is not a directory";
        }
        Object owner = Files.getAttribute(dir, "unix:uid", LinkOption.NOFOLLOW_LINKS);
        if (!owner.equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"))) {
            return dir + " is another user's";
        }
        Set<PosixFilePermission> p = Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS);
        if (!p.equals(EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE))) {
            return dir + " must have mode 0700, has " + PosixFilePermissions.toString(p);
        }
        return null;
    }

    /** Written 0600 from its first byte, then moved into place whole. */
    private static void writePrivate(Path file, String text) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.deleteIfExists(tmp);
        Files.createFile(tmp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(tmp, text + "\n");
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** The port and token files, if they are still this process's (a newer resident may have replaced them). */
    private static void removeState(Path dir, String token) {
        try {
            if (Files.readString(dir.resolve(TOKEN)).strip().equals(token)) {
                Files.deleteIfExists(dir.resolve(PORT));
                Files.deleteIfExists(dir.resolve(TOKEN));
            }
        } catch (IOException ignored) {
            // gone already
        }
    }
}
