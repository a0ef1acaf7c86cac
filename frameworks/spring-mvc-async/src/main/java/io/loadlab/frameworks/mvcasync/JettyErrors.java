package io.loadlab.frameworks.mvcasync;

import io.loadlab.frameworks.common.ContractText;
import java.nio.ByteBuffer;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;
import org.springframework.http.ResponseEntity;

/**
 * Jetty's own refusals, made before Spring sees a request (a malformed request 400, a request line or headers over
 * 8 KiB 414/431), answered as the contract's one-line JSON errors with its headers instead of Jetty's HTML page; 400,
 * 413 and 431 close the connection.
 */
final class JettyErrors extends ErrorHandler {
    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        int status = response.getStatus();
        if (request.getAttribute(ERROR_STATUS) instanceof Integer s) {
            status = s;
        }
        ResponseEntity<byte[]> answer = Answers.refusal(status, null);
        response.setStatus(answer.getStatusCode().value());
        HttpFields.Mutable h = response.getHeaders();
        h.put(HttpHeader.SERVER, ContractText.SERVER);
        answer.getHeaders().forEach((name, values) -> h.put(name, values.getFirst()));
        response.write(true, ByteBuffer.wrap(answer.getBody()), callback);
        return true;
    }

    @Override
    public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
        ResponseEntity<byte[]> answer = Answers.refusal(status, null);
        fields.put(HttpHeader.CONTENT_TYPE, ContractText.APPLICATION_JSON);
        fields.put(new HttpField(HttpHeader.SERVER, ContractText.SERVER));
        return ByteBuffer.wrap(answer.getBody());
    }
}
