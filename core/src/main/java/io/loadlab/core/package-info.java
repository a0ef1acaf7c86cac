/**
 * What every loadlab process shares: the defaults of every JVM ({@link io.loadlab.core.Defaults}), the HTTP contract's
 * limits, the one JSON configuration and {@link io.loadlab.core.UserError}, the one-line mistake a user can fix.
 * Depends on no other loadlab module.
 */
package io.loadlab.core;
