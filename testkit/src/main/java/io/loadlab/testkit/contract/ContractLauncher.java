package io.loadlab.testkit.contract;

import io.loadlab.postgres.RunningPostgres;

/** Starts a fresh server under test; the checks that take a dependency away or stop the server need their own. */
@FunctionalInterface
public interface ContractLauncher {
    /**
     * Starts the server with these dependencies and returns once it serves.
     *
     * @param backend the backend it calls, or null for none
     * @param db the PostgreSQL it uses, or null for none
     */
    ContractTarget start(FakeBackend backend, RunningPostgres db) throws Exception;
}
