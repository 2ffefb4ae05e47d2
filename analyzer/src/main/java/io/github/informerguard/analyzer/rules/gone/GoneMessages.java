package io.github.informerguard.analyzer.rules.gone;

/** The text of MissingGoneHandling findings: what is missing, the mechanics of a 410, the fix. */
final class GoneMessages {

  private static final int MAX_TEXT = 80;

  private GoneMessages() {}

  static String fabric8(String watched, boolean handlesErrorAction) {
    return "onClose(WatcherException) of this Watcher (passed to " + watched + ".watch(...)) neither checks"
        + " e.isHttpGone() (or a status code of 410) nor re-lists and re-watches. When etcd has compacted away the"
        + " resourceVersion the watch resumes from, the API server answers 410 Gone: fabric8's raw watch then ends"
        + " and calls onClose(e) with e.isHttpGone() true, and does not re-list or re-watch by itself, so this watch"
        + " silently stops delivering events."
        + (handlesErrorAction
            ? " The Action.ERROR case in eventReceived does not cover this: a 410 Status never reaches eventReceived."
            : " A 410 never arrives in eventReceived as Action.ERROR.")
        + " On e.isHttpGone(), list() again and watch from the list's resourceVersion, off the watch thread and with"
        + " backoff; or use informer-guard's GuardedInformer (InformerGuard.inform(resources, handler)), which"
        + " re-lists on 410 with jittered backoff and a shared RelistBudget.";
  }

  static String clientJava(String watchedCall) {
    return "Watch.createWatch(" + watchedCall + ") is iterated with no HTTP 410 Gone handling: no ERROR event"
        + " whose status code is checked against 410, and no ApiException with getCode() == 410. When etcd has"
        + " compacted away the requested resourceVersion, createWatch throws ApiException with code 410, or the"
        + " stream delivers an ERROR event (object null, status.code 410) and ends; watching again from the same"
        + " resourceVersion fails the same way forever, and reading resp.object throws NullPointerException. On"
        + " 410, list again and watch from the list's resourceVersion, with backoff; or use an informer, which"
        + " re-lists by itself (informer-guard's GuardedInformer does this with jittered backoff and a shared"
        + " RelistBudget).";
  }

  static String shorten(String code) {
    String flat = code.replaceAll("\\s+", " ").trim();
    return flat.length() <= MAX_TEXT ? flat : flat.substring(0, MAX_TEXT - 3) + "...";
  }
}
