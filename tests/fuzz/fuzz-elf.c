// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz target for the vDSO ELF parser (src/vdso/vdso.c): any input is parsed
 * as an image, and when accepted every call of every architecture is
 * looked up, with and without a version.  The input is copied into a heap
 * block of exactly its size (aligned as malloc memory is, as
 * vdso_image_parse() requires), so that AddressSanitizer sees a read past
 * its end.  Built with libFuzzer (--enable-fuzzing) or with the replay
 * driver tests/fuzz/replay.c (make check).
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "vdso/vdso.h"

static const char *const prefixes[] = { "__vdso_", "__kernel_" };
static const char *const versions[] = {
	"LINUX_2.6", "LINUX_2.6.39", "LINUX_2.6.15", "LINUX_2.6.29", "LINUX_4.15", "LINUX_5.10",
};

/* Look up every name vdsotest could ask for; the result itself is unused. */
static void lookup_all(const struct vdso_image *img)
{
	char name[64];

	for (size_t p = 0; p < sizeof(prefixes) / sizeof(prefixes[0]); p++)
		for (int c = 0; c < VDSO_NR_CALLS; c++) {
			strcpy(name, prefixes[p]);
			strcat(name, vdso_call_name(c));
			for (size_t v = 0; v < sizeof(versions) / sizeof(versions[0]); v++) {
				char why[VDSO_UNREACHABLE_LEN];
				(void)vdso_image_lookup(img, name, versions[v]);
				(void)vdso_image_reachable(img, name, versions[v], why,
							   sizeof(why));
			}
			(void)vdso_image_lookup(img, name, NULL);
		}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct vdso_image img;
	const char *why;
	void *copy;

	if (size == 0)
		return 0;
	copy = malloc(size);
	if (!copy)
		return 0;
	memcpy(copy, data, size);
	if (vdso_image_parse(&img, copy, size, &why) == 0)
		lookup_all(&img);
	free(copy);
	return 0;
}
