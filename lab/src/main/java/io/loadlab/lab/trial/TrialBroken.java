package io.loadlab.lab.trial;

/** A trial that cannot be measured because the app is broken: its message is the reason of its APP_BROKEN. */
final class TrialBroken extends Exception {
    TrialBroken(String reason) {
        super(reason, null, false, false);
    }
}
