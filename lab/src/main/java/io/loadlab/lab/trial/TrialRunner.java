package io.loadlab.lab.trial;

import io.loadlab.core.result.TrialResult;
import io.loadlab.core.result.ValidationResult;
import io.loadlab.lab.LabListener.Phase;
import io.loadlab.lab.spec.TrialPlan;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.List;

/**
 * Runs one trial as a pipeline: a fresh pinned server ({@link ServerStart}), the validation gate
 * ({@link ValidationPhase}), warm-up and measurement with sampling ({@link MeasurementPhase}), then the verdicts
 * ({@link JudgementPhase}). Whatever happens, the server is stopped by PID before this returns. Blocking; one trial
 * at a time.
 */
public final class TrialRunner {
    private final SuiteContext ctx;
    private final ServerStart servers;
    private final MeasurementPhase measurement;
    private final JudgementPhase judgement;

    public TrialRunner(SuiteContext ctx) {
        this.ctx = ctx;
        this.servers = new ServerStart(ctx);
        this.measurement = new MeasurementPhase(ctx);
        this.judgement = new JudgementPhase(ctx);
    }

    public TrialResult run(TrialPlan plan) throws IOException, InterruptedException {
        // a dependency that died in the trial before is started again fresh; one that cannot be ends the suite
        ctx.dependencies().ensureAlive(line -> {
            try {
                ctx.store().note(line);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            ctx.listener().note(line);
        });
        String startedAt = Instant.now().toString();
        TrialDir dir = TrialDir.create(ctx.store().dir(), plan.id());
        ctx.listener().phase(plan, Phase.STARTING);
        StartedServer server;
        try {
            server = servers.start(plan, dir);
        } catch (TrialBroken e) {
            ValidationResult broken = new ValidationResult(false, List.of(), e.getMessage());
            return judgement.judge(plan, startedAt, dir, null, broken, null);
        }
        try {
            ctx.listener().phase(plan, Phase.VALIDATING);
            // the previous trial's writes are still in the table: validation's absent key must be absent
            ctx.dependencies().prepare(plan.experiment().scenario());
            ValidationResult v = ValidationPhase.run(
                    server, plan.experiment().scenario(), ctx.plan().server(plan.model()) == null);
            if (!v.passed()) {
                return judgement.judge(plan, startedAt, dir, server, v, null);
            }
            MeasurementPhase.Measured m = measurement.run(plan, server, dir);
            return judgement.judge(plan, startedAt, dir, server, v, m);
        } finally {
            server.profiler().close();
            if (server.started()) {
                ctx.launcher().stop(server.process());
            }
        }
    }
}
