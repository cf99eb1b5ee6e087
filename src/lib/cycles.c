// SPDX-License-Identifier: GPL-2.0-or-later
/* Cycle counters for bench --cycles; see cycles.h. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifdef HAVE_LINUX_PERF_EVENT_H
#include <linux/perf_event.h>
#endif
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <x86intrin.h>
#endif

#include "lib/cycles.h"
#include "lib/sysclock.h"

#if defined(HAVE_LINUX_PERF_EVENT_H) && defined(SYS_perf_event_open)
/* A PERF_COUNT_HW_CPU_CYCLES event of the calling thread, on any CPU. */
static int perf_open(bool user_only)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_HARDWARE;
	attr.size = sizeof(attr);
	attr.config = PERF_COUNT_HW_CPU_CYCLES;
	attr.exclude_kernel = user_only;
	attr.exclude_hv = 1;
	return (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
}
#else
static int perf_open(bool user_only)
{
	(void)user_only;
	errno = ENOSYS;
	return -1;
}
#endif

/* CLOCK_MONOTONIC_RAW by the system call, in ns; 0 on failure. */
static uint64_t raw_ns(void)
{
	return sysclock_ns(CLOCK_MONOTONIC_RAW);
}

#if defined(__x86_64__) || defined(__i386__)
static uint64_t counter(void)
{
	return __rdtsc();
}

/* The TSC if it is invariant, with its frequency; false with @why_not. */
static bool constant_counter(struct cycles_info *info)
{
	unsigned a, b, c, d;

	if (!__get_cpuid(0x80000007, &a, &b, &c, &d) || !(d & (1u << 8))) {
		snprintf(info->why_not, sizeof(info->why_not),
			 "the TSC is not invariant (CPUID 0x80000007 EDX bit 8)");
		return false;
	}
	info->source = CYCLES_TSC;
	/* Leaf 0x15: TSC = crystal (ECX Hz) * EBX / EAX, when all are given. */
	if (__get_cpuid_count(0x15, 0, &a, &b, &c, &d) && a && b && c) {
		info->freq_hz = (uint64_t)c * b / a;
		snprintf(info->how, sizeof(info->how), "CPUID leaf 0x15");
		return true;
	}
	return false; /* frequency unknown: the caller calibrates */
}
#elif defined(__aarch64__)
static uint64_t counter(void)
{
	uint64_t v;

	__asm__ volatile("isb\n\tmrs %0, cntvct_el0" : "=r"(v));
	return v;
}

static bool constant_counter(struct cycles_info *info)
{
	uint64_t f;

	__asm__ volatile("mrs %0, cntfrq_el0" : "=r"(f));
	info->source = CYCLES_CNTVCT;
	if (!f)
		return false;
	info->freq_hz = f;
	snprintf(info->how, sizeof(info->how), "CNTFRQ_EL0");
	return true;
}
#elif defined(__powerpc__)
static uint64_t counter(void)
{
	return __builtin_ppc_get_timebase();
}

/* The timebase runs at a constant rate; its frequency is calibrated. */
static bool constant_counter(struct cycles_info *info)
{
	info->source = CYCLES_TIMEBASE;
	return false;
}
#else
static uint64_t counter(void)
{
	return 0;
}

static bool constant_counter(struct cycles_info *info)
{
	snprintf(info->why_not, sizeof(info->why_not),
		 "no constant-rate counter known on this architecture");
	return false;
}
#endif

/* The counter's ticks per second measured over 0.1 s of CLOCK_MONOTONIC_RAW. */
static bool calibrate(struct cycles_info *info)
{
	uint64_t t0 = raw_ns(), c0 = counter(), t1, c1;

	if (!t0)
		return false;
	do {
		t1 = raw_ns();
	} while (t1 && t1 - t0 < 100000000u);
	c1 = counter();
	if (!t1 || c1 <= c0)
		return false;
	info->freq_hz = (uint64_t)((double)(c1 - c0) * 1e9 / (double)(t1 - t0) + 0.5);
	snprintf(info->how, sizeof(info->how), "calibrated against CLOCK_MONOTONIC_RAW over 0.1 s");
	return true;
}

void cycles_probe(struct cycles_info *info)
{
	char reason[sizeof(info->why_not)];
	int fd, perf_errno;

	memset(info, 0, sizeof(*info));
	if ((fd = perf_open(false)) < 0 && (errno == EACCES || errno == EPERM)) {
		fd = perf_open(true);
		info->user_only = fd >= 0;
	}
	if (fd >= 0) {
		close(fd);
		info->source = CYCLES_PERF;
		return;
	}
	perf_errno = errno;
	if (constant_counter(info) || (info->source != CYCLES_NONE && calibrate(info)))
		return;
	snprintf(reason, sizeof(reason), "%s",
		 info->source != CYCLES_NONE ? "the counter's frequency cannot be determined"
					     : info->why_not);
	info->source = CYCLES_NONE;
	snprintf(info->why_not, sizeof(info->why_not), "perf_event_open: %.40s; %.100s",
		 strerror(perf_errno), reason);
}

int cycles_open(const struct cycles_info *info)
{
	return info->source == CYCLES_PERF ? perf_open(info->user_only) : 0;
}

uint64_t cycles_read(const struct cycles_info *info, int fd)
{
	uint64_t v = 0;

	switch (info->source) {
	case CYCLES_PERF:
		if (read(fd, &v, sizeof(v)) != (ssize_t)sizeof(v))
			v = 0;
		return v;
	case CYCLES_TSC:
	case CYCLES_CNTVCT:
	case CYCLES_TIMEBASE:
		return counter();
	default:
		return 0;
	}
}

void cycles_close(const struct cycles_info *info, int fd)
{
	if (info->source == CYCLES_PERF && fd >= 0)
		close(fd);
}

void cycles_describe(const struct cycles_info *info, char *buf, size_t size)
{
	switch (info->source) {
	case CYCLES_PERF:
		snprintf(buf, size, "CPU cycles (perf_event_open, PERF_COUNT_HW_CPU_CYCLES%s)",
			 info->user_only ? ", user space only" : "");
		break;
	case CYCLES_TSC:
	case CYCLES_CNTVCT:
	case CYCLES_TIMEBASE:
		snprintf(buf, size, "%s ticks at %.2f MHz (%s)",
			 info->source == CYCLES_TSC	 ? "TSC"
			 : info->source == CYCLES_CNTVCT ? "CNTVCT_EL0"
							 : "timebase",
			 (double)info->freq_hz / 1e6, info->how);
		break;
	default:
		snprintf(buf, size, "unavailable: %s", info->why_not);
		break;
	}
}

const char *cycles_source_name(enum cycles_source s)
{
	static const char *const names[] = {
		[CYCLES_NONE] = "none",	    [CYCLES_PERF] = "perf",	    [CYCLES_TSC] = "tsc",
		[CYCLES_CNTVCT] = "cntvct", [CYCLES_TIMEBASE] = "timebase",
	};
	return (unsigned)s < sizeof(names) / sizeof(names[0]) ? names[s] : "?";
}

void latency_counter_probe(struct latency_counter *c)
{
	struct cycles_info ci;

	memset(c, 0, sizeof(*c));
	memset(&ci, 0, sizeof(ci));
	if (constant_counter(&ci) || (ci.source != CYCLES_NONE && calibrate(&ci))) {
		c->source = ci.source;
		c->freq_hz = ci.freq_hz;
		snprintf(c->how, sizeof(c->how), "%s", ci.how);
#if defined(__x86_64__) || defined(__i386__)
		unsigned a, b, cx, d;
		c->fenced = __get_cpuid(1, &a, &b, &cx, &d) && (d & (1u << 26)); /* SSE2 */
#endif
		return;
	}
	c->source = CYCLES_NONE;
	c->freq_hz = 1000000000u;
	snprintf(c->how, sizeof(c->how), "nanoseconds");
}

uint64_t latency_counter_read(const struct latency_counter *c)
{
	switch (c->source) {
#if defined(__x86_64__) || defined(__i386__)
	case CYCLES_TSC:
		if (c->fenced) {
			uint64_t v;
			__asm__ volatile("lfence" ::: "memory");
			v = __rdtsc();
			__asm__ volatile("lfence" ::: "memory");
			return v;
		}
		return __rdtsc();
#endif
	case CYCLES_CNTVCT:
	case CYCLES_TIMEBASE:
		return counter();
	default:
		return sysclock_ns(CLOCK_MONOTONIC);
	}
}

void latency_counter_describe(const struct latency_counter *c, char *buf, size_t size)
{
	struct cycles_info ci = { .source = c->source, .freq_hz = c->freq_hz };

	if (c->source == CYCLES_NONE) {
		snprintf(buf, size, "the clock_gettime system call (no cheaper counter here)");
		return;
	}
	snprintf(ci.how, sizeof(ci.how), "%s", c->how);
	cycles_describe(&ci, buf, size);
}
