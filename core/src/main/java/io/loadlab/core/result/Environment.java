package io.loadlab.core.result;

import java.util.List;
import java.util.Map;

/** {@code environment.json}: the machine and software a suite ran on, so that results can be reproduced. */
public record Environment(
        String hostname,
        String cpuModel,
        int cpusOnline,
        int cpusUsable,
        long memoryBytes,
        String kernel,
        String os,
        String jdk,
        String jdkVendor,
        List<String> jvmFlags,
        String loadlabVersion,
        String gitCommit,
        Map<String, Object> limits,
        Map<String, String> cpuSplit,
        String recordedAt) {}
