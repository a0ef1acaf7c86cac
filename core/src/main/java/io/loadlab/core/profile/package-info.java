/**
 * Self time per frame from collapsed stacks, as a profile's top frames: the lab writes them into a trial's results,
 * the report draws and compares them.
 */
package io.loadlab.core.profile;
