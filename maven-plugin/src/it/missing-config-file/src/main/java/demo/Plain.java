package demo;

public final class Plain {}
