package io.loadlab.testkit.contract;

/** One named check of the HTTP contract, run against a started server. */
public record ContractRow(String name, Check check) {
    /** The check itself: throws an {@link AssertionError} (or any failure) when the server breaks the contract. */
    @FunctionalInterface
    public interface Check {
        void run(ContractTarget target) throws Exception;
    }
}
