// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests for cpu_allowed_now() (src/lib/cpus.c): a CPU outside an old copy
 * of the affinity mask is allowed if the mask now holds it, as after CPU
 * hotplug widened the mask of a thread pinned to a CPU that went offline.
 * No CPU is taken offline: the old copy is made up.
 */
#include "config.h"

#include <sched.h>
#include <string.h>

#include "lib/cpus.h"
#include "tap.h"

int main(void)
{
	struct cpu_mask now, empty;
	int cpu = sched_getcpu();

	if (cpu < 0 || !cpu_mask_get(&now)) {
		puts("1..0 # SKIP sched_getcpu or sched_getaffinity fails");
		return 0;
	}
	/* an old copy holding no CPU (as if it were of a CPU gone offline) */
	empty = now;
	empty.set = CPU_ALLOC(now.ncpus);
	CPU_ZERO_S(empty.size, empty.set);

	ok(cpu_allowed_now(&now, (unsigned)cpu), "CPU %d, in the copy: allowed", cpu);
	ok(cpu_allowed_now(&empty, (unsigned)cpu),
	   "CPU %d, not in the copy but in the mask now: allowed", cpu);
	ok(!cpu_allowed_now(&empty, CPU_LIST_MAX_CPU),
	   "CPU %u, in neither: not allowed", CPU_LIST_MAX_CPU);
	ok(!cpu_allowed_now(&now, CPU_LIST_MAX_CPU),
	   "CPU %u, beyond the copy and the mask: not allowed", CPU_LIST_MAX_CPU);
	CPU_FREE(empty.set);
	cpu_mask_free(&now);
	return tap_done();
}
