// SPDX-License-Identifier: GPL-2.0-or-later
/* The clock id sweep; see clock_ids.h. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "core/api.h"
#include "families/clock_ids.h"
#include "output/report.h"

/* include/linux/posix-timers.h: a dynamic clock id of an open file. */
#define CLOCKFD 3
#define FD_TO_CLOCKID(fd) ((~(clockid_t)(fd) << 3) | CLOCKFD)

/* The result of one call. */
struct answer {
	long ret;
	int err;
	union {
		vdso_timespec old;
		vdso_timespec64 t64;
	} buf;
};

static void vdso_answer(const struct clock_ids_call *c, clockid_t id, bool null, struct answer *a)
{
	memset(&a->buf, 0, sizeof(a->buf));
	errno = 0;
	a->ret = c->vdso(c->fn, c->getres, id, null ? NULL : &a->buf);
	a->err = a->ret == -1 ? errno : 0;
}

static void sys_answer(const struct clock_ids_call *c, clockid_t id, bool null, struct answer *a)
{
	memset(&a->buf, 0, sizeof(a->buf));
	errno = 0;
	a->ret = vdso_reference_syscall(c->ref, c->sys_nr, id, (long)(null ? NULL : &a->buf));
	a->err = a->ret == -1 ? errno : 0;
}

static const char *answer_str(const struct answer *a, char *buf, size_t len)
{
	if (a->ret == -1)
		snprintf(buf, len, "-1 (%s)", strerror(a->err));
	else
		snprintf(buf, len, "%ld", a->ret);
	return buf;
}

/* What the sweep calls the id @id in messages. */
static const char *id_name(clockid_t id, const char *kind, char *buf, size_t len)
{
	if (kind)
		snprintf(buf, len, "%s %d", kind, (int)id);
	else
		snprintf(buf, len, "%d", (int)id);
	return buf;
}

static bool is_aux(clockid_t id)
{
	return id >= CLOCK_AUX && id < CLOCK_AUX + 8;
}

static struct ts64 value(const struct clock_ids_call *c, const struct answer *a)
{
	return c->time64 ? ts64_from_time64(&a->buf.t64) : ts64_from(&a->buf.old);
}

/* One clock id; @kind names a dynamic one ("process CPU-time id"), NULL else. */
static void sweep_id(struct verify_ctx *ctx, const struct clock_ids_call *c, clockid_t id,
		     const char *kind, bool cputime)
{
	struct answer s1, v, s2;
	char name[64], sa[64], va[64];

	id_name(id, kind, name, sizeof(name));
	for (int null = 0; null < 2; null++) {
		sys_answer(c, id, null, &s1);
		/* clock_gettime(valid id, NULL): the vDSO may fault (abi's case) */
		if (null && !c->getres && s1.ret == 0)
			continue;
		if (null && !c->getres && s1.ret == -1 && s1.err == EFAULT)
			continue;
		vdso_answer(c, id, null, &v);
		bool same = v.ret == s1.ret && (v.ret != -1 || v.err == s1.err);
		/* the vDSO's clock_getres of an aux clock id skips the kernel's check */
		if (!same && c->getres && is_aux(id) && v.ret == 0 && s1.ret == -1)
			same = true;
		if (!verify_ok(ctx, "every clock id answered as the system call does", same)) {
			verify_fail(ctx, "vDSO %s(%s%s) returned %s; the system call returned %s",
				    c->name, name, null ? ", NULL" : "",
				    answer_str(&v, va, sizeof(va)),
				    answer_str(&s1, sa, sizeof(sa)));
			continue;
		}
		if (null || v.ret != 0 || s1.ret != 0)
			continue;
		struct ts64 tv = value(c, &v), ts1 = value(c, &s1);
		char t1[TS64_STRLEN], t2[TS64_STRLEN], t3[TS64_STRLEN];
		if (c->getres) {
			if (!verify_ok(ctx, "every clock id's resolution as the system call's",
				       ts64_cmp(tv, ts1) == 0))
				verify_fail(ctx, "vDSO %s(%s) resolution [%s] != syscall [%s]",
					    c->name, name, ts64_format(tv, t1, sizeof(t1)),
					    ts64_format(ts1, t2, sizeof(t2)));
			continue;
		}
		if (!cputime)
			continue;
		sys_answer(c, id, false, &s2);
		if (s2.ret != 0)
			continue;
		struct ts64 ts2 = value(c, &s2);
		if (!verify_ok(ctx, "CPU-time clocks within the system call's readings",
			       ts64_cmp(ts1, tv) <= 0 && ts64_cmp(tv, ts2) <= 0))
			verify_fail(ctx, "vDSO %s(%s) [%s] not within syscall [%s .. %s]", c->name,
				    name, ts64_format(tv, t1, sizeof(t1)),
				    ts64_format(ts1, t2, sizeof(t2)),
				    ts64_format(ts2, t3, sizeof(t3)));
	}
}

void clock_ids_sweep(struct verify_ctx *ctx, const struct clock_ids_call *c)
{
	clockid_t id;

	for (id = 0; id < 32; id++)
		sweep_id(ctx, c, id, NULL,
			 id == CLOCK_PROCESS_CPUTIME_ID || id == CLOCK_THREAD_CPUTIME_ID);
	if (clock_getcpuclockid(0, &id) == 0)
		sweep_id(ctx, c, id, "process CPU-time id", true);
	if (pthread_getcpuclockid(pthread_self(), &id) == 0)
		sweep_id(ctx, c, id, "thread CPU-time id", true);
	int fd = open("/dev/ptp0", O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		sweep_id(ctx, c, FD_TO_CLOCKID(fd), "/dev/ptp0 clock id", false);
		close(fd);
	} else {
		report_note_once("clock-ids-ptp",
				 "the dynamic clock id of a PTP device not tried: /dev/ptp0: %s",
				 strerror(errno));
	}
}
