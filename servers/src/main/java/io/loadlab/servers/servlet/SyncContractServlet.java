package io.loadlab.servers.servlet;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.function.Supplier;

/** servlet-sync: the container thread itself sleeps, calls the backend blocking, runs JDBC, then writes. */
final class SyncContractServlet extends ContractServlet {
    private final transient Work work;

    SyncContractServlet(Supplier<byte[]> settingsJson, Work work) {
        super(settingsJson);
        this.work = work;
    }

    @Override
    void await(HttpServletRequest req, HttpServletResponse res, Wait wait) throws IOException {
        write(res, wait.blocking().apply(work));
    }
}
