package dev.bench.workloads.pgbench;

import java.util.Locale;

/** A \sleep command's arguments read as pgbench reads them, with its errors. */
final class SleepArguments {

    private SleepArguments() {
    }

    /** pgbench's checks of \sleep: a number (a unit may follow it in the same word) or :variable, then us, ms or s. */
    static Command.Sleep parse(MetaLine m) {
        if (m.argc() < 2) {
            throw m.error("missing argument", null, -1);
        }
        if (m.argc() > 3) {
            throw m.error("too many arguments", null, m.words.get(3).offset());
        }
        String amount = m.arg(1);
        String unit = m.argc() == 3 ? m.arg(2) : null;
        int unitOffset = m.argc() == 3 ? m.words.get(2).offset() : -1;
        if (!amount.startsWith(":")) {
            int c = amount.startsWith("+") || amount.startsWith("-") ? 1 : 0;
            boolean digit = c < amount.length() && Character.isDigit(amount.charAt(c));
            while (c < amount.length() && Character.isDigit(amount.charAt(c))) {
                c++;
            }
            if (c < amount.length()) {
                if (m.argc() == 2 && digit) {
                    unit = amount.substring(c);
                    unitOffset = m.words.get(1).offset() + c;
                } else {
                    throw m.error("invalid sleep time, must be an integer", amount, m.words.get(1).offset());
                }
            }
        }
        long micros = 1_000_000;
        if (unit != null) {
            micros = switch (unit.toLowerCase(Locale.ROOT)) {
                case "us" -> 1;
                case "ms" -> 1_000;
                case "s" -> 1_000_000;
                default -> throw m.error("unrecognized time unit, must be us, ms or s", unit, unitOffset);
            };
        }
        return amount.startsWith(":") ? new Command.Sleep(m.at, amount.substring(1), 0, micros)
                : new Command.Sleep(m.at, null, MetaLine.atoi(amount), micros);
    }
}
