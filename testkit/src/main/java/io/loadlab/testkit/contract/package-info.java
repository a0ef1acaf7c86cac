/**
 * The HTTP contract's checks, runnable against any server that answers it: the reference models and the framework
 * applications alike. {@link io.loadlab.testkit.contract.ContractRows} names each check; {@link
 * io.loadlab.testkit.contract.ContractTests} turns them into JUnit dynamic tests against a started server (its base
 * address in a {@link io.loadlab.testkit.contract.ContractTarget}), with the fixtures they need: a {@link
 * io.loadlab.testkit.contract.FakeBackend} and a {@link io.loadlab.testkit.contract.SharedPostgres}.
 */
package io.loadlab.testkit.contract;
