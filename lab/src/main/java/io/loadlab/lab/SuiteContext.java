package io.loadlab.lab;

import io.loadlab.lab.deps.Backend;
import io.loadlab.lab.deps.Database;
import io.loadlab.lab.proc.ChildLauncher;
import io.loadlab.lab.proc.ProcessRegistry;
import io.loadlab.lab.spec.CpuSplit;
import io.loadlab.lab.spec.SuiteSpec;
import io.loadlab.lab.store.ResultsStore;

/**
 * What every trial of a suite shares: the spec, the effective CPU split, the process machinery, the results store
 * and the dependencies started once per suite ({@code backend}, {@code database} and its PID when embedded; each null
 * when no scenario needs it).
 */
record SuiteContext(
        SuiteSpec spec,
        CpuSplit cpus,
        ProcessRegistry registry,
        ChildLauncher launcher,
        ResultsStore store,
        Backend backend,
        Database database,
        long databasePid,
        LabListener listener) {}
