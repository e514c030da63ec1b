package dev.bench.core.run;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A PostgreSQL URL turned to its standbys: pgjdbc's {@code targetServerType=preferSecondary} on the same
 * host list (any standby that accepts, else the primary), replacing whatever server type the URL named.
 */
final class ReplicaUrls {

    private static final Pattern SERVER_TYPE = Pattern.compile("([?&])targetServerType=[^&]*");

    private ReplicaUrls() {
    }

    static String preferSecondary(String url) {
        Matcher m = SERVER_TYPE.matcher(url);
        if (m.find()) {
            return m.replaceFirst(Matcher.quoteReplacement(m.group(1) + "targetServerType=preferSecondary"));
        }
        return url + (url.contains("?") ? "&" : "?") + "targetServerType=preferSecondary";
    }
}
