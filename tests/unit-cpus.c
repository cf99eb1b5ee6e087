// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests for cpu_allowed_now() (src/lib/cpus.c): a CPU outside an old copy
 * of the affinity mask is allowed if the mask now holds it, as after CPU
 * hotplug widened the mask of a thread pinned to a CPU that went offline.
 * No CPU is taken offline: the old copy is made up.  And cpu_mask_format():
 * a parsed CPU list written back as the kernel writes one, cut with ",..."
 * where it does not fit.
 */
#include "config.h"

#include <sched.h>
#include <string.h>

#include "lib/cpus.h"
#include "tap.h"

/* cpu_mask_format() of cpu_list_parse(@list) in @size bytes: @want, returning @fits. */
static void format_is(const char *list, size_t size, const char *want, bool fits)
{
	struct cpu_mask m;
	const char *why;
	char buf[64] = "unset";

	if (!cpu_list_parse(list, &m, &why)) {
		ok(0, "cpu_list_parse(\"%s\"): %s", list, why);
		return;
	}
	bool r = cpu_mask_format(&m, buf, size);
	ok(r == fits && strcmp(buf, want) == 0, "\"%s\" in %zu bytes: \"%s\" (%s), want \"%s\" (%s)",
	   list, size, buf, r ? "fits" : "cut", want, fits ? "fits" : "cut");
	cpu_mask_free(&m);
}

int main(void)
{
	struct cpu_mask now, empty;
	int cpu = sched_getcpu();

	format_is("1", 64, "1", true);
	format_is("8,0-3", 64, "0-3,8", true);
	format_is("3,1-2,1", 64, "1-3", true);
	format_is("0,2", 64, "0,2", true);
	format_is("1048575", 64, "1048575", true);
	format_is("0,2,4,6", 8, "0,2,4,6", true);
	format_is("0,2,4,6,8", 8, "0,2,...", false);
	format_is("100-200", 4, "...", false);

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
