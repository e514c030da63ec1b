package dev.bench.workloads.vote;

import dev.bench.core.BenchException;

/**
 * Noria's memcached keys: {@code article_<id>} holds the title (hybrid: "title, votes"),
 * {@code article_<id>_vc} the vote count (hybrid adds {@code article_<id>_gen}). An optional prefix keeps concurrent runs (and tests) sharing
 * one memcached apart; by default there is none, so the keys are exactly Noria's.
 */
record MemcachedVoteKeys(String prefix) {

    /** memcached's own limit on a key. */
    private static final int MAX_KEY_BYTES = 250;

    MemcachedVoteKeys {
        if (prefix == null) {
            prefix = "";
        }
        for (int i = 0; i < prefix.length(); i++) {
            char c = prefix.charAt(i);
            if (c <= ' ' || c == 127 || c > 126) {
                throw new BenchException("--key-prefix must be printable ASCII without spaces, got '" + prefix + "'");
            }
        }
        if (prefix.length() > MAX_KEY_BYTES - 40) {
            throw new BenchException("--key-prefix is too long for memcached keys (at most " + (MAX_KEY_BYTES - 40) + ")");
        }
    }

    String article(long id) {
        return prefix + "article_" + id;
    }

    /** hybrid's generation of an article's cached row (not Noria's: see HybridVoteBackend). */
    String generation(long id) {
        return prefix + "article_" + id + "_gen";
    }

    String count(long id) {
        return prefix + "article_" + id + "_vc";
    }

    static String title(long id) {
        return "Article #" + id;
    }
}
