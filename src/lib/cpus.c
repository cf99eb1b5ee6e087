// SPDX-License-Identifier: GPL-2.0-or-later
/* Affinity masks and pinning; see cpus.h. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/cpus.h"

bool cpu_mask_get(struct cpu_mask *m)
{
	for (m->ncpus = 1024; m->ncpus <= 1u << 20; m->ncpus *= 2) {
		m->set = CPU_ALLOC(m->ncpus);
		m->size = CPU_ALLOC_SIZE(m->ncpus);
		if (!m->set)
			return false;
		if (sched_getaffinity(0, m->size, m->set) == 0)
			return true;
		CPU_FREE(m->set);
		m->set = NULL;
		if (errno != EINVAL)
			return false;
	}
	return false;
}

void cpu_mask_free(struct cpu_mask *m)
{
	if (m->set)
		CPU_FREE(m->set);
	m->set = NULL;
}

unsigned cpu_mask_count(const struct cpu_mask *m)
{
	return (unsigned)CPU_COUNT_S(m->size, m->set);
}

int cpu_mask_nth(const struct cpu_mask *m, unsigned n)
{
	for (unsigned cpu = 0; cpu < m->ncpus; cpu++)
		if (CPU_ISSET_S(cpu, m->size, m->set) && n-- == 0)
			return (int)cpu;
	return -1;
}

int cpu_pin(unsigned cpu)
{
	unsigned ncpus = cpu + 1 > 1024 ? cpu + 1 : 1024;
	cpu_set_t *one = CPU_ALLOC(ncpus);
	size_t size = CPU_ALLOC_SIZE(ncpus);
	int r;

	if (!one)
		return -1;
	CPU_ZERO_S(size, one);
	CPU_SET_S(cpu, size, one);
	r = sched_setaffinity(0, size, one);
	CPU_FREE(one);
	return r;
}

bool cpu_allowed_now(const struct cpu_mask *m, unsigned cpu)
{
	struct cpu_mask now;
	bool allowed;

	if (cpu < m->ncpus && CPU_ISSET_S(cpu, m->size, m->set))
		return true;
	if (!cpu_mask_get(&now))
		return false;
	allowed = cpu < now.ncpus && CPU_ISSET_S(cpu, now.size, now.set);
	cpu_mask_free(&now);
	return allowed;
}

bool cpu_still_pinned(unsigned cpu)
{
	struct cpu_mask now;
	bool pinned;

	if (!cpu_mask_get(&now))
		return true;
	pinned = cpu_mask_count(&now) == 1 && cpu < now.ncpus &&
		 CPU_ISSET_S(cpu, now.size, now.set);
	cpu_mask_free(&now);
	return pinned;
}

/* One CPU number at *@s, advancing it; -1 if there is none or it is too high. */
static long cpu_number(const char **s, const char **why)
{
	char *end;
	unsigned long v;

	if (!isdigit((unsigned char)**s)) {
		*why = "not a CPU number";
		return -1;
	}
	errno = 0;
	v = strtoul(*s, &end, 10);
	if (errno == ERANGE || v > CPU_LIST_MAX_CPU) {
		*why = "above 1048575";
		return -1;
	}
	*s = end;
	return (long)v;
}

bool cpu_list_parse(const char *s, struct cpu_mask *m, const char **why)
{
	unsigned top = 0;

	m->set = NULL;
	/* First pass: the syntax and the highest CPU, for the size of the mask. */
	for (int pass = 0; pass < 2; pass++) {
		const char *p = s;
		for (;;) {
			long lo = cpu_number(&p, why), hi = lo;
			if (lo < 0)
				goto fail;
			if (*p == '-') {
				p++;
				if ((hi = cpu_number(&p, why)) < 0)
					goto fail;
				if (hi < lo) {
					*why = "a range from high to low";
					goto fail;
				}
			}
			if (pass == 0 && (unsigned)hi > top)
				top = (unsigned)hi;
			for (long c = lo; pass == 1 && c <= hi; c++)
				CPU_SET_S((unsigned)c, m->size, m->set);
			if (*p == '\0')
				break;
			if (*p++ != ',') {
				*why = "not a CPU number";
				goto fail;
			}
		}
		if (pass == 0) {
			m->ncpus = top + 1 > 1024 ? top + 1 : 1024;
			m->size = CPU_ALLOC_SIZE(m->ncpus);
			if (!(m->set = CPU_ALLOC(m->ncpus))) {
				*why = "out of memory";
				return false;
			}
			CPU_ZERO_S(m->size, m->set);
		}
	}
	return true;
fail:
	cpu_mask_free(m);
	return false;
}

bool cpu_mask_format(const struct cpu_mask *m, char *buf, size_t size)
{
	size_t len = 0, keep = 0; /* keep: the last length with room for ",..." */

	if (size < 4)
		return false;
	buf[0] = '\0';
	for (unsigned cpu = 0; cpu < m->ncpus; cpu++) {
		if (!CPU_ISSET_S(cpu, m->size, m->set))
			continue;
		unsigned last = cpu;
		while (last + 1 < m->ncpus && CPU_ISSET_S(last + 1, m->size, m->set))
			last++;
		char one[32];
		int n = last == cpu
				? snprintf(one, sizeof(one), "%s%u", len ? "," : "", cpu)
				: snprintf(one, sizeof(one), "%s%u-%u", len ? "," : "", cpu, last);
		if (len + (size_t)n >= size) {
			strcpy(buf + keep, keep ? ",..." : "...");
			return false;
		}
		memcpy(buf + len, one, (size_t)n + 1);
		len += (size_t)n;
		if (len + sizeof(",...") <= size)
			keep = len;
		cpu = last;
	}
	return true;
}

int cpu_mask_subset(const struct cpu_mask *a, const struct cpu_mask *b)
{
	for (unsigned cpu = 0; cpu < a->ncpus; cpu++)
		if (CPU_ISSET_S(cpu, a->size, a->set) &&
		    (cpu >= b->ncpus || !CPU_ISSET_S(cpu, b->size, b->set)))
			return (int)cpu;
	return -1;
}

int cpu_list_nth(const char *s, unsigned n)
{
	struct cpu_mask seen;
	const char *why, *p = s;
	unsigned count = 0;
	int found = -1;

	if (!cpu_list_parse(s, &seen, &why))
		return -1;
	CPU_ZERO_S(seen.size, seen.set);
	while (found < 0) {
		long lo = cpu_number(&p, &why), hi = lo;
		if (*p == '-') {
			p++;
			hi = cpu_number(&p, &why);
		}
		for (long c = lo; c <= hi && found < 0; c++) {
			if (CPU_ISSET_S((unsigned)c, seen.size, seen.set))
				continue;
			CPU_SET_S((unsigned)c, seen.size, seen.set);
			if (count++ == n)
				found = (int)c;
		}
		if (*p++ != ',')
			break;
	}
	cpu_mask_free(&seen);
	return found;
}

long cpus_online(void)
{
	char buf[4096];
	struct cpu_mask m;
	const char *why;
	long n = -1;
	FILE *f = fopen("/sys/devices/system/cpu/online", "re");

	if (f) {
		if (fgets(buf, sizeof(buf), f)) {
			buf[strcspn(buf, "\n")] = '\0';
			if (cpu_list_parse(buf, &m, &why)) {
				n = (long)cpu_mask_count(&m);
				cpu_mask_free(&m);
			}
		}
		fclose(f);
	}
	if (n < 1)
		n = sysconf(_SC_NPROCESSORS_ONLN);
	return n >= 1 ? n : -1;
}
