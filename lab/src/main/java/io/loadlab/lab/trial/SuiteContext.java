package io.loadlab.lab.trial;

import io.loadlab.lab.LabListener;
import io.loadlab.lab.child.ChildLauncher;
import io.loadlab.lab.deps.Dependencies;
import io.loadlab.lab.spec.CpuSplit;
import io.loadlab.lab.spec.LabSetup;
import io.loadlab.lab.spec.SuitePlan;
import io.loadlab.lab.store.ResultsStore;

/**
 * What every trial of a suite shares: what to run and where, the effective CPU split, the child launcher, the
 * results store, the dependencies started once, and the listener.
 */
public record SuiteContext(
        SuitePlan plan,
        LabSetup setup,
        CpuSplit cpus,
        ChildLauncher launcher,
        ResultsStore store,
        Dependencies dependencies,
        LabListener listener) {}
