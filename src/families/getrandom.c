// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The getrandom family.  getrandom(2) fills a buffer with random bytes; the
 * vDSO version (Linux 6.11+, lib/vdso/getrandom.c) does it in user space
 * from a per-thread opaque state that the caller maps as the vDSO asks (see
 * getrandom.h).  It falls back to the system call when the state is NULL,
 * of the wrong length or not yet usable, so those calls must behave like
 * the system call.  What is correct: the requested length is returned,
 * whatever the length (grnd_lengths(): each side of every boundary of the
 * kernel's), every byte of it written and none after it;
 * outputs do not repeat; a state is wiped on fork() (it is mapped
 * MAP_DROPPABLE, which implies wipe-on-fork: mm/mmap.c), so a child never
 * produces its parent's next bytes; one state's call writes nothing outside
 * that state; unknown flags give EINVAL (drivers/char/random.c).
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef HAVE_GETRANDOM
#include <sys/random.h>
#endif

#include "families/getrandom.h"
#include "harness/abi.h"
#include "harness/bench.h"
#include "harness/fallback.h"
#include "harness/verify.h"
#include "lib/child.h"
#include "lib/interrupt.h"
#include "output/report.h"
#include "vdso/arch.h"

/* Bytes per output compared for repeats. */
#define OUTPUT_BYTES 32

static long sys_getrandom(void *buf, size_t len, unsigned flags)
{
	return syscall(SYS_getrandom, buf, len, flags);
}

int grnd_layout(size_t count, size_t state_size, size_t page_size, struct grnd_layout *l)
{
	if (count == 0 || state_size == 0 || state_size > page_size) {
		errno = EINVAL;
		return -1;
	}
	l->per_page = page_size / state_size;
	size_t pages = count / l->per_page + (count % l->per_page != 0);
	if (pages > SIZE_MAX / page_size) {
		errno = EINVAL;
		return -1;
	}
	l->map_len = pages * page_size;
	return 0;
}

size_t grnd_state_offset(const struct grnd_layout *l, size_t i, size_t state_size, size_t page_size)
{
	return i / l->per_page * page_size + i % l->per_page * state_size;
}

/* kselftest's length (vdso_test_getrandom.c) and the kernel's block and batch sizes (getrandom.h). */
#define KSELFTEST_LEN 1263
#define CHACHA_BLOCK 64
#define BATCH_BYTES (CHACHA_BLOCK * 3 / 2)
/* Bytes before a page boundary where the request across it starts (odd: not aligned). */
#define ACROSS_BEFORE 33

size_t grnd_lengths(size_t page_size, struct grnd_length l[GRND_NR_LENGTHS], size_t *nr_short)
{
	/* clang-format off */
	const size_t at_page[] = {
		KSELFTEST_LEN,
		CHACHA_BLOCK - 1, CHACHA_BLOCK, CHACHA_BLOCK + 1,
		BATCH_BYTES - 1, BATCH_BYTES, BATCH_BYTES + 1,
		2 * CHACHA_BLOCK - 1, 2 * CHACHA_BLOCK, 2 * CHACHA_BLOCK + 1,
		page_size - 1, page_size, page_size + 1,
	};
	/* clang-format on */
	size_t n = 0, end = 0;

	_Static_assert(sizeof(at_page) / sizeof(at_page[0]) + 3 == GRND_NR_LENGTHS,
		       "the table of getrandom.h");

	for (size_t k = 0; k < sizeof(at_page) / sizeof(at_page[0]); k++)
		l[n++] = (struct grnd_length){ at_page[k], 0 };
	l[n++] = (struct grnd_length){ KSELFTEST_LEN, page_size - ACROSS_BEFORE };
	*nr_short = n;
	l[n++] = (struct grnd_length){ (size_t)64 << 10, 0 };
	l[n++] = (struct grnd_length){ GRND_LONGEST, 0 };
	for (size_t k = 0; k < n; k++)
		if (l[k].offset + l[k].len + GRND_GUARD_BYTES > end)
			end = l[k].offset + l[k].len + GRND_GUARD_BYTES;
	return (end + page_size - 1) / page_size * page_size;
}

bool grnd_zero_run(const unsigned char *p, size_t len, size_t min_run, size_t *start, size_t *end)
{
	const unsigned char *z = p;

	/* memchr() from zero byte to zero byte: random bytes hold one in 256 */
	while ((z = memchr(z, 0, len - (size_t)(z - p))) != NULL) {
		size_t i = (size_t)(z - p), j = i;
		while (j < len && !p[j])
			j++;
		if (j - i >= min_run) {
			*start = i;
			*end = j;
			return true;
		}
		z = p + j;
	}
	return false;
}

/* States mapped as the vDSO asked. */
struct grnd_states {
	unsigned char *map; /* NULL when none are mapped */
	struct grnd_layout layout;
	size_t state_size;
	size_t page_size;
};

/*
 * Ask the vDSO function @fn for its parameters (and map @count states).
 * Return: 0, or an errno (EPROTO when the vDSO's answer is unusable).
 */
static int grnd_params(void *fn, struct vgetrandom_opaque_params *p)
{
	memset(p, 0, sizeof(*p));
	errno = 0;
	if (vdso_getrandom(fn, NULL, 0, 0, p, VGETRANDOM_QUERY_LEN) != 0)
		return errno ? errno : EPROTO;
	return 0;
}

/*
 * The vDSO function's parameter query (getrandom(NULL, 0, 0, &params, ~0UL))
 * failed with @err: ENOSYS means the vDSO function is there but cannot run
 * on this CPU and sends every call to the system call (arm64 without
 * FPSIMD, s390 without the vector facility: arch/arm64/kernel/vdso/
 * vgetrandom.c, arch/s390/kernel/vdso64/vgetrandom.c; the kselftest skips,
 * "no runtime support"): a note, once per process, and true; any other
 * error is the vDSO's failure: false.
 */
static bool grnd_no_runtime_support(const struct api *api, int err)
{
	static atomic_bool noted;

	if (err != ENOSYS)
		return false;
	if (!atomic_exchange(&noted, true))
		report_note("%s: vDSO getrandom() has no runtime support here: its parameter query "
			    "getrandom(NULL, 0, 0, &params, ~0UL) gives ENOSYS; not tested",
			    api->name);
	return true;
}

static int grnd_states_map(void *fn, size_t count, struct grnd_states *s)
{
	struct vgetrandom_opaque_params p;
	int err;

	memset(s, 0, sizeof(*s));
	s->page_size = (size_t)sysconf(_SC_PAGESIZE);
	if ((err = grnd_params(fn, &p)) != 0)
		return err;
	s->state_size = p.size_of_opaque_state;
	if (grnd_layout(count, s->state_size, s->page_size, &s->layout) != 0)
		return EPROTO;
	void *m = mmap(NULL, s->layout.map_len, (int)p.mmap_prot, (int)p.mmap_flags, -1, 0);
	if (m == MAP_FAILED)
		return errno;
	s->map = m;
	return 0;
}

static void *grnd_state(const struct grnd_states *s, size_t i)
{
	return s->map + grnd_state_offset(&s->layout, i, s->state_size, s->page_size);
}

static void grnd_states_unmap(struct grnd_states *s)
{
	if (s->map)
		munmap(s->map, s->layout.map_len);
	s->map = NULL;
}

/* ---- bench ---- */

/*
 * The bench's buffers, allocated before any measurement: one per thread of
 * a path (run->threads), each on its own cache lines, handed out in turn
 * (modulo @n) to the threads as they make their first call.
 */
struct grnd_bufs {
	unsigned char *mem;
	size_t stride; /* bytes from one buffer to the next */
	unsigned n;
	atomic_uint next;
};

struct grnd_arg {
	void *fn;   /* vDSO function, or NULL */
	size_t len; /* bytes per call (--size) */
	struct grnd_bufs *bufs;
};

/* Calls per bench batch: about what BENCH_BATCH_CALLS reads of 4 bytes cost. */
#define GRND_BATCH_BYTES ((size_t)BENCH_BATCH_CALLS * 4)

/* The cache line size assumed to keep two threads' buffers apart. */
#define GRND_LINE 128

/* Each thread's own state, made on first use and kept; and its buffer, from tls_bufs. */
static _Thread_local struct grnd_states tls_states;
static _Thread_local const struct grnd_bufs *tls_bufs;
static _Thread_local unsigned char *tls_buf;

static unsigned char *thread_buf(const struct grnd_arg *a)
{
	if (tls_bufs != a->bufs) {
		unsigned i = atomic_fetch_add(&a->bufs->next, 1) % a->bufs->n;
		tls_bufs = a->bufs;
		tls_buf = a->bufs->mem + i * a->bufs->stride;
	}
	return tls_buf;
}

/* Allocate @n buffers of @len bytes; 0 or an errno, with the bytes asked for in *@total. */
static int grnd_bufs_alloc(struct grnd_bufs *b, size_t len, unsigned n, size_t *total)
{
	memset(b, 0, sizeof(*b));
	*total = SIZE_MAX;
	if (len > SIZE_MAX - GRND_LINE)
		return ENOMEM;
	b->stride = (len + GRND_LINE - 1) / GRND_LINE * GRND_LINE;
	if (b->stride > SIZE_MAX / n)
		return ENOMEM;
	*total = b->stride * n;
	b->mem = malloc(*total);
	if (!b->mem)
		return errno ? errno : ENOMEM;
	b->n = n;
	atomic_init(&b->next, 0);
	return 0;
}

/* Free them; the calling thread forgets its buffer (the other threads have ended). */
static void grnd_bufs_free(struct grnd_bufs *b)
{
	free(b->mem);
	tls_bufs = NULL;
	tls_buf = NULL;
}

/* This thread's state for @fn, or NULL (errno set) if it cannot be mapped. */
static void *thread_state(void *fn)
{
	int err;

	if (!tls_states.map && (err = grnd_states_map(fn, 1, &tls_states)) != 0) {
		errno = err;
		return NULL;
	}
	return tls_states.map;
}

/*
 * One call of the vDSO getrandom() @fn for @len bytes into @buf, flags 0,
 * with the calling thread's opaque state (mapped on the first call as the
 * vDSO's parameters say, and kept).  Return: what the vDSO returns (@len,
 * or -1 with errno: ENOMEM and the like when the state cannot be mapped,
 * the vDSO's error otherwise).
 */
static long getrandom_once(void *fn, void *buf, size_t len)
{
	void *state = thread_state(fn);

	if (!state)
		return -1;
	return vdso_getrandom(fn, buf, len, 0, state, tls_states.state_size);
}

static void sys_batch(const void *p, unsigned long n)
{
	const struct grnd_arg *a = p;
	unsigned char *buf = thread_buf(a);

	while (n--)
		sys_getrandom(buf, a->len, 0);
}

#ifdef HAVE_GETRANDOM
static void libc_batch(const void *p, unsigned long n)
{
	const struct grnd_arg *a = p;
	unsigned char *buf = thread_buf(a);

	while (n--) {
		/* (kept, not tested: the bench counts calls; fortified glibc wants it used) */
		ssize_t r = getrandom(buf, a->len, 0);
		(void)r;
	}
}
#endif

static void vdso_batch(const void *p, unsigned long n)
{
	const struct grnd_arg *a = p;
	unsigned char *buf = thread_buf(a);
	void *fn = a->fn, *state = thread_state(fn);
	size_t len = a->len, state_len = tls_states.state_size;

	while (n--)
		vdso_getrandom(fn, buf, len, 0, state, state_len);
}

/* The harness overhead's subject: an empty function of the vDSO's signature. */
static long empty_getrandom(void *buf, size_t len, unsigned flags, void *state, size_t state_len)
{
	(void)buf, (void)flags, (void)state, (void)state_len;
	return (long)len;
}

/* vdso_batch()'s loop around @p's function, without a state (empty_getrandom() needs none). */
static void empty_batch(const void *p, unsigned long n)
{
	const struct grnd_arg *a = p;
	unsigned char *buf = thread_buf(a);
	void *fn = a->fn;
	size_t len = a->len;

	while (n--)
		vdso_getrandom(fn, buf, len, 0, NULL, 0);
}

static int grnd_probe(enum bench_path p, const void *arg)
{
	const struct grnd_arg *a = arg;
	unsigned char *buf = thread_buf(a);
	long r;

	errno = 0;
	if (p == PATH_SYSCALL)
		r = sys_getrandom(buf, a->len, 0);
#ifdef HAVE_GETRANDOM
	else if (p == PATH_LIBC)
		r = getrandom(buf, a->len, 0);
#endif
	else if (!thread_state(a->fn))
		return errno;
	else
		r = vdso_getrandom(a->fn, buf, a->len, 0, tls_states.map, tls_states.state_size);
	if (r == (long)a->len)
		return 0;
	return r < 0 ? errno : EIO; /* a short read */
}

/* The bench's args and their buffers. */
struct grnd_bench_state {
	struct grnd_bufs bufs;
	struct grnd_arg arg, empty;
};

static enum status grnd_bench_paths(const struct api *api, const struct run *run,
				    struct bench_paths *paths, void *state)
{
	struct grnd_bench_state *s = state;
	size_t per_batch = GRND_BATCH_BYTES / run->size_bytes;
	size_t total;
	int err;

	s->arg = (struct grnd_arg){ api_vdso_fn(api, run), run->size_bytes, &s->bufs };
	s->empty = (struct grnd_arg){ (void *)empty_getrandom, run->size_bytes, &s->bufs };
	*paths = (struct bench_paths){ { sys_batch, NULL, s->arg.fn ? vdso_batch : NULL },
				       grnd_probe,
				       &s->arg,
				       empty_batch,
				       &s->empty,
				       per_batch < 1		       ? 1
				       : per_batch > BENCH_BATCH_CALLS ? BENCH_BATCH_CALLS
								       : per_batch,
				       NULL };
#ifdef HAVE_GETRANDOM
	paths->batch[PATH_LIBC] = libc_batch;
#endif
	struct vgetrandom_opaque_params p;
	if (s->arg.fn && (err = grnd_params(s->arg.fn, &p)) != 0 &&
	    grnd_no_runtime_support(api, err))
		return STATUS_SKIP; /* (other errors: the probe's note) */
	if ((err = grnd_bufs_alloc(&s->bufs, run->size_bytes, run->threads, &total)) != 0) {
		if (total == SIZE_MAX)
			fprintf(stderr,
				"vdsotest: %s: cannot allocate %u buffers of %zu bytes: %s\n",
				api->name, run->threads, run->size_bytes, strerror(err));
		else
			fprintf(stderr, "vdsotest: %s: cannot allocate %zu bytes: %s\n", api->name,
				total, strerror(err));
		return STATUS_FAIL;
	}
	return STATUS_PASS;
}

static void grnd_bench_teardown(void *state)
{
	grnd_bufs_free(&((struct grnd_bench_state *)state)->bufs);
}

/* ---- verify ---- */

/* Where a kept output came from, for messages. */
struct seen_from {
	uint32_t len;	     /* bytes of the request; 0: a 32-byte read */
	uint32_t at;	     /* where the output begins in that request */
	unsigned char state; /* 0: A, 1: B */
};

/* Outputs seen so far: open addressing on their first 8 bytes. */
#define SEEN_SLOTS (1u << 16)
struct seen {
	unsigned char (*out)[OUTPUT_BYTES];
	uint32_t *tag; /* 0: empty; else 1 + the output's number */
	struct seen_from *from;
	uint32_t used;
};

/* A run of this many zero bytes in an output: bytes not written (odds 2^-64 a byte by chance). */
#define ZERO_RUN 8
/* What the bytes after a request's buffer hold before the call. */
#define GUARD_BYTE 0xa5

struct grnd_verify {
	void *fn;		   /* vDSO function, or NULL: libc's */
	struct grnd_states states; /* two: A (0) and B (1) */
	struct seen seen;
	uint32_t outputs;	   /* outputs read so far */
	unsigned char *other_copy; /* the state not in use, before the call */
	unsigned round;		   /* the rounds made */
	bool fork_unchecked;	   /* check_fork() could not run: said, not tried again */
	struct grnd_length lengths[GRND_NR_LENGTHS]; /* the long requests */
	size_t nr_short;			     /* lengths[0 .. nr_short - 1]: every round */
	unsigned char *req_map;			     /* their buffer, or NULL */
	size_t req_map_len;
	size_t page_size;
};

/*
 * Read @len bytes with @flags into @buf through the path under test, with
 * state @i (0 or 1).  Return: as getrandom(2).
 */
static long subject_read(struct grnd_verify *v, unsigned i, void *buf, size_t len, unsigned flags)
{
	if (v->fn)
		return vdso_getrandom(v->fn, buf, len, flags, grnd_state(&v->states, i),
				      v->states.state_size);
#ifdef HAVE_GETRANDOM
	return getrandom(buf, len, flags);
#else
	return sys_getrandom(buf, len, flags);
#endif
}

static const char *subject_name(const struct grnd_verify *v)
{
	return v->fn ? "vDSO" : "libc";
}

/* The first 8 bytes as hex, for messages. */
static const char *hex8(const unsigned char *b, char buf[17])
{
	for (int i = 0; i < 8; i++)
		snprintf(buf + 2 * i, 3, "%02x", b[i]);
	return buf;
}

/* Record @out; return the slot of an equal earlier output, or -1. */
static int64_t seen_add(struct seen *s, const unsigned char *out, uint32_t number,
			const struct seen_from *from)
{
	uint64_t h;

	memcpy(&h, out, sizeof(h));
	for (uint32_t k = 0; k < SEEN_SLOTS; k++) {
		uint32_t slot = (uint32_t)(h + k) & (SEEN_SLOTS - 1);
		if (!s->tag[slot]) {
			if (s->used < SEEN_SLOTS / 4 * 3) { /* full: only look */
				memcpy(s->out[slot], out, OUTPUT_BYTES);
				s->tag[slot] = number + 1;
				s->from[slot] = *from;
				s->used++;
			}
			return -1;
		}
		if (memcmp(s->out[slot], out, OUTPUT_BYTES) == 0)
			return slot;
	}
	return -1;
}

/*
 * Is @p all zero bytes?  The kernel may drop MAP_DROPPABLE pages at any time
 * (mm/mmap.c): a state that became zero was dropped, not written.
 */
static bool all_zero(const unsigned char *p, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (p[i])
			return false;
	return true;
}

/* "state A", or "state A, bytes 32..63 of 1263": where output @f came from. */
static const char *seen_name(const struct seen_from *f, char buf[64])
{
	if (!f->len)
		snprintf(buf, 64, "state %c", f->state ? 'B' : 'A');
	else
		snprintf(buf, 64, "state %c, bytes %" PRIu32 "..%" PRIu32 " of %" PRIu32,
			 f->state ? 'B' : 'A', f->at, f->at + OUTPUT_BYTES - 1, f->len);
	return buf;
}

/* @out (OUTPUT_BYTES) equals no earlier output; keep it.  Return: false on a failure. */
static bool check_new_output(struct verify_ctx *ctx, struct grnd_verify *v,
			     const unsigned char *out, struct seen_from from)
{
	int64_t slot = seen_add(&v->seen, out, v->outputs, &from);
	char h[17], now[64], then[64];

	if (!verify_ok(ctx, "no output repeated", slot < 0)) {
		verify_fail(ctx,
			    "%s getrandom() repeated a %d-byte output: %s... is output %" PRIu32
			    " (%s) and output %" PRIu32 " (%s)",
			    subject_name(v), OUTPUT_BYTES, hex8(out, h), v->outputs,
			    seen_name(&from, now), v->seen.tag[slot] - 1,
			    seen_name(&v->seen.from[slot], then));
		return false;
	}
	v->outputs++;
	return true;
}

/* Before a call with state @i: a copy of the other state. */
static void other_state_save(struct grnd_verify *v, unsigned i)
{
	if (v->fn)
		memcpy(v->other_copy, grnd_state(&v->states, !i), v->states.state_size);
}

/* After a call for @len bytes: the other state is as it was.  Return: false on a failure. */
static bool other_state_kept(struct verify_ctx *ctx, struct grnd_verify *v, unsigned i, size_t len)
{
	size_t state_len = v->states.state_size;

	if (!v->fn)
		return true;
	const unsigned char *other = grnd_state(&v->states, !i);
	if (!verify_ok(ctx, "states are private",
		       memcmp(v->other_copy, other, state_len) == 0 ||
			       all_zero(other, state_len))) {
		verify_fail(ctx,
			    "vDSO getrandom(&buf, %zu, 0) with state %c changed state %c (%zu bytes each, %zu per page): states are not private",
			    len, i ? 'B' : 'A', i ? 'A' : 'B', state_len,
			    v->states.layout.per_page);
		return false;
	}
	return true;
}

/* One 32-byte read with state @i: the length returned, no repeat, nothing
 * written outside the state.  Return: false on a failure. */
static bool check_read(struct verify_ctx *ctx, struct grnd_verify *v, unsigned i,
		       unsigned char *out)
{
	other_state_save(v, i);
	long r = subject_read(v, i, out, OUTPUT_BYTES, 0);
	int err = errno;
	if (!verify_ok(ctx, "returns the length asked for", r == OUTPUT_BYTES)) {
		verify_fail(ctx, "%s getrandom(&buf, %d, 0) returned %ld (%s); expected %d",
			    subject_name(v), OUTPUT_BYTES, r, r < 0 ? strerror(err) : "short read",
			    OUTPUT_BYTES);
		return false;
	}
	return other_state_kept(ctx, v, i, OUTPUT_BYTES) &&
	       check_new_output(ctx, v, out, (struct seen_from){ 0, 0, (unsigned char)i });
}

/*
 * One request of @l->len bytes with state A (grnd_lengths()): it returns
 * the whole length, writes every byte (no run of ZERO_RUN zero bytes: the
 * buffer is zeroed first) and none of the GRND_GUARD_BYTES after the
 * buffer, leaves state B as it was, and its first and last 32 bytes equal
 * no earlier output.
 */
static void check_long(struct verify_ctx *ctx, struct grnd_verify *v, const struct grnd_length *l)
{
	unsigned char *buf = v->req_map + l->offset;
	size_t len = l->len, start, end, past;
	char where[64] = "";

	if (l->offset % v->page_size)
		snprintf(where, sizeof(where), " into a buffer %zu bytes before a page boundary",
			 v->page_size - l->offset % v->page_size);
	memset(buf, 0, len);
	memset(buf + len, GUARD_BYTE, GRND_GUARD_BYTES);
	other_state_save(v, 0);
	errno = 0;
	long r = subject_read(v, 0, buf, len, 0);
	int err = errno;
	/* A signal cuts a read of over 256 bytes short (getrandom(2)): ours end the verify. */
	if (r >= 0 && (size_t)r < len && interrupt_signal())
		return;
	const char *why = r < 0		    ? strerror(err)
			  : (size_t)r < len ? "short read"
					    : "more than asked for";
	if (!verify_ok(ctx, "a long request returns its whole length", r == (long)len)) {
		verify_fail(ctx, "%s getrandom(&buf, %zu, 0)%s returned %ld (%s); expected %zu",
			    subject_name(v), len, where, r, why, len);
		return;
	}
	if (!other_state_kept(ctx, v, 0, len))
		return;
	for (past = 0; past < GRND_GUARD_BYTES && buf[len + past] == GUARD_BYTE; past++)
		;
	if (!verify_ok(ctx, "nothing written past the length", past == GRND_GUARD_BYTES)) {
		verify_fail(ctx,
			    "%s getrandom(&buf, %zu, 0)%s wrote past the end: buf[%zu] changed from 0x%02x to 0x%02x",
			    subject_name(v), len, where, len + past, GUARD_BYTE, buf[len + past]);
		return;
	}
	if (!verify_ok(ctx, "every byte of a long request written",
		       !grnd_zero_run(buf, len, ZERO_RUN, &start, &end))) {
		verify_fail(ctx,
			    "%s getrandom(&buf, %zu, 0)%s returned %zu but left bytes %zu..%zu zero: not written",
			    subject_name(v), len, where, len, start, end - 1);
		return;
	}
	if (check_new_output(ctx, v, buf, (struct seen_from){ (uint32_t)len, 0, 0 }))
		check_new_output(ctx, v, buf + len - OUTPUT_BYTES,
				 (struct seen_from){ (uint32_t)len, (uint32_t)(len - OUTPUT_BYTES),
						     0 });
}

/* GRND_NONBLOCK and GRND_INSECURE read like no flag; an unknown bit is EINVAL. */
static void check_flags(struct verify_ctx *ctx, struct grnd_verify *v)
{
	static const struct {
		unsigned flag;
		const char *name;
	} good[] = {
		{ GRND_NONBLOCK, "GRND_NONBLOCK" },
		{ GRND_INSECURE, "GRND_INSECURE" },
	};
	unsigned char buf[OUTPUT_BYTES];

	for (size_t k = 0; k < sizeof(good) / sizeof(good[0]); k++) {
		long r = subject_read(v, 0, buf, sizeof(buf), good[k].flag);
		int err = errno;
		if (!verify_ok(ctx, "known flags return the length asked for",
			       r == (long)sizeof(buf)))
			verify_fail(ctx,
				    "%s getrandom(&buf, %zu, %s) returned %ld (%s); expected %zu",
				    subject_name(v), sizeof(buf), good[k].name, r,
				    r < 0 ? strerror(err) : "short read", sizeof(buf));
	}
	errno = 0;
	long r = subject_read(v, 0, buf, sizeof(buf), GRND_UNKNOWN);
	int err = errno;
	errno = 0;
	long sr = sys_getrandom(buf, sizeof(buf), GRND_UNKNOWN);
	int serr = errno;
	if (!verify_ok(ctx, "unknown flags give EINVAL",
		       r == -1 && err == EINVAL && sr == -1 && serr == EINVAL))
		verify_fail(ctx,
			    "getrandom(&buf, %zu, 0x%x): %s returned %ld (%s), syscall %ld (%s); expected -1 (EINVAL) from both",
			    sizeof(buf), GRND_UNKNOWN, subject_name(v), r,
			    r < 0 ? strerror(err) : "-", sr, sr < 0 ? strerror(serr) : "-");
}

/*
 * After fork() the child reads with state A, then the parent does: the two
 * outputs must differ (a state not wiped on fork makes them equal).  When
 * the check cannot be made (no pipe or no fork: out of file descriptors or
 * processes; no output from the child), that is one failure, said once:
 * the check is not tried again in this verify.
 */
/* In the forked child: read with state A, as the parent will after it. */
static bool read_in_child(void *arg, void *buf, size_t len)
{
	return subject_read(arg, 0, buf, len, 0) == (long)len;
}

static void check_fork(struct verify_ctx *ctx, struct grnd_verify *v)
{
	unsigned char child_out[OUTPUT_BYTES], parent_out[OUTPUT_BYTES];
	const char *step = NULL;
	char h[17];
	int err = 0;

	if (v->fork_unchecked)
		return;
	if (child_answer(read_in_child, v, child_out, sizeof(child_out), &step) != 0) {
		err = errno == EIO ? 0 : errno;
		goto cannot;
	}
	if (subject_read(v, 0, parent_out, sizeof(parent_out), 0) != OUTPUT_BYTES)
		return; /* check_read() reports a failing call */
	if (!verify_ok(ctx, "state wiped on fork",
		       memcmp(child_out, parent_out, OUTPUT_BYTES) != 0))
		verify_fail(ctx,
			    "%s getrandom(): after fork() the child's output equals the parent's next output (%s...): the state was not wiped on fork",
			    subject_name(v), hex8(child_out, h));
	return;
cannot:
	v->fork_unchecked = true;
	if (!verify_ok(ctx, "state wiped on fork", false))
		verify_fail(ctx,
			    "getrandom(): the fork() check could not be made (%s%s%s); not tried again",
			    step, err ? ": " : "", err ? strerror(err) : "");
}

static enum status grnd_verify_setup(const struct api *api, const struct run *run, void *state)
{
	struct grnd_verify *v = state;
	void *fn = api_vdso_fn(api, run);
	struct vgetrandom_opaque_params p;
	int err;

	v->fn = fn;
	if (fn && (err = grnd_params(fn, &p)) != 0) {
		if (grnd_no_runtime_support(api, err))
			return STATUS_SKIP;
		/* the parameter query must succeed (no check of a round: verify_failure()) */
		verify_failure(
			api,
			"vDSO getrandom(NULL, 0, 0, &params, ~0UL) (the parameter query) returned -1 (%s); expected 0",
			strerror(err));
		return STATUS_FAIL;
	}
	if (fn && (err = grnd_states_map(fn, 2, &v->states)) != 0) {
		fprintf(stderr, "vdsotest: %s: cannot map vDSO getrandom states: %s\n", api->name,
			strerror(err));
		return STATUS_FAIL;
	}
	v->seen.out = calloc(SEEN_SLOTS, sizeof(*v->seen.out));
	v->seen.tag = calloc(SEEN_SLOTS, sizeof(*v->seen.tag));
	v->seen.from = calloc(SEEN_SLOTS, sizeof(*v->seen.from));
	v->other_copy = malloc(v->states.state_size ? v->states.state_size : 1);
	if (!v->seen.out || !v->seen.tag || !v->seen.from || !v->other_copy) {
		fprintf(stderr, "vdsotest: %s: out of memory\n", api->name);
		return STATUS_FAIL;
	}
	v->page_size = (size_t)sysconf(_SC_PAGESIZE);
	v->req_map_len = grnd_lengths(v->page_size, v->lengths, &v->nr_short);
	void *m = mmap(NULL, v->req_map_len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		       -1, 0);
	if (m == MAP_FAILED) {
		fprintf(stderr, "vdsotest: %s: cannot map %zu bytes: %s\n", api->name,
			v->req_map_len, strerror(errno));
		return STATUS_FAIL;
	}
	v->req_map = m;
	return STATUS_PASS;
}

static void grnd_verify_teardown(void *state)
{
	struct grnd_verify *v = state;

	grnd_states_unmap(&v->states);
	free(v->seen.out);
	free(v->seen.tag);
	free(v->seen.from);
	free(v->other_copy);
	if (v->req_map)
		munmap(v->req_map, v->req_map_len);
}

/*
 * Once its state is seeded, the vDSO function must serve an ordinary
 * request, kselftest's 1263 bytes (grnd_call_once()), in user space
 * (lib/vdso/getrandom.c enters the getrandom system call only to seed or
 * reseed the state, and for requests it cannot serve); in a time namespace
 * too, where a vDSO that looks for its data on the namespace's vvar page
 * finds none and falls back every time (the kselftest's timens test).
 */
static void check_user_space(struct verify_ctx *ctx, const struct api *api, const struct run *run)
{
	char why[FALLBACK_REASON_LEN];
	enum fallback fb = api_falls_back(api, run, why, sizeof(why));

	if (!verify_ok(ctx, "a seeded state stays in user space", fb != FALLBACK_SYSCALL))
		verify_fail(ctx,
			    "vDSO getrandom() entered the system call for a %d-byte read "
			    "with a seeded state",
			    KSELFTEST_LEN);
}

static void grnd_round(struct verify_ctx *ctx, void *state)
{
	struct grnd_verify *v = state;
	unsigned char out[OUTPUT_BYTES];
	unsigned round = v->round++;

	if (round == 0 && v->fn) /* first: the seeded state serves in user space */
		check_user_space(ctx, ctx->api, ctx->run);
	if (!check_read(ctx, v, 0, out) || !check_read(ctx, v, 1, out))
		return;
	if (round == 0) /* every length in the first round: at least one, however short -d */
		for (size_t k = 0; k < GRND_NR_LENGTHS; k++)
			check_long(ctx, v, &v->lengths[k]);
	else /* then a short one in turn (a 1 MiB request takes a millisecond or more) */
		check_long(ctx, v, &v->lengths[round % v->nr_short]);
	if (round % 512 == 0) { /* the slow checks now and then */
		check_flags(ctx, v);
		check_fork(ctx, v);
	}
}

/* ---- abi ---- */

/* size[1] of a case: the opaque length the vDSO asked for. */
#define OPAQUE_EXACT ((size_t)-2)

/*
 * ptr[0] is the buffer, size[0] its length; ptr[1] the state (PTR_GOOD: a
 * state mapped as the vDSO asks; other kinds as abi_ptr()), size[1] the
 * opaque length (OPAQUE_EXACT, or that number).
 */
static long grnd_abi_call(const struct abi_call *c)
{
	size_t len = c->size[0];
	void *buf = abi_ptr(c->ptr[0], len ? len : 1);
	struct vgetrandom_opaque_params p;
	struct grnd_states st;
	void *state;

	if (!c->vdso_fn)
		return sys_getrandom(buf, len, 0);
	/* Cannot ask or map: "exit status 80 without a result". */
	if (grnd_params(c->vdso_fn, &p) != 0 || p.size_of_opaque_state == 0 ||
	    p.size_of_opaque_state > (size_t)sysconf(_SC_PAGESIZE))
		abi_call_not_set_up();
	if (c->ptr[1] == PTR_GOOD) {
		if (grnd_states_map(c->vdso_fn, 1, &st) != 0)
			abi_call_not_set_up();
		state = st.map;
	} else {
		state = abi_ptr(c->ptr[1], p.size_of_opaque_state);
	}
	size_t state_len = c->size[1] == OPAQUE_EXACT ? p.size_of_opaque_state : c->size[1];
	return vdso_getrandom(c->vdso_fn, buf, len, 0, state, state_len);
}

static void grnd_abi_cases(struct abi_ctx *ctx)
{
	static const enum abi_ptr bad[] = { PTR_NULL, PTR_MAX, PTR_PROT_NONE, PTR_PROT_READ };
	struct abi_call c = { .ptr = { PTR_GOOD, PTR_GOOD }, .size = { 4, OPAQUE_EXACT } };
	struct vgetrandom_opaque_params params;
	char what[96];
	int err;

	/* The parameter query: no runtime support is no case; another error, one failed case. */
	if ((err = grnd_params(ctx->vdso_fn, &params)) != 0) {
		if (grnd_no_runtime_support(ctx->api, err))
			return;
		ctx->cases++;
		ctx->fails++;
		report_line(ctx->api,
			    "abi: getrandom(NULL, 0, 0, &params, ~0UL) (the parameter query): vDSO -1 (%s), expected 0: FAIL",
			    strerror(err));
		return;
	}

	abi_expect_result(ctx, c, 4, 0, "getrandom(&buf, 4, 0, state, exact length)");
	for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		c.ptr[0] = bad[k];
		snprintf(what, sizeof(what), "getrandom(%s, 4, 0, state, exact length)",
			 abi_ptr_name(bad[k]));
		abi_expect_fault(ctx, c, what);
	}
	c.ptr[0] = PTR_NULL;
	c.size[0] = 0;
	abi_expect_result(ctx, c, 0, 0, "getrandom(NULL, 0, 0, state, exact length)");
	c.ptr[0] = PTR_GOOD;
	abi_expect_result(ctx, c, 0, 0, "getrandom(&buf, 0, 0, state, exact length)");
	/* The vDSO falls back to the system call (lib/vdso/getrandom.c). */
	c.size[0] = 4;
	c.size[1] = 1;
	abi_expect_result(ctx, c, 4, 0, "getrandom(&buf, 4, 0, state, opaque length 1)");
	c.size[1] = 0;
	abi_expect_result(ctx, c, 4, 0, "getrandom(&buf, 4, 0, state, opaque length 0)");
	/*
	 * A bad state with the exact length: the kernel's vDSO returns -EFAULT
	 * for a state across a page boundary and uses any other pointer as
	 * the state, so a NULL state faults (Linux 6.18); falling back to the
	 * system call would be as good.
	 */
	c.size[1] = OPAQUE_EXACT;
	for (int p = PTR_NULL; p < NR_ABI_PTRS; p++) {
		c.ptr[1] = p;
		snprintf(what, sizeof(what), "getrandom(&buf, 4, 0, state %s, exact length)",
			 abi_ptr_name(p));
		abi_expect_result_or_fault(ctx, c, 4, 0, what);
	}
	c.ptr[0] = PTR_PROT_READ;
	c.ptr[1] = PTR_NULL;
	abi_expect_fault(ctx, c, "getrandom(PROT_READ page, 4, 0, state NULL, exact length)");
}

/* ---- the probes ---- */

/* A request of kselftest's length (vdso_test_getrandom.c). */
static void grnd_call_once(const struct api *api, void *fn)
{
	unsigned char buf[KSELFTEST_LEN];

	(void)api;
	getrandom_once(fn, buf, sizeof(buf));
}

const struct family getrandom_family = {
	.call = VDSO_GETRANDOM,
	.name = "getrandom",
	.summary = "getrandom(2): random bytes, the vDSO's with a state per thread",
	.flags = FAMILY_NO_STACK_CHECK | FAMILY_BENCH_SIZE | FAMILY_TIMENS,
	.call_once = grnd_call_once,
	.bench_state_size = sizeof(struct grnd_bench_state),
	.bench_paths = grnd_bench_paths,
	.bench_teardown = grnd_bench_teardown,
	.verify_state_size = sizeof(struct grnd_verify),
	.verify_setup = grnd_verify_setup,
	.verify_round = grnd_round,
	.verify_teardown = grnd_verify_teardown,
	.abi_call = grnd_abi_call,
	.abi_cases = grnd_abi_cases,
};
