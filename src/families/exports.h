/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What vdsotest tests of each function a vDSO exports (`vdsotest info`),
 * and on which architectures an API can exist at all (list-apis, "all").
 *
 * Two sources, looked at when asked (nothing is fixed at build time, so a
 * row may name an API this build does not have yet):
 *  - the API table (families/apis.h): an API no row names tests the
 *    symbol that its family's call (struct family.call) binds to in the
 *    image, under the image's architecture's names (vdso_arch_lookup()),
 *    and every other name of the image at the same address (x86_64's
 *    clock_gettime beside __vdso_clock_gettime); a family of that kind
 *    needs no row;
 *  - the table vdso_exports[] below: one row per symbol the family calls do
 *    not bind (signal trampolines, hardware-bound entries) or whose APIs
 *    exist on some architectures only.  Its facts come from each
 *    architecture's vDSO linker script in the kernel (the VERSION blocks of
 *    arch/x86/entry/vdso/vdso64/vdso64.lds.S and vdso32/vdso32.lds.S,
 *    arch/arm64/kernel/vdso/vdso.lds.S, arch/powerpc/kernel/vdso/vdso64.lds.S,
 *    arch/riscv/kernel/vdso/vdso.lds.S, arch/s390/kernel/vdso/vdso.lds.S,
 *    arch/loongarch/vdso/vdso.lds.S).
 */
#ifndef VDSOTEST_EXPORTS_H
#define VDSOTEST_EXPORTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/api.h"
#include "vdso/vdso.h"

/* Machines of one row, at most this many (the rest of the array is 0). */
#define EXPORT_MACHINES_MAX 4

struct vdso_export {
	const char *symbol; /* the exact name, e.g. "__vdso_riscv_hwprobe" */
	/* EM_* of the vDSOs that export it under this name */
	uint16_t machines[EXPORT_MACHINES_MAX];
	/* the APIs that test it, separated by one space; NULL: none */
	const char *apis;
	/*
	 * true: those APIs exist only where this symbol can (list-apis and
	 * "all" leave them out elsewhere: export_api_here())
	 */
	bool arch_bound;
	/* apis NULL: why it is not tested, the end of "not tested: ..." */
	const char *not_tested;
};

extern const struct vdso_export vdso_exports[];
extern const size_t vdso_export_count;

/* Room for an export_not_tested() reason. */
#define EXPORT_WHY_LEN 160

/*
 * export_api_tests - does @api test the function symbol @sym of @img?
 * @arch: the naming of @img's machine (vdso_arch_find()), NULL if unknown
 * @via:  set to the name @api calls when that is another name at the
 *        same address as @sym (an alias), else to ""; @len bytes
 *        (VDSO_SYMBOL_NAME_MAX is enough)
 * Return: true when a row of vdso_exports[] for @sym->name and @img's
 * machine names @api; or, for an API no row names, when its family call
 * binds in @img to @sym->name or to another name at @sym->value.  (An API
 * a row names tests its rows' symbols only: a family whose .call is a
 * stand-in, as a signal trampoline's may be, claims nothing more.)
 */
bool export_api_tests(const struct api *api, const struct vdso_image *img,
		      const struct vdso_arch *arch, const struct vdso_symbol *sym, char *via,
		      size_t len);

/*
 * export_not_tested - why no API of this build tests @symbol of a vDSO of
 * machine @machine (EM_*): the row's reason; "no API yet (NAME, ...)"
 * when the row's APIs are not in this build; "unknown to vdsotest" when
 * no row has it.  Into @buf of @len bytes (EXPORT_WHY_LEN is enough).
 * Return: @buf.
 */
const char *export_not_tested(const char *symbol, uint16_t machine, char *buf, size_t len);

/*
 * export_api_on - can @api's vDSO function exist on machine @machine
 * (EM_*)?  False only when @api is named in an arch_bound row of
 * vdso_exports[] and in no arch_bound row for @machine (riscv-hwprobe
 * on x86_64); true for every other API (the time calls: every kernel
 * may have them, and a missing one is the TEST-TYPE's skip).
 */
bool export_api_on(const struct api *api, uint16_t machine);

/* export_api_here - export_api_on() for this build's machine. */
bool export_api_here(const struct api *api);

/*
 * export_not_here - the one wording of "this API is not on this
 * architecture", for every TEST-TYPE and format (and for the time64 names
 * on a 64-bit build, options.c): "not on this architecture (MACHINE):
 * @what" into @buf of @len bytes, MACHINE this build's (vdso_arch_find()
 * of VDSOTEST_NATIVE_EM).  Return: @buf.
 */
const char *export_not_here(const char *what, char *buf, size_t len);

/*
 * export_api_elsewhere - is @api's vDSO function one of other machines
 * only (!export_api_here())?  Then true, and into @buf (@len bytes,
 * EXPORT_WHY_LEN is enough) export_not_here() with the symbol and the
 * machines whose vDSO has it, from the arch_bound rows of vdso_exports[]:
 * "not on this architecture (x86_64): __vdso_riscv_hwprobe is in the vDSO
 * of riscv64 only".  False, @buf untouched, for every other API.
 */
bool export_api_elsewhere(const struct api *api, char *buf, size_t len);

#endif
