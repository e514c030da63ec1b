package dev.bench.cli;

import dev.bench.core.Caller;
import dev.bench.core.Secrets;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The passwords a command line names: the value after any password-like option (mistyped ones too:
 * picocli quotes an unknown option's value back), the passwords inside its URLs and addresses, and
 * BENCH_PASSWORD and PGPASSWORD.
 */
final class PasswordArguments {

    private PasswordArguments() {
    }

    /** Remembers them all, and only them ({@link Secrets#remember}), so no line or file the run writes shows them. */
    static void remember(String[] args) {
        Secrets.forgetAll();
        Secrets.remember(Caller.getenv("BENCH_PASSWORD"));
        Secrets.remember(Caller.getenv("PGPASSWORD"));
        for (String arg : args) {
            Secrets.rememberFrom(arg);
        }
        values(args).forEach(Secrets::remember);
    }

    /** The values given to password-like options, whatever their length. */
    static List<String> values(String[] args) {
        List<String> values = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            int eq = arg.indexOf('=');
            String name = (eq > 0 ? arg.substring(0, eq) : arg).toLowerCase(Locale.ROOT);
            // "pas" and "pw", not "password": the option may be mistyped, which is why picocli complains
            if (!name.startsWith("-") || !(name.contains("pas") || name.contains("pw") || name.contains("secret"))) {
                continue;
            }
            String value = eq > 0 ? arg.substring(eq + 1) : (i + 1 < args.length ? args[i + 1] : "");
            if (!value.isEmpty()) {
                values.add(value);
            }
        }
        return values;
    }
}
