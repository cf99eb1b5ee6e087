// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The disturber of verify --perturb; see perturb.h.  What each kind does
 * comes from adjtimex(2), clock_settime(2), the kernel's NTP code
 * (kernel/time/ntp.c: ADJ_* modes, STA_INS/STA_DEL handled at the UTC
 * midnight after they are set, ntp_clear() on a clock set) and its sysfs
 * files (cpuN/online: Documentation/ABI/testing/sysfs-devices-system-cpu;
 * clocksource0/available_clocksource and current_clocksource: the
 * attributes of kernel/time/clocksource.c).
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/timex.h>
#include <sys/wait.h>
#include <linux/capability.h>

#include "lib/child.h"
#include "lib/cpus.h"
#include "harness/fallback.h"
#include "lib/interrupt.h"
#include "harness/perturb.h"
#include "harness/run.h"
#include "output/report.h"
#include "lib/timespec.h"

static const char *const kind_names[NR_PERTURB_KINDS] = {
	[PERTURB_FREQ] = "freq",       [PERTURB_SLEW] = "slew",
	[PERTURB_STEP] = "step",       [PERTURB_TAI] = "tai",
	[PERTURB_LEAP] = "leap",       [PERTURB_CLOCKSOURCE] = "clocksource",
	[PERTURB_HOTPLUG] = "hotplug", [PERTURB_Y2038] = "y2038",
};

const char *perturb_kind_name(enum perturb_kind k)
{
	return k < NR_PERTURB_KINDS ? kind_names[k] : "?";
}

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
			if (strlen(kind_names[i]) == n && strncmp(p, kind_names[i], n) == 0)
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

/* ---- what the machine offers: clocksources, CPUs ---- */

#define CLOCKSOURCE_DIR "/sys/devices/system/clocksource/clocksource0/"
#define CPU_DIR "/sys/devices/system/cpu/"
#define MAX_CLOCKSOURCES 16
#define NAME_LEN 64

/* The first line of @path, without its newline, into @buf; false if unreadable. */
static bool read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "re");
	bool ok;

	if (!f)
		return false;
	ok = fgets(buf, (int)len, f) != NULL;
	fclose(f);
	if (ok)
		buf[strcspn(buf, "\n")] = '\0';
	return ok;
}

/* Write @text to the sysfs file @path; 0 or an errno. */
static int write_sysfs(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), err = 0;
	size_t n = strlen(text);

	if (fd < 0)
		return errno;
	if (write(fd, text, n) != (ssize_t)n)
		err = errno ? errno : EIO;
	if (close(fd) != 0 && !err)
		err = errno;
	return err;
}

struct clocksources {
	char names[MAX_CLOCKSOURCES][NAME_LEN];
	unsigned count;
	char current[NAME_LEN];
	bool writable;
};

static void clocksources_read(struct clocksources *cs)
{
	char line[MAX_CLOCKSOURCES * NAME_LEN];

	memset(cs, 0, sizeof(*cs));
	if (!read_line(CLOCKSOURCE_DIR "current_clocksource", cs->current, sizeof(cs->current)) ||
	    !read_line(CLOCKSOURCE_DIR "available_clocksource", line, sizeof(line)))
		return;
	for (char *save, *w = strtok_r(line, " ", &save); w && cs->count < MAX_CLOCKSOURCES;
	     w = strtok_r(NULL, " ", &save))
		snprintf(cs->names[cs->count++], NAME_LEN, "%s", w);
	cs->writable = access(CLOCKSOURCE_DIR "current_clocksource", W_OK) == 0;
}

/* The CPUs hotplug may take offline: online now, with an online file, not kept for verify. */
struct hotplug_cpus {
	int *cpu;
	unsigned count;
	int *kept; /* the first CPUs of the affinity mask, kept online */
	unsigned nkept;
};

static bool cpu_online(int cpu, bool *has_file)
{
	char path[64], line[8];

	snprintf(path, sizeof(path), CPU_DIR "cpu%d/online", cpu);
	*has_file = read_line(path, line, sizeof(line));
	return !*has_file || strcmp(line, "1") == 0;
}

static void hotplug_read(struct hotplug_cpus *h, unsigned threads)
{
	struct cpu_mask allowed;
	DIR *d;
	struct dirent *e;
	unsigned cap = 0;

	memset(h, 0, sizeof(*h));
	if (cpu_mask_get(&allowed)) {
		unsigned n = cpu_mask_count(&allowed), want = threads ? threads : 1;
		if (want > n)
			want = n;
		if ((h->kept = calloc(want ? want : 1, sizeof(*h->kept))))
			for (unsigned i = 0; i < want; i++)
				h->kept[h->nkept++] = cpu_mask_nth(&allowed, i);
		cpu_mask_free(&allowed);
	}
	if (!(d = opendir(CPU_DIR)))
		return;
	while ((e = readdir(d))) {
		char *end;
		bool has_file, kept = false;
		long cpu;

		if (strncmp(e->d_name, "cpu", 3) != 0 || e->d_name[3] < '0' || e->d_name[3] > '9')
			continue;
		cpu = strtol(e->d_name + 3, &end, 10);
		if (*end || cpu < 0 || cpu > 1 << 20)
			continue;
		for (unsigned i = 0; i < h->nkept; i++)
			kept |= h->kept[i] == cpu;
		if (kept || !cpu_online((int)cpu, &has_file) || !has_file)
			continue;
		if (h->count == cap) {
			int *more = realloc(h->cpu, (cap ? cap * 2 : 8) * sizeof(*more));
			if (!more)
				break;
			h->cpu = more;
			cap = cap ? cap * 2 : 8;
		}
		h->cpu[h->count++] = (int)cpu;
	}
	closedir(d);
}

/* ---- the state saved and restored ---- */

struct saved {
	struct timex tx;	   /* modes 0: freq, status, tai */
	struct ts64 realtime, raw; /* read together */
	struct clocksources cs;
	struct hotplug_cpus cpus;
};

static struct ts64 now(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (struct ts64){ ts.tv_sec, ts.tv_nsec };
}

/* CLOCK_REALTIME and CLOCK_MONOTONIC_RAW at one moment (the raw clock read around it). */
static void read_pair(struct ts64 *rt, struct ts64 *raw)
{
	struct ts64 r1 = now(CLOCK_MONOTONIC_RAW);
	*rt = now(CLOCK_REALTIME);
	struct ts64 r2 = now(CLOCK_MONOTONIC_RAW);
	int64_t half = ts64_sub_ns(r2, r1) / 2;

	*raw = (struct ts64){ r1.sec + (r1.nsec + half) / NSEC_PER_SEC,
			      (r1.nsec + half) % NSEC_PER_SEC };
}

/*
 * CLOCK_REALTIME as it would be had nothing been disturbed: the saved
 * reading plus the CLOCK_MONOTONIC_RAW time since, at the saved frequency
 * (struct timex freq: ppm with a 16-bit fraction, adjtimex(2)).
 */
static struct timespec reckoned_realtime(const struct saved *s)
{
	struct ts64 rt, raw;

	read_pair(&rt, &raw);
	int64_t elapsed = ts64_sub_ns(raw, s->raw);
	int64_t ns = elapsed + elapsed / 65536 * (int64_t)s->tx.freq / 1000000;
	int64_t sec = s->realtime.sec + ns / NSEC_PER_SEC,
		nsec = s->realtime.nsec + ns % NSEC_PER_SEC;

	if (nsec >= NSEC_PER_SEC)
		sec++, nsec -= NSEC_PER_SEC;
	if (nsec < 0)
		sec--, nsec += NSEC_PER_SEC;
	return (struct timespec){ (time_t)sec, (long)nsec };
}

/* ---- the disturber ---- */

/* Each leap second or y2038 visit lasts this long, from 3 s before the moment. */
#define VISIT_BEFORE_SEC 3
#define VISIT_NS (6 * NSEC_PER_SEC)
/* 2038-01-19T03:14:08Z: 2^31 s after the epoch. */
#define Y2038_SEC INT64_C(2147483648)
/* The largest frequency offset: +-500 ppm, in adjtimex's 2^-16 ppm. */
#define FREQ_MAX (500L << 16)

struct disturber {
	const struct perturb_config *cfg;
	struct saved saved;
	int control_fd;
	uint64_t rng;
	unsigned events[NR_PERTURB_KINDS];
	unsigned kinds;	  /* the kinds this machine can do */
	bool clock_moved; /* a step, slew, leap or y2038 happened */
	bool status_changed, freq_changed, tai_changed;
	int cs_next; /* the next clocksource to switch to */
	bool cs_probed[MAX_CLOCKSOURCES];
	int cpu_off; /* the CPU we took offline, or -1 */
	unsigned cpu_next;
	struct ts64 visit_end;	    /* raw time at which a leap or y2038 visit ends */
	enum perturb_kind visiting; /* PERTURB_LEAP or PERTURB_Y2038, or NR_PERTURB_KINDS */
	bool leap_delete;	    /* the next leap second is a deletion */
	bool step_back;		    /* the next step goes backwards */
	bool slew_pll;		    /* the next slew is ADJ_OFFSET with STA_PLL */
	bool failed;		    /* something could not be restored */
	unsigned leaps_seen;	    /* visits across which the TAI offset moved by 1 s */
	long visit_tai;		    /* the TAI offset when the leap second visit began */
	struct ts64 leap_ready;	    /* raw time before which no new leap or y2038 visit
					   begins: 2 s after the last, for the kernel's NTP
					   state, and so that step and tai get their turns
					   between the 6 s visits, which exclude them */
};

static uint64_t rnd(struct disturber *d)
{
	d->rng ^= d->rng << 13;
	d->rng ^= d->rng >> 7;
	d->rng ^= d->rng << 17;
	return d->rng;
}

/* A whole number from @lo to @hi. */
static long rnd_range(struct disturber *d, long lo, long hi)
{
	return lo + (long)(rnd(d) % (uint64_t)(hi - lo + 1));
}

/* Said on stderr: what went wrong changing or restoring the state. */
static void complain(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void complain(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("vdsotest: perturb: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

static bool adjust(struct timex *tx, const char *what)
{
	if (adjtimex(tx) < 0) {
		complain("adjtimex(%s): %s", what, strerror(errno));
		return false;
	}
	return true;
}

/*
 * The shortest time between two settings of CLOCK_REALTIME.  verify
 * notices a setting through a timerfd that the kernel cancels only after
 * publishing the new time, so it waits for the cancel, then arms a new
 * one (verify_clock_was_set()): a second setting before the new one is
 * armed would go unnoticed and its jump be reported as a failure.
 */
#define CLOCK_SET_GAP_NS (250 * INT64_C(1000000))

static struct ts64 last_set; /* CLOCK_MONOTONIC_RAW at the last setting, or 0 */

/* Wait until CLOCK_SET_GAP_NS have passed since the last setting; call before reckoning a new time. */
static void set_gap(void)
{
	for (;;) {
		int64_t since = ts64_sub_ns(now(CLOCK_MONOTONIC_RAW), last_set);
		if ((!last_set.sec && !last_set.nsec) || since < 0 || since >= CLOCK_SET_GAP_NS)
			return;
		nanosleep(&(struct timespec){ 0, (long)(CLOCK_SET_GAP_NS - since) }, NULL);
	}
}

/* clock_settime(CLOCK_REALTIME, @ts), after set_gap(); @what for the message. */
static bool set_realtime(struct timespec ts, const char *what)
{
	int r = clock_settime(CLOCK_REALTIME, &ts);
	last_set = now(CLOCK_MONOTONIC_RAW);
	if (r != 0) {
		complain("clock_settime(CLOCK_REALTIME) %s: %s", what, strerror(errno));
		return false;
	}
	return true;
}

/* Stop requested: the control pipe readable or closed, or a signal caught. */
static bool stop_requested(struct disturber *d, int timeout_ms)
{
	struct pollfd p = { d->control_fd, POLLIN, 0 };

	if (interrupt_signal())
		return true;
	int r = poll(&p, 1, timeout_ms);
	return interrupt_signal() || (r > 0 && p.revents);
}

static void do_freq(struct disturber *d)
{
	struct timex tx = { .modes = ADJ_FREQUENCY, .freq = rnd_range(d, -FREQ_MAX, FREQ_MAX) };

	if (adjust(&tx, "ADJ_FREQUENCY"))
		d->freq_changed = true;
}

static void do_slew(struct disturber *d)
{
	long us = rnd_range(d, 1, 500000) * (rnd(d) & 1 ? 1 : -1);
	struct timex tx = { .offset = us };

	if (d->slew_pll) {
		struct timex now = { 0 };
		if (adjtimex(&now) < 0)
			return;
		tx.modes = ADJ_OFFSET | ADJ_STATUS;
		tx.status = (now.status | STA_PLL) & ~STA_NANO;
		d->status_changed = d->freq_changed = true; /* the PLL moves the frequency */
	} else {
		tx.modes = ADJ_OFFSET_SINGLESHOT;
	}
	d->slew_pll = !d->slew_pll;
	if (adjust(&tx, tx.modes == ADJ_OFFSET_SINGLESHOT ? "ADJ_OFFSET_SINGLESHOT" : "ADJ_OFFSET"))
		d->clock_moved = true;
}

static void do_step(struct disturber *d)
{
	long ms = rnd_range(d, 1, 1000);
	set_gap();
	struct ts64 rt = now(CLOCK_REALTIME);
	int64_t ns = ts64_to_ns(rt) + (d->step_back ? -ms : ms) * 1000000;

	d->step_back = !d->step_back;
	if (set_realtime((struct timespec){ (time_t)(ns / NSEC_PER_SEC),
					    (long)(ns % NSEC_PER_SEC) },
			 "step"))
		d->clock_moved = true;
}

static void do_tai(struct disturber *d)
{
	struct timex tx = { 0 };

	if (adjtimex(&tx) < 0)
		return;
	long tai = tx.tai;
	do
		tx.constant = rnd_range(d, 10, 39);
	while (tx.constant - tai < 2 && tai - tx.constant < 2);
	tx.modes = ADJ_TAI;
	if (adjust(&tx, "ADJ_TAI"))
		d->tai_changed = true;
}

/* Start a leap second or y2038 visit: the clock put VISIT_BEFORE_SEC before the moment. */
static void visit(struct disturber *d, enum perturb_kind k)
{
	set_gap();
	struct ts64 rt = now(CLOCK_REALTIME);
	int64_t moment = k == PERTURB_Y2038 ? Y2038_SEC : (rt.sec / 86400 + 1) * 86400;

	if (!set_realtime((struct timespec){ (time_t)(moment - VISIT_BEFORE_SEC), 0 },
			  k == PERTURB_Y2038 ? "before 2038" : "before midnight"))
		return;
	d->clock_moved = true;
	if (k == PERTURB_LEAP) {
		struct timex tx = { 0 };
		if (adjtimex(&tx) < 0)
			return;
		d->visit_tai = tx.tai;
		tx.modes = ADJ_STATUS;
		tx.status = (tx.status & ~(STA_INS | STA_DEL)) |
			    (d->leap_delete ? STA_DEL : STA_INS);
		d->leap_delete = !d->leap_delete;
		d->status_changed = d->tai_changed = true; /* a leap moves the TAI offset */
		adjust(&tx, "ADJ_STATUS");
	}
	d->visiting = k;
	struct ts64 raw = now(CLOCK_MONOTONIC_RAW);
	d->visit_end = (struct ts64){ raw.sec + VISIT_NS / NSEC_PER_SEC, raw.nsec };
}

/* End a visit: no leap second pending, the clock put back. */
static void end_visit(struct disturber *d)
{
	if (d->visiting == PERTURB_LEAP) {
		struct timex tx = { 0 };
		/* (a leap second moves the TAI offset by one second, the other way) */
		int state = adjtimex(&tx);
		if (state >= 0 && (tx.tai - d->visit_tai == 1 || tx.tai - d->visit_tai == -1))
			d->leaps_seen++;
		if (state >= 0) {
			tx.modes = ADJ_STATUS;
			tx.status &= ~(STA_INS | STA_DEL);
			adjust(&tx, "ADJ_STATUS");
		}
	}
	set_gap();
	set_realtime(reckoned_realtime(&d->saved), "put back");
	/*
	 * After a leap second the kernel's NTP state waits (TIME_WAIT) for
	 * a second boundary with STA_INS and STA_DEL clear before it takes a
	 * new one (second_overflow(), kernel/time/ntp.c): no visit before.
	 */
	struct ts64 raw = now(CLOCK_MONOTONIC_RAW);
	d->leap_ready = (struct ts64){ raw.sec + 2, raw.nsec };
	d->visiting = NR_PERTURB_KINDS;
}

/*
 * Which clock APIs of @cfg's table (its FAMILY_CLOCK_SUMMARY rows: the
 * clock_gettime APIs; aux clocks and unsupported clocks left out) the vDSO
 * bound in @cfg->run serves by falling back to the system call
 * (api_falls_back()), as a phrase into @buf: "the vDSO falls back to the
 * system call for CLOCK_A CLOCK_B", "the vDSO serves every clock in user
 * space", or, where it cannot be told for one of them, "fallback unknown
 * for CLOCK_A: REASON".
 */
static void fallback_summary(const struct perturb_config *cfg, char *buf, size_t len)
{
	char list[512] = "", none[512] = "", why[FALLBACK_REASON_LEN];
	const struct run *run = cfg->run;
	size_t used = 0, used_none = 0;
	unsigned n = 0;

	for (size_t i = 0; i < cfg->n_apis; i++) {
		const struct api *api = &cfg->apis[i];
		if (!(api->family->flags & FAMILY_CLOCK_SUMMARY) || (api->flags & CLK_AUX) ||
		    !api_supported(api, NULL, 0))
			continue;
		enum fallback fb = api_falls_back(api, run, why, sizeof(why));
		if (fb == FALLBACK_UNKNOWN) {
			snprintf(buf, len, "fallback unknown for %s: %s", api->clock_name, why);
			return;
		}
		if (fb == FALLBACK_NO_VDSO) {
			int w = snprintf(none + used_none, sizeof(none) - used_none, " %s",
					 api->clock_name);
			if (w > 0 && (size_t)w < sizeof(none) - used_none)
				used_none += (size_t)w;
			continue;
		}
		if (fb != FALLBACK_SYSCALL)
			continue;
		int w = snprintf(list + used, sizeof(list) - used, "%s%s", n ? " " : "",
				 api->clock_name);
		if (w > 0 && (size_t)w < sizeof(list) - used)
			used += (size_t)w;
		n++;
	}
	if (n)
		snprintf(buf, len, "the vDSO falls back to the system call for %s%s%s", list,
			 used_none ? "; no vDSO function for" : "", none);
	else if (used_none)
		snprintf(buf, len, "no vDSO function for%s", none);
	else
		snprintf(buf, len, "the vDSO serves every clock in user space");
}

static void do_clocksource(struct disturber *d)
{
	const struct clocksources *cs = &d->saved.cs;
	int i = d->cs_next;
	char path[] = CLOCKSOURCE_DIR "current_clocksource";
	int err;

	d->cs_next = (d->cs_next + 1) % (int)cs->count;
	if ((err = write_sysfs(path, cs->names[i])) != 0) {
		complain("clocksource %s: %s", cs->names[i], strerror(err));
		return;
	}
	if (!d->cs_probed[i] && d->cfg->run && d->cfg->run->vdso) {
		char what[640];
		d->cs_probed[i] = true;
		fallback_summary(d->cfg, what, sizeof(what));
		report_note("perturb: clocksource %s: %s", cs->names[i], what);
	}
}

static void cpu_path(char *buf, size_t len, int cpu)
{
	snprintf(buf, len, CPU_DIR "cpu%d/online", cpu);
}

static void do_hotplug(struct disturber *d)
{
	const struct hotplug_cpus *h = &d->saved.cpus;
	char path[64];
	int err;

	if (d->cpu_off >= 0) {
		cpu_path(path, sizeof(path), d->cpu_off);
		if ((err = write_sysfs(path, "1")) != 0)
			complain("CPU %d online: %s", d->cpu_off, strerror(err));
		else
			d->cpu_off = -1;
		return;
	}
	int cpu = h->cpu[d->cpu_next++ % h->count];
	cpu_path(path, sizeof(path), cpu);
	if ((err = write_sysfs(path, "0")) != 0)
		complain("CPU %d offline: %s", cpu, strerror(err));
	else
		d->cpu_off = cpu;
}

/* Kinds that move CLOCK_REALTIME or the TAI offset: none during a visit. */
/* clang-format off */
#define EXCLUSIVE ((1u << PERTURB_STEP) | (1u << PERTURB_TAI) | (1u << PERTURB_LEAP) | \
		   (1u << PERTURB_Y2038))
/* clang-format on */

static void event(struct disturber *d, enum perturb_kind k)
{
	switch (k) {
	case PERTURB_FREQ:
		do_freq(d);
		break;
	case PERTURB_SLEW:
		do_slew(d);
		break;
	case PERTURB_STEP:
		do_step(d);
		break;
	case PERTURB_TAI:
		do_tai(d);
		break;
	case PERTURB_LEAP:
	case PERTURB_Y2038:
		visit(d, k);
		break;
	case PERTURB_CLOCKSOURCE:
		do_clocksource(d);
		break;
	case PERTURB_HOTPLUG:
		do_hotplug(d);
		break;
	default:
		return;
	}
	d->events[k]++;
}

/* What restore() put back, for its note with -v: "A, B, C". */
struct restored {
	char what[512];
	size_t used;
};

/* Appends to @w what printf() makes of @fmt, if it fits whole. */
static void say_restored(struct restored *w, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void say_restored(struct restored *w, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	int n = vsnprintf(w->what + w->used, sizeof(w->what) - w->used, fmt, ap);
	va_end(ap);
	if (n > 0 && (size_t)n < sizeof(w->what) - w->used)
		w->used += (size_t)n;
}

/* CLOCK_REALTIME put back, if a kind moved it (reckoned_realtime()). */
static void restore_realtime(struct disturber *d, struct restored *w)
{
	if (!d->clock_moved)
		return;
	set_gap();
	struct timespec ts = reckoned_realtime(&d->saved);
	if (set_realtime(ts, "put back"))
		say_restored(w, "%sCLOCK_REALTIME put back (reckoned from CLOCK_MONOTONIC_RAW)",
			     w->used ? ", " : "");
	else
		d->failed = true;
	d->status_changed = true; /* a clock set marks it unsynchronized */
}

/* The saved frequency, status and TAI offset put back where changed, and checked. */
static void restore_timex(struct disturber *d, struct restored *w)
{
	const struct saved *s = &d->saved;
	struct timex tx = { .modes = 0 };
	if (d->freq_changed) {
		tx.modes |= ADJ_FREQUENCY;
		tx.freq = s->tx.freq;
	}
	if (d->status_changed || d->clock_moved) {
		tx.modes |= ADJ_STATUS;
		tx.status = s->tx.status;
	}
	if (d->tai_changed) {
		tx.modes |= ADJ_TAI;
		tx.constant = s->tx.tai;
	}
	if (!tx.modes)
		return;
	struct timex check = { 0 };
	if (!adjust(&tx, "restore") || adjtimex(&check) < 0) {
		d->failed = true;
		return;
	}
	if ((tx.modes & ADJ_FREQUENCY) && check.freq != s->tx.freq) {
		complain("frequency %ld, not the saved %ld, after restoring it", check.freq,
			 s->tx.freq);
		d->failed = true;
	}
	if ((tx.modes & ADJ_TAI) && check.tai != s->tx.tai) {
		complain("TAI offset %d s, not the saved %d s, after restoring it", check.tai,
			 s->tx.tai);
		d->failed = true;
	}
	if (tx.modes & ADJ_FREQUENCY)
		say_restored(w, "%sfrequency %+ld.%03ld ppm", w->used ? ", " : "",
			     s->tx.freq / 65536, labs(s->tx.freq % 65536) * 1000 / 65536);
	if (tx.modes & ADJ_STATUS)
		say_restored(w, "%sstatus 0x%04x", w->used ? ", " : "", (unsigned)s->tx.status);
	if (tx.modes & ADJ_TAI)
		say_restored(w, "%sTAI offset %d s", w->used ? ", " : "", s->tx.tai);
}

/* The saved clocksource, and the CPU taken offline, put back through sysfs. */
static void restore_sysfs(struct disturber *d, struct restored *w)
{
	const struct saved *s = &d->saved;

	if (d->events[PERTURB_CLOCKSOURCE]) {
		int err = write_sysfs(CLOCKSOURCE_DIR "current_clocksource", s->cs.current);
		if (err) {
			complain("clocksource %s not restored: %s", s->cs.current, strerror(err));
			d->failed = true;
		} else {
			say_restored(w, "%sclocksource %s", w->used ? ", " : "", s->cs.current);
		}
	}
	if (d->cpu_off >= 0) {
		char path[64];
		cpu_path(path, sizeof(path), d->cpu_off);
		int err = write_sysfs(path, "1");
		if (err) {
			complain("CPU %d not put back online: %s", d->cpu_off, strerror(err));
			d->failed = true;
		} else {
			say_restored(w, "%sCPU %d online", w->used ? ", " : "", d->cpu_off);
		}
	}
}

/* With -v: the notes of the events of each kind, and of what @w says was restored. */
static void note_events(const struct disturber *d, const struct restored *w)
{
	char counts[256] = "";
	size_t n = 0;

	for (int k = 0; k < NR_PERTURB_KINDS; k++)
		if (d->cfg->kinds & (1u << k)) {
			int c = snprintf(counts + n, sizeof(counts) - n, "%s%s %u", n ? ", " : "",
					 kind_names[k], d->events[k]);
			if (c > 0 && (size_t)c < sizeof(counts) - n)
				n += (size_t)c;
		}
	if (d->cfg->kinds & (1u << PERTURB_LEAP))
		report_note("perturb: events: %s; leap seconds the kernel made: %u", counts,
			    d->leaps_seen);
	else
		report_note("perturb: events: %s", counts);
	report_note("perturb: restored: %s", w->used ? w->what : "nothing was changed");
}

/* Put back what was changed; say what with -v.  False if something could not be. */
static void restore(struct disturber *d)
{
	struct restored w = { "", 0 };

	if (d->visiting != NR_PERTURB_KINDS)
		end_visit(d);
	restore_realtime(d, &w);
	restore_timex(d, &w);
	restore_sysfs(d, &w);
	if (d->cfg->verbose)
		note_events(d, &w);
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
			fprintf(f, "perturb: %s: %s%s%s%s; not perturbed\n", kind_names[k], why[k],
				extra ? " (" : "", extra ? extra : "", extra ? ")" : "");
		else
			report_note("perturb: %s: %s%s%s%s; not perturbed", kind_names[k], why[k],
				    extra ? " (" : "", extra ? extra : "", extra ? ")" : "");
	}
}

static bool save_state(struct saved *s, const struct perturb_config *cfg)
{
	memset(s, 0, sizeof(*s));
	if (adjtimex(&s->tx) < 0) {
		complain("adjtimex: %s", strerror(errno));
		return false;
	}
	read_pair(&s->realtime, &s->raw);
	if (cfg->kinds & (1u << PERTURB_CLOCKSOURCE))
		clocksources_read(&s->cs);
	if (cfg->kinds & (1u << PERTURB_HOTPLUG))
		hotplug_read(&s->cpus, cfg->threads);
	return true;
}

static void disturb(struct disturber *d)
{
	unsigned next = 0;

	while (!stop_requested(d, (int)rnd_range(d, 10, 100))) {
		if (d->visiting != NR_PERTURB_KINDS &&
		    ts64_cmp(now(CLOCK_MONOTONIC_RAW), d->visit_end) >= 0)
			end_visit(d);
		for (unsigned tries = 0; tries < NR_PERTURB_KINDS; tries++) {
			enum perturb_kind k = (enum perturb_kind)(next++ % NR_PERTURB_KINDS);
			if (!(d->kinds & (1u << k)) ||
			    (d->visiting != NR_PERTURB_KINDS && (EXCLUSIVE & (1u << k))) ||
			    ((k == PERTURB_LEAP || k == PERTURB_Y2038) &&
			     ts64_cmp(now(CLOCK_MONOTONIC_RAW), d->leap_ready) < 0))
				continue;
			event(d, k);
			break;
		}
	}
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
	disturb(&d);
	restore(&d);
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
	clocksources_read(&s.cs);
	hotplug_read(&s.cpus, cfg->threads);
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
		fallback_summary(cfg, what, sizeof(what));
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
