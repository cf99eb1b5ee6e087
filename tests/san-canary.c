// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A deliberate bug for tests/sanitizers.sh, to show that a sanitizer
 * report fails a test: "clean" does nothing wrong, "use-after-free" reads
 * a freed heap block (AddressSanitizer), "shift" shifts a 1 into the sign
 * bit (UndefinedBehaviorSanitizer).  Without sanitizers the bugs go
 * unnoticed and it exits 0.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	const char *what = argc > 1 ? argv[1] : "clean";
	volatile int bits = 31;
	char *p = malloc(16);
	char *volatile stale = p;	/* (hidden from the compiler's warnings) */

	if (!p)
		return 99;
	memset(p, 1, 16);
	free(p);
	if (strcmp(what, "use-after-free") == 0)
		printf("%d\n", stale[0]);
	else if (strcmp(what, "shift") == 0)
		printf("%d\n", 1 << bits);
	return 0;
}
