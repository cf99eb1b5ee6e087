// SPDX-License-Identifier: GPL-2.0-or-later
/* Machine facts for reports; see sysinfo.h. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>

#include "sysinfo.h"

int sysinfo_first_line(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "r");
	int ok;

	buf[0] = '\0';
	if (!f)
		return -1;
	ok = fgets(buf, (int)size, f) != NULL;
	fclose(f);
	if (!ok) {
		errno = EIO;
		return -1;
	}
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

/* The value of the first "KEY<blanks>: value" line of /proc/cpuinfo among @keys. */
static void cpu_model(char *buf, size_t size)
{
	static const char *const keys[] = { "model name", "Hardware", "cpu" };
	char line[512];

	buf[0] = '\0';
	for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]) && !buf[0]; k++) {
		FILE *f = fopen("/proc/cpuinfo", "r");
		size_t n = strlen(keys[k]);

		if (!f)
			return;
		while (fgets(line, sizeof(line), f)) {
			char *colon = strchr(line, ':');
			if (strncmp(line, keys[k], n) != 0 || !colon ||
			    strspn(line + n, " \t") != (size_t)(colon - line - (long)n))
				continue;
			colon += strspn(colon + 1, " \t") + 1;
			colon[strcspn(colon, "\n")] = '\0';
			snprintf(buf, size, "%s", colon);
			break;
		}
		fclose(f);
	}
}

void sysinfo_read(struct sysinfo_facts *f)
{
	struct utsname u;

	memset(f, 0, sizeof(*f));
	if (uname(&u) == 0) {
		snprintf(f->kernel_release, sizeof(f->kernel_release), "%s", u.release);
		snprintf(f->machine, sizeof(f->machine), "%s", u.machine);
	}
	sysinfo_first_line(SYSINFO_CLOCKSOURCE_PATH, f->clocksource, sizeof(f->clocksource));
	cpu_model(f->cpu_model, sizeof(f->cpu_model));
}
