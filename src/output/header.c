// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The machine context of a bench run: its conditions (vdsotest(1), NOISE)
 * and the --header lines; see format.h.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "lib/cpus.h"
#include "lib/sysinfo.h"
#include "output/escape.h"
#include "output/format.h"

/* c->pinned and c->pinned_known (format.h): --cpu's CPUs, or the inherited affinity mask's. */
static void header_pinned(const struct run *run, struct run_conditions *c)
{
	struct cpu_mask m;
	const char *why;
	long online = cpus_online();

	c->pinned[0] = '\0';
	if (run->cpus) { /* (bench pins thread t to run->cpus[t]) */
		size_t len = 0;
		for (unsigned t = 0; t < run->threads && len < sizeof(c->pinned); t++)
			len += (size_t)snprintf(c->pinned + len, sizeof(c->pinned) - len, "%s%d",
						t ? "," : "", run->cpus[t]);
		/* (as a list in the kernel's format: sorted, ranges) */
		if (len < sizeof(c->pinned) && cpu_list_parse(c->pinned, &m, &why)) {
			cpu_mask_format(&m, c->pinned, sizeof(c->pinned));
			cpu_mask_free(&m);
		}
		c->pinned_known = true;
		return;
	}
	if (!cpu_mask_get(&m))
		return;
	/* (sched_getaffinity() answers the mask within the active CPUs) */
	c->pinned_known = online > 0;
	if (c->pinned_known && cpu_mask_count(&m) < (unsigned long)online)
		cpu_mask_format(&m, c->pinned, sizeof(c->pinned));
	cpu_mask_free(&m);
}

void header_conditions(const struct run *run, struct run_conditions *c)
{
	const struct sysinfo_paths *sp = &sysinfo_real_paths;
	unsigned cpu = 0;

	memset(c, 0, sizeof(*c));
	if (run->cpus)
		c->cpu = run->cpus[0];
	else
		c->cpu = syscall(SYS_getcpu, &cpu, NULL, NULL) == 0 ? (int)cpu : 0;
	header_pinned(run, c);
	sysinfo_governor(sp, c->cpu, c->governor, sizeof(c->governor));
	c->boost = sysinfo_boost(sp, c->cpu, c->boost_file, sizeof(c->boost_file));
	c->load_average = sysinfo_load_average(sp);
	if (c->governor[0] && strcmp(c->governor, "performance") != 0)
		snprintf(c->note[c->notes++], sizeof(c->note[0]),
			 "CPU %d's frequency governor is '%s', not 'performance': its clock rate "
			 "may change during the run (every figure)",
			 c->cpu, report_vis(c->governor));
	if (c->boost == 1)
		snprintf(c->note[c->notes++], sizeof(c->note[0]),
			 "turbo/boost is on (%s): the clock rate depends on temperature and on the "
			 "other CPUs' load (every figure)",
			 report_vis(c->boost_file));
}

void header_print(const struct run_conditions *c)
{
	struct sysinfo_facts f;
	struct cpu_mask m;

	sysinfo_read(&f);
	printf("# %s %s bench: Linux %s %s, clocksource %s\n", PACKAGE_NAME, PACKAGE_VERSION,
	       f.kernel_release[0] ? report_vis(f.kernel_release) : "?",
	       f.machine[0] ? report_vis(f.machine) : "?",
	       f.clocksource[0] ? report_vis(f.clocksource) : "unknown");
	printf("# CPU: %s; %ld CPUs online", f.cpu_model[0] ? report_vis(f.cpu_model) : "unknown",
	       cpus_online());
	if (cpu_mask_get(&m)) {
		printf(", %u allowed", cpu_mask_count(&m));
		cpu_mask_free(&m);
	}
	if (c->pinned_known && c->pinned[0])
		printf(", pinned to CPU%s %s", strpbrk(c->pinned, ",-") ? "s" : "",
		       report_vis(c->pinned));
	else if (c->pinned_known)
		fputs(", not pinned", stdout);
	if (c->governor[0])
		printf(", governor %s", report_vis(c->governor));
	if (c->boost >= 0)
		printf(", boost %s", c->boost ? "on" : "off");
	if (c->load_average >= 0)
		printf("; load average %.2f", c->load_average);
	putchar('\n');
}
