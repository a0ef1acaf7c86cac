/**
 * The {@code loadlab} command: one picocli class per subcommand, turning flags into the modules' specs ({@code
 * LoadSpec}, {@code ServerSpec}, a suite plan) and their results into console output and exit codes. The only package
 * that reads arguments; nothing depends on it but the end-to-end tests.
 */
package io.loadlab.cli;
