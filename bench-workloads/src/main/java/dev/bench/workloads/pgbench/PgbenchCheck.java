package dev.bench.workloads.pgbench;

import dev.bench.core.run.IntegrityCheck;

/**
 * pgbench's invariant over what a run changed: every committed tpcb-like or simple-update transaction
 * adds its delta to one account and one history row (tpcb-like also to one teller and one branch), all
 * or nothing. So the change in sum(abalance) equals the change in sum(history.delta); with tpcb-like
 * alone the tellers' and branches' sums moved by the same amount; and the history gained between the
 * transactions the clients saw committed and those plus the ones in doubt.
 *
 * @param change       after minus before
 * @param tpcbOnly     only tpcb-like wrote (simple-update leaves tellers and branches alone)
 * @param writesTellers tpcb-like ran: tellers and branches moved together
 * @param committed    writing transactions the clients saw committed
 * @param inDoubt      writing transactions whose commit failed with the connection
 */
record PgbenchCheck(Balances change, boolean tpcbOnly, boolean writesTellers, long committed, long inDoubt) {

    IntegrityCheck result() {
        StringBuilder wrong = new StringBuilder();
        if (change.accounts() != change.historyDelta()) {
            wrong.append("; sum(abalance) moved ").append(change.accounts()).append(" but sum(history.delta) ")
                    .append(change.historyDelta());
        }
        if (change.tellers() != change.branches()) {
            wrong.append("; sum(tbalance) moved ").append(change.tellers()).append(" but sum(bbalance) ").append(change.branches());
        }
        if (tpcbOnly && change.tellers() != change.accounts()) {
            wrong.append("; sum(tbalance) moved ").append(change.tellers()).append(" but sum(abalance) ").append(change.accounts());
        }
        if (!writesTellers && change.tellers() != 0) {
            wrong.append("; sum(tbalance) moved ").append(change.tellers()).append(" though no tpcb-like transaction ran");
        }
        long rows = change.historyRows();
        if (rows < committed || rows > committed + inDoubt) {
            wrong.append("; history gained ").append(rows).append(" rows for ").append(committed).append(" committed")
                    .append(inDoubt > 0 ? " and " + inDoubt + " in doubt" : "");
        }
        String numbers = "history +" + rows + " rows for " + committed + " committed" + (inDoubt > 0 ? " (" + inDoubt
                + " in doubt, " + (rows - committed) + " of them applied)" : "") + "; sums moved: abalance "
                + change.accounts() + ", tbalance " + change.tellers() + ", bbalance " + change.branches()
                + ", history.delta " + change.historyDelta();
        return wrong.length() == 0 ? IntegrityCheck.of(true, numbers) : IntegrityCheck.of(false, wrong.substring(2) + " (" + numbers + ")");
    }
}
