package io.github.informerguard.analyzer.rules.gone;

import io.github.informerguard.analyzer.rules.ClientJavaGuard;
import io.github.informerguard.analyzer.rules.FindingText;

/** The text of MissingGoneHandling findings: what is missing (message), the mechanics of a 410 and the fix (detail). */
final class GoneMessages {

  private GoneMessages() {}

  static FindingText fabric8(String watcher, String where, boolean handlesErrorAction, boolean fourX) {
    String check = fourX ? "e.getCode() == 410" : "e.isHttpGone()";
    return new FindingText(
        "onClose of " + watcher + " (" + where + ") ignores HTTP 410 Gone: it neither checks " + check
            + " nor re-lists and re-watches.",
        "When etcd has compacted away the resourceVersion the watch resumes from, the API server answers 410 Gone:"
            + " fabric8's raw watch then ends and calls onClose(e) with " + (fourX ? "e.getCode() 410" : "e.isHttpGone() true")
            + ", and does not re-list or re-watch by itself, so this watch silently stops delivering events."
            + (handlesErrorAction
                ? " The Action.ERROR case in eventReceived does not cover this: a 410 Status never reaches eventReceived."
                : " A 410 never arrives in eventReceived as Action.ERROR.")
            + " On " + check + ", list() again and watch from the list's resourceVersion, off the watch thread and"
            + " with backoff; or use informer-guard's GuardedInformer (InformerGuard.inform(resources, handler)),"
            + " which re-lists on 410 with jittered backoff and a shared RelistBudget.");
  }

  static FindingText fabric8EndsWaiter(String watcher, String where, String waiter) {
    return new FindingText(
        "onClose of " + watcher + " (" + where + ") releases " + waiter
            + " without looking at the cause, so a 410 Gone ends the wait as a success would.",
        "A watch that ends with 410 Gone (its resourceVersion compacted away), a dropped connection or an error"
            + " calls onClose(e); counting the waiter down or completing its future there, without looking at e,"
            + " lets the waiting code carry on as though the event it waited for had arrived. Fail the waiter on"
            + " e != null (completeExceptionally(e), or record the error and check it after await), and on"
            + " e.isHttpGone() list again and watch from the list's resourceVersion.");
  }

  static FindingText fabric8ExitsProcess(String watcher, String where, String exit, boolean fourX) {
    String check = fourX ? "e.getCode() == 410" : "e.isHttpGone()";
    return new FindingText(
        "onClose of " + watcher + " (" + where + ") calls " + exit + " on any close without checking " + check
            + ", so a routine 410 Gone kills the process.",
        "The API server answers 410 Gone whenever etcd has compacted away the resourceVersion a watch resumes"
            + " from, which happens on any cluster as a matter of course; fabric8 then ends the watch and calls"
            + " onClose(e). Exiting there restarts the whole process (every other task, watch and request it runs"
            + " is cut off) for a condition that a re-list fixes: on " + check + ", list() again and watch from"
            + " the list's resourceVersion, and keep exiting for errors that are really fatal; or use"
            + " informer-guard's GuardedInformer (InformerGuard.inform(resources, handler)), which re-lists on 410"
            + " with jittered backoff.");
  }

  static FindingText clientJava(String watchedCall) {
    return new FindingText(
        "Watch.createWatch(" + watchedCall + ") is iterated with no HTTP 410 Gone handling (no ERROR event status"
            + " 410, no ApiException code 410).",
        "When etcd has compacted away the requested resourceVersion, createWatch throws ApiException with code"
            + " 410, or the stream delivers an ERROR event (object null, status.code 410) and ends; watching again"
            + " from the same resourceVersion fails the same way forever, and reading resp.object throws"
            + " NullPointerException. On 410, list again and watch from the list's resourceVersion, with backoff;"
            + " or use an informer instead of the loop." + ClientJavaGuard.recommend("its informers re-list on 410"
            + " (paginated, consistent reads) and re-watch from the list's resourceVersion, deliver the deletes"
            + " missed meanwhile, and back off with full jitter under a RelistBudget shared by all informers"));
  }
  static FindingText clientJavaGoneOnlyThrown(String watchedCall) {
    return new FindingText(
        "Watch.createWatch(" + watchedCall + ") is iterated with 410 Gone handled only as an ApiException, but a"
            + " watch's 410 arrives as an ERROR event.",
        "When etcd has compacted away the requested resourceVersion, the API server accepts the watch (HTTP 200)"
            + " and sends one ERROR event (object null, status.code 410), then ends the stream; iterating a Watch never throws it as"
            + " an ApiException, so the catch that tests getCode() == 410 is not reached. The loop then reads"
            + " resp.object (null) or watches again from the same expired resourceVersion, which fails the same way"
            + " on every pass. Test resp.type for ERROR and resp.status.getCode() for 410 inside the loop: on 410, list"
            + " again and watch from the list's resourceVersion, with backoff; or use an informer instead of the"
            + " loop." + ClientJavaGuard.recommend("its informers re-list on 410"
            + " (paginated, consistent reads) and re-watch from the list's resourceVersion, deliver the deletes"
            + " missed meanwhile, and back off with full jitter under a RelistBudget shared by all informers"));
  }
}
