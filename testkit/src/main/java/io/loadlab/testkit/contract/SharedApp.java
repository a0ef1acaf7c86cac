package io.loadlab.testkit.contract;

import java.util.Objects;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The server a contract test class shares: started before its first test against a fake backend of its own (20 ms)
 * and the shared PostgreSQL, stopped after its last, the server before its backend; stopped too when its start failed
 * half-way. Register it as {@code @RegisterExtension static final SharedApp APP = new SharedApp(launcher);}.
 */
public final class SharedApp implements BeforeAllCallback, AfterAllCallback {
    private final ContractLauncher launcher;
    private FakeBackend backend;
    private ContractTarget target;

    public SharedApp(ContractLauncher launcher) {
        this.launcher = Objects.requireNonNull(launcher);
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        backend = new FakeBackend(20);
        target = launcher.start(backend, SharedPostgres.get());
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        try (FakeBackend b = backend;
                ContractTarget t = target) {
            target = null;
            backend = null;
        }
    }

    /** The started server. */
    public ContractTarget target() {
        if (target == null) {
            throw new IllegalStateException("not started: register it as a static @RegisterExtension field");
        }
        return target;
    }
}
