package dev.bench.cli.resident;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * How the client and the resident prove to each other that they know DIR/token without either sending it
 * (lib/bench-resident.bash is the other side). The token never crosses the socket, and the client sends its
 * environment, arguments and working directory only to a listener that has proven itself:
 * <ol>
 *   <li>client: {@code bench-resident-2\0}, a fresh nonce (32 hex digits) {@code \0};</li>
 *   <li>resident: {@code challenge SNONCE SPROOF\n}, its own nonce and
 *       {@code SPROOF = sha256hex("server:" TOKEN ":" CNONCE ":" SNONCE)};</li>
 *   <li>client, after checking SPROOF: {@code CPROOF\0} with the label {@code client:}, then the request
 *       ({@link ResidentRequest}).</li>
 * </ol>
 * The inputs are of fixed length and the two labels differ, so a listener cannot answer without the token,
 * and the resident's answer is no client's proof. Before a good CPROOF at most {@link #MAX_BYTES_UNPROVEN}
 * bytes of a connection are read.
 */
final class ResidentHandshake {

    static final String GREETING = "bench-resident-2";
    private static final int NONCE_HEX = 32;
    private static final int PROOF_HEX = 64;
    /** The greeting, the nonce and the proof, each with its NUL: all a connection may send unproven. */
    static final int MAX_BYTES_UNPROVEN = GREETING.length() + NONCE_HEX + PROOF_HEX + 3;

    private static final SecureRandom RANDOM = new SecureRandom();

    private final byte[] token;

    ResidentHandshake(byte[] token) {
        this.token = token.clone();
    }

    /**
     * The resident's side: reads the greeting and the client's nonce, answers the challenge on {@code out},
     * reads the client's proof. @return null when the client proved it knows the token, else why not
     */
    String serve(InputStream in, ResidentServer.Replies out) throws IOException {
        String greeting = ResidentRequest.shortField(in, GREETING.length());
        if (!GREETING.equals(greeting)) {
            return "not a bench client (or an older one)";
        }
        String clientNonce = ResidentRequest.shortField(in, NONCE_HEX);
        if (!isHex(clientNonce, NONCE_HEX)) {
            return "a malformed nonce";
        }
        byte[] nonce = new byte[NONCE_HEX / 2];
        RANDOM.nextBytes(nonce);
        String serverNonce = HexFormat.of().formatHex(nonce);
        out.line("challenge " + serverNonce + " " + proof("server", clientNonce, serverNonce));
        String clientProof = ResidentRequest.shortField(in, PROOF_HEX);
        boolean good = MessageDigest.isEqual(clientProof.getBytes(StandardCharsets.US_ASCII),
                proof("client", clientNonce, serverNonce).getBytes(StandardCharsets.US_ASCII));
        return good ? null : "a wrong token";
    }

    /** sha256hex(LABEL ":" TOKEN ":" CNONCE ":" SNONCE), as the client computes it with sha256sum. */
    String proof(String label, String clientNonce, String serverNonce) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update((label + ":").getBytes(StandardCharsets.US_ASCII));
            sha.update(token);
            sha.update((":" + clientNonce + ":" + serverNonce).getBytes(StandardCharsets.US_ASCII));
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    private static boolean isHex(String s, int length) {
        return s.length() == length && s.chars().allMatch(c -> (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'));
    }
}
