package dev.bench.workloads.voter;

import dev.bench.core.BenchException;
import dev.bench.core.jdbc.Dialect;

import java.util.List;

/**
 * The Voter schema and statements for one SQL dialect.
 *
 * <p>VoltDB keeps the per-phone vote count in a materialized view updated on every insert. Here it is
 * a maintained count table, {@code votes_by_phone}, raised in the vote's own transaction: the limit
 * check is then one primary-key row (locked for the rest of the transaction, so two concurrent votes
 * of one phone can't both pass it), where an index on {@code votes.phone_number} would need a
 * {@code COUNT(*)} that concurrent inserts can race past.
 *
 * @param ddl         creates the tables, in order
 * @param sessionInit run once on each connection, or null
 * @param oneStatement the whole vote as one SQL statement, its own transaction in autocommit (binds phone,
 *                     contestant, maxVotes; answers 0, 1 or 2), or null: then the vote is {@link #INSERT_VOTE},
 *                     {@code bump} and {@link #PHONE_VOTES} in one transaction
 * @param bump         raises the phone's count by one, inserting it at 1 (binds phone), or null
 * @param routine      the vote as one server-side routine (dropped and created by the tool), or null
 * @param callRoutine  calls it with (phone, contestant, maxVotes); it answers 0, 1 or 2
 */
record VoterSql(List<String> ddl, String sessionInit, String oneStatement, String bump,
                String routine, String callRoutine) {

    static final List<String> TABLES = List.of("contestants", "area_code_state", "votes", "votes_by_phone");
    static final String ROUTINE_NAME = "voter_vote";

    static final String COUNT_CONTESTANTS = "SELECT COUNT(*) FROM contestants";
    static final String INSERT_CONTESTANT = "INSERT INTO contestants (contestant_number, contestant_name) VALUES (?, ?)";
    static final String INSERT_AREA_CODE = "INSERT INTO area_code_state (area_code, state) VALUES (?, ?)";
    static final String COUNT_VOTES = "SELECT COUNT(*) FROM votes";
    static final String SUM_PHONE_COUNTS = "SELECT COALESCE(SUM(num_votes), 0) FROM votes_by_phone";
    static final String PHONES_OVER_LIMIT = "SELECT COUNT(*) FROM (SELECT phone_number FROM votes"
            + " GROUP BY phone_number HAVING COUNT(*) > ?) over_limit";
    static final String RESULTS = "SELECT c.contestant_name, c.contestant_number, COUNT(v.contestant_number) AS total_votes"
            + " FROM contestants c LEFT JOIN votes v ON v.contestant_number = c.contestant_number"
            + " GROUP BY c.contestant_name, c.contestant_number ORDER BY total_votes DESC, c.contestant_number ASC";
    static final String PHONE_VOTES = "SELECT num_votes FROM votes_by_phone WHERE phone_number = ?";

    /**
     * Inserts the vote only if the contestant exists (0 rows = invalid contestant), with the state of the
     * phone's area code or XX. Binds phone, area code, contestant.
     */
    static final String INSERT_VOTE = "INSERT INTO votes (phone_number, state, contestant_number)"
            + " SELECT ?, COALESCE((SELECT state FROM area_code_state WHERE area_code = ?), 'XX'), contestant_number"
            + " FROM contestants WHERE contestant_number = ?";

    private static final List<String> PORTABLE_DDL = List.of(
            "CREATE TABLE contestants (contestant_number INTEGER NOT NULL PRIMARY KEY, contestant_name VARCHAR(50) NOT NULL)",
            "CREATE TABLE area_code_state (area_code SMALLINT NOT NULL PRIMARY KEY, state VARCHAR(2) NOT NULL)",
            "CREATE TABLE votes (phone_number BIGINT NOT NULL, state VARCHAR(2) NOT NULL, contestant_number INTEGER NOT NULL)",
            "CREATE TABLE votes_by_phone (phone_number BIGINT NOT NULL PRIMARY KEY, num_votes INTEGER NOT NULL)");

    static VoterSql forDialect(Dialect dialect) {
        return switch (dialect) {
            case POSTGRES -> new VoterSql(PORTABLE_DDL, null, POSTGRES_ONE_STATEMENT, null,
                    POSTGRES_FUNCTION, "SELECT " + ROUTINE_NAME + "(?, ?, ?)");
            case MYSQL -> new VoterSql(PORTABLE_DDL.stream().map(t -> t + " ENGINE=InnoDB").toList(),
                    // no gap locks: concurrent first votes of neighbouring phones must not deadlock
                    "SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED", null,
                    "INSERT INTO votes_by_phone (phone_number, num_votes) VALUES (?, 1)"
                            + " ON DUPLICATE KEY UPDATE num_votes = num_votes + 1",
                    MYSQL_PROCEDURE, "CALL " + ROUTINE_NAME + "(?, ?, ?)");
            case H2 -> new VoterSql(PORTABLE_DDL, null, null,
                    "MERGE INTO votes_by_phone t USING (VALUES (CAST(? AS BIGINT))) s(p) ON t.phone_number = s.p"
                            + " WHEN MATCHED THEN UPDATE SET num_votes = t.num_votes + 1"
                            + " WHEN NOT MATCHED THEN INSERT (phone_number, num_votes) VALUES (s.p, 1)",
                    null, null);
            case MSSQL -> throw new BenchException("voter has no SQL Server dialect yet");
        };
    }

    /**
     * The vote as one statement, so in autocommit one round trip is the whole transaction (what a stored
     * procedure buys, without creating one). Data-modifying CTEs: the phone's count is raised only for a
     * valid contestant and only below maxVotes (ON CONFLICT ... WHERE locks the row, so two concurrent
     * votes of one phone can't both pass), and the vote is inserted only if the count was raised.
     */
    private static final String POSTGRES_ONE_STATEMENT = """
            WITH a AS (SELECT CAST(? AS BIGINT) AS phone, CAST(? AS INTEGER) AS contestant, CAST(? AS INTEGER) AS max_votes),
            c AS (SELECT a.phone, k.contestant_number FROM a JOIN contestants k ON k.contestant_number = a.contestant),
            p AS (INSERT INTO votes_by_phone (phone_number, num_votes) SELECT phone, 1 FROM c
                  ON CONFLICT (phone_number) DO UPDATE SET num_votes = votes_by_phone.num_votes + 1
                  WHERE votes_by_phone.num_votes < (SELECT max_votes FROM a)
                  RETURNING phone_number),
            v AS (INSERT INTO votes (phone_number, state, contestant_number)
                  SELECT c.phone, COALESCE((SELECT state FROM area_code_state WHERE area_code = c.phone / 10000000), 'XX'),
                         c.contestant_number
                  FROM c JOIN p ON p.phone_number = c.phone
                  RETURNING 1)
            SELECT CASE WHEN NOT EXISTS (SELECT 1 FROM c) THEN 1 WHEN NOT EXISTS (SELECT 1 FROM v) THEN 2 ELSE 0 END""";

    /** Plain PL/pgSQL: one statement per step, nothing written unless all checks pass. */
    private static final String POSTGRES_FUNCTION = """
            CREATE FUNCTION voter_vote(p_phone bigint, p_contestant integer, p_max_votes integer) RETURNS integer
            LANGUAGE plpgsql AS $$
            BEGIN
                PERFORM 1 FROM contestants WHERE contestant_number = p_contestant;
                IF NOT FOUND THEN
                    RETURN 1;
                END IF;
                INSERT INTO votes_by_phone (phone_number, num_votes) VALUES (p_phone, 1)
                    ON CONFLICT (phone_number) DO UPDATE SET num_votes = votes_by_phone.num_votes + 1
                    WHERE votes_by_phone.num_votes < p_max_votes;
                IF NOT FOUND THEN
                    RETURN 2;
                END IF;
                INSERT INTO votes (phone_number, state, contestant_number) VALUES (p_phone,
                    COALESCE((SELECT state FROM area_code_state WHERE area_code = p_phone / 10000000), 'XX'), p_contestant);
                RETURN 0;
            END
            $$""";

    /** Its own transaction; the caller rolls back if it throws half way. */
    private static final String MYSQL_PROCEDURE = """
            CREATE PROCEDURE voter_vote(IN p_phone BIGINT, IN p_contestant INT, IN p_max_votes INT)
            BEGIN
                DECLARE n INT;
                IF NOT EXISTS (SELECT 1 FROM contestants WHERE contestant_number = p_contestant) THEN
                    SELECT 1;
                ELSE
                    START TRANSACTION;
                    INSERT INTO votes_by_phone (phone_number, num_votes) VALUES (p_phone, 1)
                        ON DUPLICATE KEY UPDATE num_votes = num_votes + 1;
                    SELECT num_votes INTO n FROM votes_by_phone WHERE phone_number = p_phone;
                    IF n > p_max_votes THEN
                        ROLLBACK;
                        SELECT 2;
                    ELSE
                        INSERT INTO votes (phone_number, state, contestant_number) VALUES (p_phone,
                            COALESCE((SELECT state FROM area_code_state WHERE area_code = p_phone DIV 10000000), 'XX'),
                            p_contestant);
                        COMMIT;
                        SELECT 0;
                    END IF;
                END IF;
            END""";
}
