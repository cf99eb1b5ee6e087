// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdsotest: benchmark and verify the Linux vDSO against the system calls.
 * Options, dispatch and exit statuses; see vdsotest(1).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "abi.h"
#include "api.h"
#include "options.h"
#include "report.h"
#include "vdso.h"

/* Fill @b from --vdso-lib or the kernel's vDSO; returns 0 or an exit status. */
static int bind_vdso(const struct options *o, struct vdso_binding *b)
{
	struct vdso_image img;
	const char *why;

	if (o->vdso_lib) {
		if (vdso_bind_library(b, o->vdso_lib, &why) != 0) {
			fprintf(stderr, "vdsotest: --vdso-lib '%s': %s\n", o->vdso_lib, why);
			return STATUS_USAGE;
		}
		return 0;
	}
	if (vdso_locate(&img, &why) != 0) {
		report_note("no usable vDSO: %s", why);
		vdso_bind_kernel(b, NULL);
		return 0;
	}
	vdso_bind_kernel(b, &img);
	if (o->debug) {
		const struct vdso_arch *a = vdso_arch_find(img.machine);
		fprintf(stderr, "vdsotest: vDSO at %p, %zu bytes, %zu symbols, %s, version %s%s\n",
			(const void *)img.base, img.size, img.nsyms, a ? a->name : "unknown machine",
			a ? a->version : "-", img.versym ? "" : " (image has no version data)");
	}
	return 0;
}

static void print_binding(const struct vdso_binding *b)
{
	char name[64];

	for (int c = 0; c < VDSO_NR_CALLS; c++)
		fprintf(stderr, "vdsotest: %s: %s %p\n", b->source,
			vdso_symbol_name(c, name, sizeof(name)), b->fn[c]);
}

/* A child's exit status saying that its results could not be written. */
#define CHILD_WRITE_ERROR 3

static bool output_lost;

/*
 * The exit status once results are written: a lost result is a failure,
 * said once (by the child that lost it, if it was one).
 */
static int finish(int status)
{
	if (output_lost)
		return STATUS_FAIL;
	if (report_flush())
		return status;
	fprintf(stderr, "vdsotest: write error on standard output%s%s\n",
		errno ? ": " : "", errno ? strerror(errno) : "");
	return STATUS_FAIL;
}

/*
 * Run one API's bench or verify in a child, so that a vDSO that crashes is
 * reported as a failure instead of taking vdsotest down.  abi forks per case
 * itself.
 */
static enum status run_isolated(const struct api *api, enum test_type t,
				const struct run *run)
{
	int status;
	pid_t pid;

	if (t == TEST_ABI)
		return api_run(api, t, run);
	pid = fork_test_child();
	if (pid < 0) {
		fprintf(stderr, "vdsotest: %s: fork: %s\n", api->name, strerror(errno));
		return STATUS_FAIL;
	}
	if (pid == 0) {
		enum status st = api_run(api, t, run);
		_exit(finish(st) == (int)st ? st : CHILD_WRITE_ERROR);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR) {
			perror("vdsotest: waitpid");
			return STATUS_FAIL;
		}
	report_progress_clear();
	if (WIFEXITED(status) && WEXITSTATUS(status) == CHILD_WRITE_ERROR) {
		output_lost = true;
		return STATUS_FAIL;
	}
	if (WIFSIGNALED(status)) {
		report_line(api, "%s: killed by signal %d (%s)", test_type_name(t),
			    WTERMSIG(status), strsignal(WTERMSIG(status)));
		return STATUS_FAIL;
	}
	return WIFEXITED(status) ? (enum status)WEXITSTATUS(status) : STATUS_FAIL;
}

/* Fold one API's status into the run's: fail beats pass beats skip. */
static enum status worst(enum status total, enum status one, bool first)
{
	if (first)
		return one;
	if (total == STATUS_FAIL || one == STATUS_FAIL)
		return STATUS_FAIL;
	if (total == STATUS_PASS || one == STATUS_PASS)
		return STATUS_PASS;
	return one;
}

/*
 * Standard input and error, if closed, become /dev/null, so that no file
 * vdsotest opens takes their place.  A closed standard output is an error.
 */
static bool std_fds_ok(void)
{
	for (int fd = 0; fd <= 2; fd++) {
		if (fcntl(fd, F_GETFD) >= 0)
			continue;
		if (fd == STDOUT_FILENO ||
		    open("/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY) != fd)
			return false;
	}
	return true;
}

int main(int argc, char **argv)
{
	struct vdso_binding binding;
	struct options o;

	/* An inherited SIG_IGN would make the kernel reap our test children. */
	signal(SIGCHLD, SIG_DFL);
	if (!std_fds_ok()) {
		fputs("vdsotest: standard output is closed\n", stderr);
		return STATUS_FAIL;
	}
	int rc = options_parse(&o, argc, argv, stdout, stderr);
	if (rc != OPTIONS_RUN)
		return finish(rc);
	if (o.command == CMD_LIST_APIS) {
		for (size_t i = 0; i < api_count; i++)
			puts(api_table[i].name);
		return finish(0);
	}
	if (o.command == CMD_LIST_TEST_TYPES) {
		for (int t = 0; t < NR_TEST_TYPES; t++)
			puts(test_type_name(t));
		return finish(0);
	}
	if ((rc = bind_vdso(&o, &binding)) != 0)
		return rc;
	if (o.debug)
		print_binding(&binding);

	struct run run = {
		.duration_ns = o.duration_ns, .maxfails = o.maxfails,
		.verbose = o.verbose, .debug = o.debug, .format = o.format,
		.vdso = &binding,
	};
	if (o.api)
		return finish(run_isolated(o.api, o.test, &run));

	bool progress = isatty(STDERR_FILENO);
	enum status total = STATUS_SKIP;
	for (size_t i = 0; i < api_count && !output_lost; i++) {
		if (progress)
			report_progress(i + 1, api_count, &api_table[i], o.test);
		total = worst(total, run_isolated(&api_table[i], o.test, &run), i == 0);
	}
	report_progress_clear();
	return finish(total);
}
