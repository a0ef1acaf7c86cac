package io.loadlab.frameworks.springmvc;

import io.loadlab.frameworks.common.ContractText;
import io.loadlab.frameworks.common.Reasons;
import io.loadlab.frameworks.common.ZipCode;
import org.springframework.dao.DataAccessException;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code POST /zipcodes} (query-or-insert) and {@code GET /zipcodes/{zip}} over {@link ZipCodes}, or 503 when no
 * database is configured. The body is read whole as bytes (at most 1 MiB, see {@link BodyLimitFilter}) and parsed with
 * Spring Boot's JSON mapper, so that any content type is read and each bad body gets the contract's reason. A row is
 * answered as bytes of a known length: the contract wants {@code Content-Length}, which Spring's streaming JSON writer
 * leaves to chunked encoding.
 */
@RestController
class ZipCodeController {
    private final ZipCodes zipCodes;
    private final JsonMapper json;

    ZipCodeController(ZipCodes zipCodes, JsonMapper json) {
        this.zipCodes = zipCodes;
        this.json = json;
    }

    @PostMapping("/zipcodes")
    ResponseEntity<byte[]> upsert(@RequestBody(required = false) byte[] body) {
        ZipCode row;
        try {
            row = ZipCode.of(json.readValue(body == null ? new byte[0] : body, Object.class));
        } catch (JacksonException e) {
            return Answers.error(400, ContractText.NOT_JSON);
        } catch (ZipCode.BadRequest e) {
            return Answers.error(400, e.getMessage());
        }
        if (!zipCodes.configured()) {
            return Answers.error(503, ContractText.NO_DATABASE);
        }
        ZipCodes.Upsert u = zipCodes.upsert(row);
        return Answers.json(u.created() ? 201 : 200, u.row().toJson());
    }

    @GetMapping("/zipcodes/{zip}")
    ResponseEntity<byte[]> find(@PathVariable String zip) {
        if (!ContractText.isValidZip(zip)) {
            return Answers.error(400, ContractText.BAD_ZIP);
        }
        if (!zipCodes.configured()) {
            return Answers.error(503, ContractText.NO_DATABASE);
        }
        return zipCodes.find(zip)
                .map(row -> Answers.json(200, row.toJson()))
                .orElseGet(() -> Answers.error(404, ContractText.NO_SUCH_ZIP));
    }

    /** The 503 of a failed database call, as the reference servers answer it. */
    static ResponseEntity<byte[]> failed(DataAccessException e) {
        return Answers.error(503, Reasons.database(e));
    }
}
