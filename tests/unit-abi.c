// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * abi_combinations() (harness/abi.c): every combination of the allowed
 * pointer kinds exactly once, the last argument changing fastest, the other
 * fields of the call kept; nothing for a count of arguments out of range.
 * The context is marked broken, so that no case forks: the rule and the
 * description are still asked for each combination.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "harness/abi.h"
#include "tap.h"

struct seen {
	unsigned count[NR_ABI_PTRS][NR_ABI_PTRS][NR_ABI_PTRS];
	unsigned calls, described;
	unsigned order[256]; /* each call's kinds as one number, in order */
	bool other_fields_kept;
	bool only_allowed;
	const unsigned *kinds;
	unsigned nargs;
};

static unsigned code(const struct abi_call *c, unsigned nargs)
{
	unsigned v = 0;

	for (unsigned i = 0; i < nargs; i++)
		v = v * NR_ABI_PTRS + (unsigned)c->ptr[i];
	return v;
}

static struct abi_want rule(const struct abi_call *c, const void *arg)
{
	struct seen *s = (struct seen *)arg;

	for (unsigned i = 0; i < s->nargs; i++)
		if (!((s->kinds[i] >> c->ptr[i]) & 1u))
			s->only_allowed = false;
	if (c->clock_id != 42 || c->size[0] != 8 || c->vdso_fn)
		s->other_fields_kept = false;
	s->count[c->ptr[0]][s->nargs > 1 ? c->ptr[1] : 0][s->nargs > 2 ? c->ptr[2] : 0]++;
	if (s->calls < 256)
		s->order[s->calls] = code(c, s->nargs);
	s->calls++;
	return (struct abi_want){ .fault = true };
}

static void describe(const struct abi_call *c, const void *arg, char *buf, size_t len)
{
	(void)c;
	((struct seen *)arg)->described++;
	snprintf(buf, len, "case");
}

static void run(struct seen *s, unsigned nargs, const unsigned *kinds)
{
	struct abi_ctx ctx;
	struct abi_call c = { .clock_id = 42, .size = { 8, 4, 16 } };

	memset(s, 0, sizeof(*s));
	s->other_fields_kept = s->only_allowed = true;
	s->kinds = kinds;
	s->nargs = nargs;
	memset(&ctx, 0, sizeof(ctx));
	ctx.broken = true; /* (no case runs, no child is forked) */
	abi_combinations(&ctx, c, nargs, kinds, rule, describe, s);
}

int main(void)
{
	static struct seen s;
	static const unsigned getcpu_kinds[] = { ABI_PTRS_ALIGNED, ABI_PTRS_ALIGNED, ABI_PTRS_ALL };
	static const unsigned all1[] = { ABI_PTRS_ALL };
	static const unsigned all3[] = { ABI_PTRS_ALL, ABI_PTRS_ALL, ABI_PTRS_ALL };

	run(&s, 3, getcpu_kinds);
	bool once = true;
	for (int a = 0; a < NR_ABI_PTRS; a++)
		for (int b = 0; b < NR_ABI_PTRS; b++)
			for (int k = 0; k < NR_ABI_PTRS; k++) {
				bool allowed = a != PTR_STRADDLE && b != PTR_STRADDLE;
				once &= s.count[a][b][k] == (allowed ? 1u : 0u);
			}
	ok(s.calls == 5 * 5 * 6 && once && s.only_allowed && s.described == s.calls,
	   "3 arguments, 5 x 5 x 6 kinds: each combination once (%u calls)", s.calls);
	bool ascending = true;
	for (unsigned i = 1; i < s.calls && i < 256; i++)
		ascending &= s.order[i - 1] < s.order[i];
	ok(ascending && s.order[0] == 0 && s.order[1] == 1,
	   "the last argument changes fastest, in enum order");
	ok(s.other_fields_kept, "the clock id, sizes and vdso_fn as given");

	run(&s, 1, all1);
	ok(s.calls == NR_ABI_PTRS, "1 argument, every kind: %u cases", s.calls);
	run(&s, 3, all3);
	ok(s.calls == NR_ABI_PTRS * NR_ABI_PTRS * NR_ABI_PTRS, "3 arguments, every kind: %u cases",
	   s.calls);
	run(&s, 0, all3);
	unsigned none0 = s.calls;
	run(&s, 4, all3);
	ok(none0 == 0 && s.calls == 0, "0 or 4 arguments: no case");

	ok(!abi_ptr_bad(PTR_GOOD) && !abi_ptr_bad(PTR_NULL) && abi_ptr_bad(PTR_MAX) &&
		   abi_ptr_bad(PTR_PROT_NONE) && abi_ptr_bad(PTR_PROT_READ) &&
		   abi_ptr_bad(PTR_STRADDLE),
	   "abi_ptr_bad: all but &buf and NULL");
	return tap_done();
}
