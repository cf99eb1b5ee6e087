/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Facts about the machine that a report names: kernel, CPU, clocksource. */
#ifndef VDSOTEST_SYSINFO_H
#define VDSOTEST_SYSINFO_H

#include <stddef.h>

/* Where the kernel names its current clocksource (sysfs ABI:
 * Documentation/ABI/testing/sysfs-devices-system-clocksource, "current_clocksource"). */
#define SYSINFO_CLOCKSOURCE_PATH "/sys/devices/system/clocksource/clocksource0/current_clocksource"

struct sysinfo_facts {
	char kernel_release[65];	/* uname(2) release, "" if unknown */
	char machine[65];		/* uname(2) machine, "" if unknown */
	char clocksource[64];		/* "" when the sysfs file is absent */
	char cpu_model[128];		/* /proc/cpuinfo "model name" (or, where the
					   architecture has none, "Hardware" or "cpu"),
					   "" when absent */
};

/*
 * sysinfo_read - fill @f; a fact that cannot be read is left "".  Never fails.
 */
void sysinfo_read(struct sysinfo_facts *f);

/*
 * sysinfo_first_line - the first line of file @path without its newline in
 * @buf (@size >= 1 bytes, cut to fit).
 * Return: 0; or -1 with errno from fopen(3)/fgets(3) (EIO for an empty file),
 * @buf "".
 */
int sysinfo_first_line(const char *path, char *buf, size_t size);

#endif
