/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * `vdsotest info`: what someone bringing up a board wants to know first
 * about the vDSO and the clocks of this system (or of an image file).
 */
#ifndef VDSOTEST_INFO_H
#define VDSOTEST_INFO_H

#include <stdio.h>

#include "core/api.h"

/* Largest --vdso-image file read (a kernel's vDSO is a few pages). */
#define INFO_IMAGE_MAX_BYTES (16u << 20)

/* Where the facts come from and how they are printed. */
struct info_request {
	const char *image_path;	     /* --vdso-image, or NULL: the running vDSO */
	const char *dump_path;	     /* --dump, or NULL */
	enum output_format format;   /* FORMAT_JSON: one JSON document; else text */
	const char *clocksource_dir; /* normally /sys/devices/system/clocksource/clocksource0 */
};

/*
 * info_run - print, on @out, the kernel release and machine (uname(2)),
 * the vDSO's address (or file) and size, ELF class and machine, soname,
 * build ID, version definitions, every defined function symbol with its
 * version, which vDSO calls are bound and which expected names are missing
 * for the image's architecture, and the current and available
 * clocksources; with --dump, first save the image to a file.  For an image
 * file (@req->image_path) the kernel and clocksources, which would be the
 * running machine's, are left out (null in JSON).
 *
 * Return: STATUS_PASS; STATUS_USAGE (2) when the --vdso-image file cannot
 * be read, is not a regular file or is not a usable vDSO image, or the
 * --dump file exists and is not a regular file (one line on stderr naming
 * the file and the problem; a FIFO is refused without waiting);
 * STATUS_FAIL when the --dump file cannot be written, or when a bound call
 * is not reachable through the image's hash tables (vdso_image_reachable():
 * a program's dynamic linker would not find it), said on stderr after the
 * description.
 */
enum status info_run(const struct info_request *req, FILE *out);

#endif
