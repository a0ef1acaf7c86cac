/**
 * Test support only, in test scope of the modules that use it: a server that misbehaves on purpose, a raw HTTP/1.1
 * client that sends exactly the bytes given, made-up load reports, and {@link io.loadlab.testkit.QuietHost}: the one
 * way a check that needs a quiet core is skipped, with its reason, when other processes took the host's CPU.
 */
package io.loadlab.testkit;
