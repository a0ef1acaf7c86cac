package io.loadlab.frameworks.mvcasync;

import io.loadlab.frameworks.common.ContractText;
import io.loadlab.frameworks.common.ZipCode;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.InputStream;
import org.springframework.stereotype.Component;

/**
 * The waiting routes' inputs checked on the Jetty thread (as the reference servlets do) and turned into the blocking
 * {@link Job} a worker runs: {@code Thread.sleep}, the blocking backend call, JDBC.
 */
@Component
class Jobs {
    private final BackendClient backend;
    private final ZipCodes zipCodes;

    Jobs(BackendClient backend, ZipCodes zipCodes) {
        this.backend = backend;
        this.zipCodes = zipCodes;
    }

    Job delay(String query) {
        int ms = ContractText.delayMillis(ContractText.msParameter(query));
        if (ms < 0) {
            return Job.refuse(Answers.error(400, ContractText.BAD_DELAY));
        }
        return Job.of(() -> {
            Thread.sleep(ms);
            return Answers.text(ContractText.DELAYED);
        });
    }

    Job backend() {
        return Job.of(backend::hello);
    }

    Job find(String zip) {
        return ContractText.isValidZip(zip)
                ? Job.of(() -> zipCodes.find(zip))
                : Job.refuse(Answers.error(400, ContractText.BAD_ZIP));
    }

    /** Reads the body with the servlet's blocking stream on the Jetty thread, as {@code @RequestBody} would. */
    Job upsert(HttpServletRequest request) {
        byte[] body;
        try (InputStream in = request.getInputStream()) {
            body = in.readNBytes((int) ContractText.MAX_BODY_BYTES + 1);
        } catch (IOException e) {
            return Job.refuse(Answers.refusal(400, null));
        }
        if (body.length > ContractText.MAX_BODY_BYTES) {
            return Job.refuse(Answers.refusal(413, null));
        }
        try {
            ZipCode row = zipCodes.parse(body);
            return Job.of(() -> zipCodes.upsert(row));
        } catch (ZipCode.BadRequest e) {
            return Job.refuse(Answers.error(400, e.getMessage()));
        }
    }
}
