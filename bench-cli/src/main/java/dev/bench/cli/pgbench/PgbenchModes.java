package dev.bench.cli.pgbench;

import dev.bench.core.BenchException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParseResult;

import java.util.List;

/**
 * pgbench's two modes and their options: benchmarking options are refused with -i, initialization
 * options without it (as pgbench 15 does; -n, -s and the connection options belong to both).
 */
final class PgbenchModes {

    static final List<String> BENCHMARKING = List.of("-c", "-j", "-C", "-r", "-S", "-N", "-b", "-f", "-D", "-t", "-T", "-P", "-M",
            "-R", "-L", "-l", "-v", "--sampling-rate", "--aggregate-interval", "--log-prefix", "--max-tries", "--failures-detailed",
            "--verbose-errors", "--check", "--warmup", "--progress-timestamp");
    static final List<String> INITIALIZATION = List.of("-F", "-I", "-q", "--foreign-keys", "--unlogged-tables", "--tablespace",
            "--index-tablespace", "--partitions", "--partition-method");

    private PgbenchModes() {
    }

    /** @throws BenchException an option of the other mode was given */
    static void check(CommandSpec spec, boolean initialize) {
        ParseResult parsed = spec.commandLine().getParseResult();
        if (parsed == null) {
            return; // not from a command line (a scenario's settings): nothing to tell apart
        }
        if (initialize && BENCHMARKING.stream().anyMatch(parsed::hasMatchedOption)) {
            throw new BenchException("some of the specified options cannot be used in initialization (-i) mode");
        }
        if (!initialize && INITIALIZATION.stream().anyMatch(parsed::hasMatchedOption)) {
            throw new BenchException("some of the specified options cannot be used in benchmarking mode");
        }
    }
}
