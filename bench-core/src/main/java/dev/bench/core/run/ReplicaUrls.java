package dev.bench.core.run;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A PostgreSQL URL turned to its standbys: pgjdbc's {@code targetServerType=preferSecondary} on the same
 * host list (any standby that accepts, else the primary), replacing whatever server type the URL named.
 * pgjdbc remembers each host's role for {@code hostRecheckSeconds} (10 s by default, for the whole JVM):
 * right after a failover the old primary, now a standby, was still remembered as the primary and every
 * read went to the new primary (CI, the run after a failover test). Unless the URL sets it, the read pool
 * rechecks after 1 s.
 */
final class ReplicaUrls {

    private static final Pattern SERVER_TYPE = Pattern.compile("([?&])targetServerType=[^&]*");

    private ReplicaUrls() {
    }

    static String preferSecondary(String url) {
        Matcher m = SERVER_TYPE.matcher(url);
        String turned = m.find() ? m.replaceFirst(Matcher.quoteReplacement(m.group(1) + "targetServerType=preferSecondary"))
                : url + (url.contains("?") ? "&" : "?") + "targetServerType=preferSecondary";
        return turned.contains("hostRecheckSeconds=") ? turned : turned + "&hostRecheckSeconds=1";
    }
}
