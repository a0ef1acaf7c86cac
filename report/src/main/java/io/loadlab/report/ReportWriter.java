package io.loadlab.report;

import io.loadlab.core.UserError;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Draws {@code report.html} from a results directory. Safe to call while a suite is still running: it reads
 * results.json once (the lab writes it atomically) and renders what is there, with a banner when partial.
 */
public final class ReportWriter {
    private ReportWriter() {}

    /** Writes {@code resultsDir/report.html} and returns its path; blocking file I/O. */
    public static Path write(Path resultsDir) {
        return write(resultsDir, resultsDir.resolve(ResultsDir.REPORT));
    }

    /** Writes the report of {@code resultsDir} to {@code output} (atomically) and returns {@code output}. */
    public static Path write(Path resultsDir, Path output) {
        String html = render(resultsDir);
        try {
            Path dir = output.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, "." + output.getFileName(), ".tmp");
            try {
                Files.writeString(tmp, html, StandardCharsets.UTF_8);
                readableByAll(tmp);
                Files.move(tmp, output, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new UserError("cannot write the report to " + output + " (" + UserError.why(e) + ")");
        }
        return output;
    }

    private static void readableByAll(Path file) throws IOException {
        if (Files.getFileStore(file).supportsFileAttributeView(PosixFileAttributeView.class)) {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        }
    }

    /** The report's HTML, without writing it. */
    public static String render(Path resultsDir) {
        return ReportHtml.render(ResultsDir.load(resultsDir));
    }
}
