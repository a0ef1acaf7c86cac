/**
 * The lab's entry: {@link io.loadlab.lab.Lab} runs a suite (its dependencies once, then every trial in order, each
 * written as soon as it is judged), telling a {@link io.loadlab.lab.LabListener} what happens. Every process it starts
 * is ended by PID on every way out.
 */
package io.loadlab.lab;
