// SPDX-License-Identifier: GPL-2.0-or-later
/* Is this machine a guest that may be disturbed?  See guest.h. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lib/guest.h"

/* ROOT/@rel into @buf (@size bytes, NUL-terminated); its length, or -1. */
static long slurp(const char *root, const char *rel, char *buf, size_t size)
{
	char path[512];
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "%s%s", root, rel);
	if (!(f = fopen(path, "r")))
		return -1;
	n = fread(buf, 1, size - 1, f);
	fclose(f);
	buf[n] = '\0';
	return (long)n;
}

/* x86: "hypervisor" among the words of a "flags" line of /proc/cpuinfo. */
static bool cpu_flag(const char *root)
{
	char path[512];
	char *line = NULL;
	size_t cap = 0;
	bool found = false;
	FILE *f;

	snprintf(path, sizeof(path), "%s/proc/cpuinfo", root);
	if (!(f = fopen(path, "r")))
		return false;
	while (!found && getline(&line, &cap, f) > 0) {
		char *colon = strchr(line, ':');
		if (strncmp(line, "flags", 5) != 0 || !colon)
			continue;
		for (char *w = strtok(colon + 1, " \t\n"); w && !found; w = strtok(NULL, " \t\n"))
			found = strcmp(w, "hypervisor") == 0;
	}
	free(line);
	fclose(f);
	return found;
}

/* A DMI field (its first line) that names a hypervisor: which field, or NULL. */
static const char *dmi_vendor(const char *root, char *value, size_t size)
{
	static const char *const fields[] = { "sys_vendor", "product_name", "board_vendor",
					      "bios_vendor" };
	static const char *const vendors[] = {
		"QEMU",	      "KVM",	    "Xen",
		"VMware",     "VMW",	    "innotek GmbH",
		"VirtualBox", "Bochs",	    "Parallels",
		"BHYVE",      "Amazon EC2", "Google Compute Engine",
		"OpenStack",  "KubeVirt",   "Apple Virtualization",
	};
	char rel[64];

	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		snprintf(rel, sizeof(rel), "/sys/class/dmi/id/%s", fields[i]);
		if (slurp(root, rel, value, size) <= 0)
			continue;
		value[strcspn(value, "\n")] = '\0';
		for (size_t k = 0; k < sizeof(vendors) / sizeof(vendors[0]); k++)
			if (strncmp(value, vendors[k], strlen(vendors[k])) == 0)
				return fields[i];
		if (strcmp(fields[i], "product_name") == 0 && strcmp(value, "Virtual Machine") == 0)
			return fields[i]; /* Hyper-V */
	}
	return NULL;
}

/* A string of the device tree's root "compatible" that names a virtual machine. */
static const char *dt_virtual(const char *root, char *buf, size_t size)
{
	long n = slurp(root, "/proc/device-tree/compatible", buf, size);

	for (long i = 0; n > 0 && i < n; i += (long)strlen(buf + i) + 1) {
		const char *s = buf + i;
		if (strcmp(s, "linux,dummy-virt") == 0 || strcmp(s, "riscv-virtio") == 0 ||
		    strncmp(s, "qemu,", 5) == 0)
			return s;
	}
	return NULL;
}

/* s390: /proc/sysinfo has a line about the hypervisor under this guest. */
static bool s390_vm(const char *root)
{
	char path[512], line[256];
	bool found = false;
	FILE *f;

	snprintf(path, sizeof(path), "%s/proc/sysinfo", root);
	if (!(f = fopen(path, "r")))
		return false;
	while (!found && fgets(line, sizeof(line), f))
		found = strncmp(line, "VM00 Control Program:", 21) == 0;
	fclose(f);
	return found;
}

/* The bring-up initramfs: "/" is the kernel's rootfs (or ramfs, tmpfs), PID 1 /init. */
static bool initramfs(const char *root, char *fstype, size_t size)
{
	char path[512], line[512], dev[128], dir[256], type[64];
	char init[16];
	bool rootfs = false;
	FILE *f;

	snprintf(path, sizeof(path), "%s/proc/self/mounts", root);
	if (!(f = fopen(path, "r")))
		return false;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%127s %255s %63s", dev, dir, type) == 3 &&
		    strcmp(dir, "/") == 0) {
			/* (the last mount on "/" is the one seen) */
			rootfs = strcmp(type, "rootfs") == 0 || strcmp(type, "ramfs") == 0 ||
				 strcmp(type, "tmpfs") == 0;
			snprintf(fstype, size, "%s", type);
		}
	fclose(f);
	return rootfs && slurp(root, "/proc/1/cmdline", init, sizeof(init)) > 0 &&
	       strcmp(init, "/init") == 0;
}

bool guest_detect(const char *root, char *what, size_t len)
{
	char buf[512];
	const char *s;

	if (cpu_flag(root)) {
		snprintf(what, len, "the hypervisor CPU flag in /proc/cpuinfo");
		return true;
	}
	if (slurp(root, "/sys/hypervisor/type", buf, sizeof(buf)) > 0 && buf[0] != '\n') {
		buf[strcspn(buf, "\n")] = '\0';
		snprintf(what, len, "/sys/hypervisor/type '%s'", buf);
		return true;
	}
	if ((s = dmi_vendor(root, buf, sizeof(buf)))) {
		snprintf(what, len, "DMI %s '%s'", s, buf);
		return true;
	}
	if ((s = dt_virtual(root, buf, sizeof(buf)))) {
		snprintf(what, len, "device tree compatible '%s'", s);
		return true;
	}
	snprintf(buf, sizeof(buf), "%s/proc/device-tree/hypervisor", root);
	struct stat st;
	if (stat(buf, &st) == 0) {
		snprintf(what, len, "a hypervisor node in the device tree");
		return true;
	}
	if (s390_vm(root)) {
		snprintf(what, len, "a VM00 Control Program line in /proc/sysinfo");
		return true;
	}
	if (initramfs(root, buf, sizeof(buf))) {
		snprintf(what, len, "an initramfs (%s on /, PID 1 /init)", buf);
		return true;
	}
	if (len)
		what[0] = '\0';
	return false;
}
