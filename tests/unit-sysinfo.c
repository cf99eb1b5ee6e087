// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests for the machine facts behind bench's noise notes
 * (src/lib/sysinfo.c): the cpufreq governor, the boost flag in its three
 * places, SMT siblings, the busy and steal shares between two /proc/stat
 * readings, the load average.  They read a made-up tree in a temporary
 * directory, written here with the kernel's formats (proc(5); sysfs:
 * Documentation/ABI/testing/sysfs-devices-system-cpu), never the machine's.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/sysinfo.h"
#include "tap.h"

static char root[64];

/* Write @text to ROOT/@rel, making its directories. */
static void put(const char *rel, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	for (char *p = path + strlen(root) + 1; (p = strchr(p, '/')); p++) {
		*p = '\0';
		mkdir(path, 0755);
		*p = '/';
	}
	if (!(f = fopen(path, "w")) || fputs(text, f) < 0 || fclose(f) != 0) {
		perror(path);
		exit(99);
	}
}

static void rm(const char *rel)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	unlink(path);
}

int main(void)
{
	char cpu_dir[128], stat_path[128], load_path[128], buf[64], file[256];
	struct sysinfo_paths sp = { cpu_dir, stat_path, load_path };
	struct sysinfo_cpu_time a, b;
	int sib[8];
	double steal;

	snprintf(root, sizeof(root), "/tmp/unit-sysinfo.XXXXXX");
	if (!mkdtemp(root)) {
		perror("mkdtemp");
		return 99;
	}
	snprintf(cpu_dir, sizeof(cpu_dir), "%s/cpu", root);
	snprintf(stat_path, sizeof(stat_path), "%s/stat", root);
	snprintf(load_path, sizeof(load_path), "%s/loadavg", root);

	ok(sysinfo_governor(&sp, 0, buf, sizeof(buf)) == -1 && buf[0] == '\0',
	   "no cpufreq directory: no governor");
	put("cpu/cpu1/cpufreq/scaling_governor", "powersave\n");
	ok(sysinfo_governor(&sp, 1, buf, sizeof(buf)) == 0 && strcmp(buf, "powersave") == 0,
	   "CPU 1's governor read without its newline (got '%s')", buf);

	ok(sysinfo_boost(&sp, 1, file, sizeof(file)) == -1 && file[0] == '\0',
	   "no boost file: unknown (-1)");
	put("cpu/cpu1/cpufreq/boost", "1\n");
	ok(sysinfo_boost(&sp, 1, file, sizeof(file)) == 1 && strstr(file, "cpu1/cpufreq/boost"),
	   "per-policy boost 1: on, that file named");
	put("cpu/intel_pstate/no_turbo", "1\n");
	ok(sysinfo_boost(&sp, 1, file, sizeof(file)) == 0 && strstr(file, "intel_pstate/no_turbo"),
	   "intel_pstate no_turbo 1: off (it comes before the per-policy file)");
	put("cpu/intel_pstate/no_turbo", "0\n");
	ok(sysinfo_boost(&sp, 1, file, sizeof(file)) == 1, "no_turbo 0: on");
	put("cpu/cpufreq/boost", "0\n");
	ok(sysinfo_boost(&sp, 1, file, sizeof(file)) == 0 && strstr(file, "cpu/cpufreq/boost"),
	   "the global cpufreq/boost 0 comes first: off");
	put("cpu/cpufreq/boost", "yes\n");
	rm("cpu/intel_pstate/no_turbo");
	ok(sysinfo_boost(&sp, 1, file, sizeof(file)) == 1 && strstr(file, "cpu1/cpufreq/boost"),
	   "a boost file that is not 0 or 1 is passed over");

	ok(sysinfo_smt_siblings(&sp, 0, sib, 8) == 0, "no topology: no sibling");
	put("cpu/cpu2/topology/thread_siblings_list", "2,6\n");
	ok(sysinfo_smt_siblings(&sp, 2, sib, 8) == 1 && sib[0] == 6, "siblings '2,6' of CPU 2: CPU 6");
	put("cpu/cpu4/topology/thread_siblings_list", "4-7\n");
	ok(sysinfo_smt_siblings(&sp, 4, sib, 8) == 3 && sib[0] == 5 && sib[2] == 7 &&
	   sysinfo_smt_siblings(&sp, 4, sib, 2) == 2,
	   "siblings '4-7' of CPU 4: 5, 6, 7, and no more than asked");

	/* user nice system idle iowait irq softirq steal */
	put("stat", "cpu  1 1 1 1 1 1 1 1 0 0\ncpu0 100 0 50 800 10 5 5 30 0 0\n"
		    "cpu10 1 1 1 1 1 1 1 1 0 0\n");
	int rc = sysinfo_cpu_time(&sp, 0, &a);
	ok(rc == 0 && a.busy == 160 && a.steal == 30 && a.total == 1000,
	   "cpu0: busy 100+0+50+5+5 = 160, steal 30, total 1000 (got %llu %llu %llu)",
	   a.busy, a.steal, a.total);
	rc = sysinfo_cpu_time(&sp, 1, &b);
	ok(rc == -1 && b.total == 0,
	   "no cpu1 line: -1 (and 'cpu10' is not 'cpu1')");
	put("stat", "cpu0 130 0 60 850 10 5 5 40 0 0\n");
	sysinfo_cpu_time(&sp, 0, &b);
	/* 100 ticks passed: 40 busy, 50 idle, 10 stolen */
	double busy = sysinfo_busy_pct(&a, &b, &steal);
	ok(fabs(busy - 40) < 1e-9 && fabs(steal - 10) < 1e-9,
	   "100 ticks, 40 busy and 10 stolen: 40%% busy, 10%% steal (got %.2f, %.2f)", busy, steal);
	ok(sysinfo_busy_pct(&b, &b, &steal) == -1 && steal == -1, "no tick passed: -1");
	ok(sysinfo_busy_pct(&b, &a, &steal) == -1, "times that went back: -1");

	ok(sysinfo_load_average(&sp) == -1, "no loadavg file: -1");
	put("loadavg", "7.93 6.10 4.02 3/512 12345\n");
	ok(fabs(sysinfo_load_average(&sp) - 7.93) < 1e-9, "load average: the first field, 7.93");

	char cmd[128];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	if (system(cmd) != 0)
		fprintf(stderr, "unit-sysinfo: could not remove %s\n", root);
	return tap_done();
}
