// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The disturber of verify --perturb; see perturb.h.  What each kind does
 * comes from adjtimex(2), clock_settime(2), the kernel's NTP code
 * (kernel/time/ntp.c: ADJ_* modes, STA_INS/STA_DEL handled at the UTC
 * midnight after they are set, ntp_clear() on a clock set) and its sysfs
 * files (cpuN/online: Documentation/ABI/testing/sysfs-devices-system-cpu;
 * clocksource0/available_clocksource and current_clocksource: the
 * attributes of kernel/time/clocksource.c).
 *
 * This file: the interface of perturb.h and the disturber process; the
 * kinds, visits and restore in perturb_kinds.c; reading and changing the
 * machine's state in perturb_state.c (each file calls only the next).
 */
#include "config.h"

#include <errno.h>
#include <linux/capability.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/timex.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "harness/perturb.h"
#include "harness/perturb_kinds.h"
#include "harness/perturb_state.h"
#include "lib/child.h"
#include "lib/timespec.h"
#include "output/report.h"

bool perturb_parse(const char *list, unsigned *kinds, char *bad, size_t len)
{
	const char *p = list;

	*kinds = 0;
	for (;;) {
		size_t n = strcspn(p, ",");
		int k = -1;

		if (n == 3 && strncmp(p, "all", 3) == 0) {
			*kinds |= PERTURB_ALL;
			k = NR_PERTURB_KINDS;
		}
		for (int i = 0; k < 0 && i < NR_PERTURB_KINDS; i++)
			if (strlen(perturb_kind_name(i)) == n &&
			    strncmp(p, perturb_kind_name(i), n) == 0)
				k = i;
		if (k < 0) {
			snprintf(bad, len, "%.*s", (int)n, p);
			return false;
		}
		if (k < NR_PERTURB_KINDS)
			*kinds |= 1u << k;
		if (!p[n])
			return true;
		p += n + 1;
	}
}

/* ---- permission, without changing anything ---- */

/* PROC_USER_INIT_INO, the initial user namespace's inode (include/linux/proc_ns.h). */
#define USER_INIT_INO 0xEFFFFFFDu

/* Linux's CAP_SYS_TIME (include/uapi/linux/capability.h). */
#ifndef CAP_SYS_TIME
#define CAP_SYS_TIME 25
#endif

bool perturb_permitted(char *why, size_t len)
{
	struct __user_cap_header_struct hdr = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];
	struct stat st;

	if (getenv(PERTURB_FORBID_ENV)) {
		snprintf(why, len, "%s is set in the environment", PERTURB_FORBID_ENV);
		return false;
	}
	memset(data, 0, sizeof(data));
	if (syscall(SYS_capget, &hdr, data) != 0) {
		snprintf(why, len, "capget: %s", strerror(errno));
		return false;
	}
	if (!(data[CAP_SYS_TIME / 32].effective & (1u << (CAP_SYS_TIME % 32)))) {
		snprintf(why, len, "this process lacks CAP_SYS_TIME");
		return false;
	}
	if (stat("/proc/self/ns/user", &st) == 0) {
		if ((uint64_t)st.st_ino != USER_INIT_INO) {
			snprintf(why, len,
				 "this process is in a user namespace, where CAP_SYS_TIME does not reach the clock");
			return false;
		}
		return true;
	}
	if (stat("/proc/self/ns", &st) == 0 && errno == ENOENT)
		return true; /* a kernel without user namespaces */
	snprintf(why, len, "cannot tell the user namespace: /proc/self/ns/user: %s",
		 strerror(errno));
	return false;
}

/*
 * The kinds of @cfg that this machine can do; for each one it cannot,
 * why, into @why[kind] (NULL for the others).  @dry: --dry-run, where an
 * unwritable sysfs file is said in the description instead.
 */
static unsigned feasible(const struct perturb_config *cfg, const struct saved *s, bool dry,
			 const char *why[NR_PERTURB_KINDS])
{
	unsigned kinds = cfg->kinds;

	for (int k = 0; k < NR_PERTURB_KINDS; k++)
		why[k] = NULL;
	if (kinds & (1u << PERTURB_CLOCKSOURCE)) {
		if (s->cs.count == 0)
			why[PERTURB_CLOCKSOURCE] = "no clocksource listed in " CLOCKSOURCE_DIR
						   "available_clocksource";
		else if (s->cs.count == 1)
			why[PERTURB_CLOCKSOURCE] = "only one clocksource";
		else if (!s->cs.writable && !dry)
			why[PERTURB_CLOCKSOURCE] = "current_clocksource is not writable";
	}
	if ((kinds & (1u << PERTURB_HOTPLUG)) && s->cpus.count == 0)
		why[PERTURB_HOTPLUG] =
			"no CPU can be taken offline (the others have no online file, are offline, or are kept for verify)";
	for (int k = 0; k < NR_PERTURB_KINDS; k++)
		if (why[k])
			kinds &= ~(1u << k);
	return kinds;
}

/* "perturb: KIND: WHY; not perturbed" for each kind @why names, as notes or on @f. */
static void say_infeasible(const struct saved *s, const char *why[NR_PERTURB_KINDS], FILE *f)
{
	for (int k = 0; k < NR_PERTURB_KINDS; k++) {
		if (!why[k])
			continue;
		const char *extra = k == PERTURB_CLOCKSOURCE && s->cs.current[0] ? s->cs.current
										 : NULL;
		if (f)
			fprintf(f, "perturb: %s: %s%s%s%s; not perturbed\n", perturb_kind_name(k),
				why[k], extra ? " (" : "", extra ? extra : "", extra ? ")" : "");
		else
			report_note("perturb: %s: %s%s%s%s; not perturbed", perturb_kind_name(k),
				    why[k], extra ? " (" : "", extra ? extra : "",
				    extra ? ")" : "");
	}
}

static bool save_state(struct saved *s, const struct perturb_config *cfg)
{
	memset(s, 0, sizeof(*s));
	if (adjtimex(&s->tx) < 0) {
		perturb_complain("adjtimex: %s", strerror(errno));
		return false;
	}
	perturb_read_pair(&s->realtime, &s->raw);
	if (cfg->kinds & (1u << PERTURB_CLOCKSOURCE))
		perturb_clocksources_read(&s->cs);
	if (cfg->kinds & (1u << PERTURB_HOTPLUG))
		perturb_hotplug_read(&s->cpus, cfg->threads);
	return true;
}

/*
 * The disturber process (child_fork(): SIGTERM when vdsotest dies): save,
 * say ready on @report_fd, disturb, restore.
 */
static void disturber_main(const struct perturb_config *cfg, int control_fd, int report_fd)
{
	static struct disturber d;
	char ready = PERTURB_READY;

	d.cfg = cfg;
	d.control_fd = control_fd;
	d.cpu_off = -1;
	d.visiting = NR_PERTURB_KINDS;
	if (!save_state(&d.saved, cfg))
		_exit(CHILD_EXIT_NOT_SET_UP);
	const char *why[NR_PERTURB_KINDS];
	d.kinds = feasible(cfg, &d.saved, false, why);
	say_infeasible(&d.saved, why, NULL);
	d.rng = (uint64_t)ts64_to_ns(d.saved.raw) ^ ((uint64_t)getpid() << 32) ^
		0x9e3779b97f4a7c15u;
	if (!d.rng)
		d.rng = 1;
	if (write(report_fd, &ready, 1) != 1)
		_exit(CHILD_EXIT_NOT_HANDED_BACK);
	close(report_fd);
	perturb_disturb(&d);
	perturb_restore(&d);
	fflush(NULL);
	_exit(d.failed ? CHILD_EXIT_FAIL : CHILD_EXIT_PASS);
}

int perturb_start(struct perturb *p, const struct perturb_config *cfg)
{
	int control[2], report[2];
	char byte;

	p->pid = -1;
	p->control_fd = -1;
	if (pipe(control) != 0 || pipe(report) != 0) {
		perror("vdsotest: perturb: pipe");
		return -1;
	}
	pid_t pid = child_fork(SIGTERM);
	if (pid < 0) {
		perror("vdsotest: perturb: fork");
		return -1;
	}
	if (pid == 0) {
		close(control[1]);
		close(report[0]);
		disturber_main(cfg, control[0], report[1]);
	}
	close(control[0]);
	close(report[1]);
	ssize_t n;
	while ((n = read(report[0], &byte, 1)) < 0 && errno == EINTR)
		;
	close(report[0]);
	p->pid = pid;
	p->control_fd = control[1];
	if (n != 1 || byte != PERTURB_READY) {
		fputs("vdsotest: perturb: the disturber could not save the clock's state; nothing perturbed\n",
		      stderr);
		perturb_stop(p);
		return -1;
	}
	return 0;
}

int perturb_stop(struct perturb *p)
{
	char stop = PERTURB_STOP;
	int status;

	if (p->pid < 0)
		return 0;
	if (write(p->control_fd, &stop, 1) != 1) {
		/* (closing the pipe says the same) */
	}
	close(p->control_fd);
	if (child_reap(p->pid, &status) != 0) {
		perror("vdsotest: perturb: waitpid");
		return -1;
	}
	p->pid = -1;
	p->control_fd = -1;
	if (WIFEXITED(status) && WEXITSTATUS(status) == CHILD_EXIT_PASS)
		return 0;
	if (WIFSIGNALED(status))
		fprintf(stderr,
			"vdsotest: perturb: the disturber was killed by signal %d; the clock's state may not be restored\n",
			WTERMSIG(status));
	else
		fputs("vdsotest: perturb: not everything could be restored (see above)\n", stderr);
	return -1;
}

/* ---- --dry-run ---- */

void perturb_describe(const struct perturb_config *cfg, FILE *f)
{
	struct saved s;
	unsigned kinds;

	memset(&s, 0, sizeof(s));
	adjtimex(&s.tx); /* modes 0: read only */
	perturb_clocksources_read(&s.cs);
	perturb_hotplug_read(&s.cpus, cfg->threads);
	const char *why[NR_PERTURB_KINDS];
	kinds = feasible(cfg, &s, true, why);
	say_infeasible(&s, why, f);
	if (kinds & (1u << PERTURB_FREQ))
		fprintf(f,
			"perturb: freq: adjtimex(ADJ_FREQUENCY) between -500 and +500 ppm every 10 to 100 ms; now %+ld.%03ld ppm, restored at the end\n",
			s.tx.freq / 65536, labs(s.tx.freq % 65536) * 1000 / 65536);
	if (kinds & (1u << PERTURB_SLEW))
		fprintf(f,
			"perturb: slew: ADJ_OFFSET_SINGLESHOT and ADJ_OFFSET (with STA_PLL) slews of up to 0.5 s either way; status now 0x%04x, restored, and CLOCK_REALTIME put back at the end\n",
			(unsigned)s.tx.status);
	if (kinds & (1u << PERTURB_STEP))
		fprintf(f,
			"perturb: step: clock_settime(CLOCK_REALTIME) steps of 1 ms to 1 s, forward and back; CLOCK_REALTIME put back at the end\n");
	if (kinds & (1u << PERTURB_TAI))
		fprintf(f,
			"perturb: tai: adjtimex(ADJ_TAI) offsets from 10 to 39 s, changed by 2 s or more; now %d s, restored at the end\n",
			s.tx.tai);
	if (kinds & (1u << PERTURB_LEAP))
		fprintf(f,
			"perturb: leap: CLOCK_REALTIME put %d s before a UTC midnight with STA_INS (STA_DEL the next time) for %d s, then put back\n",
			VISIT_BEFORE_SEC, (int)(VISIT_NS / NSEC_PER_SEC));
	if (kinds & (1u << PERTURB_CLOCKSOURCE)) {
		fprintf(f, "perturb: clocksource: current_clocksource cycled through");
		for (unsigned i = 0; i < s.cs.count; i++)
			fprintf(f, " %s", s.cs.names[i]);
		fprintf(f, "; now %s, restored at the end%s\n", s.cs.current,
			s.cs.writable ? "" : " (current_clocksource not writable here)");
	}
	if ((cfg->kinds & (1u << PERTURB_CLOCKSOURCE)) && cfg->run && cfg->run->vdso) {
		char what[640];
		perturb_fallback_summary(cfg, what, sizeof(what));
		fprintf(f, "perturb: clocksource %s (now): %s\n",
			s.cs.current[0] ? s.cs.current : "unknown", what);
	}
	if (kinds & (1u << PERTURB_HOTPLUG)) {
		fprintf(f, "perturb: hotplug: CPU");
		for (unsigned i = 0; i < s.cpus.count; i++)
			fprintf(f, " %d", s.cpus.cpu[i]);
		fprintf(f, " taken offline and online in turn (kept online for verify: CPU");
		for (unsigned i = 0; i < s.cpus.nkept; i++)
			fprintf(f, " %d", s.cpus.kept[i]);
		fprintf(f, ")\n");
	}
	if (kinds & (1u << PERTURB_Y2038))
		fprintf(f,
			"perturb: y2038: CLOCK_REALTIME put %d s before 2038-01-19T03:14:08Z for %d s, then put back\n",
			VISIT_BEFORE_SEC, (int)(VISIT_NS / NSEC_PER_SEC));
	free(s.cpus.cpu);
	free(s.cpus.kept);
}
