package io.loadlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadlab.core.result.ResultsUpgrade;
import io.loadlab.core.result.SuiteResults;
import io.loadlab.core.result.TrialResult;
import io.loadlab.report.gate.Threshold;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** Thresholds of {@code loadlab run}, checked per trial on the report module's checked-in results. */
class RunGateTest {
    private static final Path RUN_A = Path.of("..", "report", "src", "test", "resources", "fixtures", "run-a");

    private final SuiteResults results = read();

    private static SuiteResults read() {
        try {
            return ResultsUpgrade.readSuite(RUN_A.resolve("results.json"));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void everyMeasuredTrialIsCheckedAndAnUnmeasuredOneSaysWhy() {
        List<Threshold> ts = Threshold.parseAll(List.of("p99<1h", "rps>1"));
        List<RunGate.TrialCheck> checks = RunGate.check(results, ts);
        assertThat(checks).hasSize(results.trials().size());
        assertThat(RunGate.failure(checks, ts))
                .as("generous thresholds hold everywhere")
                .isNull();
        RunGate.TrialCheck broken = checks.stream()
                .filter(c -> c.trial().load() == null)
                .findFirst()
                .orElseThrow();
        assertThat(broken.notMeasured()).startsWith("not measured (APP_BROKEN: ");
        assertThat(broken.passed()).isFalse();

        List<Threshold> strict = Threshold.parseAll(List.of("p99<1us"));
        List<RunGate.TrialCheck> failing = RunGate.check(results, strict);
        long measured = results.trials().stream().filter(t -> t.load() != null).count();
        assertThat(RunGate.failure(failing, strict))
                .isEqualTo(measured + " threshold checks failed in " + measured + " trials (1 thresholds × "
                        + results.trials().size() + " trials); exit 99");
        StringWriter text = new StringWriter();
        RunGate.print(failing, strict, new PrintWriter(text));
        TrialResult first = results.trials().get(0);
        assertThat(text.toString()).contains("Thresholds:\n  " + first.id() + "\n    FAIL  p99<1us  (p99 = ");
    }

    @Test
    void junitHasASuitePerTrialWithTheTrialsOwnCaseThenOnePerThreshold() throws Exception {
        List<Threshold> ts = Threshold.parseAll(List.of("p99<1h", "p99<1us"));
        String xml = RunGate.junit("run-a", RunGate.check(results, ts), ts);
        Document d = DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        NodeList suites = d.getElementsByTagName("testsuite");
        assertThat(suites.getLength()).isEqualTo(results.trials().size());
        for (int i = 0; i < suites.getLength(); i++) {
            Element suite = (Element) suites.item(i);
            TrialResult t = results.trials().get(i);
            assertThat(suite.getAttribute("name")).isEqualTo(t.id());
            NodeList cases = suite.getElementsByTagName("testcase");
            assertThat(cases.getLength()).isEqualTo(3);
            assertThat(((Element) cases.item(0)).getAttribute("name")).isEqualTo(RunGate.TRIAL_CASE);
            boolean trialFailed =
                    ((Element) cases.item(0)).getElementsByTagName("failure").getLength() > 0;
            assertThat(trialFailed).as(t.id()).isEqualTo(RunCommand.failed(t));
            assertThat(((Element) cases.item(2)).getElementsByTagName("failure").getLength())
                    .as("p99<1us fails in every trial")
                    .isOne();
        }
    }
}
