// SPDX-License-Identifier: GPL-2.0-or-later
/* The disturber's view of the machine; see perturb_state.h and perturb.c. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/timex.h>
#include <time.h>
#include <unistd.h>

#include "harness/perturb_state.h"
#include "lib/cpus.h"
#include "lib/timespec.h"

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
int perturb_write_sysfs(const char *path, const char *text)
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

void perturb_clocksources_read(struct clocksources *cs)
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

static bool cpu_online(int cpu, bool *has_file)
{
	char path[64], line[8];

	snprintf(path, sizeof(path), CPU_DIR "cpu%d/online", cpu);
	*has_file = read_line(path, line, sizeof(line));
	return !*has_file || strcmp(line, "1") == 0;
}

void perturb_hotplug_read(struct hotplug_cpus *h, unsigned threads)
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

struct ts64 perturb_now(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (struct ts64){ ts.tv_sec, ts.tv_nsec };
}

/* CLOCK_REALTIME and CLOCK_MONOTONIC_RAW at one moment (the raw clock read around it). */
void perturb_read_pair(struct ts64 *rt, struct ts64 *raw)
{
	struct ts64 r1 = perturb_now(CLOCK_MONOTONIC_RAW);
	*rt = perturb_now(CLOCK_REALTIME);
	struct ts64 r2 = perturb_now(CLOCK_MONOTONIC_RAW);
	int64_t half = ts64_sub_ns(r2, r1) / 2;

	*raw = (struct ts64){ r1.sec + (r1.nsec + half) / NSEC_PER_SEC,
			      (r1.nsec + half) % NSEC_PER_SEC };
}

/*
 * CLOCK_REALTIME as it would be had nothing been disturbed: the saved
 * reading plus the CLOCK_MONOTONIC_RAW time since, at the saved frequency
 * (struct timex freq: ppm with a 16-bit fraction, adjtimex(2)).
 */
struct timespec perturb_reckoned_realtime(const struct saved *s)
{
	struct ts64 rt, raw;

	perturb_read_pair(&rt, &raw);
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

/* Said on stderr: what went wrong changing or restoring the state. */
void perturb_complain(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("vdsotest: perturb: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

bool perturb_adjust(struct timex *tx, const char *what)
{
	if (adjtimex(tx) < 0) {
		perturb_complain("adjtimex(%s): %s", what, strerror(errno));
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
void perturb_set_gap(void)
{
	for (;;) {
		int64_t since = ts64_sub_ns(perturb_now(CLOCK_MONOTONIC_RAW), last_set);
		if ((!last_set.sec && !last_set.nsec) || since < 0 || since >= CLOCK_SET_GAP_NS)
			return;
		nanosleep(&(struct timespec){ 0, (long)(CLOCK_SET_GAP_NS - since) }, NULL);
	}
}

/* clock_settime(CLOCK_REALTIME, @ts), after perturb_set_gap(); @what for the message. */
bool perturb_set_realtime(struct timespec ts, const char *what)
{
	int r = clock_settime(CLOCK_REALTIME, &ts);
	last_set = perturb_now(CLOCK_MONOTONIC_RAW);
	if (r != 0) {
		perturb_complain("clock_settime(CLOCK_REALTIME) %s: %s", what, strerror(errno));
		return false;
	}
	return true;
}

void perturb_cpu_path(char *buf, size_t len, int cpu)
{
	snprintf(buf, len, CPU_DIR "cpu%d/online", cpu);
}
