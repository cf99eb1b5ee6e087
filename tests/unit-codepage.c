// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests for src/lib/codepage.c, the code page of the instruction-cache
 * checks (riscv-flush-icache, powerpc-sync-dicache): a function written
 * returns its number, rewritten in place the new one, at any offset the
 * checks use, on a read-write-execute page and on one switched by
 * mprotect(); numbers and offsets out of range are EINVAL.  On a build
 * without a code writer, ENOSYS is all there is to see.  No flush is made:
 * the host machines of make check (x86, qemu's TCG) keep instruction fetch
 * coherent with stores by themselves.
 */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/mman.h>

#include "lib/codepage.h"
#include "tap.h"

/* Write @n at @off of @cp and call it: it must return @n. */
static void returns(struct code_page *cp, size_t off, unsigned n, const char *what)
{
	size_t len = code_page_write(cp, off, n);

	if (!ok(len >= 4 && len <= CODE_PAGE_CODE_MAX, "%s: wrote %u at %zu: %zu bytes (%s)", what,
		n, off, len, len ? "ok" : strerror(errno)))
		return;
	int got = code_page_call(cp, off);
	ok(got == (int)n, "%s: the function at %zu returns %d, want %u", what, off, got, n);
}

int main(void)
{
	struct code_page cp;

	if (!code_page_can_write()) {
		errno = 0;
		ok(code_page_write(&cp, 0, 1) == 0 && errno == ENOSYS,
		   "no code writer on this build: code_page_write() says ENOSYS");
		return tap_done();
	}
	for (int sw = 0; sw < 2; sw++) {
		const char *what = sw ? "switched" : "rwx";
		int err = code_page_open(&cp, sw == 1);
		if (!ok(err == 0 && cp.base, "%s: code_page_open: %s", what, strerror(err)))
			continue;
		if (sw) { /* (a switched page made by hand: this host allows rwx) */
			cp.rwx = false;
			ok(mprotect(cp.base, cp.size, PROT_READ | PROT_EXEC) == 0,
			   "switched: page made read-execute (a write without the switch faults)");
		}
		returns(&cp, 0, 1, what);
		returns(&cp, 0, 2, what); /* rewritten in place */
		returns(&cp, 0, CODE_PAGE_RETURN_MAX, what);
		returns(&cp, 72, 1234, what);
		returns(&cp, cp.size - CODE_PAGE_CODE_MAX, 7, what);
		errno = 0;
		ok(code_page_write(&cp, 0, 0) == 0 && errno == EINVAL, "%s: 0 is EINVAL", what);
		errno = 0;
		ok(code_page_write(&cp, 0, CODE_PAGE_RETURN_MAX + 1) == 0 && errno == EINVAL,
		   "%s: CODE_PAGE_RETURN_MAX + 1 is EINVAL", what);
		errno = 0;
		ok(code_page_write(&cp, cp.size - CODE_PAGE_CODE_MAX + 4, 1) == 0 &&
			   errno == EINVAL,
		   "%s: an offset past the last function's room is EINVAL", what);
		errno = 0;
		ok(code_page_write(&cp, 2, 1) == 0 && errno == EINVAL,
		   "%s: an offset not a multiple of 4 is EINVAL", what);
		code_page_close(&cp);
		ok(cp.base == NULL, "%s: closed", what);
	}
	return tap_done();
}
