// SPDX-License-Identifier: GPL-2.0-or-later
/* Affinity masks and pinning; see cpus.h. */
#include "config.h"

#include <errno.h>

#include "cpus.h"

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
