/**
 * Load agents on Kubernetes: the Indexed Job that runs N agents, each pod's size from the host's connection ceiling,
 * then submit, wait, collect and merge. The only package that uses the fabric8 client; only the command line depends
 * on it.
 */
package io.loadlab.k8s;
