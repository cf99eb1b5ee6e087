// SPDX-License-Identifier: GPL-2.0-or-later
/* `vdsotest info`; see info.h. */
#include "config.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "cli/info.h"
#include "core/known_bugs.h"
#include "families/apis.h"
#include "families/exports.h"
#include "harness/fallback.h"
#include "harness/run.h"
#include "harness/stack.h"
#include "output/report.h"
#include "vdso/arch.h"
#include "vdso/unwind_tables.h"
#include "vdso/vdso.h"

/* What is printed, gathered first. */
struct info {
	struct utsname uts;
	bool have_uts;
	bool have_image;
	const char *no_image_why; /* !have_image: why */
	struct vdso_image img;
	const char *image_path;	      /* NULL for the running vDSO */
	const struct vdso_arch *arch; /* of the image's e_machine, or NULL */
	char current_cs[64];	      /* "" when unknown */
	char available_cs[256];
	bool measured; /* the running vDSO: apis[] filled */
	struct api_facts {
		bool unsupported; /* the family says so (api_supported()): */
		char unsupported_why[API_SUPPORTED_WHY_LEN]; /* its reason */
		enum fallback path;			     /* api_falls_back() */
		char why[FALLBACK_REASON_LEN];		     /* FALLBACK_UNKNOWN: the reason */
		long stack_bytes;			     /* api_stack_bytes(), -1: unknown */
	} * apis;					     /* api_count entries, or NULL */
	bool *tested; /* api_count entries: testing()'s scratch, or NULL */
};

/*
 * Which path serves each API, and the stack its vDSO function uses (the
 * running vDSO only: an image file is not run).  Each figure comes from a
 * child of its own (fallback.h, stack.h).
 */
static void measure_apis(struct info *in)
{
	struct vdso_binding b;

	if (!(in->apis = calloc(api_count, sizeof(*in->apis))))
		return;
	vdso_bind_kernel(&b, &in->img);
	struct run run = { .duration_ns = 1, .maxfails = 1, .threads = 1, .vdso = &b };
	for (size_t i = 0; i < api_count; i++) {
		struct api_facts *f = &in->apis[i];
		if (!export_api_here(&api_table[i]))
			continue; /* (not listed: another architecture's) */
		/* as bench, verify and abi skip it, with the same reason */
		if (!api_supported(&api_table[i], f->unsupported_why, sizeof(f->unsupported_why))) {
			f->unsupported = true;
			f->stack_bytes = -1;
			continue;
		}
		f->path = api_falls_back(&api_table[i], &run, f->why, sizeof(f->why));
		f->stack_bytes = f->path == FALLBACK_NO_VDSO ? -1
							     : api_stack_bytes(&api_table[i], &run);
	}
	in->measured = true;
}

static const char *path_name(const struct api_facts *f)
{
	switch (f->path) {
	case FALLBACK_NONE:
		return "user space";
	case FALLBACK_SYSCALL:
		return "falls back to the system call";
	case FALLBACK_NO_VDSO:
		return "no vDSO function";
	default:
		return "unknown";
	}
}

static void text_apis(FILE *out, const struct info *in)
{
	if (!in->measured) {
		fputs("APIs: not measured (an image file is not run)\n", out);
		return;
	}
	int width = 0;

	for (size_t i = 0; i < api_count; i++)
		if (export_api_here(&api_table[i]) && (int)strlen(api_table[i].name) > width)
			width = (int)strlen(api_table[i].name);
	/* (list-apis's: not those of another architecture's vDSO function) */
	fputs("APIs (path that serves a call; stack used by the vDSO function):\n", out);
	for (size_t i = 0; i < api_count; i++) {
		const struct api_facts *f = &in->apis[i];
		const struct api *api = &api_table[i];
		if (!export_api_here(api))
			continue;
		if (f->unsupported) {
			fprintf(out, "  %-*s %s\n", width, api->name, f->unsupported_why);
			continue;
		}
		fprintf(out, "  %-*s %s", width, api->name, path_name(f));
		if (f->path == FALLBACK_UNKNOWN)
			fprintf(out, " (%s)", f->why);
		if (f->stack_bytes >= 0)
			fprintf(out, "; stack %ld bytes", f->stack_bytes);
		else if (f->path != FALLBACK_NO_VDSO)
			fputs("; stack not measured", out);
		fputc('\n', out);
	}
}

static void json_apis(FILE *out, const struct info *in)
{
	fputs(",\n \"apis\": ", out);
	if (!in->measured) {
		fputs("null", out);
		return;
	}
	fputc('[', out);
	bool first = true;
	for (size_t i = 0; i < api_count; i++) {
		const struct api_facts *f = &in->apis[i];
		if (!export_api_here(&api_table[i]))
			continue; /* (as text_apis()) */
		fprintf(out,
			"%s\n  {\"api\": \"%s\", \"supported\": %s, \"falls_back\": %s, \"stack_bytes\": ",
			first ? "" : ",", api_table[i].name, f->unsupported ? "false" : "true",
			f->unsupported		      ? "null"
			: f->path == FALLBACK_SYSCALL ? "true"
			: f->path == FALLBACK_NONE    ? "false"
						      : "null");
		if (f->stack_bytes >= 0)
			fprintf(out, "%ld}", f->stack_bytes);
		else
			fputs("null}", out);
		first = false;
	}
	fputc(']', out);
}

/* ---- gathering ---- */

/* "not a regular file (a FIFO)" and the like, for @mode; NULL for a regular file. */
static const char *not_regular(mode_t mode)
{
	switch (mode & S_IFMT) {
	case S_IFREG:
		return NULL;
	case S_IFDIR:
		return "not a regular file (a directory)";
	case S_IFIFO:
		return "not a regular file (a FIFO)";
	case S_IFCHR:
		return "not a regular file (a character device)";
	case S_IFBLK:
		return "not a regular file (a block device)";
	case S_IFSOCK:
		return "not a regular file (a socket)";
	default:
		return "not a regular file";
	}
}

/*
 * Read a whole regular file into 16-byte aligned memory; errors name the
 * problem.  (Opened without blocking and checked before any read: a FIFO
 * or a terminal would wait for a writer.)
 */
static unsigned char *read_image(const char *path, size_t *size, const char **why)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	unsigned char *buf = NULL;
	struct stat st;
	size_t n = 0;
	FILE *f;

	if (fd < 0) {
		*why = strerror(errno);
		return NULL;
	}
	if (fstat(fd, &st) != 0 || (*why = not_regular(st.st_mode)) != NULL) {
		if (!*why)
			*why = strerror(errno);
		close(fd);
		return NULL;
	}
	if (!(f = fdopen(fd, "rb"))) {
		*why = strerror(errno);
		close(fd);
		return NULL;
	}
	if (posix_memalign((void **)&buf, 16, INFO_IMAGE_MAX_BYTES + 1) != 0) {
		fclose(f);
		*why = strerror(ENOMEM);
		return NULL;
	}
	n = fread(buf, 1, INFO_IMAGE_MAX_BYTES + 1, f);
	if (ferror(f)) {
		*why = strerror(errno ? errno : EIO); /* e.g. EISDIR */
		free(buf);
		buf = NULL;
	} else if (n > INFO_IMAGE_MAX_BYTES) {
		*why = "larger than 16 MiB: not a vDSO image";
		free(buf);
		buf = NULL;
	} else if (n == 0) {
		*why = "empty file";
		free(buf);
		buf = NULL;
	}
	fclose(f);
	*size = n;
	return buf;
}

/*
 * For an ELF image of another class or byte order than vdsotest's, which
 * vdso_image_parse() refuses: the build that reads it, e.g. " (a 32-bit
 * image: a 32-bit build of vdsotest reads it)"; "" otherwise.
 */
static const char *layout_hint(const unsigned char *file, size_t size)
{
	bool is64 = sizeof(void *) == 8, big = __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__;

	if (!file || size < EI_NIDENT || memcmp(file, ELFMAG, SELFMAG) != 0)
		return "";
	if (file[EI_CLASS] == (is64 ? ELFCLASS32 : ELFCLASS64))
		return is64 ? " (a 32-bit image: a 32-bit build of vdsotest reads it)"
			    : " (a 64-bit image: a 64-bit build of vdsotest reads it)";
	if (file[EI_DATA] == (big ? ELFDATA2LSB : ELFDATA2MSB))
		return big ? " (a little-endian image: a build for a little-endian machine reads it)"
			   : " (a big-endian image: a build for a big-endian machine reads it)";
	return "";
}

/* The first line of @dir/@name into @buf ("" when it cannot be read). */
static void read_line(const char *dir, const char *name, char *buf, size_t len)
{
	char path[512];
	FILE *f;

	buf[0] = '\0';
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (!(f = fopen(path, "re")))
		return;
	if (!fgets(buf, (int)len, f))
		buf[0] = '\0';
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	size_t end = strlen(buf); /* available_clocksource ends in a blank */
	while (end && buf[end - 1] == ' ')
		buf[--end] = '\0';
}

/*
 * Save @img to the regular file @path (made if missing).  Return:
 * STATUS_PASS; STATUS_USAGE when @path is not a regular file (a FIFO would
 * wait for a reader) or cannot be opened for writing (a missing directory,
 * no permission: the value given is wrong, as --output's); STATUS_FAIL
 * when the write itself fails (a full disk).
 */
static enum status save_image(const struct vdso_image *img, const char *path)
{
	struct stat st;
	const char *why;
	int fd;

	if (stat(path, &st) == 0 && (why = not_regular(st.st_mode)) != NULL) {
		fprintf(stderr, "vdsotest: --dump '%s': %s\n", report_vis(path), why);
		return STATUS_USAGE;
	}
	/* (O_NONBLOCK: should a FIFO appear meanwhile, no wait for a reader) */
	fd = open(path, O_WRONLY | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0666);
	if (fd < 0) {
		fprintf(stderr, "vdsotest: --dump '%s': %s\n", report_vis(path), strerror(errno));
		return STATUS_USAGE;
	}
	if (fstat(fd, &st) == 0 && (why = not_regular(st.st_mode)) != NULL) {
		fprintf(stderr, "vdsotest: --dump '%s': %s\n", report_vis(path), why);
		close(fd);
		return STATUS_USAGE;
	}
	errno = 0;
	FILE *f = fdopen(fd, "wb");
	bool ok = f && ftruncate(fd, 0) == 0 && fwrite(img->base, 1, img->size, f) == img->size;

	if (f ? fclose(f) != 0 : close(fd) != 0)
		ok = false;
	if (!ok)
		fprintf(stderr, "vdsotest: --dump '%s': %s\n", report_vis(path),
			strerror(errno ? errno : EIO));
	return ok ? STATUS_PASS : STATUS_FAIL;
}

/* ---- text ---- */

static void print_build_id(FILE *out, const struct vdso_image *img)
{
	for (size_t i = 0; i < img->build_id_len; i++)
		fprintf(out, "%02x", img->build_id[i]);
}

/* Is symbol @s one info lists: a defined, global or weak function? */
static bool listed(const struct vdso_symbol *s)
{
	return s->defined && *s->name && (s->type == STT_FUNC || s->type == STT_NOTYPE) &&
	       (s->bind == STB_GLOBAL || s->bind == STB_WEAK);
}

/* Does this call exist for images of @img's class and machine?  (time64: 32-bit only.) */
static bool call_applies(const struct vdso_image *img, enum vdso_call c)
{
	bool is32 = ((const unsigned char *)img->base)[EI_CLASS] == ELFCLASS32;

	return (is32 || (c != VDSO_CLOCK_GETTIME64 && c != VDSO_CLOCK_GETRES_TIME64)) &&
	       vdso_call_on_machine(c, img->machine);
}

/*
 * Look @c up in the image under its architecture's names in turn
 * (vdso_arch_lookup()); @buf gets the name found, or the first name tried.
 */
static void *call_bound(const struct info *in, enum vdso_call c, char *buf, size_t len)
{
	return vdso_arch_lookup(&in->img, in->arch, c, buf, len);
}

/*
 * The row of the functions built without unwind tables (core/known_bugs.h)
 * for @in's image: the one of its machine; for a test stand-in's file
 * (--vdso-image of a library with vdsotest's test seam, VDSO_TEST_SYSCALL,
 * as the --vdso-lib fakes) without one, the first.
 */
static const struct known_bug *no_fde_bug(const struct info *in)
{
	const struct known_bug *first = NULL;

	for (size_t i = 0; i < known_bug_count; i++) {
		const struct known_bug *b = &known_bugs[i];
		if (b->kind != KNOWN_UNWIND_NO_FDE)
			continue;
		if (b->machine == in->img.machine)
			return b;
		if (!first)
			first = b;
	}
	return in->image_path && vdso_image_lookup(&in->img, VDSO_TEST_SYSCALL, NULL) ? first
										      : NULL;
}

/*
 * Is @sym, whose address the search table leads to no FDE for (@c), the
 * known deficiency of @row (no_fde_bug(), or NULL): no FDE for any of its
 * bytes while the table lists FDEs for other code?  Then @whole says so.
 */
static bool no_fde_at_all(const struct vdso_image *img, const struct known_bug *row,
			  const struct vdso_symbol *sym, enum vdso_unwind_cover c, char *whole,
			  size_t len)
{
	return row && c == VDSO_UNWIND_UNCOVERED &&
	       vdso_unwind_bare(img, sym->value, sym->size, whole, len) == VDSO_UNWIND_UNCOVERED;
}

/*
 * The exported functions of @in's image whose address its .eh_frame_hdr
 * does not lead an unwinder to (vdso_unwind_covers()); with @out, the
 * section line "unwind tables: ..." and one indented line per function.
 * A function that no FDE reaches into at all while the table lists FDEs
 * for other code (vdso_unwind_bare()) is the known deficiency of
 * no_fde_bug(): it is said, and counted into *@bare, not into the return
 * value.
 */
static unsigned unwind_uncovered(FILE *out, const struct info *in, unsigned *bare)
{
	const struct vdso_image *img = &in->img;
	const struct known_bug *row = no_fde_bug(in);
	struct vdso_symbol sym;
	char why[VDSO_UNWIND_WHY_LEN], whole[VDSO_UNWIND_WHY_LEN], known[300];
	unsigned n = 0, bad = 0, addresses = 0;

	*bare = 0;
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < img->nsyms; i++) {
			if (!vdso_image_symbol(img, i, &sym) || !listed(&sym))
				continue;
			if (!pass) { /* (aliases: clock_gettime, __vdso_clock_gettime) */
				struct vdso_symbol other;
				size_t k = 0;
				while (k < i && !(vdso_image_symbol(img, k, &other) &&
						  listed(&other) && other.value == sym.value))
					k++;
				addresses += k == i;
				n++;
			}
			enum vdso_unwind_cover c = vdso_unwind_covers(img, sym.value, why,
								      sizeof(why));
			if (c == VDSO_UNWIND_NO_TABLE) {
				if (out)
					fputs("unwind tables: no .eh_frame_hdr search table (PT_GNU_EH_FRAME): nothing to check\n",
					      out);
				*bare = 0;
				return 0;
			}
			if (c == VDSO_UNWIND_COVERED)
				continue;
			bool none = no_fde_at_all(img, row, &sym, c, whole, sizeof(whole));
			if (!pass) {
				*bare += none;
				bad += !none;
				continue;
			}
			if (!out)
				continue;
			fprintf(out, "  %s: ", report_vis(sym.name));
			for (const char *w = none ? whole : why; *w; w++)
				fputc(*w >= 0x20 && *w < 0x7f ? *w : '?', out);
			if (none)
				fprintf(out, " (known kernel bug %s)", row->id);
			fputc('\n', out);
		}
		if (!out)
			break;
		if (pass)
			continue;
		if (!bad && !*bare) {
			fprintf(out,
				"unwind tables: .eh_frame_hdr covers all %u exported symbols (%u functions)\n",
				n, addresses);
			break;
		}
		fprintf(out, "unwind tables: %u of %u exported symbols not covered", bad + *bare,
			n);
		if (*bare)
			fprintf(out,
				"; %u without any FDE (built without unwind tables: %s), not counted as a failure",
				*bare, known_bug_describe(row, known, sizeof(known)));
		fputc('\n', out);
	}
	return bad;
}

static void text_image(FILE *out, const struct info *in)
{
	const struct vdso_image *img = &in->img;
	struct vdso_symbol sym;
	char name[64];
	bool base;

	if (in->image_path)
		fprintf(out, "vDSO image: %s, %zu bytes\n", report_vis(in->image_path), img->size);
	else
		fprintf(out, "vDSO: at %p, %zu bytes\n", (const void *)img->base, img->size);
	fprintf(out, "ELF: %d-bit, machine %u (%s)\n", img->base[EI_CLASS] == ELFCLASS32 ? 32 : 64,
		img->machine, in->arch ? in->arch->name : "unknown to vdsotest");
	fprintf(out, "soname: %s\n", img->soname ? report_vis(img->soname) : "(none)");
	fputs("build ID: ", out);
	if (img->build_id_len)
		print_build_id(out, img);
	else
		fputs("(none)", out);
	fputs("\nversion definitions:", out);
	for (size_t i = 0; i < img->verdef_count; i++) {
		const char *v = vdso_image_verdef(img, i, NULL, &base);
		fprintf(out, " %s%s", v ? report_vis(v) : "?", base ? " (base)" : "");
	}
	fputs(img->verdef_count ? "\n" : " (none)\n", out);
	fputs("symbols:\n", out);
	for (size_t i = 0; i < img->nsyms; i++)
		if (vdso_image_symbol(img, i, &sym) && listed(&sym))
			fprintf(out, "  %s%s%s 0x%jx%s%s\n", report_vis(sym.name),
				sym.version ? "@" : "", sym.version ? report_vis(sym.version) : "",
				(uintmax_t)sym.value, sym.bind == STB_WEAK ? " weak" : "",
				sym.type == STT_NOTYPE ? " notype" : "");
	fputs("calls:\n", out);
	for (int c = 0; c < VDSO_NR_CALLS; c++)
		if (call_applies(img, c)) {
			bool bound = call_bound(in, c, name, sizeof(name));
			const char *elsewhere = vdso_call_elsewhere(c, img->machine);
			if (!bound && elsewhere) {
				fprintf(out, "  %-20s none: %s\n", vdso_call_name(c), elsewhere);
				continue;
			}
			char why[VDSO_UNREACHABLE_LEN];
			bool reachable = vdso_image_reachable(img, name,
							      vdso_arch_call_version(in->arch, c),
							      why, sizeof(why));
			fprintf(out, "  %-20s %s %s", vdso_call_name(c), name,
				bound ? "bound" : "missing");
			if (!reachable) { /* whole: our own text, the image's names made visible */
				fputs(" (but ", out);
				for (const char *w = why; *w; w++)
					fputc(*w >= 0x20 && *w < 0x7f ? *w : '?', out);
				fputc(')', out);
			}
			fputc('\n', out);
		}
	unsigned bare;
	unwind_uncovered(out, in, &bare);
}

/*
 * What tests symbol @sym of @in's image: @tested[i] for each API of the
 * table (api_count entries), @via the name they call when an alias
 * (exports.h); @why, when none does, the reason.  Return: the APIs.
 */
static size_t testing(const struct info *in, const struct vdso_symbol *sym, bool *tested, char *via,
		      size_t via_len, char *why, size_t why_len)
{
	char v[VDSO_SYMBOL_NAME_MAX];
	size_t n = 0;

	*via = '\0';
	for (size_t i = 0; i < api_count; i++) {
		tested[i] = export_api_tests(&api_table[i], &in->img, in->arch, sym, v, sizeof(v));
		if (tested[i] && !n)
			snprintf(via, via_len, "%s", v);
		n += tested[i];
	}
	if (!n)
		export_not_tested(sym->name, in->img.machine, why, why_len);
	return n;
}

/* "testing:": each listed symbol with the APIs that test it, or why none. */
static void text_testing(FILE *out, const struct info *in)
{
	char via[VDSO_SYMBOL_NAME_MAX], why[EXPORT_WHY_LEN];
	bool *tested = in->tested;
	struct vdso_symbol sym;

	if (!tested) {
		fputs("testing: unknown (out of memory)\n", out);
		return;
	}
	fputs("testing (the APIs that call each function):\n", out);
	for (size_t i = 0; i < in->img.nsyms; i++) {
		if (!vdso_image_symbol(&in->img, i, &sym) || !listed(&sym))
			continue;
		fprintf(out, "  %s%s%s", report_vis(sym.name), sym.version ? "@" : "",
			sym.version ? report_vis(sym.version) : "");
		if (!testing(in, &sym, tested, via, sizeof(via), why, sizeof(why))) {
			fprintf(out, " not tested: %s\n", why);
			continue;
		}
		const char *sep = " tested by ";
		for (size_t k = 0; k < api_count; k++)
			if (tested[k]) {
				fprintf(out, "%s%s", sep, api_table[k].name);
				sep = ", ";
			}
		if (*via)
			fprintf(out, " (through %s, at the same address)", report_vis(via));
		fputc('\n', out);
	}
}

/* ---- known kernel bugs ---- */

/*
 * Does this kernel show row @b?  1 yes, 0 no, -1 info cannot tell (only
 * verify, perturbed in a guest, can).  The aux clock_getres bug in one call
 * each: the system call's clock_getres(CLOCK_AUX) and the running vDSO's.
 */
static int bug_shows(const struct info *in, const struct known_bug *b, char *how, size_t len)
{
	char name[VDSO_SYMBOL_NAME_MAX];
	vdso_timespec sys, v;
	void *fn;

	if (b->kind == KNOWN_UNWIND_NO_FDE && !in->image_path && in->have_image) {
		unsigned bare;
		unwind_uncovered(NULL, in, &bare);
		snprintf(how, len, "%u exported symbol%s without any FDE (unwind tables)", bare,
			 bare == 1 ? "" : "s");
		return bare > 0;
	}
	if (b->kind != KNOWN_ANSWERS_REJECTED_ID || in->image_path || !in->have_image ||
	    !(fn = call_bound(in, VDSO_CLOCK_GETRES, name, sizeof(name)))) {
		snprintf(how, len, "not tested by info");
		return -1;
	}
	long r = syscall(SYS_clock_getres, (long)CLOCK_AUX, (long)&sys);
	int err = errno;
	int rv = vdso_clock_getres(fn, CLOCK_AUX, &v);
	snprintf(how, len, "clock_getres(CLOCK_AUX): system call %ld (%s), vDSO %d%s", r,
		 r ? strerror(err) : "no error", rv, rv == 0 && v.tv_nsec == 1 ? " (1 ns)" : "");
	return r == -1 && err == EINVAL && rv == 0 && v.tv_nsec == 1;
}

/*
 * The rows whose range holds this kernel, or may (range unknown), of the
 * vDSO's machine (a row's machine, when it has one).
 */
static bool bug_listed(const struct info *in, const struct known_bug *b, enum known_range *r)
{
	*r = known_bug_range(b, known_bugs_kernel(NULL));
	if (b->machine && in->have_image && in->img.machine != b->machine)
		return false;
	return *r == KNOWN_IN_RANGE || *r == KNOWN_RANGE_UNKNOWN;
}

static void text_bugs(FILE *out, const struct info *in)
{
	fprintf(out, "known kernel bugs of this kernel (%s):\n", known_bugs_kernel(NULL)->text);
	for (size_t i = 0; i < known_bug_count; i++) {
		const struct known_bug *b = &known_bugs[i];
		enum known_range r;
		char how[200], subject[160];
		if (!bug_listed(in, b, &r))
			continue;
		int shows = bug_shows(in, b, how, sizeof(how));
		fprintf(out, "  %s %s: %s; %s: %s\n", b->id, known_range_name(r),
			known_bug_subject(b, subject, sizeof(subject)),
			shows > 0    ? "shows here"
			: shows == 0 ? "does not show here"
				     : "not tested by info",
			how);
	}
}

/* (an image file: nothing about the machine running vdsotest, see info.h) */
static void print_text(FILE *out, const struct info *in)
{
	if (in->have_uts && !in->image_path)
		fprintf(out, "kernel: %s %s %s\n", in->uts.sysname, in->uts.release,
			in->uts.machine);
	if (in->have_image) {
		text_image(out, in);
		text_testing(out, in);
	} else
		fprintf(out, "vDSO: none (%s)\n", in->no_image_why);
	if (in->have_image)
		text_apis(out, in);
	if (in->image_path)
		return;
	fprintf(out, "clocksource: %s\n", *in->current_cs ? report_vis(in->current_cs) : "unknown");
	fprintf(out, "available clocksources: %s\n",
		*in->available_cs ? report_vis(in->available_cs) : "unknown");
	text_bugs(out, in);
}

/* ---- JSON ---- */

/* "key": value-as-string, or null; @comma before it. */
static void json_field(FILE *out, const char *key, const char *value, bool comma)
{
	fprintf(out, "%s\"%s\": ", comma ? ", " : "", key);
	if (value)
		escape_json(out, value, ESCAPE_JSON_ASCII);
	else
		fputs("null", out);
}

/*
 * , "tested_by": [API, ...], "through": NAME or null, "not_tested":
 * REASON or null (text_testing()'s facts); nothing without the scratch.
 */
static void json_testing(FILE *out, const struct info *in, const struct vdso_symbol *sym)
{
	char via[VDSO_SYMBOL_NAME_MAX], why[EXPORT_WHY_LEN];
	bool first = true;

	if (!in->tested)
		return;
	size_t n = testing(in, sym, in->tested, via, sizeof(via), why, sizeof(why));
	fputs(", \"tested_by\": [", out);
	for (size_t k = 0; k < api_count; k++)
		if (in->tested[k]) {
			fputs(first ? "" : ", ", out);
			escape_json(out, api_table[k].name, ESCAPE_JSON_ASCII);
			first = false;
		}
	fputs("]", out);
	json_field(out, "through", *via ? via : NULL, true);
	json_field(out, "not_tested", n ? NULL : why, true);
}

/*
 * , "unwind": "covered", "uncovered", "no FDE" (the known deficiency of
 * no_fde_bug(), its id in "unwind_known_bug"), "malformed", or null
 * without a search table; "unwind_why": the reason when not covered.
 */
static void json_unwind(FILE *out, const struct info *in, const struct known_bug *row,
			const struct vdso_symbol *sym)
{
	char why[VDSO_UNWIND_WHY_LEN], whole[VDSO_UNWIND_WHY_LEN];
	enum vdso_unwind_cover c = vdso_unwind_covers(&in->img, sym->value, why, sizeof(why));
	bool none = no_fde_at_all(&in->img, row, sym, c, whole, sizeof(whole));

	json_field(out, "unwind",
		   c == VDSO_UNWIND_NO_TABLE  ? NULL
		   : c == VDSO_UNWIND_COVERED ? "covered"
		   : c == VDSO_UNWIND_BAD     ? "malformed"
		   : none		      ? "no FDE"
					      : "uncovered",
		   true);
	json_field(out, "unwind_known_bug", none ? row->id : NULL, true);
	json_field(out, "unwind_why",
		   c == VDSO_UNWIND_COVERED || c == VDSO_UNWIND_NO_TABLE ? NULL
		   : none						 ? whole
									 : why,
		   true);
}

static void json_image(FILE *out, const struct info *in)
{
	const struct vdso_image *img = &in->img;
	const struct known_bug *row = no_fde_bug(in); /* (json_unwind()) */
	struct vdso_symbol sym;
	char name[64], addr[32];
	bool base, first = true;

	fputs("{", out);
	json_field(out, "file", in->image_path, false);
	snprintf(addr, sizeof(addr), "%p", (const void *)img->base);
	json_field(out, "address", in->image_path ? NULL : addr, true);
	fprintf(out, ", \"size\": %zu, \"class\": %d, \"machine\": %u", img->size,
		img->base[EI_CLASS] == ELFCLASS32 ? 32 : 64, img->machine);
	json_field(out, "arch", in->arch ? in->arch->name : NULL, true);
	json_field(out, "soname", img->soname, true);
	fputs(", \"build_id\": ", out);
	if (img->build_id_len) {
		putc('"', out);
		print_build_id(out, img);
		putc('"', out);
	} else {
		fputs("null", out);
	}
	fputs(",\n  \"version_definitions\": [", out);
	for (size_t i = 0; i < img->verdef_count; i++) {
		const char *v = vdso_image_verdef(img, i, NULL, &base);
		fprintf(out, "%s{", i ? ", " : "");
		json_field(out, "name", v, false);
		fprintf(out, ", \"base\": %s}", base ? "true" : "false");
	}
	fputs("],\n  \"symbols\": [", out);
	for (size_t i = 0; i < img->nsyms; i++) {
		if (!vdso_image_symbol(img, i, &sym) || !listed(&sym))
			continue;
		fprintf(out, "%s\n    {", first ? "" : ",");
		json_field(out, "name", sym.name, false);
		json_field(out, "version", sym.version, true);
		fprintf(out, ", \"value\": %ju, \"weak\": %s, \"notype\": %s", (uintmax_t)sym.value,
			sym.bind == STB_WEAK ? "true" : "false",
			sym.type == STT_NOTYPE ? "true" : "false");
		json_testing(out, in, &sym);
		json_unwind(out, in, row, &sym);
		fputs("}", out);
		first = false;
	}
	fputs("],\n  \"calls\": [", out);
	first = true;
	for (int c = 0; c < VDSO_NR_CALLS; c++) {
		if (!call_applies(img, c))
			continue;
		fprintf(out, "%s\n    {", first ? "" : ",");
		json_field(out, "call", vdso_call_name(c), false);
		bool bound = call_bound(in, c, name, sizeof(name));
		json_field(out, "symbol", name, true);
		char why[VDSO_UNREACHABLE_LEN];
		bool reachable = vdso_image_reachable(img, name,
						      in->arch ? in->arch->version : NULL, why,
						      sizeof(why));
		fprintf(out, ", \"bound\": %s", bound ? "true" : "false");
		json_field(out, "elsewhere", bound ? NULL : vdso_call_elsewhere(c, img->machine),
			   true);
		if (!reachable)
			json_field(out, "unreachable", why, true);
		fputs("}", out);
		first = false;
	}
	fputs("]}", out);
}

static void print_json(FILE *out, const struct info *in)
{
	fputs("{\"kernel\": ", out);
	if (in->have_uts && !in->image_path) {
		fputs("{", out);
		json_field(out, "sysname", in->uts.sysname, false);
		json_field(out, "release", in->uts.release, true);
		json_field(out, "machine", in->uts.machine, true);
		fputs("}", out);
	} else {
		fputs("null", out);
	}
	fputs(",\n \"vdso\": ", out);
	if (in->have_image)
		json_image(out, in);
	else
		fputs("null", out);
	json_apis(out, in);
	if (in->image_path) {
		fputs(",\n \"clocksource\": null}\n", out);
		return;
	}
	fputs(",\n \"clocksource\": {", out);
	json_field(out, "current", *in->current_cs ? in->current_cs : NULL, false);
	fputs(", \"available\": [", out);
	char avail[sizeof(in->available_cs)], *save = NULL;
	memcpy(avail, in->available_cs, sizeof(avail));
	bool first = true;
	for (char *t = strtok_r(avail, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
		fputs(first ? "" : ", ", out);
		escape_json(out, t, ESCAPE_JSON_ASCII);
		first = false;
	}
	fputs("]},\n \"known_bugs\": [", out);
	first = true;
	for (size_t i = 0; i < known_bug_count; i++) {
		const struct known_bug *b = &known_bugs[i];
		enum known_range r;
		char how[200], subject[160];
		if (!bug_listed(in, b, &r))
			continue;
		int shows = bug_shows(in, b, how, sizeof(how));
		fprintf(out, "%s\n  {", first ? "" : ",");
		json_field(out, "id", b->id, false);
		json_field(out, "subject", known_bug_subject(b, subject, sizeof(subject)), true);
		json_field(out, "range", known_range_name(r), true);
		fprintf(out, ", \"shows\": %s", shows > 0 ? "true" : shows ? "null" : "false");
		json_field(out, "how", how, true);
		fputs("}", out);
		first = false;
	}
	fputs("]}\n", out);
}

/* ---- the command ---- */

/* The bound calls of @in's image that its hash tables do not lead to (vdso_image_reachable()). */
static unsigned count_unreachable(const struct info *in)
{
	char name[VDSO_SYMBOL_NAME_MAX], why[VDSO_UNREACHABLE_LEN];
	unsigned n = 0;

	for (int c = 0; c < VDSO_NR_CALLS; c++)
		if (call_applies(&in->img, c) && call_bound(in, c, name, sizeof(name)) &&
		    !vdso_image_reachable(&in->img, name, vdso_arch_call_version(in->arch, c), why,
					  sizeof(why)))
			n++;
	return n;
}

enum status info_run(const struct info_request *req, FILE *out)
{
	struct info in = { .image_path = req->image_path };
	unsigned char *file = NULL;
	const char *why = NULL;
	size_t size = 0;

	in.have_uts = uname(&in.uts) == 0;
	if (req->image_path) {
		if (!(file = read_image(req->image_path, &size, &why)) ||
		    vdso_image_parse(&in.img, file, size, &why) != 0) {
			fprintf(stderr, "vdsotest: --vdso-image '%s': %s%s\n",
				report_vis(req->image_path), why, layout_hint(file, size));
			free(file);
			return STATUS_USAGE;
		}
		if (in.img.load_end > size) {
			fprintf(stderr,
				"vdsotest: --vdso-image '%s': truncated: %zu bytes, but its PT_LOAD segment ends at byte %ju\n",
				report_vis(req->image_path), size, (uintmax_t)in.img.load_end);
			free(file);
			return STATUS_USAGE;
		}
		in.have_image = true;
	} else {
		in.have_image = vdso_locate(&in.img, &why) == 0;
		in.no_image_why = why;
	}
	if (!in.have_image && req->dump_path) {
		fprintf(stderr, "vdsotest: --dump '%s': no vDSO to save: %s\n",
			report_vis(req->dump_path), why);
		return STATUS_FAIL;
	}
	if (in.have_image) {
		in.arch = vdso_arch_find(in.img.machine);
		enum status st = req->dump_path ? save_image(&in.img, req->dump_path) : STATUS_PASS;
		if (st != STATUS_PASS) {
			free(file);
			return st;
		}
	}
	if (in.have_image && !req->image_path)
		measure_apis(&in);
	in.tested = calloc(api_count, sizeof(*in.tested));
	read_line(req->clocksource_dir, "current_clocksource", in.current_cs,
		  sizeof(in.current_cs));
	read_line(req->clocksource_dir, "available_clocksource", in.available_cs,
		  sizeof(in.available_cs));
	if (req->format == FORMAT_JSON)
		print_json(out, &in);
	else
		print_text(out, &in);
	unsigned unreachable = in.have_image ? count_unreachable(&in) : 0;
	if (unreachable)
		fprintf(stderr,
			"vdsotest: info: %u bound vDSO function%s not reachable through the image's hash tables, as programs look them up (see calls)\n",
			unreachable, unreachable == 1 ? " is" : "s are");
	unsigned bare = 0, uncovered = in.have_image ? unwind_uncovered(NULL, &in, &bare) : 0;
	if (uncovered)
		fprintf(stderr,
			"vdsotest: info: %u exported vDSO symbol%s no unwind table entry: an unwinder cannot step out of %s (see unwind tables)\n",
			uncovered, uncovered == 1 ? " has" : "s have",
			uncovered == 1 ? "it" : "them");
	free(in.apis);
	free(in.tested);
	free(file);
	return unreachable || uncovered ? STATUS_FAIL : STATUS_PASS;
}
