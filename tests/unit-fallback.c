// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests for fallback detection (src/harness/fallback.c) against the kernel's
 * vDSO and the fake one.
 *
 * What to expect of the kernel's vDSO on x86 (arch/x86/include/asm/vdso/
 * gettimeofday.h, lib/vdso/gettimeofday.c): it serves the clocks whose
 * value it can compute from the vvar page (REALTIME, MONOTONIC, BOOTTIME,
 * TAI, MONOTONIC_RAW with a vDSO-capable clocksource; the COARSE clocks
 * always) and falls back to the system call for the rest: the CPU-time
 * clocks (their value is per task, kept by the scheduler) and the alarm
 * clocks (not in the vDSO's clock masks).  gettimeofday, time and getcpu
 * complete in user space.  Elsewhere the pattern differs: only x86 is checked.
 *
 * The fake vDSO answers every call through the system call: it must be
 * found to fall back everywhere.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "core/api.h"
#include "families/apis.h"
#include "harness/fallback.h"
#include "tap.h"

#if defined(__x86_64__) || defined(__i386__)	/* (the pattern known; see above) */
/* Is the current clocksource one the x86 vDSO can read (tsc, kvm-clock, ...)? */
static bool vdso_clocksource(void)
{
	FILE *f = fopen("/sys/devices/system/clocksource/clocksource0/current_clocksource", "re");
	char name[64] = "";

	if (!f)
		return false;
	if (!fgets(name, sizeof(name), f))
		name[0] = '\0';
	fclose(f);
	name[strcspn(name, "\n")] = '\0';
	return strcmp(name, "tsc") == 0 || strcmp(name, "kvm-clock") == 0 ||
	       strcmp(name, "hyperv_clocksource_tsc_page") == 0;
}

/*
 * 1 falls back, 0 does not, -1 depends on the clocksource, -2 not known:
 * an aux clock (clock ids 16..23) this kernel rejects, for which the vDSO
 * may answer EINVAL itself or leave that to the system call.
 */
static int expected(const struct api *api)
{
	struct timespec ts;

	if ((api->flags & CLK_AUX) && syscall(SYS_clock_getres, api->clock_id, &ts) != 0)
		return -2;
	/* riscv: hwprobe answers from stored values; flush_icache is the system call (SMP) */
	if (api->family->call == VDSO_RISCV_HWPROBE || api->family->call == VDSO_FLUSH_ICACHE)
		return api->family->call == VDSO_FLUSH_ICACHE;
	switch (api->clock_id) {
	case CLOCK_PROCESS_CPUTIME_ID: case CLOCK_THREAD_CPUTIME_ID:
	case CLOCK_REALTIME_ALARM: case CLOCK_BOOTTIME_ALARM:
		return 1;
	case CLOCK_REALTIME_COARSE: case CLOCK_MONOTONIC_COARSE:
		return 0;
	default:
		/* hres clocks, and gettimeofday and time, which read the same */
		return api->family->call == VDSO_GETCPU ? 0 : -1;
	}
}

static void test_kernel(void)
{
	struct vdso_binding b;
	struct vdso_image img;
	const char *why;
	bool hres = vdso_clocksource();

	if (vdso_locate(&img, &why) != 0) {
		printf("# no vDSO: %s\n", why);
		return;
	}
	vdso_bind_kernel(&b, &img);
	struct run run = { .vdso = &b };
	for (size_t i = 0; i < api_count; i++) {
		const struct api *api = &api_table[i];
		int want = expected(api);
		if (want == -2) {
			printf("# %s: not checked: this kernel has no such clock\n", api->name);
			continue;
		}
		if (want < 0 && !hres) {
			printf("# %s: not checked: the clocksource is not one the vDSO reads\n",
			       api->name);
			continue;
		}
		want = want < 0 ? 0 : want;
		char reason[FALLBACK_REASON_LEN] = "";
		enum fallback r = api_falls_back(api, &run, reason, sizeof(reason));
		if (r == FALLBACK_NO_VDSO) {	/* e.g. i386: no getrandom, no clock_getres_time64 */
			printf("# %s: not checked: this vDSO has no %s function\n", api->name,
			       vdso_call_name(api->family->call));
			continue;
		}
		ok(r == (want ? FALLBACK_SYSCALL : FALLBACK_NONE), "kernel vDSO: %s %s (got %d%s%s)",
		   api->name, want ? "falls back" : "completes in user space", r,
		   r == FALLBACK_UNKNOWN ? ": " : "", r == FALLBACK_UNKNOWN ? reason : "");
	}
}
#endif

static void test_fake(void)
{
	const char *path = getenv("FAKE_VDSO");
	struct vdso_binding b;
	const char *why;

	if (path && !*path) {
		printf("# no fake vDSO: a build without dlopen()\n");
		return;
	}
	if (!path || vdso_bind_library(&b, path, &why) != 0) {
		ok(false, "fake vDSO loaded from $FAKE_VDSO (%s)", path ? why : "unset");
		return;
	}
	struct run run = { .vdso = &b };
	for (size_t i = 0; i < api_count; i++) {
		char reason[FALLBACK_REASON_LEN] = "";
		enum fallback r = api_falls_back(&api_table[i], &run, reason, sizeof(reason));
		/*
		 * Its getrandom() makes bytes in user space once seeded; its
		 * powerpc exports make no system call; its riscv functions
		 * are a model, answered in user space; the trampoline is never
		 * called (sigreturn's call_once is empty).
		 */
		enum vdso_call c = api_table[i].family->call;
#if !defined(__x86_64__) || defined(__ILP32__)
		/* (the fake's trampoline, __vdso_rt_sigreturn, is x86_64's only) */
		if (c == VDSO_RT_SIGRETURN && r == FALLBACK_NO_VDSO) {
			printf("# %s: not checked: the fake has no trampoline in this build\n",
			       api_table[i].name);
			continue;
		}
#endif
		enum fallback want = c == VDSO_GETRANDOM || c == VDSO_GET_TBFREQ ||
						     c == VDSO_GET_SYSCALL_MAP || c == VDSO_SYNC_DICACHE ||
						     c == VDSO_RISCV_HWPROBE || c == VDSO_FLUSH_ICACHE ||
					     c == VDSO_RT_SIGRETURN
					     ? FALLBACK_NONE
					     : FALLBACK_SYSCALL;
		ok(r == want, "fake vDSO: %s %s (got %d %s)", api_table[i].name,
		   want == FALLBACK_NONE ? "completes in user space" : "falls back", r, reason);
	}
}

static void test_absent(void)
{
	struct vdso_binding b = { .source = "none" };
	struct run run = { .vdso = &b };

	char reason[FALLBACK_REASON_LEN] = "";
	enum fallback r = api_falls_back(&api_table[0], &run, reason, sizeof(reason));
	ok(r == FALLBACK_NO_VDSO && strcmp(reason, "no vDSO function") == 0,
	   "no vDSO function: FALLBACK_NO_VDSO (got %d, \"%s\")", r, reason);
}

int main(void)
{
#if defined(__x86_64__) || defined(__i386__)
	test_kernel();
#else
	printf("# kernel vDSO pattern not checked: known for x86 only\n");
#endif
	test_fake();
	test_absent();
	return tap_done();
}
