/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * verify inside a new time namespace (time_namespaces(7)): CLOCK_MONOTONIC
 * and CLOCK_BOOTTIME (with their raw, coarse and alarm variants) run
 * TIMENS_OFFSET_SEC ahead of ours there, and the vDSO must show that as
 * the system call does: the kernel gives such processes a vvar page of
 * their own that makes the vDSO add the offsets.
 */
#ifndef VDSOTEST_TIMENS_H
#define VDSOTEST_TIMENS_H

#include "core/api.h"
#include "harness/verify.h"

/*
 * How far the new namespace's CLOCK_MONOTONIC (and its raw and coarse
 * variants) and CLOCK_BOOTTIME (and its alarm variant) run ahead of ours:
 * two offsets, so that a vDSO that adds one clock's offset to the other's
 * readings is seen.
 */
#define TIMENS_OFFSET_SEC 1000
#define TIMENS_BOOT_OFFSET_SEC 1037

/* timens_offset_sec - the offset the new namespace gives @clock_id: one of the above, or 0. */
long timens_offset_sec(clockid_t clock_id);

/*
 * timens_offset_applies - does a time namespace offset @clock_id?
 * (CLOCK_MONOTONIC, _RAW, _COARSE, CLOCK_BOOTTIME, _ALARM: kernel/time/
 * namespace.c, do_timens_ktime_to_host().)
 */
bool timens_offset_applies(clockid_t clock_id);

/*
 * timens_part_applies - has a verify of @api a time-namespace part?  Its
 * family has FAMILY_TIMENS (core/api.h): inside a namespace every vDSO time
 * call takes another path (lib/vdso/gettimeofday.c: do_hres_timens(),
 * do_coarse_timens(), the namespace's data page in time(), gettimeofday's
 * timezone, clock_getres and do_aux()), and getrandom must still find its
 * data (lib/vdso/getrandom.c), whether or not the clock has an offset.
 */
bool timens_part_applies(const struct api *api);

/*
 * timens_verify - verify @api again in a new time namespace.  A child
 * unshare(2)s CLONE_NEWTIME and writes offsets TIMENS_OFFSET_SEC above our
 * own to /proc/self/timens_offsets; a first process in the namespace reads
 * @api's clock through the system call and through the path under test
 * (the readings of calls that returned 0 must lie within our own system
 * call readings before and after, plus the clock's offset,
 * timens_offset_sec(): 0 for the clocks without one, which must read our
 * values; a family without .read_clock, and the CPU-time clocks, which
 * are another process's there, have no first process); a second one runs
 * @checks for a tenth of --duration (at most 1 s), its lines marked "time
 * namespace +1000 s" (verify_scope()).  Failures count towards the
 * --maxfails of the API's verify (verify_api()); nothing is done once
 * they are reached.
 *
 * When the namespace cannot be made (EPERM without CAP_SYS_ADMIN and
 * CAP_SYS_TIME, EINVAL without CONFIG_TIME_NS, no /proc), prints
 * "Note: API: time namespace not tested: REASON" and returns STATUS_PASS.
 *
 * With run->threads above 1 the caller hands a copy with threads 1: the
 * part runs on one thread.
 *
 * Return: STATUS_PASS or STATUS_FAIL.
 */
enum status timens_verify(const struct api *api, const struct run *run, verify_part_fn checks);

#endif
