/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The sink: where results are written.  Standard output, fully buffered
 * when it is not a terminal, or the --output file, written as a temporary
 * file that replaces FILE once the run is over; the first write error is
 * kept for the end of the run.  Also the one page the test children share
 * with the parent for the output (the JSON comma count).
 */
#ifndef VDSOTEST_SINK_H
#define VDSOTEST_SINK_H

#include <stdbool.h>

/*
 * report_buffer_stdout - standard output, unless a terminal, fully buffered
 * (64 KiB): results are written when the output layer flushes them, whose
 * failure keeps its errno for report_flush().  (musl line-buffers files,
 * and a write that fails within printf(3) leaves only the error flag.)
 * Call it before anything is written to standard output.
 */
void report_buffer_stdout(void);

/*
 * report_open_output - --output: standard output becomes a new temporary
 * file in @path's directory, which report_close_output() renames over
 * @path, so that @path is never left half-written (@path, if it exists and
 * is not a regular file, such as /dev/null or a symbolic link, is written
 * directly); @path NULL or "-": nothing to do (standard output).
 * Return: 0, or STATUS_USAGE (exit 2: nothing run yet) after "vdsotest:
 * cannot write --output 'FILE': REASON" ("no file can be created in 'DIR':
 * REASON" when the temporary file could not be).
 */
int report_open_output(const char *path);

/*
 * report_close_output - after the last result: with @keep, the temporary
 * file of report_open_output() becomes FILE (renamed over it); without,
 * it is removed.  Nothing to do without --output.
 * Return: false after "vdsotest: --output 'FILE': REASON" if the rename
 * failed (the temporary file is then removed).
 */
bool report_close_output(bool keep);

/*
 * report_output_name - where results go, for messages: "'FILE'" of
 * --output, or "standard output".
 */
const char *report_output_name(void);

/*
 * report_flush - write out what standard output holds.
 * Return: false if any result could not be written (errno as fflush(3) or
 * the write that failed left it, e.g. ENOSPC, EBADF).
 */
bool report_flush(void);

/*
 * sink_flush - fflush(stdout), the first failure's errno kept for
 * report_flush().  Every result line is flushed at once: the test
 * children and the parent write to the same file, in turn.
 */
void sink_flush(void);

/*
 * sink_records_begin - start counting the records of a document (JSON
 * results, where each but the first is preceded by a comma) at 0.  With
 * @shared, the count is on one anonymous MAP_SHARED page mapped once per
 * process tree: the test children that print results are forked after
 * this call and must see each other's count (if mmap(2) fails, a message
 * on stderr and a private count: commas may then be missing).
 */
void sink_records_begin(bool shared);

/* sink_record_next - the count of records so far (from 0), then one more. */
unsigned sink_record_next(void);

#endif
