// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A fake vDSO for tests/unit-lookup.c that exports the calls under chosen
 * names only, whatever this machine's vDSO calls them:
 *   clock_gettime  as __kernel_clock_gettime only,
 *   getcpu         as __vdso_getcpu only,
 *   clock_getres   as both __vdso_clock_getres and __kernel_clock_getres
 *                  (two functions: the test tells them apart by address),
 *   gettimeofday   not at all.
 * Loaded with --vdso-lib, never called: the test compares the addresses
 * vdso_bind_library() binds with those dlsym() gives for each name.
 */
#include <time.h>

int __kernel_clock_gettime(clockid_t id, struct timespec *ts);
long __vdso_getcpu(unsigned *cpu, unsigned *node, void *cache);
int __vdso_clock_getres(clockid_t id, struct timespec *res);
int __kernel_clock_getres(clockid_t id, struct timespec *res);

int __kernel_clock_gettime(clockid_t id, struct timespec *ts)
{
	(void)id;
	(void)ts;
	return -38; /* -ENOSYS */
}

long __vdso_getcpu(unsigned *cpu, unsigned *node, void *cache)
{
	(void)cpu;
	(void)node;
	(void)cache;
	return -38;
}

int __vdso_clock_getres(clockid_t id, struct timespec *res)
{
	(void)res;
	return id == 0 ? -22 : -38; /* differs from the other: not merged */
}

int __kernel_clock_getres(clockid_t id, struct timespec *res)
{
	(void)res;
	return id == 1 ? -22 : -38;
}
