package dev.bench.cli.resident;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;

/**
 * {@code java -cp bench.jar dev.bench.cli.resident.ResidentMain DIR UMASK IDLE_SECONDS}: the resident process
 * (started by {@code bench resident start}, which the launcher and lib/bench-resident.bash do). One JVM kept
 * running so that a {@code bench pgbench} call costs no JVM start and runs warm code: PostgreSQL's pgbench
 * test suite makes 162 calls. DIR (mode 0700, this user's, no symbolic link in it) gets {@code token} (0600,
 * a random 256-bit token each side of a connection proves it knows: {@link ResidentHandshake}), then
 * {@code port} ({@code PORT PID STARTTIME}: the loopback port, and this process's pid and start time from
 * /proc/self/stat, so that a client can tell a live resident from files a dead one left); both go when it
 * ends. It holds a lock on DIR/lock while it runs: a second one started on DIR ends at once. UMASK is the
 * starting shell's: a caller with another gets a JVM of its own.
 */
public final class ResidentMain {

    static final String TOKEN = "token";
    static final String PORT = "port";
    static final String LOCK = "lock";
    /** The files the client and the resident keep in DIR: none may be a symbolic link or another user's. */
    static final List<String> FILES = List.of(TOKEN, PORT, LOCK, "log", "start.lock");

    /** Kept reachable for the process's life: an unreachable channel would be closed, and its lock let go. */
    private static FileLock held;

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
        FileChannel lock = FileChannel.open(dir.resolve(LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                LinkOption.NOFOLLOW_LINKS);
        held = lock.tryLock();
        if (held == null) {
            System.err.println("bench resident: another resident process runs from " + dir);
            System.exit(2);
        }
        byte[] secret = new byte[32];
        new SecureRandom().nextBytes(secret);
        String token = HexFormat.of().formatHex(secret);
        ResidentServer server = new ResidentServer(token.getBytes(StandardCharsets.UTF_8), ResidentProcess.ofThisJar(args[1]));
        writePrivate(dir.resolve(TOKEN), token);
        writePrivate(dir.resolve(PORT), server.port() + " " + ProcessHandle.current().pid() + " " + startTime());
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
        for (String name : FILES) {
            Path f = dir.resolve(name);
            if (Files.isSymbolicLink(f)) {
                return f + " is a symbolic link";
            }
            if (Files.exists(f, LinkOption.NOFOLLOW_LINKS) && !owner.equals(Files.getAttribute(f, "unix:uid", LinkOption.NOFOLLOW_LINKS))) {
                return f + " is another user's";
            }
        }
        return null;
    }

    /** This process's start time, field 22 of /proc/self/stat (after the command name, which may hold spaces). */
    static String startTime() throws IOException {
        String stat = Files.readString(Path.of("/proc/self/stat"));
        return stat.substring(stat.lastIndexOf(')') + 2).split(" ")[19];
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
