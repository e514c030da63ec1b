package dev.bench.cli.tpcc;

import dev.bench.workloads.tpcc.TpccCheck;

import java.io.PrintWriter;

/** Prints a check's verdicts as sysbench-tpcc does, one line per condition and warehouse, then a summary. */
final class CheckPrinter {

    private CheckPrinter() {
    }

    static void print(PrintWriter out, TpccCheck.Outcome outcome, int tables) {
        int set = 0;
        for (TpccCheck.Verdict v : outcome.verdicts()) {
            if (tables > 1 && v.set() != set) {
                set = v.set();
                out.println("# table set " + set);
            }
            out.println(v.line());
        }
        out.printf("check: %d of %d PASSED, %d FAILED in %.1f s%n", outcome.verdicts().size() - outcome.failed(),
                outcome.verdicts().size(), outcome.failed(), outcome.seconds());
        out.flush();
    }
}
