package io.loadlab.cli;

import picocli.CommandLine;

/** {@code --version}: loadlab's version and the JVM it runs on. */
final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        String v = Main.class.getPackage().getImplementationVersion();
        return new String[] {
            "loadlab " + (v == null ? "(development build)" : v),
            "JVM: " + System.getProperty("java.vm.name") + " " + Runtime.version() + " ("
                    + System.getProperty("java.vendor") + ")"
        };
    }
}
