package io.github.informerguard.analyzer.model;

/**
 * Prints the API model's size and the time its first use takes to load it, for the analyzer
 * benchmark: {@code java -cp informer-guard.jar io.github.informerguard.analyzer.model.ApiModelInfo}.
 */
public final class ApiModelInfo {

  private ApiModelInfo() {}

  public static void main(String[] args) {
    ApiModel model = ApiModel.get();
    System.out.printf("bytes=%d types=%d members=%d lines=%d loadMs=%.1f loadCpuMs=%.1f%n", model.resourceBytes(),
        model.typeCount(), model.memberCount(), model.lines().size(), model.loadNanos() / 1e6, model.loadCpuNanos() / 1e6);
    System.out.println("lineNames=" + String.join(",", model.lines()));
  }
}
