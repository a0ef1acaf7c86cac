package io.loadlab.lab.trial;

import io.loadlab.core.model.ConcurrencyModel;
import io.loadlab.core.result.Ceiling;
import io.loadlab.core.result.DependencyWork;
import io.loadlab.core.result.Resources;
import io.loadlab.core.result.ServerFacts;
import io.loadlab.core.result.TrialResult;
import io.loadlab.core.result.ValidationResult;
import io.loadlab.core.result.Verdict;
import io.loadlab.core.settings.ServerSettings;
import io.loadlab.lab.spec.TrialPlan;
import io.loadlab.lab.spec.UserServer;
import io.loadlab.lab.verdict.Ceilings;
import io.loadlab.lab.verdict.Evidence;
import io.loadlab.lab.verdict.Verdicts;
import io.loadlab.lab.verdict.WaitingCap;
import io.loadlab.lab.verdict.Windows;
import io.loadlab.servers.ServerSpec;
import java.util.List;

/**
 * The last phase of a trial: its ceiling from the model's catalog entry and settings (a user's server: its declared
 * cap), the evidence gathered, the verdicts, and the {@link TrialResult} written to the results.
 */
final class JudgementPhase {
    private final SuiteContext ctx;

    JudgementPhase(SuiteContext ctx) {
        this.ctx = ctx;
    }

    TrialResult judge(
            TrialPlan plan,
            String startedAt,
            TrialDir dir,
            StartedServer server,
            ValidationResult validation,
            MeasurementPhase.Measured m) {
        ServerSpec spec = server == null ? null : server.spec();
        ServerSettings settings = server == null ? null : server.announced().settings();
        UserServer user = ctx.plan().server(plan.model());
        ConcurrencyModel model = user != null ? null : ConcurrencyModel.byId(plan.model());
        WaitingCap cap = user != null
                ? WaitingCap.declared(user.name(), user.cap())
                : WaitingCap.of(
                        model,
                        spec == null && model.launch().reference() ? null : new AnnouncedKnobs(model, spec, settings));
        Ceiling ceiling = Ceilings.of(
                plan.experiment().scenario(), plan.level(), cap, ctx.plan().backendDelay());
        Evidence e = new Evidence(
                plan.experiment().scenario(),
                plan.level(),
                model,
                cap == null ? null : cap.design(),
                validation,
                m == null ? null : m.report(),
                m == null || m.report() == null ? List.of() : Windows.read(dir.hlog()),
                m == null ? Resources.NONE : m.resources(),
                ctx.cpus(),
                m == null ? DependencyWork.NONE : m.work(),
                m == null ? null : m.serverExit(),
                ceiling,
                m == null ? null : m.jit(),
                plan.experiment().capacity() != null);
        List<Verdict> verdicts = Verdicts.judge(e, ctx.plan().thresholds());
        if (m != null
                && m.report() == null
                && m.failure() != null
                && validation.passed()
                && verdicts.stream().noneMatch(v -> v.code() == io.loadlab.core.result.VerdictCode.DEPENDENCY_FAILED)) {
            verdicts = List.of(
                    new Verdict(io.loadlab.core.result.VerdictCode.ERRORS, m.failure() + "; see the trial's logs"));
        }
        return new TrialResult(
                plan.id(),
                plan.key(),
                startedAt,
                verdicts,
                validation,
                validation.passed() && m != null ? m.report() : null,
                ceiling,
                new ServerFacts(
                        settings,
                        server == null || server.declared().isEmpty() ? null : server.declared(),
                        m == null ? null : m.serverExit(),
                        m == null ? null : m.jit(),
                        m == null ? null : ProfileFigures.perRequest(m.profile(), m.report(), m.resources())),
                m == null ? Resources.NONE : m.resources(),
                m == null ? DependencyWork.NONE : m.work(),
                dir.files(),
                Verdicts.metastability(e));
    }
}
