// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit test of the table of vDSO exports (src/families/exports.c): its
 * rows are well formed, an API of one architecture's function is left out
 * of the others (export_api_on()), and the reasons export_not_tested()
 * gives.  The APIs are made here by name, so that the rows of APIs this
 * build does not have yet (riscv-hwprobe, sigreturn) are tested too; the
 * architectures and names are the kernel's linker scripts'
 * (arch/riscv/kernel/vdso/vdso.lds.S, arch/powerpc/kernel/vdso/vdso64.lds.S,
 * arch/x86/entry/vdso/vdso64/vdso64.lds.S).
 */
#include "config.h"

#include <elf.h>
#include <stdlib.h>
#include <string.h>

#include "families/apis.h"
#include "families/exports.h"
#include "vdso/arch.h"
#include "tap.h"

/* An API of the name @name (its family does not matter here). */
static struct api named(const char *name)
{
	return (struct api){ .name = name, .family = api_table[0].family, .clock_id = -1 };
}

/* Is @s a list of API names: [a-z0-9-]+ separated by one space? */
static bool api_list(const char *s)
{
	if (!*s || *s == ' ' || s[strlen(s) - 1] == ' ' || strstr(s, "  "))
		return false;
	return strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789- ") == strlen(s);
}

static void well_formed(void)
{
	for (size_t i = 0; i < vdso_export_count; i++) {
		const struct vdso_export *r = &vdso_exports[i];
		bool ok_row = r->symbol && *r->symbol && !r->apis != !r->not_tested &&
			      (!r->apis || api_list(r->apis)) &&
			      (!r->not_tested || *r->not_tested) &&
			      (!r->arch_bound || (r->apis && r->machines[0]));
		/* one row per symbol and machine */
		for (size_t j = 0; j < i; j++) {
			if (strcmp(vdso_exports[j].symbol, r->symbol) != 0)
				continue;
			for (size_t a = 0; a < EXPORT_MACHINES_MAX; a++)
				for (size_t b = 0; b < EXPORT_MACHINES_MAX; b++)
					if (r->machines[a] == vdso_exports[j].machines[b] &&
					    (r->machines[a] || a == 0))
						ok_row = false;
		}
		ok(ok_row, "row %zu (%s): a name, APIs or a reason, machines when arch-bound, once",
		   i, r->symbol);
	}
}

static void expect_on(const char *name, uint16_t machine, bool want)
{
	struct api api = named(name);

	ok(export_api_on(&api, machine) == want, "%s %s on machine %u", name,
	   want ? "listed" : "left out", machine);
}

static void expect_why(const char *symbol, uint16_t machine, const char *want)
{
	char why[EXPORT_WHY_LEN];

	export_not_tested(symbol, machine, why, sizeof(why));
	ok(strcmp(why, want) == 0, "%s on machine %u: not tested: %s (got %s)", symbol, machine,
	   want, why);
}

/* Symbol @name of @img into @sym; false when absent. */
static bool symbol(const struct vdso_image *img, const char *name, struct vdso_symbol *sym)
{
	for (size_t i = 0; i < img->nsyms; i++)
		if (vdso_image_symbol(img, i, sym) && strcmp(sym->name, name) == 0)
			return true;
	return false;
}

/*
 * export_api_tests() on the fake vDSO ($FAKE_VDSO, tests/fake-vdso.c, read
 * as an image file): its calls under this machine's prefix, the alias of
 * its gettimeofday, a name no vDSO has, and an API a row names (sigreturn)
 * whose family's call binds clock_gettime: it does not test clock_gettime.
 */
static void fake_image(void)
{
	const char *path = getenv("FAKE_VDSO"), *why = "";
	const struct vdso_arch *arch = vdso_arch_find(VDSOTEST_NATIVE_EM);
	char name[VDSO_SYMBOL_NAME_MAX], via[VDSO_SYMBOL_NAME_MAX], want[VDSO_SYMBOL_NAME_MAX];
	const struct api *gettime = api_find("clock-gettime-monotonic"),
			 *gtod = api_find("gettimeofday"), *getcpu = api_find("getcpu");
	struct vdso_image img;
	struct vdso_symbol sym;
	void *buf = NULL;
	size_t size = 0;
	FILE *f;

	if (!path || !*path) {
		ok(1, "# SKIP no $FAKE_VDSO: a build without dlopen()");
		return;
	}
	if (!(f = fopen(path, "rb")) || posix_memalign(&buf, 16, 1 << 20) != 0 ||
	    !(size = fread(buf, 1, 1 << 20, f)) || vdso_image_parse(&img, buf, size, &why) != 0) {
		ok(0, "the fake vDSO %s read as an image (%s)", path, why);
		if (f)
			fclose(f);
		free(buf);
		return;
	}
	fclose(f);
	struct api sigreturn = { .name = "sigreturn", .family = gettime->family, .clock_id = -1 };

	vdso_arch_symbol_name(arch, VDSO_CLOCK_GETTIME, name, sizeof(name));
	ok(symbol(&img, name, &sym) && export_api_tests(gettime, &img, arch, &sym, via, sizeof(via)) &&
		   !*via && !export_api_tests(getcpu, &img, arch, &sym, via, sizeof(via)) &&
		   !export_api_tests(&sigreturn, &img, arch, &sym, via, sizeof(via)),
	   "%s: tested by clock-gettime-monotonic, not by getcpu, not by sigreturn (a row's API)",
	   name);
	vdso_arch_symbol_name(arch, VDSO_GETTIMEOFDAY, want, sizeof(want));
	ok(symbol(&img, "vdsotest_fake_gettimeofday_alias", &sym) &&
		   export_api_tests(gtod, &img, arch, &sym, via, sizeof(via)) && !strcmp(via, want),
	   "vdsotest_fake_gettimeofday_alias: tested by gettimeofday through %s (got %s)", want,
	   via);
	bool any = false;
	for (size_t i = 0; symbol(&img, "vdsotest_fake_unknown", &sym) && i < api_count; i++)
		any |= export_api_tests(&api_table[i], &img, arch, &sym, via, sizeof(via));
	ok(symbol(&img, "vdsotest_fake_unknown", &sym) && !any, "vdsotest_fake_unknown: no API");
	free(buf);
}

int main(void)
{
	char small[16];

	well_formed();
	fake_image();

	expect_on("riscv-hwprobe", EM_RISCV, true);
	expect_on("riscv-hwprobe", EM_X86_64, false);
	expect_on("riscv-flush-icache", EM_AARCH64, false);
	expect_on("powerpc-get-tbfreq", EM_PPC64, true);
	expect_on("powerpc-get-tbfreq", EM_PPC, true);
	expect_on("powerpc-sync-dicache", EM_S390, false);
	expect_on("powerpc-get-syscall-map", EM_RISCV, false);
	/* not bound to one architecture: the trampolines and the time calls */
	expect_on("sigreturn", EM_X86_64, true);
	expect_on("unwind", EM_MIPS, true);
	expect_on("clock-gettime-monotonic", EM_RISCV, true);
	expect_on("getrandom", EM_ARM, true);
	/* a name no row has, one that only begins like a row's API */
	expect_on("riscv-hwprobe-x", EM_X86_64, true);
	expect_on("riscv", EM_X86_64, true);

	expect_why("__vdso_sgx_enter_enclave", EM_X86_64,
		   "needs SGX hardware and an enclave to enter (out of scope)");
	expect_why("__vdso_sgx_enter_enclave", EM_AARCH64, "unknown to vdsotest");
	expect_why("__kernel_rt_sigreturn", EM_AARCH64, "no API yet (sigreturn, unwind)");
	expect_why("__kernel_restart_syscall", EM_S390,
		   "the trampoline that restarts an interrupted system call (restart_syscall): no API makes a call restart through it");
	expect_why("__vdso_riscv_hwprobe", EM_RISCV, "no API yet (riscv-hwprobe)");
	expect_why("__vdso_riscv_hwprobe", EM_X86_64, "unknown to vdsotest");
	expect_why("__kernel_vsyscall", EM_386,
		   "the system call entry (AT_SYSINFO): glibc's system calls go through it, the reference calls of every API too, but no API checks it alone");
	expect_why("vdsotest_test_syscall", EM_SPARCV9, "vdsotest's test seam, not a vDSO function");
	expect_why("__vdso_clock_gettime", EM_X86_64, "unknown to vdsotest");

	/* a short buffer: cut, terminated */
	memset(small, 'x', sizeof(small));
	export_not_tested("__kernel_rt_sigreturn", EM_AARCH64, small, sizeof(small));
	ok(strlen(small) < sizeof(small) && strncmp(small, "no API yet (", 12) == 0,
	   "a short buffer: the reason cut to fit (%s)", small);
	return tap_done();
}
