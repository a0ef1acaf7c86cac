/**
 * The settings record every model announces at {@code GET /settings} ({@link ServerSettings}): one typed form, written
 * by one dependency-free writer ({@link SettingsJson}, which the framework applications use too) and read by the lab
 * once ({@link SettingsReader}). {@link SettingsSchema} derives from the record which fields a model must report and
 * which the parity check compares. Nothing here may need a library at run time but the reader: the framework
 * applications carry these classes without Jackson.
 */
package io.loadlab.core.settings;
