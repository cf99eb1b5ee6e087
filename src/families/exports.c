// SPDX-License-Identifier: GPL-2.0-or-later
/* The vDSO's exported functions and the APIs that test them; see exports.h. */
#include "config.h"

#include <elf.h>
#include <stdio.h>
#include <string.h>

#include "families/apis.h"
#include "families/exports.h"
#include "vdso/arch.h"
#include "vdso/vdso.h"

/*
 * One row per symbol that no family call binds, or whose APIs exist on
 * some architectures only (exports.h says where the names come from).
 * machines { 0 }: any machine.  The time calls (clock_gettime, ...,
 * getcpu, getrandom) have no row: their families bind them.
 */
/* clang-format off */
const struct vdso_export vdso_exports[] = {
	/* x86_64 (arch/x86/entry/vdso/vdso64/vdso64.lds.S), CONFIG_X86_SGX */
	{ "__vdso_sgx_enter_enclave", { EM_X86_64 }, NULL, false,
	  "needs SGX hardware and an enclave to enter (out of scope)" },
	/* x86 (vdso64.lds.S, vdso32.lds.S), CONFIG_FUTEX_ROBUST_UNLOCK */
	{ "__vdso_futex_robust_list64_try_unlock", { EM_X86_64 }, NULL, false,
	  "no API for the robust futex list unlock" },
	{ "__vdso_futex_robust_list32_try_unlock", { EM_X86_64, EM_386 }, NULL, false,
	  "no API for the robust futex list unlock" },
	/* i386 (vdso32.lds.S, LINUX_2.5): the entry of AT_SYSINFO */
	{ "__kernel_vsyscall", { EM_386 }, NULL, false,
	  "the system call entry (AT_SYSINFO): glibc's system calls go through it, the reference calls of every API too, but no API checks it alone" },
	/* the signal trampolines a handler returns through */
	{ "__kernel_sigreturn", { EM_386, EM_S390 }, "sigreturn", false, NULL },
	{ "__kernel_rt_sigreturn", { EM_386, EM_AARCH64, EM_S390 }, "sigreturn unwind", false, NULL },
	{ "__kernel_restart_syscall", { EM_S390 }, NULL, false,
	  "the trampoline that restarts an interrupted system call (restart_syscall): no API makes a call restart through it" },
	{ "__vdso_rt_sigreturn", { EM_RISCV, EM_LOONGARCH }, "sigreturn unwind", false, NULL },
	{ "__kernel_sigtramp_rt64", { EM_PPC64 }, "sigreturn unwind", false, NULL },
	/* riscv64 (arch/riscv/kernel/vdso/vdso.lds.S) */
	{ "__vdso_riscv_hwprobe", { EM_RISCV }, "riscv-hwprobe", true, NULL },
	{ "__vdso_flush_icache", { EM_RISCV }, "riscv-flush-icache", true, NULL },
	/* powerpc (arch/powerpc/kernel/vdso/vdso64.lds.S, vdso32.lds.S) */
	{ "__kernel_get_tbfreq", { EM_PPC64, EM_PPC }, "powerpc-get-tbfreq", true, NULL },
	{ "__kernel_get_syscall_map", { EM_PPC64, EM_PPC }, "powerpc-get-syscall-map", true, NULL },
	{ "__kernel_sync_dicache", { EM_PPC64, EM_PPC }, "powerpc-sync-dicache", true, NULL },
	{ "__kernel_datapage_offset", { EM_PPC64, EM_PPC }, NULL, false,
	  "the offset of the vDSO's data page (older kernels): no API" },
	/* the test seam of a --vdso-lib object (vdso/vdso.h), never a kernel's */
	{ VDSO_TEST_SYSCALL, { 0 }, NULL, false, "vdsotest's test seam, not a vDSO function" },
	{ VDSO_TEST_VSYSCALL_GETCPU, { 0 }, NULL, false, "vdsotest's test seam, not a vDSO function" },
	{ VDSO_TEST_KERNEL_RELEASE, { 0 }, NULL, false, "vdsotest's test seam, not a vDSO function" },
	{ VDSO_TEST_TIMEBASE, { 0 }, NULL, false, "vdsotest's test seam, not a vDSO function" },
	{ VDSO_TEST_CPUINFO, { 0 }, NULL, false, "vdsotest's test seam, not a vDSO function" },
	{ VDSO_TEST_SYSCALL5, { 0 }, NULL, false, "vdsotest's test seam, not a vDSO function" },
};
/* clang-format on */
const size_t vdso_export_count = sizeof(vdso_exports) / sizeof(vdso_exports[0]);

/* Is @row about machine @machine (its list holds it, or is empty: any)? */
static bool row_on(const struct vdso_export *row, uint16_t machine)
{
	if (row->machines[0] == 0)
		return true;
	for (size_t i = 0; i < EXPORT_MACHINES_MAX && row->machines[i]; i++)
		if (row->machines[i] == machine)
			return true;
	return false;
}

/* Does the space-separated list @apis (may be NULL) hold @name? */
static bool names(const char *apis, const char *name)
{
	size_t len = strlen(name);

	for (const char *p = apis; p && *p; p += strcspn(p, " "), p += *p == ' ')
		if (strncmp(p, name, len) == 0 && (p[len] == ' ' || p[len] == '\0'))
			return true;
	return false;
}

/* The row of @symbol on machine @machine, or NULL. */
static const struct vdso_export *find_row(const char *symbol, uint16_t machine)
{
	for (size_t i = 0; i < vdso_export_count; i++)
		if (strcmp(vdso_exports[i].symbol, symbol) == 0 &&
		    row_on(&vdso_exports[i], machine))
			return &vdso_exports[i];
	return NULL;
}

bool export_api_tests(const struct api *api, const struct vdso_image *img,
		      const struct vdso_arch *arch, const struct vdso_symbol *sym, char *via,
		      size_t len)
{
	char name[VDSO_SYMBOL_NAME_MAX];
	const struct vdso_export *row = find_row(sym->name, img->machine);

	if (len)
		*via = '\0';
	if (row && names(row->apis, api->name))
		return true;
	/* an API of the table tests its rows' symbols only (whatever its call) */
	for (size_t i = 0; i < vdso_export_count; i++)
		if (names(vdso_exports[i].apis, api->name))
			return false;
	void *fn = vdso_arch_lookup(img, arch, api->family->call, name, sizeof(name));
	if (!fn || (uintptr_t)fn != img->load_bias + sym->value)
		return false;
	if (strcmp(name, sym->name) != 0)
		snprintf(via, len, "%s", name);
	return true;
}

const char *export_not_tested(const char *symbol, uint16_t machine, char *buf, size_t len)
{
	const struct vdso_export *row = find_row(symbol, machine);
	size_t n;

	if (!row) {
		snprintf(buf, len, "unknown to vdsotest");
	} else if (!row->apis) {
		snprintf(buf, len, "%s", row->not_tested);
	} else {
		/* "a b" becomes "no API yet (a, b)" */
		n = (size_t)snprintf(buf, len, "no API yet (");
		for (const char *p = row->apis; *p && n + 3 < len; p++) {
			if (*p == ' ')
				buf[n++] = ',';
			buf[n++] = *p;
		}
		if (n < len)
			snprintf(buf + n, len - n, ")");
	}
	return buf;
}

bool export_api_on(const struct api *api, uint16_t machine)
{
	bool bound = false;

	for (size_t i = 0; i < vdso_export_count; i++) {
		const struct vdso_export *row = &vdso_exports[i];
		if (!row->arch_bound || !names(row->apis, api->name))
			continue;
		if (row_on(row, machine))
			return true;
		bound = true;
	}
	return !bound;
}

bool export_api_here(const struct api *api)
{
	return export_api_on(api, VDSOTEST_NATIVE_EM);
}

/* The name of machine @m (EM_*), or "machine N". */
static const char *machine_name(uint16_t m, char *buf, size_t len)
{
	const struct vdso_arch *a = vdso_arch_find(m);

	if (a)
		return a->name;
	snprintf(buf, len, "machine %u", (unsigned)m);
	return buf;
}

const char *export_not_here(const char *what, char *buf, size_t len)
{
	char m[32];

	snprintf(buf, len, "not on this architecture (%s): %s",
		 machine_name(VDSOTEST_NATIVE_EM, m, sizeof(m)), what);
	return buf;
}

bool export_api_elsewhere(const struct api *api, char *buf, size_t len)
{
	char what[EXPORT_WHY_LEN], m[32];
	size_t n = 0;

	if (export_api_here(api))
		return false;
	for (size_t i = 0; i < vdso_export_count; i++) {
		const struct vdso_export *row = &vdso_exports[i];
		if (!row->arch_bound || !names(row->apis, api->name))
			continue;
		n = (size_t)snprintf(what, sizeof(what), "%s is in the vDSO of ", row->symbol);
		for (size_t k = 0; k < EXPORT_MACHINES_MAX && row->machines[k] && n < sizeof(what);
		     k++)
			n += (size_t)snprintf(what + n, sizeof(what) - n, "%s%s", k ? " and " : "",
					      machine_name(row->machines[k], m, sizeof(m)));
		if (n < sizeof(what))
			snprintf(what + n, sizeof(what) - n, " only");
		break;
	}
	if (!n) /* (not reached: !export_api_here() means such a row) */
		snprintf(what, sizeof(what), "its vDSO function is other machines' only");
	export_not_here(what, buf, len);
	return true;
}
