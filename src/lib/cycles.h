/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Cycles per call for bench --cycles: the CPU cycle counter through
 * perf_event_open(2) (PERF_COUNT_HW_CPU_CYCLES) where the kernel allows it;
 * else the architecture's constant-rate counter with its frequency (x86
 * TSC, arm64 CNTVCT_EL0); else nothing.  A frequency is only given when it
 * is known: from CPUID leaf 0x15, from CNTFRQ_EL0, or calibrated against
 * CLOCK_MONOTONIC_RAW and labelled so.
 */
#ifndef VDSOTEST_CYCLES_H
#define VDSOTEST_CYCLES_H

#include <stdbool.h>
#include <stdint.h>

enum cycles_source { CYCLES_NONE, CYCLES_PERF, CYCLES_TSC, CYCLES_CNTVCT, CYCLES_TIMEBASE };

/* What counts cycles in this run; found once, by cycles_probe(). */
struct cycles_info {
	enum cycles_source source;
	bool user_only;	   /* CYCLES_PERF: the kernel's cycles are not counted
				   (kernel.perf_event_paranoid forbids it) */
	uint64_t freq_hz;  /* CYCLES_TSC, CYCLES_CNTVCT: ticks per second */
	char how[96];	   /* how freq_hz is known, e.g. "CPUID leaf 0x15" */
	char why_not[160]; /* CYCLES_NONE: why, e.g. "perf_event_open: No such
				   file or directory; no constant-rate counter" */
};

/*
 * cycles_probe - find the best counter: open and close a
 * PERF_COUNT_HW_CPU_CYCLES event for the calling thread (user and kernel
 * cycles, else user only); else, on x86 with an invariant TSC (CPUID
 * 0x80000007 EDX bit 8), the TSC at the frequency of CPUID leaf 0x15, or
 * calibrated against CLOCK_MONOTONIC_RAW for 0.1 s; on arm64 CNTVCT_EL0 at
 * CNTFRQ_EL0.  Never fails: @info says CYCLES_NONE and why.
 */
void cycles_probe(struct cycles_info *info);

/*
 * cycles_open - make the counter of @info readable by the calling thread
 * (for CYCLES_PERF, open its event).
 * Return: a handle for cycles_read() (>= 0); -1 with errno if the perf
 * event cannot be opened.
 */
int cycles_open(const struct cycles_info *info);

/* cycles_read - the counter now (@fd from cycles_open()); 0 on CYCLES_NONE or a failed read. */
uint64_t cycles_read(const struct cycles_info *info, int fd);

/* cycles_close - release @fd from cycles_open(). */
void cycles_close(const struct cycles_info *info, int fd);

/*
 * cycles_describe - one line naming the counter into @buf, such as
 * "CPU cycles (perf_event_open, PERF_COUNT_HW_CPU_CYCLES)" or
 * "TSC ticks at 2100.00 MHz (calibrated against CLOCK_MONOTONIC_RAW)", or
 * "unavailable: WHY".
 */
void cycles_describe(const struct cycles_info *info, char *buf, size_t size);

/*
 * The counter bench --latency reads around each single call: the cheapest
 * the architecture has (x86 TSC if invariant, arm64 CNTVCT_EL0, powerpc
 * timebase), else the clock_gettime system call.
 */
struct latency_counter {
	enum cycles_source source; /* CYCLES_TSC, CYCLES_CNTVCT, CYCLES_TIMEBASE,
					   or CYCLES_NONE: clock_gettime(CLOCK_MONOTONIC)
					   through the system call, in ns */
	bool fenced;		   /* x86: LFENCE before and after RDTSC (SSE2) */
	uint64_t freq_hz;	   /* ticks per second (10^9 for the system call) */
	char how[96];		   /* how freq_hz is known */
};

/* latency_counter_probe - choose @c's counter and find its frequency (as cycles_probe()). */
void latency_counter_probe(struct latency_counter *c);

/* latency_counter_read - the counter of @c now, in its ticks. */
uint64_t latency_counter_read(const struct latency_counter *c);

/*
 * latency_counter_describe - "TSC ticks at 2100.00 MHz (CPUID leaf 0x15)",
 * or "the clock_gettime system call (no cheaper counter here)", into @buf.
 */
void latency_counter_describe(const struct latency_counter *c, char *buf, size_t size);

/* cycles_source_name - "perf", "tsc", "cntvct", "timebase" or "none". */
const char *cycles_source_name(enum cycles_source s);

#endif
