// SPDX-License-Identifier: GPL-2.0-or-later
/* Fallback detection with a seccomp filter; see fallback.h. */
#include "config.h"

#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "harness/abi.h"
#include "harness/fallback.h"
#include "lib/child.h"
#include "vdso/arch.h"

/*
 * Exit statuses of the child (child.h): its check "the call stays in user
 * space" passed or failed; child_exit_not_set_up(errno) when no filter
 * could be installed.
 */
enum {
	CHILD_IN_USER_SPACE = CHILD_EXIT_PASS,
	CHILD_FELL_BACK = CHILD_EXIT_FAIL,
};

/* The child's time to make the call. */
#define CALL_TIMEOUT_SEC 10

/*
 * The AUDIT_ARCH_* value (linux/audit.h) of this build's system calls: the
 * ELF machine, 64BIT for 64-bit ABIs, LE when little-endian.  x32 makes
 * its calls as x86_64 (with __X32_SYSCALL_BIT in the numbers); 0 where
 * the value is not known (mips n32, powerpc little-endian 32-bit).
 */
static unsigned audit_arch(void)
{
#if VDSOTEST_NATIVE_EM == EM_NONE || (defined(__mips__) && _MIPS_SIM == _ABIN32) || \
	(defined(__powerpc__) && !defined(__powerpc64__) &&                         \
	 __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__)
	return 0;
#elif defined(__x86_64__)
	return AUDIT_ARCH_X86_64;
#else
	return VDSOTEST_NATIVE_EM | (sizeof(long) == 8 ? __AUDIT_ARCH_64BIT : 0) |
	       (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ ? __AUDIT_ARCH_LE : 0);
#endif
}

/* The system calls a vDSO function may fall back to. */
static const long trapped[] = {
	SYS_clock_gettime,
	SYS_clock_getres,
	SYS_getcpu,
#ifdef SYS_clock_gettime64
	SYS_clock_gettime64,
#endif
#ifdef SYS_clock_getres_time64
	SYS_clock_getres_time64,
#endif
#ifdef SYS_gettimeofday
	SYS_gettimeofday,
#endif
#ifdef SYS_getrandom
	SYS_getrandom,
#endif
#ifdef SYS_time
	SYS_time,
#endif
};
#define NR_TRAPPED (sizeof(trapped) / sizeof(trapped[0]))

/* Install the filter: trap the calls above, allow everything else. */
static int trap_time_calls(unsigned arch)
{
	struct sock_filter f[5 + 2 * NR_TRAPPED];
	size_t n = 0;

	f[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
					      offsetof(struct seccomp_data, arch));
	f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, arch, 1, 0);
	f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
	f[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
					      offsetof(struct seccomp_data, nr));
	for (size_t i = 0; i < NR_TRAPPED; i++) {
		f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K,
						      (unsigned)trapped[i], 0, 1);
		f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRAP);
	}
	f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);

	struct sock_fprog prog = { (unsigned short)n, f };
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
		return -1;
	return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog);
}

static volatile sig_atomic_t trapped_calls;

static void on_sigsys(int sig)
{
	(void)sig;
	trapped_calls++;
}

void api_call_once(const struct api *api, void *fn)
{
	api->family->call_once(api, fn);
}

int api_clock_now(const struct api *api, const struct run *run, struct ts64 *out)
{
	if (!api->family->read_clock) {
		errno = ENOTSUP;
		return -1;
	}
	return api->family->read_clock(api, run, out);
}

static void child(const struct api *api, void *fn, unsigned arch)
{
	struct sigaction sa = { .sa_handler = on_sigsys };

	sigemptyset(&sa.sa_mask);
	sigaction(SIGSYS, &sa, NULL);
	alarm(CALL_TIMEOUT_SEC);
	/* A first call outside the filter: getrandom() seeds its state there. */
	api_call_once(api, fn);
	if (trap_time_calls(arch) != 0)
		_exit(child_exit_not_set_up(errno));
	api_call_once(api, fn);
	_exit(trapped_calls ? CHILD_FELL_BACK : CHILD_IN_USER_SPACE);
}

/* Why the child @status gave no answer, in @why. */
static void unknown_why(int status, char *why, size_t len)
{
	if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM) {
		snprintf(why, len, "the call did not return in %d s", CALL_TIMEOUT_SEC);
	} else if (WIFSIGNALED(status)) {
		const char *name = signal_name(WTERMSIG(status));
		snprintf(why, len, "the call crashed (signal %d, %s)", WTERMSIG(status),
			 name ? name : strsignal(WTERMSIG(status)));
	} else if (child_exit_errno(WEXITSTATUS(status)) > 0) {
		snprintf(why, len, "seccomp filters not available: %s",
			 strerror(child_exit_errno(WEXITSTATUS(status))));
	} else if (child_exit_errno(WEXITSTATUS(status)) == 0) {
		snprintf(why, len, "seccomp filters not available");
	} else {
		snprintf(why, len, "the test child exited with status %d", WEXITSTATUS(status));
	}
}

enum fallback api_falls_back(const struct api *api, const struct run *run, char *why, size_t len)
{
	void *fn = api_vdso_fn(api, run);
	unsigned arch = audit_arch();
	int status;
	pid_t pid;

	if (!fn) {
		snprintf(why, len, "no vDSO function");
		return FALLBACK_NO_VDSO;
	}
	if (!arch) {
		snprintf(why, len, "no seccomp audit arch for this architecture");
		return FALLBACK_UNKNOWN;
	}
	if ((pid = fork_test_child()) < 0) {
		snprintf(why, len, "fork: %s", strerror(errno));
		return FALLBACK_UNKNOWN;
	}
	if (pid == 0)
		child(api, fn, arch);
	if (wait_test_child(pid, &status) != 0) {
		snprintf(why, len, "waitpid: %s", strerror(errno));
		return FALLBACK_UNKNOWN;
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) == CHILD_FELL_BACK)
		return FALLBACK_SYSCALL;
	if (WIFEXITED(status) && WEXITSTATUS(status) == CHILD_IN_USER_SPACE)
		return FALLBACK_NONE;
	unknown_why(status, why, len);
	return FALLBACK_UNKNOWN;
}
