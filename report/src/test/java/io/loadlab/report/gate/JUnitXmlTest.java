package io.loadlab.report.gate;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class JUnitXmlTest {
    @Test
    void oneCasePerCheckAndAFailureElementForEachFailedOne() throws Exception {
        String xml = JUnitXml.render(
                "loadlab load",
                List.of(new JUnitXml.Suite(
                        "http://127.0.0.1/<&>\"",
                        List.of(
                                new JUnitXml.Case("p99<2s", null, "p99 = 1.2ms"),
                                new JUnitXml.Case("p99<1us", "p99 = 1.2ms", "p99 = 1.2ms")))));
        Document d = DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        Element root = d.getDocumentElement();
        assertThat(root.getTagName()).isEqualTo("testsuites");
        assertThat(root.getAttribute("tests")).isEqualTo("2");
        assertThat(root.getAttribute("failures")).isEqualTo("1");
        Element suite = (Element) root.getElementsByTagName("testsuite").item(0);
        assertThat(suite.getAttribute("name")).isEqualTo("http://127.0.0.1/<&>\"");
        NodeList cases = suite.getElementsByTagName("testcase");
        assertThat(cases.getLength()).isEqualTo(2);
        Element ok = (Element) cases.item(0);
        Element failed = (Element) cases.item(1);
        assertThat(ok.getAttribute("name")).isEqualTo("p99<2s");
        assertThat(ok.getElementsByTagName("failure").getLength()).isZero();
        Element failure = (Element) failed.getElementsByTagName("failure").item(0);
        assertThat(failure.getAttribute("message")).isEqualTo("p99 = 1.2ms");
    }
}
