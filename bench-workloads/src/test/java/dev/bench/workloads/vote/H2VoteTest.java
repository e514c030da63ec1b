package dev.bench.workloads.vote;

class H2VoteTest extends JdbcVoteBackendContract {
    @Override
    String url() {
        return "jdbc:h2:mem:vote-contract;DB_CLOSE_DELAY=-1";
    }
}
