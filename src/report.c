// SPDX-License-Identifier: GPL-2.0-or-later
/* Formatting of results; see report.h. */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>

#include "report.h"

static bool progress_shown;
static int write_errno;		/* why standard output first failed, or 0 */

/* fflush(stdout), remembering the first error's errno for report_flush(). */
static void flush_stdout(void)
{
	if (fflush(stdout) != 0 && !write_errno)
		write_errno = errno;
}

void report_progress(size_t i, size_t n, const struct api *api, enum test_type t)
{
	fprintf(stderr, "\r\033[K[%zu/%zu] %s %s", i, n, api->name, test_type_name(t));
	fflush(stderr);
	progress_shown = true;
}

bool report_flush(void)
{
	flush_stdout();
	errno = write_errno;
	return !ferror(stdout);
}

void report_progress_clear(void)
{
	if (progress_shown) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
		progress_shown = false;
	}
}

static double calls_per_sec(const struct bench_sample *s)
{
	return s->duration_ns ? (double)s->calls * 1e9 / (double)s->duration_ns : 0.0;
}

static double ns_per_call(const struct bench_sample *s)
{
	return s->calls ? (double)s->duration_ns / (double)s->calls : 0.0;
}

static void report_text(const struct api *api, const struct bench_sample s[NR_PATHS],
			const bool present[NR_PATHS])
{
	static const char *const label[NR_PATHS] = {
		[PATH_SYSCALL] = "system calls per second:",
		[PATH_LIBC]    = "libc calls per second:  ",
		[PATH_VDSO]    = "vdso calls per second:  ",
	};
	uint64_t rate[NR_PATHS];
	int width = 1;

	for (int p = 0; p < NR_PATHS; p++) {
		rate[p] = (uint64_t)(calls_per_sec(&s[p]) + 0.5);
		int w = snprintf(NULL, 0, "%" PRIu64, rate[p]);
		if (present[p] && w > width)
			width = w;
	}
	for (int p = 0; p < NR_PATHS; p++) {
		if (!present[p])
			continue;
		printf("%s %s %*" PRIu64, api->name, label[p], width, rate[p]);
		if (p != PATH_SYSCALL && present[PATH_SYSCALL] && rate[PATH_SYSCALL])
			printf(" (%.2fx speedup)",
			       calls_per_sec(&s[p]) / calls_per_sec(&s[PATH_SYSCALL]));
		putchar('\n');
	}
}

void report_bench(const struct api *api, const struct run *run,
		  const struct bench_sample samples[NR_PATHS],
		  const bool present[NR_PATHS])
{
	report_progress_clear();
	if (run->format == FORMAT_TEXT) {
		report_text(api, samples, present);
	} else {
		for (int p = 0; p < NR_PATHS; p++)
			if (present[p])
				printf("%s: %s: %.2f nsec/call\n", api->name,
				       bench_path_name(p), ns_per_call(&samples[p]));
	}
	if (run->verbose)
		for (int p = 0; p < NR_PATHS; p++)
			if (present[p])
				printf("%s: %s: %" PRIu64 " calls in %" PRIu64 " ns\n",
				       api->name, bench_path_name(p), samples[p].calls,
				       samples[p].duration_ns);
	flush_stdout();
}

void report_note(const char *fmt, ...)
{
	va_list ap;

	report_progress_clear();
	va_start(ap, fmt);
	fputs("Note: ", stdout);
	vprintf(fmt, ap);
	putchar('\n');
	va_end(ap);
	flush_stdout();
}

void report_vline(const struct api *api, const char *fmt, va_list ap)
{
	report_progress_clear();
	printf("%s: ", api->name);
	vprintf(fmt, ap);
	putchar('\n');
	flush_stdout();
}

void report_line(const struct api *api, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report_vline(api, fmt, ap);
	va_end(ap);
}

enum status report_unsupported(const struct api *api)
{
	if (api->flags & CLK_AUX) {
		if (errno == ENODEV)
			report_line(api, "unsupported here: the system call gives ENODEV for %s: aux clock %d is not enabled (/sys/kernel/time/aux_clocks/%d/aux_clock_enable)",
				    api->clock_name, api->clock_id - CLOCK_AUX,
				    api->clock_id - CLOCK_AUX);
		else
			report_line(api, "unsupported by this kernel: the system call rejects %s with EINVAL (aux clocks need Linux 6.17 or later with CONFIG_POSIX_AUX_CLOCKS)",
				    api->clock_name);
		return STATUS_SKIP;
	}

	bool alarm = api->clock_id == CLOCK_REALTIME_ALARM ||
		     api->clock_id == CLOCK_BOOTTIME_ALARM;

	report_line(api, "unsupported here: the system call rejects %s with EINVAL%s",
		    api->clock_name ? api->clock_name : api->name,
		    alarm ? " (alarm clocks need an RTC that can wake the system)" : "");
	return STATUS_SKIP;
}

void report_no_vdso(const struct api *api)
{
	report_note("vDSO version of %s not found", vdso_call_name(api->family->call));
}

const char *report_vis(const char *s)
{
	static char bufs[3][512];
	static unsigned turn;
	char *buf = bufs[turn++ % 3], *p = buf;

	for (size_t i = 0; s[i] && p < buf + 490; i++) {
		unsigned char c = (unsigned char)s[i];
		if (i == 120) {
			p += sprintf(p, "...");
			break;
		}
		if (c < 0x20 || c >= 0x7f)
			p += sprintf(p, "\\x%02x", c);
		else
			*p++ = (char)c;
	}
	*p = '\0';
	return buf;
}
