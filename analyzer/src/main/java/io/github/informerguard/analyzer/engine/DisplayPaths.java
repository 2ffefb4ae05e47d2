package io.github.informerguard.analyzer.engine;

import java.io.File;
import java.nio.file.Path;

/** How reports show a file: relative to the working directory when under it, always with '/'. */
public final class DisplayPaths {

  private final Path workingDirectory;

  public DisplayPaths(Path workingDirectory) {
    this.workingDirectory = workingDirectory.toAbsolutePath().normalize();
  }

  public String show(Path file) {
    Path abs = file.toAbsolutePath().normalize();
    Path shown = abs.startsWith(workingDirectory) ? workingDirectory.relativize(abs) : abs;
    return shown.toString().replace(File.separatorChar, '/');
  }
}
