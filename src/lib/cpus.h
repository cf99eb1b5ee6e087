/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Affinity masks of any size, and pinning threads to one CPU. */
#ifndef VDSOTEST_CPUS_H
#define VDSOTEST_CPUS_H

#include <sched.h>
#include <stdbool.h>
#include <stddef.h>

/* An affinity mask of any size (more than CPU_SETSIZE CPUs too). */
struct cpu_mask {
	cpu_set_t *set; /* CPU_ALLOC()ed; free with cpu_mask_free() */
	size_t size;	/* bytes, for the CPU_*_S macros */
	unsigned ncpus; /* CPUs the set can hold */
};

/*
 * cpu_mask_get - read the calling thread's affinity mask
 * (sched_getaffinity(2)), growing the set from 1024 CPUs until the
 * kernel's mask fits (up to 2^20 CPUs).
 *
 * Return: true, @m filled; false with errno set (ENOMEM, or the errno of
 * sched_getaffinity()), @m->set NULL.
 */
bool cpu_mask_get(struct cpu_mask *m);

/* cpu_mask_free - free @m's set; @m->set NULL is allowed. */
void cpu_mask_free(struct cpu_mask *m);

/* cpu_mask_count - number of CPUs in @m (0 to @m->ncpus). */
unsigned cpu_mask_count(const struct cpu_mask *m);

/*
 * cpu_mask_nth - the @n-th CPU (counting from 0, ascending CPU numbers)
 * in @m.
 *
 * Return: the CPU number, or -1 when @m holds no more than @n CPUs.
 */
int cpu_mask_nth(const struct cpu_mask *m, unsigned n);

/*
 * cpu_pin - restrict the calling thread to CPU @cpu alone
 * (sched_setaffinity(2) with pid 0 acts on the calling thread only).
 *
 * Return: 0; or -1 with errno (EINVAL: @cpu is not allowed, e.g. offline
 * or outside the cpuset; ENOMEM).
 */
int cpu_pin(unsigned cpu);

/*
 * cpu_allowed_now - may the calling thread run on @cpu: is it in @m (a
 * copy of its affinity mask taken earlier), or else in its mask now?  The
 * kernel widens the mask of a thread whose CPUs all went offline (CPU
 * hotplug), and a cpuset change rewrites it: a CPU outside the copy is
 * only wrong if it is outside the current mask too.  When the mask cannot
 * be read, the answer is false.
 */
bool cpu_allowed_now(const struct cpu_mask *m, unsigned cpu);

/*
 * cpu_still_pinned - is the calling thread still restricted to @cpu alone
 * (no CPU hotplug or cpuset change since cpu_pin())?  When the mask
 * cannot be read, the answer is true.
 */
bool cpu_still_pinned(unsigned cpu);

/* The highest CPU number a CPU list may name (cpu_mask_get()'s limit). */
#define CPU_LIST_MAX_CPU ((1u << 20) - 1)

/*
 * cpu_list_parse - parse a CPU list such as "1", "0,2" or "0-3,8" (the
 * kernel's list format: decimal CPU numbers and ranges LOW-HIGH, separated
 * by commas; Documentation/admin-guide/cgroup-v1/cpusets.rst, "List
 * format") into @m, a new mask of every CPU named.
 *
 * Return: true, @m filled (free with cpu_mask_free()); false with @why
 * saying what is wrong ("not a CPU number", "a range from high to low",
 * "above 1048575", "out of memory"), @m->set NULL.
 */
bool cpu_list_parse(const char *s, struct cpu_mask *m, const char **why);

/*
 * cpu_list_nth - the @n-th CPU (from 0) of the valid CPU list @s in the
 * order written, each CPU counted once ("3,1-2,1": 3, 1, 2).
 * Return: the CPU number, or -1 when the list names no more than @n CPUs
 * (or memory runs out).
 */
int cpu_list_nth(const char *s, unsigned n);

/*
 * cpu_mask_format - @m as a CPU list in the kernel's list format (see
 * cpu_list_parse()), ascending, runs of two or more CPUs as ranges:
 * "1", "0-3,8", "0,2".  An empty mask gives "".
 *
 * Return: true, the list in @buf; false when it does not fit in @size
 * bytes (then @buf holds the entries that fit and ",...", or "..."), or
 * @size is below 4 (@buf untouched).
 */
bool cpu_mask_format(const struct cpu_mask *m, char *buf, size_t size);

/*
 * cpus_online - the number of CPUs online: the list of
 * /sys/devices/system/cpu/online (Documentation/ABI/testing/
 * sysfs-devices-system-cpu), else sysconf(_SC_NPROCESSORS_ONLN).  Not
 * sysconf() first: musl answers that from sched_getaffinity(2), the CPUs
 * this process may use, so a taskset(1) mask would count as all of them.
 * Return: 1 or more; -1 when neither says.
 */
long cpus_online(void);

/* cpu_mask_subset - is every CPU of @a in @b?  Return: -1 if so, else the first that is not. */
int cpu_mask_subset(const struct cpu_mask *a, const struct cpu_mask *b);

#endif
