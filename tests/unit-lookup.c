// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit test of vdso_bind_library()'s names (src/vdso/vdso.c): each call is
 * looked up under this architecture's prefix, then the other one
 * (vdso_arch_prefix()), and the binding records the name it was found
 * under.  The object is tests/names-vdso.so ($NAMES_VDSO), which exports
 * each call under chosen names; the expected addresses come from dlsym()
 * of those names, not from the code under test.
 */
#include "config.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#include "vdso/arch.h"
#include "vdso/vdso.h"
#include "tap.h"

/* Call @c bound at the address of symbol @want (NULL: absent) under @name. */
static void expect_bound(const struct vdso_binding *b, void *h, enum vdso_call c,
			 const char *want, const char *name)
{
	void *addr = want ? dlsym(h, want) : NULL;

	ok((!want || addr) && b->fn[c] == addr && !strcmp(b->name[c], name),
	   "%s: %s as %s (bound as %s)", vdso_call_name(c), want ? "found" : "absent", name,
	   b->name[c]);
}

int main(void)
{
	const char *path = getenv("NAMES_VDSO"), *why = NULL;
	const struct vdso_arch *a = vdso_arch_find(VDSOTEST_NATIVE_EM);
	char first[VDSO_SYMBOL_NAME_MAX];
	struct vdso_binding b;

	if (!path || !*path) {
		ok(1, "# SKIP no $NAMES_VDSO: a build without dlopen()");
		return tap_done();
	}
	void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!ok(h != NULL, "dlopen(%s)", path))
		return tap_done();
	if (!ok(vdso_bind_library(&b, path, &why) == 0, "vdso_bind_library(%s) (%s)", path,
		why ? why : "ok"))
		return tap_done();
	/* one name only: found under it, whichever prefix comes first here */
	expect_bound(&b, h, VDSO_CLOCK_GETTIME, "__kernel_clock_gettime",
		     "__kernel_clock_gettime");
	expect_bound(&b, h, VDSO_GETCPU, "__vdso_getcpu", "__vdso_getcpu");
	/* both names: this architecture's own prefix wins */
	vdso_arch_symbol_name(a, VDSO_CLOCK_GETRES, first, sizeof(first));
	expect_bound(&b, h, VDSO_CLOCK_GETRES, first, first);
	ok(dlsym(h, "__vdso_clock_getres") != dlsym(h, "__kernel_clock_getres"),
	   "the two clock_getres are two functions");
	/* neither: absent, named as the first name tried */
	vdso_arch_symbol_name(a, VDSO_GETTIMEOFDAY, first, sizeof(first));
	expect_bound(&b, h, VDSO_GETTIMEOFDAY, NULL, first);
	ok(!strcmp(b.source, path), "the binding's source is the path");

	ok(vdso_bind_library(&b, "none", &why) == 0 && !b.fn[VDSO_CLOCK_GETTIME] &&
	   !*b.name[VDSO_CLOCK_GETTIME], "--vdso-lib none: nothing bound, no name");
	dlclose(h);
	return tap_done();
}
