package io.loadlab.testkit.contract;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The accept backlog a listening socket really has, as the kernel reports it ({@code ss -ltn}: a listening socket's
 * Send-Q is its backlog, already capped at {@code net.core.somaxconn}): what a server does, not what it says.
 */
final class ListenBacklog {
    private ListenBacklog() {}

    /** The kernel's cap on any backlog. */
    static int somaxconn() throws IOException {
        // Files.readString returned only "4" of this procfs file's "4096" here; a line reader reads it whole
        return Integer.parseInt(Files.readAllLines(Path.of("/proc/sys/net/core/somaxconn"))
                .get(0)
                .trim());
    }

    /**
     * The backlogs of the sockets listening on {@code port} (several where the server binds one per event loop), or
     * null when {@code ss} cannot be run here.
     */
    static List<Integer> of(int port) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder("ss", "-Hltn", "sport = :" + port)
                    .redirectErrorStream(true)
                    .start();
        } catch (IOException e) {
            return null;
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            return null;
        }
        List<Integer> backlogs = new ArrayList<>();
        for (String line : out.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 3 && f[0].equals("LISTEN")) {
                backlogs.add(Integer.parseInt(f[2]));
            }
        }
        return backlogs;
    }
}
