/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Is this machine a guest that may be disturbed (--perturb changes its
 * system clock)?  A virtual machine, or a system that runs from its
 * initramfs with nothing kept (tests/bringup/'s guests).  A container is
 * not one: it shares its host's clock.
 */
#ifndef VDSOTEST_GUEST_H
#define VDSOTEST_GUEST_H

#include <stdbool.h>
#include <stddef.h>

/*
 * guest_detect - what Linux shows of a hypervisor, read below @root ("" for
 * this machine; a directory with a made-up tree in the tests), first found
 * first:
 *   - x86: the "hypervisor" word on a "flags" line of /proc/cpuinfo (CPUID
 *     leaf 1 ECX bit 31, set by hypervisors: arch/x86/kernel/cpu);
 *   - /sys/hypervisor/type, non-empty (Xen; sysfs-hypervisor ABI);
 *   - DMI (x86, arm64 with ACPI): sys_vendor, product_name, board_vendor
 *     or bios_vendor under /sys/class/dmi/id starting with a hypervisor's
 *     name (the vendors systemd-detect-virt knows: QEMU, KVM, Xen,
 *     VMware, innotek GmbH/VirtualBox, Bochs, Parallels, BHYVE, Amazon
 *     EC2, Google Compute Engine, OpenStack, KubeVirt, Apple
 *     Virtualization; product_name "Virtual Machine" for Hyper-V);
 *   - device tree (arm, riscv, ppc): /proc/device-tree/compatible holding
 *     "linux,dummy-virt" (qemu's arm virt), "riscv-virtio" (qemu's riscv
 *     virt) or a "qemu," string (pseries), or a
 *     /proc/device-tree/hypervisor node (Xen, KVM);
 *   - s390: a "VM00 Control Program:" line in /proc/sysinfo (the
 *     machine is a z/VM or KVM guest: arch/s390/kernel/sysinfo.c);
 *   - the bring-up initramfs: "/" is rootfs, ramfs or tmpfs in
 *     /proc/self/mounts (the kernel's initramfs, never switched from) and
 *     PID 1 is /init (/proc/1/cmdline).
 * Return: true with what was seen in @what (@len bytes, e.g. "DMI
 * sys_vendor 'QEMU'"); false, @what "", when none of them is there (a
 * real machine, or a hypervisor that hides itself).
 */
bool guest_detect(const char *root, char *what, size_t len);

#endif
