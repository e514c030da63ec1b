package dev.bench.workloads.pgbench;

import dev.bench.core.Caller;
import dev.bench.core.BenchException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The scripts a run chooses among: {@code -b NAME[@W]} and {@code -f FILE[@W]}, in pgbench's order
 * (builtins, then files, as given), tpcb-like when none is named. Read and parsed before anything connects.
 */
public final class Scripts {

    /** pgbench's MAX_SCRIPTS. */
    static final int MAX_SCRIPTS = 128;

    private Scripts() {
    }

    /** @throws BenchException a bad weight, an unknown builtin, an unreadable file or {@code FILE:LINE: message} */
    public static List<Script> load(List<String> builtins, List<String> files) {
        List<Script> scripts = new ArrayList<>();
        for (String b : builtins) {
            String[] nw = splitWeight(b);
            scripts.add(BuiltinScripts.named(nw[0]).withWeight(weight(nw[1], b)));
        }
        for (String f : files) {
            String[] nw = splitWeight(f);
            String text;
            try {
                text = Files.readString(Caller.resolve(Path.of(nw[0])));
            } catch (NoSuchFileException e) {
                throw new BenchException("could not open file \"" + nw[0] + "\": no such file");
            } catch (IOException e) {
                throw new BenchException("could not read file \"" + nw[0] + "\": " + dev.bench.core.Failures.ofIo(e));
            }
            scripts.add(ScriptParser.parse(nw[0], text).withWeight(weight(nw[1], f)));
        }
        if (scripts.isEmpty()) {
            scripts.add(BuiltinScripts.named(BuiltinScripts.TPCB_LIKE));
        }
        if (scripts.size() > MAX_SCRIPTS) {
            throw new BenchException("at most " + MAX_SCRIPTS + " SQL scripts are allowed");
        }
        if (scripts.stream().mapToLong(Script::weight).sum() == 0) {
            throw new BenchException("total script weight must not be zero");
        }
        return List.copyOf(scripts);
    }

    private static String[] splitWeight(String arg) {
        int at = arg.lastIndexOf('@');
        return at < 0 ? new String[]{arg, null} : new String[]{arg.substring(0, at), arg.substring(at + 1)};
    }

    /** pgbench's parseScriptWeight: what follows the last @, read by strtol, in 0 .. INT_MAX. */
    private static int weight(String text, String arg) {
        if (text == null) {
            return 1;
        }
        long w;
        try {
            w = Long.parseLong(text.stripLeading());
        } catch (NumberFormatException notInt) {
            throw new BenchException("invalid weight specification: @" + text);
        }
        if (w < 0 || w > Integer.MAX_VALUE) {
            throw new BenchException("weight specification out of range (0 .. " + Integer.MAX_VALUE + "): " + w);
        }
        return (int) w;
    }

    /** Kind names for the engine: the builtin's name, else script1, script2, ...; made unique by position. */
    static List<String> kindNames(List<Script> scripts) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < scripts.size(); i++) {
            String n = scripts.get(i).builtin() ? scripts.get(i).name() : "script" + (i + 1);
            names.add(names.contains(n) ? n + "-" + (i + 1) : n);
        }
        return names;
    }
}
