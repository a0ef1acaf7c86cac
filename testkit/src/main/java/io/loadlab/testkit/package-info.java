/**
 * Test support only, in test scope of the modules that use it: a server that misbehaves on purpose, a raw HTTP/1.1
 * client that sends exactly the bytes given, and made-up load reports.
 */
package io.loadlab.testkit;
