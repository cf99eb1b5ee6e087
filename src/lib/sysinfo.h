/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Facts about the machine that a report names: kernel, CPU, clocksource. */
#ifndef VDSOTEST_SYSINFO_H
#define VDSOTEST_SYSINFO_H

#include <stddef.h>

/* Where the kernel names its current clocksource (sysfs ABI:
 * Documentation/ABI/testing/sysfs-devices-system-clocksource, "current_clocksource"). */
#define SYSINFO_CLOCKSOURCE_PATH "/sys/devices/system/clocksource/clocksource0/current_clocksource"

struct sysinfo_facts {
	char kernel_release[65]; /* uname(2) release, "" if unknown */
	char machine[65];	 /* uname(2) machine, "" if unknown */
	char clocksource[64];	 /* "" when the sysfs file is absent */
	char cpu_model[128];	 /* /proc/cpuinfo "model name" (or, where the
					   architecture has none, "Hardware" or "cpu"),
					   "" when absent */
	char cmdline[1024];	 /* /proc/cmdline, cut to fit; "" if unknown */
	/*
	 * An emulated CPU (qemu's TCG): 1 yes, 0 not seen, with the evidence
	 * in emulated_why: a CPU model naming QEMU or TCG, or the x86
	 * hypervisor flag with DMI's sys_vendor QEMU, either without the
	 * kvm-clock clocksource that a KVM guest has (arch/x86/kernel/
	 * kvmclock.c).  Figures of an emulated CPU are the emulator's.
	 */
	int emulated;
	char emulated_why[128];
};

/* One file of /sys/devices/system/cpu/vulnerabilities: its name and first line. */
struct sysinfo_vuln {
	char name[48];
	char text[160];
};

/*
 * sysinfo_vulnerabilities - the files of @dir (NULL:
 * /sys/devices/system/cpu/vulnerabilities, Documentation/ABI/testing/
 * sysfs-devices-system-cpu), sorted by name, at most @max into @v.
 * Return: how many; 0 when the folder is absent.
 */
unsigned sysinfo_vulnerabilities(const char *dir, struct sysinfo_vuln *v, unsigned max);

/*
 * sysinfo_read - fill @f; a fact that cannot be read is left "".  Never fails.
 */
void sysinfo_read(struct sysinfo_facts *f);

/*
 * sysinfo_first_line - the first line of file @path without its newline in
 * @buf (@size >= 1 bytes, cut to fit).
 * Return: 0; or -1 with errno from fopen(3)/fgets(3) (EIO for an empty file),
 * @buf "".
 */
int sysinfo_first_line(const char *path, char *buf, size_t size);

/* Where sysinfo's functions read, so that a test can point them at a fake tree. */
struct sysinfo_paths {
	const char *sysfs_cpu; /* "/sys/devices/system/cpu" */
	const char *proc_stat; /* "/proc/stat" */
	const char *loadavg;   /* "/proc/loadavg" */
};

/* The real paths. */
extern const struct sysinfo_paths sysinfo_real_paths;

/*
 * sysinfo_governor - the cpufreq governor of CPU @cpu into @buf
 * (SYSFS_CPU/cpuN/cpufreq/scaling_governor; Documentation/admin-guide/pm/cpufreq.rst).
 * Return: 0; or -1, @buf "", when sysfs shows none (no cpufreq driver, as
 * in most virtual machines).
 */
int sysinfo_governor(const struct sysinfo_paths *sp, int cpu, char *buf, size_t size);

/*
 * sysinfo_boost - whether turbo/boost is on, and which file says so in
 * @file: SYSFS_CPU/cpufreq/boost (acpi-cpufreq, amd-pstate; 1 on),
 * SYSFS_CPU/intel_pstate/no_turbo (0 on; Documentation/admin-guide/pm/
 * intel_pstate.rst), SYSFS_CPU/cpuN/cpufreq/boost for CPU @cpu (per
 * policy).  Return: 1 on, 0 off, -1 when none of them is there (@file "").
 */
int sysinfo_boost(const struct sysinfo_paths *sp, int cpu, char *file, size_t size);

/*
 * sysinfo_smt_siblings - the other hardware threads of CPU @cpu's core
 * (SYSFS_CPU/cpuN/topology/thread_siblings_list, the kernel's list format)
 * into @sib (at most @max).  Return: how many (0: none, or no such file).
 */
unsigned sysinfo_smt_siblings(const struct sysinfo_paths *sp, int cpu, int *sib, unsigned max);

/* Time CPU N spent so far, from its "cpuN" line of /proc/stat (proc(5)), in USER_HZ ticks. */
struct sysinfo_cpu_time {
	unsigned long long busy;  /* user, nice, system, irq, softirq */
	unsigned long long steal; /* taken by the hypervisor for other guests */
	unsigned long long total; /* busy, idle, iowait and steal */
};

/*
 * sysinfo_cpu_time - CPU @cpu's times into @t.
 * Return: 0; or -1 when PROC_STAT has no such line (@t zero).
 */
int sysinfo_cpu_time(const struct sysinfo_paths *sp, int cpu, struct sysinfo_cpu_time *t);

/*
 * sysinfo_busy_pct - the busy and the steal share, in percent of the
 * ticks between @a and @b (two sysinfo_cpu_time() readings of one CPU).
 * Return: the busy share; -1 when no tick passed (then *@steal_pct -1).
 */
double sysinfo_busy_pct(const struct sysinfo_cpu_time *a, const struct sysinfo_cpu_time *b,
			double *steal_pct);

/* sysinfo_load_average - the 1-minute load average (LOADAVG's first field), or -1. */
double sysinfo_load_average(const struct sysinfo_paths *sp);

/*
 * sysinfo_thread_migrations - the calling thread's CPU migrations so far:
 * "se.nr_migrations" of /proc/thread-self/sched (Linux 3.17 for
 * thread-self; the file needs CONFIG_SCHED_DEBUG).
 * Return: the count, or -1 when the file or the line is absent.
 */
long long sysinfo_thread_migrations(void);

#endif
