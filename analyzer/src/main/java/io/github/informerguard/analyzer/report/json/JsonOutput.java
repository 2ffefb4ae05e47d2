package io.github.informerguard.analyzer.report.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.io.Writer;
import java.util.Iterator;
import java.util.Map;
import java.util.function.Function;

/**
 * Writes a JSON report document, indented, without closing the caller's writer.
 *
 * <p>The tree is written with Jackson's streaming generator and the same pretty printer that
 * {@code ObjectMapper}'s {@code INDENT_OUTPUT} uses, not through an {@code ObjectMapper}: setting
 * one up costs more on its first use in a JVM (a Maven build's plugin realm, a CLI run) than
 * writing the report, and reports need none of its data binding.
 */
public final class JsonOutput {

  private static final JsonFactory JSON = new JsonFactory();

  private JsonOutput() {}

  public static void write(Writer out, Function<JsonNodeFactory, JsonNode> document) throws IOException {
    write(out, document.apply(JsonNodeFactory.instance));
  }

  public static void write(Writer out, JsonNode document) throws IOException {
    try (JsonGenerator g = JSON.createGenerator(out).disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)) {
      g.setPrettyPrinter(new DefaultPrettyPrinter());
      write(g, document);
    }
    out.write(System.lineSeparator());
    out.flush();
  }

  private static void write(JsonGenerator g, JsonNode node) throws IOException {
    switch (node.getNodeType()) {
      case OBJECT -> {
        g.writeStartObject();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
          Map.Entry<String, JsonNode> field = it.next();
          g.writeFieldName(field.getKey());
          write(g, field.getValue());
        }
        g.writeEndObject();
      }
      case ARRAY -> {
        g.writeStartArray();
        for (JsonNode element : node) {
          write(g, element);
        }
        g.writeEndArray();
      }
      case STRING -> g.writeString(node.textValue());
      case BOOLEAN -> g.writeBoolean(node.booleanValue());
      case NULL -> g.writeNull();
      case NUMBER -> {
        switch (node.numberType()) {
          case INT -> g.writeNumber(node.intValue());
          case LONG -> g.writeNumber(node.longValue());
          case BIG_INTEGER -> g.writeNumber(node.bigIntegerValue());
          case FLOAT -> g.writeNumber(node.floatValue());
          case DOUBLE -> g.writeNumber(node.doubleValue());
          case BIG_DECIMAL -> g.writeNumber(node.decimalValue());
        }
      }
      default -> throw new IOException("a report holds no " + node.getNodeType() + " node");
    }
  }
}
