package dev.bench.workloads.pgbench;

import java.sql.SQLException;
import java.util.List;

/** pgbench's wording when an SQL error ends a client: its line on stderr and in the client's abort. */
final class SqlAbortMessages {

    private SqlAbortMessages() {
    }

    /** pgbench's line for an SQL error that ends the client (COPY's own; a failed PREPARE's two, as -M prepared shows them). */
    static String of(int clientId, String protocol, List<Script> scripts, int s, int pc, int query, Command failed, SQLException e) {
        if (failed instanceof Command.Sql sql && query < sql.queries().size()
                && sql.queries().get(query).text().stripLeading().regionMatches(true, 0, "copy", 0, 4)
                && String.valueOf(e.getMessage()).contains("COPY")) {
            return "COPY is not supported in pgbench, aborting";
        }
        String prefix = "client " + clientId + " script " + s + " aborted in command " + pc + " query " + query + ": ";
        if (protocol.equals("prepared") && "42601".equals(e.getSQLState())) {
            // pgbench's PREPARE failed with the syntax error; executing the statement then finds none
            return ServerErrors.libpqStyle(e) + "\npgbench: error: " + prefix + "ERROR:  prepared statement \"P_"
                    + preparedNumber(scripts, s, pc) + "\" does not exist";
        }
        return prefix + ServerErrors.libpqStyle(e);
    }

    /** pgbench's name for a prepared SQL command: P_ and its number among all scripts' SQL commands. */
    private static int preparedNumber(List<Script> scripts, int script, int command) {
        int n = 0;
        for (int i = 0; i <= script; i++) {
            List<Command> commands = scripts.get(i).commands();
            for (int c = 0; c < (i == script ? command : commands.size()); c++) {
                if (commands.get(c) instanceof Command.Sql) {
                    n++;
                }
            }
        }
        return n;
    }
}
