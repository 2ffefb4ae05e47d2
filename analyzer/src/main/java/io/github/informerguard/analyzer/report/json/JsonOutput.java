package io.github.informerguard.analyzer.report.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.Writer;
import java.util.function.Function;

/** Writes a JSON report document, indented, without closing the caller's writer. */
public final class JsonOutput {

  private JsonOutput() {}

  public static void write(Writer out, Function<ObjectMapper, JsonNode> document) throws IOException {
    ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
        .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
    mapper.writeValue(out, document.apply(mapper));
    out.write(System.lineSeparator());
    out.flush();
  }
}
