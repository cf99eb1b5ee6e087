// SPDX-License-Identifier: GPL-2.0-or-later
/* Machine facts for reports; see sysinfo.h. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "lib/cpus.h"
#include "lib/sysinfo.h"

const struct sysinfo_paths sysinfo_real_paths = {
	"/sys/devices/system/cpu",
	"/proc/stat",
	"/proc/loadavg",
};

int sysinfo_first_line(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "r");
	int ok;

	buf[0] = '\0';
	if (!f)
		return -1;
	ok = fgets(buf, (int)size, f) != NULL;
	fclose(f);
	if (!ok) {
		errno = EIO;
		return -1;
	}
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

/* The value of the first "KEY<blanks>: value" line of /proc/cpuinfo among @keys. */
static void cpu_model(char *buf, size_t size)
{
	static const char *const keys[] = { "model name", "Hardware", "cpu" };
	char line[512];

	buf[0] = '\0';
	for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]) && !buf[0]; k++) {
		FILE *f = fopen("/proc/cpuinfo", "r");
		size_t n = strlen(keys[k]);

		if (!f)
			return;
		while (fgets(line, sizeof(line), f)) {
			char *colon = strchr(line, ':');
			if (strncmp(line, keys[k], n) != 0 || !colon ||
			    strspn(line + n, " \t") != (size_t)(colon - line - (long)n))
				continue;
			colon += strspn(colon + 1, " \t") + 1;
			colon[strcspn(colon, "\n")] = '\0';
			snprintf(buf, size, "%s", colon);
			break;
		}
		fclose(f);
	}
}

/* Whether /proc/cpuinfo has the flag @flag (x86's "flags" lines). */
static bool cpu_flag(const char *flag)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[4096];
	bool found = false;

	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f))
		if (strncmp(line, "flags", 5) == 0)
			for (char *t = strtok(strchr(line, ':') ? strchr(line, ':') + 1 : line,
					      " \t\n");
			     t && !found; t = strtok(NULL, " \t\n"))
				found = strcmp(t, flag) == 0;
	fclose(f);
	return found;
}

/* f->emulated and its evidence (sysinfo_facts). */
static void emulated(struct sysinfo_facts *f)
{
	char avail[512] = "", vendor[64] = "";

	sysinfo_first_line("/sys/devices/system/clocksource/clocksource0/available_clocksource",
			   avail, sizeof(avail));
	if (strstr(avail, "kvm-clock"))
		return;
	sysinfo_first_line("/sys/class/dmi/id/sys_vendor", vendor, sizeof(vendor));
	if (strstr(f->cpu_model, "QEMU") || strstr(f->cpu_model, "TCG")) {
		f->emulated = 1;
		snprintf(f->emulated_why, sizeof(f->emulated_why),
			 "CPU model '%.60s' without kvm-clock", f->cpu_model);
	} else if (strcmp(vendor, "QEMU") == 0 && cpu_flag("hypervisor")) {
		f->emulated = 1;
		snprintf(f->emulated_why, sizeof(f->emulated_why),
			 "DMI sys_vendor QEMU, hypervisor flag, no kvm-clock");
	}
}

static int cmp_vuln(const void *a, const void *b)
{
	return strcmp(((const struct sysinfo_vuln *)a)->name,
		      ((const struct sysinfo_vuln *)b)->name);
}

unsigned sysinfo_vulnerabilities(const char *dir, struct sysinfo_vuln *v, unsigned max)
{
	const char *d = dir ? dir : "/sys/devices/system/cpu/vulnerabilities";
	DIR *dp = opendir(d);
	struct dirent *e;
	unsigned n = 0;
	char path[512];

	if (!dp)
		return 0;
	while (n < max && (e = readdir(dp)))
		if (e->d_name[0] != '.') {
			snprintf(v[n].name, sizeof(v[n].name), "%.47s", e->d_name);
			snprintf(path, sizeof(path), "%.250s/%.250s", d, e->d_name);
			if (sysinfo_first_line(path, v[n].text, sizeof(v[n].text)) == 0)
				n++;
		}
	closedir(dp);
	qsort(v, n, sizeof(*v), cmp_vuln);
	return n;
}

void sysinfo_read(struct sysinfo_facts *f)
{
	struct utsname u;

	memset(f, 0, sizeof(*f));
	if (uname(&u) == 0) {
		snprintf(f->kernel_release, sizeof(f->kernel_release), "%s", u.release);
		snprintf(f->machine, sizeof(f->machine), "%s", u.machine);
	}
	sysinfo_first_line(SYSINFO_CLOCKSOURCE_PATH, f->clocksource, sizeof(f->clocksource));
	cpu_model(f->cpu_model, sizeof(f->cpu_model));
	sysinfo_first_line("/proc/cmdline", f->cmdline, sizeof(f->cmdline));
	emulated(f);
}

long long sysinfo_thread_migrations(void)
{
	FILE *f = fopen("/proc/thread-self/sched", "r");
	char line[256];
	long long n = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (strncmp(line, "se.nr_migrations", 16) == 0 && line[16] == ' ') {
			char *colon = strchr(line, ':');
			if (colon && sscanf(colon + 1, "%lld", &n) != 1)
				n = -1;
			break;
		}
	fclose(f);
	return n;
}

int sysinfo_governor(const struct sysinfo_paths *sp, int cpu, char *buf, size_t size)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/cpu%d/cpufreq/scaling_governor", sp->sysfs_cpu, cpu);
	return sysinfo_first_line(path, buf, size) == 0 && buf[0] ? 0 : -1;
}

/* @file's "0" or "1": 1 when it equals @on ("1" or "0"), 0 when not, -1 if neither. */
static int flag_file(const char *file, const char *on)
{
	char line[32];

	if (sysinfo_first_line(file, line, sizeof(line)) != 0 ||
	    (strcmp(line, "0") != 0 && strcmp(line, "1") != 0))
		return -1;
	return strcmp(line, on) == 0;
}

int sysinfo_boost(const struct sysinfo_paths *sp, int cpu, char *file, size_t size)
{
	int v;

	snprintf(file, size, "%s/cpufreq/boost", sp->sysfs_cpu);
	if ((v = flag_file(file, "1")) >= 0)
		return v;
	snprintf(file, size, "%s/intel_pstate/no_turbo", sp->sysfs_cpu);
	if ((v = flag_file(file, "0")) >= 0)
		return v;
	snprintf(file, size, "%s/cpu%d/cpufreq/boost", sp->sysfs_cpu, cpu);
	if ((v = flag_file(file, "1")) >= 0)
		return v;
	file[0] = '\0';
	return -1;
}

unsigned sysinfo_smt_siblings(const struct sysinfo_paths *sp, int cpu, int *sib, unsigned max)
{
	char path[512], list[256];
	struct cpu_mask m;
	const char *why;
	unsigned n = 0;

	snprintf(path, sizeof(path), "%s/cpu%d/topology/thread_siblings_list", sp->sysfs_cpu, cpu);
	if (sysinfo_first_line(path, list, sizeof(list)) != 0 || !cpu_list_parse(list, &m, &why))
		return 0;
	for (unsigned i = 0; n < max; i++) {
		int c = cpu_mask_nth(&m, i);
		if (c < 0)
			break;
		if (c != cpu)
			sib[n++] = c;
	}
	cpu_mask_free(&m);
	return n;
}

int sysinfo_cpu_time(const struct sysinfo_paths *sp, int cpu, struct sysinfo_cpu_time *t)
{
	FILE *f = fopen(sp->proc_stat, "r");
	char line[512], name[32];
	int rc = -1;

	memset(t, 0, sizeof(*t));
	if (!f)
		return -1;
	snprintf(name, sizeof(name), "cpu%d ", cpu);
	while (fgets(line, sizeof(line), f)) {
		/* user nice system idle iowait irq softirq steal (proc(5)) */
		unsigned long long v[8] = { 0 };
		if (strncmp(line, name, strlen(name)) != 0)
			continue;
		if (sscanf(line + strlen(name), "%llu %llu %llu %llu %llu %llu %llu %llu", &v[0],
			   &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]) >= 4) {
			t->busy = v[0] + v[1] + v[2] + v[5] + v[6];
			t->steal = v[7];
			t->total = t->busy + v[3] + v[4] + v[7];
			rc = 0;
		}
		break;
	}
	fclose(f);
	return rc;
}

double sysinfo_busy_pct(const struct sysinfo_cpu_time *a, const struct sysinfo_cpu_time *b,
			double *steal_pct)
{
	if (b->total <= a->total || b->busy < a->busy || b->steal < a->steal) {
		*steal_pct = -1;
		return -1;
	}
	double total = (double)(b->total - a->total);
	*steal_pct = 100.0 * (double)(b->steal - a->steal) / total;
	return 100.0 * (double)(b->busy - a->busy) / total;
}

double sysinfo_load_average(const struct sysinfo_paths *sp)
{
	char line[128];
	double v;

	if (sysinfo_first_line(sp->loadavg, line, sizeof(line)) != 0 ||
	    sscanf(line, "%lf", &v) != 1)
		return -1;
	return v;
}
