// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The family descriptors (struct family, core/api.h) are complete: what
 * api_run() and the probes call is there, the flags that need a clock
 * reader have one, the names are unique, and every API row points at a
 * family whose call the vDSO symbol table knows.  A new family that
 * misses a field fails here rather than crashing the harness.
 */
#include "config.h"

#include <string.h>

#include "core/api.h"
#include "families/apis.h"
#include "tap.h"

#define MAX_FAMILIES 32

int main(void)
{
	const struct family *seen[MAX_FAMILIES];
	size_t n = 0;

	ok(api_count > 0, "the API table has rows (%zu)", api_count);
	for (size_t i = 0; i < api_count; i++) {
		const struct family *f = api_table[i].family;
		size_t k = 0;

		while (k < n && seen[k] != f)
			k++;
		if (k < n)
			continue;
		if (!ok(n < MAX_FAMILIES, "at most %d families", MAX_FAMILIES))
			break;
		seen[n++] = f;
	}
	for (size_t k = 0; k < n; k++) {
		const struct family *f = seen[k];
		const char *name = f->name ? f->name : "(unnamed)";

		ok(f->name && f->name[0] && f->summary && f->summary[0],
		   "%s: a name and a summary", name);
		ok((unsigned)f->call < VDSO_NR_CALLS, "%s: its vDSO call is one vdso.h knows", name);
		ok(f->call_once != NULL, "%s: .call_once (the fallback and stack probes)", name);
		ok(f->bench_paths != NULL || (f->flags & FAMILY_VERIFY_ONLY), "%s: .bench_paths",
		   name);
		ok(f->verify_round != NULL, "%s: .verify_round", name);
		ok((f->abi_call != NULL && f->abi_cases != NULL) || (f->flags & FAMILY_VERIFY_ONLY),
		   "%s: .abi_call and .abi_cases", name);
		ok(!(f->flags & FAMILY_VERIFY_ONLY) || (!f->bench_paths && !f->abi_cases),
		   "%s: FAMILY_VERIFY_ONLY has no bench or abi", name);
		ok(!(f->flags & FAMILY_CROSS_CPU) || f->read_clock,
		   "%s: FAMILY_CROSS_CPU comes with .read_clock", name);
		/* (FAMILY_TIMENS without .read_clock: the checks alone, getrandom) */
		for (size_t j = 0; j < k; j++)
			if (f->name && seen[j]->name && strcmp(f->name, seen[j]->name) == 0)
				ok(false, "%s: the name is taken by another family", name);
	}
	for (size_t i = 0; i < api_count; i++) {
		const struct api *a = &api_table[i];
		const struct family *f = a->family;
		bool clock_part = (f->flags & (FAMILY_CROSS_CPU | FAMILY_CLOCK_SUMMARY)) ||
				  ((f->flags & FAMILY_TIMENS) && f->read_clock);

		if (clock_part && !ok(a->clock_id >= 0 && a->clock_name,
				      "%s: a clock family's row has a clock id and name", a->name))
			break;
	}
	return tap_done();
}
