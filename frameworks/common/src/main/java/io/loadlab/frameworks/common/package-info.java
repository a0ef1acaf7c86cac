/**
 * What every framework application shares and no framework decides: the environment that configures it ({@link
 * io.loadlab.frameworks.common.AppEnv}), the contract's bodies, limits and error reasons ({@link
 * io.loadlab.frameworks.common.ContractText}), the zip code rules and statements, and the JVM's settings. Each
 * application does the rest in its framework's own idioms.
 */
package io.loadlab.frameworks.common;
