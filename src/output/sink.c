// SPDX-License-Identifier: GPL-2.0-or-later
/* The sink: standard output, --output and the shared page; see sink.h. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/api.h"
#include "lib/child.h"
#include "output/escape.h"
#include "output/sink.h"

/*
 * The sink's state: set in the parent before the test children are forked,
 * which inherit it; only *records is shared with them afterwards.
 */
static struct {
	const char *path;  /* --output, or NULL: standard output */
	char *temp;	   /* the temporary file of --output, or NULL */
	int write_errno;   /* why standard output first failed, or 0 */
	unsigned *records; /* the JSON record count: on the shared page,
				   or &records_private */
	unsigned records_private;
	unsigned *page;	   /* the shared page, once mapped, or NULL */
	char name[600];	   /* report_output_name()'s answer */
	char buf[1 << 16]; /* standard output's buffer (report_buffer_stdout()) */
} sink;

void sink_flush(void)
{
	if (fflush(stdout) != 0 && !sink.write_errno)
		sink.write_errno = errno;
}

void report_buffer_stdout(void)
{
	if (!isatty(STDOUT_FILENO))
		setvbuf(stdout, sink.buf, _IOFBF, sizeof(sink.buf));
}

/* "vdsotest: cannot write --output 'FILE': REASON" (errno). Return: STATUS_USAGE. */
static int output_failed(const char *path)
{
	fprintf(stderr, "vdsotest: cannot write --output '%s': %s\n", report_vis(path),
		strerror(errno));
	return STATUS_USAGE;
}

/*
 * A new temporary file ".FILE.XXXXXX" next to FILE @path (so that rename(2)
 * can replace FILE), its name in sink.temp.
 * Return: its descriptor, or -1 after a message.
 */
static int temp_beside(const char *path)
{
	const char *base = strrchr(path, '/');
	size_t dir_len = base ? (size_t)(base - path) + 1 : 0;
	int fd;

	base = base ? base + 1 : path;
	if (!(sink.temp = malloc(strlen(path) + sizeof(".XXXXXX") + 1))) {
		output_failed(path);
		return -1;
	}
	sprintf(sink.temp, "%.*s.%s.XXXXXX", (int)dir_len, path, base);
	if ((fd = mkstemp(sink.temp)) < 0) {
		/* the directory's failure, not FILE's: say where */
		fprintf(stderr,
			"vdsotest: cannot write --output '%s': no file can be created in '%.*s': %s\n",
			report_vis(path), dir_len ? (int)dir_len : 1, dir_len ? path : ".",
			strerror(errno));
		free(sink.temp);
		sink.temp = NULL;
	}
	return fd;
}

int report_open_output(const char *path)
{
	struct stat st;
	int fd, saved;
	mode_t mask;

	if (!path || strcmp(path, "-") == 0) /* "-": standard output, as usual */
		return 0;
	sink.path = path;
	bool exists = lstat(path, &st) == 0; /* (a symbolic link is kept) */
	if (exists && !S_ISREG(st.st_mode)) {
		if (!freopen(path, "w", stdout))
			return output_failed(path);
		report_buffer_stdout();
		return 0;
	}
	if ((fd = temp_beside(path)) < 0)
		return STATUS_USAGE;
	/* the mode that opening FILE would have given it (mkstemp: 0600) */
	mask = umask(0);
	umask(mask);
	if (fchmod(fd, exists ? st.st_mode & 07777 : 0666 & ~mask) != 0 ||
	    dup2(fd, STDOUT_FILENO) < 0) {
		saved = errno;
		close(fd);
		report_close_output(false);
		errno = saved;
		return output_failed(path);
	}
	close(fd);
	report_buffer_stdout();
	return 0;
}

bool report_close_output(bool keep)
{
	bool ok = true;

	if (!sink.temp)
		return true;
	if (keep && rename(sink.temp, sink.path) != 0) {
		fprintf(stderr, "vdsotest: --output '%s': %s\n", report_vis(sink.path),
			strerror(errno));
		keep = ok = false;
	}
	if (!keep)
		unlink(sink.temp);
	free(sink.temp);
	sink.temp = NULL;
	return ok;
}

const char *report_output_name(void)
{
	if (!sink.path)
		return "standard output";
	snprintf(sink.name, sizeof(sink.name), "'%s'", report_vis(sink.path));
	return sink.name;
}

bool report_flush(void)
{
	sink_flush();
	errno = sink.write_errno;
	return !ferror(stdout);
}

void sink_records_begin(bool shared)
{
	if (shared && !sink.page) {
		void *p = child_shared_page(sizeof(*sink.page));
		if (p)
			sink.page = p;
		else /* each child would think itself first: commas would be lost */
			perror("vdsotest: mmap");
	}
	sink.records = shared && sink.page ? sink.page : &sink.records_private;
	*sink.records = 0;
}

unsigned sink_record_next(void)
{
	if (!sink.records)
		sink.records = &sink.records_private;
	return (*sink.records)++;
}
