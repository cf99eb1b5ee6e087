// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests for guest_detect() (src/lib/guest.c), which lets --perturb
 * run without --allow-host-perturb: each sign of a hypervisor in a made-up
 * tree (a temporary directory, the kernel's formats: proc(5), sysfs), and
 * trees of real machines and of a container that must show none.  Never
 * the machine's own files.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/guest.h"
#include "tap.h"

static char root[64];

/* A new empty tree in root. */
static void fresh(void)
{
	char cmd[96];

	if (root[0]) {
		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
		if (system(cmd) != 0)
			exit(99);
	}
	snprintf(root, sizeof(root), "/tmp/unit-guest.XXXXXX");
	if (!mkdtemp(root)) {
		perror("mkdtemp");
		exit(99);
	}
}

/* Write the @n bytes of @text to ROOT/@rel, making its directories. */
static void put_n(const char *rel, const char *text, size_t n)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	for (char *p = path + strlen(root) + 1; (p = strchr(p, '/')); p++) {
		*p = '\0';
		mkdir(path, 0755);
		*p = '/';
	}
	if (!(f = fopen(path, "w")) || fwrite(text, 1, n, f) != n || fclose(f) != 0) {
		perror(path);
		exit(99);
	}
}

static void put(const char *rel, const char *text)
{
	put_n(rel, text, strlen(text));
}

/* What a workstation shows: a CPU without the flag, a DMI vendor, an ext4 root, systemd. */
static void bare_metal(void)
{
	put("proc/cpuinfo", "processor\t: 0\nmodel name\t: Some CPU\n"
			    "flags\t\t: fpu vme de pse tsc msr pae hypervisorx xhypervisor\n\n"
			    "processor\t: 1\nflags\t\t: fpu vme\n");
	put("sys/class/dmi/id/sys_vendor", "Dell Inc.\n");
	put("sys/class/dmi/id/product_name", "Precision 3660\n");
	put("proc/self/mounts", "rootfs / rootfs rw 0 0\n/dev/nvme0n1p2 / ext4 rw,relatime 0 0\n"
				"proc /proc proc rw 0 0\n");
	put_n("proc/1/cmdline", "/sbin/init\0splash\0", 18);
}

static bool detect(char *what, size_t len)
{
	strcpy(what, "unchanged");
	return guest_detect(root, what, len);
}

int main(void)
{
	char what[160];

	fresh();
	ok(!detect(what, sizeof(what)) && what[0] == '\0', "an empty tree: no guest, nothing said");

	fresh();
	bare_metal();
	ok(!detect(what, sizeof(what)) && what[0] == '\0',
	   "a workstation (no flag, DMI 'Dell Inc.', ext4 on /, /sbin/init): no guest (got '%s')",
	   what);

	fresh();
	bare_metal();
	put_n("proc/1/cmdline", "/init\0", 6);
	ok(!detect(what, sizeof(what)), "/init as PID 1 with ext4 on /: no guest (got '%s')", what);

	fresh();
	put("proc/self/mounts", "rootfs / rootfs rw 0 0\nproc /proc proc rw 0 0\n");
	put_n("proc/1/cmdline", "/sbin/init\0", 11);
	ok(!detect(what, sizeof(what)), "rootfs on / with another PID 1: no guest (got '%s')", what);

	fresh();
	bare_metal();
	put("proc/1/environ", "container=docker");
	put("proc/self/mounts", "overlay / overlay rw 0 0\n");
	ok(!detect(what, sizeof(what)),
	   "a container (overlay on /) of a workstation: no guest, it shares the clock (got '%s')",
	   what);

	fresh();
	bare_metal();
	put("proc/cpuinfo", "processor\t: 0\nflags\t\t: fpu vme hypervisor lahf_lm\n");
	ok(detect(what, sizeof(what)) && strcmp(what, "the hypervisor CPU flag in /proc/cpuinfo") == 0,
	   "x86 cpuinfo flags with 'hypervisor': a guest (got '%s')", what);

	fresh();
	put("proc/cpuinfo", "processor\t: 0\nflags\t\t: fpu hypervisor\n");
	ok(detect(what, sizeof(what)) && strstr(what, "hypervisor CPU flag"),
	   "'hypervisor' as the last flag: a guest (got '%s')", what);

	fresh();
	bare_metal();
	put("sys/hypervisor/type", "xen\n");
	ok(detect(what, sizeof(what)) && strcmp(what, "/sys/hypervisor/type 'xen'") == 0,
	   "/sys/hypervisor/type xen: a guest (got '%s')", what);

	fresh();
	put("sys/hypervisor/type", "\n");
	ok(!detect(what, sizeof(what)), "an empty /sys/hypervisor/type: no guest (got '%s')", what);

	static const struct {
		const char *field, *value, *said;
	} dmi[] = {
		{ "sys_vendor", "QEMU\n", "DMI sys_vendor 'QEMU'" },
		{ "sys_vendor", "innotek GmbH\n", "DMI sys_vendor 'innotek GmbH'" },
		{ "product_name", "VMware Virtual Platform\n",
		  "DMI product_name 'VMware Virtual Platform'" },
		{ "product_name", "Virtual Machine\n", "DMI product_name 'Virtual Machine'" },
		{ "bios_vendor", "Amazon EC2\n", "DMI bios_vendor 'Amazon EC2'" },
		{ "board_vendor", "Google Compute Engine\n",
		  "DMI board_vendor 'Google Compute Engine'" },
	};
	for (size_t i = 0; i < sizeof(dmi) / sizeof(dmi[0]); i++) {
		char rel[64];

		fresh();
		bare_metal();
		snprintf(rel, sizeof(rel), "sys/class/dmi/id/%s", dmi[i].field);
		put(rel, dmi[i].value);
		ok(detect(what, sizeof(what)) && strcmp(what, dmi[i].said) == 0,
		   "DMI %s %.*s: a guest (got '%s')", dmi[i].field,
		   (int)strcspn(dmi[i].value, "\n"), dmi[i].value, what);
	}
	fresh();
	put("sys/class/dmi/id/product_name", "Virtual Machine Builder 3000\n");
	ok(!detect(what, sizeof(what)), "DMI product_name only starting with 'Virtual Machine': no guest");

	static const char dt_arm[] = "linux,dummy-virt";
	static const char dt_riscv[] = "riscv-virtio";
	static const char dt_ppc[] = "qemu,pseries";
	static const char dt_board[] = "raspberrypi,4-model-b\0brcm,bcm2711";
	const struct {
		const char *bytes;
		size_t n;
		bool guest;
	} dt[] = {
		{ dt_arm, sizeof(dt_arm), true },
		{ dt_riscv, sizeof(dt_riscv), true },
		{ dt_ppc, sizeof(dt_ppc), true },
		{ dt_board, sizeof(dt_board), false },
	};
	for (size_t i = 0; i < sizeof(dt) / sizeof(dt[0]); i++) {
		fresh();
		put_n("proc/device-tree/compatible", dt[i].bytes, dt[i].n);
		bool g = detect(what, sizeof(what));
		ok(g == dt[i].guest && (!g || strstr(what, dt[i].bytes)),
		   "device tree compatible '%s': %s (got '%s')", dt[i].bytes,
		   dt[i].guest ? "a guest" : "no guest", what);
	}
	fresh();
	put_n("proc/device-tree/compatible", "vendor,board\0linux,dummy-virt", 30);
	ok(detect(what, sizeof(what)) && strstr(what, "'linux,dummy-virt'"),
	   "the second string of compatible counts too (got '%s')", what);
	fresh();
	put("proc/device-tree/hypervisor/compatible", "xen,xen");
	ok(detect(what, sizeof(what)) && strstr(what, "hypervisor node"),
	   "a /proc/device-tree/hypervisor node: a guest (got '%s')", what);

	fresh();
	put("proc/sysinfo", "Manufacturer:         IBM\nLPAR Name:            LP01\n");
	ok(!detect(what, sizeof(what)), "s390 LPAR (no VM00 lines): no guest (got '%s')", what);
	put("proc/sysinfo", "Manufacturer:         IBM\nVM00 Name:            GUEST\n"
			    "VM00 Control Program: KVM/Linux       \n");
	ok(detect(what, sizeof(what)) && strstr(what, "/proc/sysinfo"),
	   "s390 KVM guest (VM00 Control Program): a guest (got '%s')", what);

	fresh();
	put("proc/self/mounts", "rootfs / rootfs rw,size=1000k 0 0\nproc /proc proc rw 0 0\n"
				"sysfs /sys sysfs rw 0 0\n");
	put_n("proc/1/cmdline", "/init\0", 6);
	ok(detect(what, sizeof(what)) &&
		   strcmp(what, "an initramfs (rootfs on /, PID 1 /init)") == 0,
	   "the bring-up initramfs (rootfs on /, /init): a guest (got '%s')", what);

	fresh();
	put("proc/self/mounts", "none / tmpfs rw 0 0\n");
	put_n("proc/1/cmdline", "/init\0", 6);
	ok(detect(what, sizeof(what)) && strstr(what, "tmpfs on /"),
	   "tmpfs on / with /init: a guest (got '%s')", what);

	char small[8];
	fresh();
	put("sys/class/dmi/id/sys_vendor", "QEMU\n");
	ok(guest_detect(root, small, sizeof(small)) && strlen(small) == sizeof(small) - 1,
	   "the description is cut to the room given (got '%s')", small);

	fresh();
	rmdir(root);
	return tap_done();
}
