package io.github.informerguard.analyzer.model;

/** What methods and fields of a model type share: owner, name, access flags, client lines. */
public abstract class ModelMember {

  private final ModelType owner;
  private final String name;
  private final int flags;
  private final long lines;

  ModelMember(ModelType owner, String name, int flags, long lines) {
    this.owner = owner;
    this.name = name;
    this.flags = flags;
    this.lines = lines;
  }

  public ModelType declaringType() {
    return owner;
  }

  public String name() {
    return name;
  }

  /** The client lines that have this member, as a bit set over {@link ApiModel#lines()}. */
  public long lines() {
    return lines;
  }

  public boolean isStatic() {
    return (flags & ModelFormat.STATIC) != 0;
  }

  final int flags() {
    return flags;
  }
}
