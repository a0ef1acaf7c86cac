package io.loadlab.lab.deps;

import io.loadlab.backend.DelaySchedule;
import io.loadlab.core.Defaults;
import io.loadlab.core.data.ZipCode;
import io.loadlab.core.data.ZipCodes;
import io.loadlab.core.unit.Duration;
import io.loadlab.lab.child.ChildLauncher;
import io.loadlab.lab.proc.ProcessRegistry;
import io.loadlab.lab.sample.Sampler;
import io.loadlab.lab.spec.ScenarioKind;
import io.loadlab.lab.spec.ScenarioSpec;
import io.loadlab.postgres.SelfSignedCertificate;
import io.loadlab.servers.runtime.ServerTls;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The suite's dependencies, started once and shared by every trial: the slow backend and PostgreSQL, each null when no
 * experiment needs it. Per trial it resets the database to the same rows ({@link #prepare}), watches both during the
 * measured window ({@link #probe}, {@link #watched(ScenarioSpec)}), and before it starts again what died in an
 * earlier one ({@link #ensureAlive}). Closing stops what it started.
 */
public final class Dependencies implements AutoCloseable {
    /** The name a verdict gives the backend. */
    public static final String BACKEND = "the backend";

    /** The name a verdict gives PostgreSQL. */
    public static final String POSTGRES = "PostgreSQL";

    private volatile Backend backend;
    private final Databases.Handle db;
    private final Duration backendDelay;
    private final String cpus;
    private final ServerTls https;
    private final ChildLauncher launcher;
    private final String backendCommand;
    private final Path dir;
    private int backendStarts = 1;

    private Dependencies(
            Backend backend,
            Databases.Handle db,
            Duration backendDelay,
            String cpus,
            ServerTls https,
            ChildLauncher launcher,
            String backendCommand,
            Path dir) {
        this.backend = backend;
        this.db = db;
        this.backendDelay = backendDelay;
        this.cpus = cpus;
        this.https = https;
        this.launcher = launcher;
        this.backendCommand = backendCommand;
        this.dir = dir;
    }

    /**
     * Starts what the suite needs on {@code cpus}: the reference backend or {@code backendCommand}, and the embedded
     * PostgreSQL or the one at {@code dbUrl}. Their logs go to {@code dir}. {@code databaseTls}: an experiment asks for
     * TLS to the database, so the embedded PostgreSQL starts with {@code ssl=on} (an existing one is the user's).
     * {@code https}: an experiment asks for HTTPS to the servers; the lab makes them a certificate in {@code dir/https}.
     */
    public static Dependencies start(
            boolean needsBackend,
            boolean needsDatabase,
            boolean databaseTls,
            boolean https,
            ChildLauncher launcher,
            ProcessRegistry registry,
            String backendCommand,
            Duration backendDelay,
            String dbUrl,
            String cpus,
            Path dir)
            throws IOException, InterruptedException {
        Backend backend = needsBackend ? Backend.start(launcher, backendCommand, backendDelay, cpus, dir) : null;
        Databases.Handle db =
                needsDatabase ? Databases.open(dbUrl, databaseTls, registry, dir, launcher.environment()) : null;
        return new Dependencies(
                backend,
                db,
                backendDelay,
                cpus,
                https ? serverCertificate(dir.resolve("https")) : null,
                launcher,
                backendCommand,
                dir);
    }

    /**
     * Before a trial: a dependency that died in an earlier one (it exited, or does not answer) is started again fresh,
     * and {@code say} is told so; one the lab cannot start again (a PostgreSQL given by {@code --db-url}) ends the
     * suite ({@link DependencyLost}), its finished trials kept.
     */
    public void ensureAlive(java.util.function.Consumer<String> say) throws InterruptedException {
        Backend b = backend;
        if (b != null && (b.exitStatus() != null || !b.answers())) {
            String was = b.exitStatus() != null
                    ? "had exited " + DependencyWatch.exitText(b.exitStatus())
                    : "did not answer";
            try {
                restartBackend(false);
            } catch (IOException | RuntimeException e) {
                throw new DependencyLost(BACKEND + " " + was + " and could not be started again: " + e.getMessage());
            }
            say.accept(BACKEND + " " + was + ": started again fresh at " + backend.url() + " before this trial");
        }
        if (db != null) {
            Integer exit = db.exitStatus();
            boolean answers;
            try (Database.Probe p = db.database().probe()) {
                answers = exit == null && p.answers();
            }
            if (!answers) {
                String was = exit != null ? "had exited " + DependencyWatch.exitText(exit) : "did not answer";
                try {
                    db.restart();
                } catch (IOException e) {
                    throw new DependencyLost(
                            POSTGRES + " " + was + " and could not be started again: " + e.getMessage());
                }
                say.accept(POSTGRES + " " + was + ": started again fresh (its data kept, the table reset for the trial)"
                        + " before this trial");
            }
        }
    }

    /**
     * Starts the backend again, the old one stopped by PID first if it still runs: on its port when {@code samePort}
     * (a fault's restart: the servers keep calling where they did), else wherever it comes up. Its log is a new file
     * beside the first one's.
     */
    public synchronized void restartBackend(boolean samePort) throws IOException, InterruptedException {
        Backend old = backend;
        launcher.stop(old.child());
        backendStarts++;
        backend = Backend.start(
                launcher,
                backendCommand,
                backendDelay,
                cpus,
                dir,
                "backend-" + backendStarts,
                samePort && backendCommand == null ? old.port() : 0);
    }

    /** Starts PostgreSQL again on its data and port after it died; an {@link IOException} when it cannot. */
    public void restartDatabase() throws IOException {
        db.restart();
    }

    /** The PIDs of a dependency's processes, for a fault's signal: PostgreSQL's postmaster and its backends. */
    public List<ProcessHandle> processes(String dependency) {
        long pid = dependency.equals(BACKEND)
                ? (backend == null ? -1 : backend.child().pid())
                : (db == null ? -1 : db.pid());
        if (pid <= 0) {
            return List.of();
        }
        List<ProcessHandle> out = new ArrayList<>();
        ProcessHandle.of(pid).ifPresent(h -> {
            out.add(h);
            h.descendants().forEach(out::add);
        });
        return out;
    }

    /** True when {@code dependency} answers its probe now. */
    public boolean answers(String dependency) {
        if (dependency.equals(BACKEND)) {
            return backend != null && backend.answers();
        }
        if (db == null) {
            return false;
        }
        try (Database.Probe p = db.database().probe()) {
            return p.answers();
        }
    }

    /**
     * What a trial of {@code s} depends on, for the {@link DependencyWatch}: the backend and PostgreSQL it uses, each
     * alive while its process runs (PostgreSQL given by {@code --db-url}: while it answers) and answering its probe.
     */
    public List<DependencyWatch.Watched> watched(ScenarioSpec s) {
        List<DependencyWatch.Watched> out = new ArrayList<>();
        if (backend != null && s.kind().needsBackend()) {
            out.add(new DependencyWatch.Watched(BACKEND, () -> backend.exitStatus(), () -> backend.answers()));
        }
        if (db != null && s.kind().needsDatabase()) {
            Database.Probe probe = db.database().probe();
            out.add(new DependencyWatch.Watched(POSTGRES, db::exitStatus, probe::answers, probe));
        }
        return out;
    }

    /**
     * A throwaway certificate for the reference servers' HTTPS, made for this run: the load generator and the lab's
     * probes encrypt without verifying it, as wrk does.
     */
    private static ServerTls serverCertificate(Path dir) throws IOException {
        Files.createDirectories(dir);
        Path cert = dir.resolve("server.crt");
        Path key = dir.resolve("server.key");
        SelfSignedCertificate.generate("localhost").write(cert, key);
        return new ServerTls(cert.toString(), key.toString());
    }

    /** The servers' HTTPS certificate, or null when no experiment asks for HTTPS. */
    public ServerTls serverTls() {
        return https;
    }

    public String backendUrl() {
        return backend == null ? null : backend.url();
    }

    public Database database() {
        return db == null ? null : db.database();
    }

    /** The database's settings for the results (server version, fsync, ssl, ...), and whether the lab started it. */
    public Map<String, Object> databaseInfo() {
        if (db == null) {
            return null;
        }
        Map<String, Object> info = new LinkedHashMap<>(db.database().settings());
        info.put("embedded", db.pid() > 0);
        return info;
    }

    /**
     * The pre-loaded zip-code rows of a crud scenario: the same seeded rows every trial, the first rows of the load
     * generator's data set (generated from the same seed, whose first rows do not depend on its size).
     */
    public static List<ZipCode> rows(ScenarioSpec s) {
        return ZipCodes.generate(Defaults.SEED, s.crud().writeFrom());
    }

    /** A zip code of the scenario's write range: never pre-loaded, so absent until written. */
    public static ZipCode freshRow(ScenarioSpec s) {
        List<ZipCode> rows = ZipCodes.generate(Defaults.SEED, s.crud().writeFrom() + 1);
        return rows.get(rows.size() - 1);
    }

    /** Before a trial's load: a crud scenario's table holds exactly the keys it reads, so every trial does the same work. */
    public void prepare(ScenarioSpec s) throws IOException {
        if (s.kind() == ScenarioKind.CRUD && db != null) {
            try {
                db.database().reset(rows(s));
            } catch (SQLException e) {
                throw new IOException("cannot reset the zipcode table: " + e.getMessage(), e);
            }
        }
    }

    /**
     * Starts watching what {@code s} uses, when the measured window opens; a scenario with a trigger sets the
     * backend's delay schedule, its clock starting now, and {@link #endTrigger} puts the constant delay back.
     */
    public DependencyProbe probe(ScenarioSpec s) throws IOException {
        Backend b = s.kind().needsBackend() ? backend : null;
        Database d = s.kind().needsDatabase() && db != null ? db.database() : null;
        if (b != null && s.overload().trigger() != null) {
            b.schedule(s.overload().trigger().schedule(backendDelay));
        }
        return DependencyProbe.start(b, d, backendDelay);
    }

    /**
     * During a warm-up for {@code s}, asks the backend for what the window's probe will ask of it: its {@code /stats},
     * over a connection opened and closed for it, and the delay schedule a trigger sets (the one it has now). Without
     * this the window's first probe was the first time in the run: it took branches the backend's hot paths had been
     * compiled without, and the JIT rebuilt them in the window's first two seconds, at a third of a core on the load
     * generator's CPUs. Changes nothing the backend does; a failure here is left for the probe to report.
     */
    public void rehearseProbe(ScenarioSpec s) {
        if (backend == null || !s.kind().needsBackend()) {
            return;
        }
        backend.stats(false);
        if (s.overload().trigger() != null) {
            try {
                backend.schedule(DelaySchedule.constant(backendDelay));
            } catch (IOException e) {
                // the window's probe sets the trigger's schedule and says why it could not
            }
        }
    }

    /**
     * What the lab does for the dependencies while a warm-up for {@code s} lasts, to run about once a second: each
     * time {@link #rehearseProbe}, and once, on the first run at least {@code settleAfter} after the first, a full
     * garbage collection of the backend ({@code GET /gc}). By then the server's connections to it are open; collected
     * together they leave its young generation in a pause of the warm-up. Otherwise its first young pause after them
     * copied them all, wherever it fell: 110 ms, 7 s into a window at 10,000 connections.
     */
    public Runnable warmupChores(ScenarioSpec s, Duration settleAfter) {
        return new WarmupChores(s, settleAfter);
    }

    private final class WarmupChores implements Runnable {
        private final ScenarioSpec s;
        private final long settleAfter;
        private long first;
        private boolean started;
        private boolean settled;

        WarmupChores(ScenarioSpec s, Duration settleAfter) {
            this.s = s;
            this.settleAfter = settleAfter.nanos();
        }

        @Override
        public void run() {
            long now = System.nanoTime();
            if (!started) {
                started = true;
                first = now;
            }
            rehearseProbe(s);
            if (!settled && now - first - settleAfter >= 0) {
                settled = true;
                if (backend != null && s.kind().needsBackend()) {
                    backend.collectGarbage();
                }
            }
        }
    }

    /** After a trial of {@code s}: the backend's delay is the suite's again when a trigger had changed it. */
    public void endTrigger(ScenarioSpec s) throws IOException {
        if (backend != null && s.overload().trigger() != null) {
            backend.schedule(DelaySchedule.constant(backendDelay));
        }
    }

    /** The dependencies' processes, for the sampler. */
    public List<Sampler.Watched> watched() {
        List<Sampler.Watched> w = new ArrayList<>();
        if (backend != null) {
            w.add(new Sampler.Watched(
                    "backend", backend.child().pid(), cpus, backend.child().gcLog()));
        }
        if (db != null && db.pid() > 0) {
            w.add(new Sampler.Watched("postgres", db.pid(), cpus));
        }
        return w;
    }

    @Override
    public void close() {
        if (db != null) {
            db.close();
        }
    }
}
