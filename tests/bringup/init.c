// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * init.c - /init of the board bring-up initramfs (tests/bringup/run).
 *
 * Built static for the target architecture.  The kernel runs it as PID 1
 * from the initramfs; it mounts /proc, /sys and /dev (devtmpfs), makes
 * /dev/console its standard input, output and error, then runs each line
 * of /commands (words separated by blanks, no quoting; leading words
 * NAME=VALUE are put in that command's environment, as sh(1) does) and
 * powers the machine off.  Before them it credits /seed to the kernel's random pool.
 * A command's standard output is the console; its standard
 * error is a pipe that init copies to the console, so that the command
 * sees no terminal there and prints no progress line into the log (a
 * program shows progress only when stderr is a terminal).  It turns off the kernel's log of user-space faults (abi
 * faults on purpose), not its warnings.  Around every command it prints marker lines that
 * tests/bringup/run reads from the console:
 *
 *   ### bringup: kernel RELEASE MACHINE
 *   ### bringup: run WORDS...
 *   ### bringup: exit STATUS          (or: signal N)
 *   ### bringup: done
 *
 * A line "#split" in /commands (tests/bringup/run --run) makes the
 * command's standard output a pipe too: init then copies both whole lines
 * at a time, the standard error's after "### bringup: stderr: ", so that
 * the run script can save the standard output clean, apart.
 *
 * A PID 1 that exits panics the kernel, so every error is printed and
 * the machine is still powered off.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/random.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_WORDS 32

static void mount_or_say(const char *source, const char *target, const char *type)
{
	mkdir(target, 0755);
	if (mount(source, target, type, 0, NULL) != 0 && errno != EBUSY)
		printf("### bringup: mount %s on %s: %s\n", type, target, strerror(errno));
}

static void console_as_stdio(void)
{
	int fd = open("/dev/console", O_RDWR | O_NOCTTY);

	if (fd < 0)
		return;		/* keep what the kernel gave us, if anything */
	dup2(fd, 0);
	dup2(fd, 1);
	dup2(fd, 2);
	if (fd > 2)
		close(fd);
}

/*
 * abi makes the vDSO fault on purpose; the kernel would log every such
 * fault with its registers (show_unhandled_signals, sysctl
 * debug.exception-trace), in the middle of the results on the console.
 */
static void quiet_user_faults(void)
{
	int fd = open("/proc/sys/debug/exception-trace", O_WRONLY);

	if (fd < 0)
		return;
	if (write(fd, "0\n", 2) != 2)
		printf("### bringup: debug.exception-trace: %s\n", strerror(errno));
	close(fd);
}

/*
 * Credit the random bytes of /seed (written on the host when the initramfs
 * is made) to the kernel's random pool (RNDADDENTROPY, random(4)), as a
 * boot loader's seed does on a board: without it, a machine with no
 * hardware RNG and no seed in its device tree (vexpress-a9) may not have
 * its CRNG ready for many seconds, and getrandom() blocks till then
 * (getrandom(2)).  A throwaway guest needs no better entropy.
 */
static void credit_seed(void)
{
	union {
		struct rand_pool_info info;
		unsigned char raw[sizeof(struct rand_pool_info) + 64];
	} seed;
	int fd = open("/seed", O_RDONLY), rnd;
	ssize_t n;

	if (fd < 0)
		return;
	n = read(fd, seed.info.buf, sizeof(seed.raw) - sizeof(seed.info));
	close(fd);
	if (n <= 0)
		return;
	seed.info.buf_size = (int)n;
	seed.info.entropy_count = (int)n * 8;
	rnd = open("/dev/urandom", O_WRONLY);
	if (rnd < 0 || ioctl(rnd, RNDADDENTROPY, &seed) != 0)
		printf("### bringup: RNDADDENTROPY: %s\n", strerror(errno));
	if (rnd >= 0)
		close(rnd);
}

/* Split @line in place into at most MAX_WORDS - 1 words; return the count. */
static int split_words(char *line, char **argv)
{
	int argc = 0;

	for (char *w = strtok(line, " \t\n"); w && argc < MAX_WORDS - 1;
	     w = strtok(NULL, " \t\n"))
		argv[argc++] = w;
	argv[argc] = NULL;
	return argc;
}

/*
 * Copy what arrives on @fd to the console until child @pid has exited and
 * nothing more is there (a process it left behind may keep the pipe open:
 * it is not waited for), or until every writer has closed it; reap the
 * child into @status.  Returns false when waitpid() failed.
 */
static bool relay_stderr(int fd, pid_t pid, int *status)
{
	bool exited = false;
	char buf[4096];

	fcntl(fd, F_SETFL, O_NONBLOCK);
	for (;;) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		ssize_t n;

		if (!exited) {
			pid_t w = waitpid(pid, status, WNOHANG);

			if (w == pid)
				exited = true;
			else if (w < 0 && errno != EINTR)
				break;
		}
		n = read(fd, buf, sizeof(buf));
		if (n > 0) {
			for (ssize_t done = 0, w; done < n; done += w)
				if ((w = write(STDOUT_FILENO, buf + done, (size_t)(n - done))) <= 0)
					break;
			continue;
		}
		if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR) || exited)
			break;
		poll(&p, 1, 100);
	}
	while (!exited) {
		if (waitpid(pid, status, 0) == pid)
			exited = true;
		else if (errno != EINTR)
			break;
	}
	if (!exited)
		printf("### bringup: waitpid: %s\n", strerror(errno));
	return exited;
}

/* "#split" was read: the standard output through a pipe too, lines kept whole. */
static bool split_output;

/* One stream relayed whole lines at a time: its pipe, and what is pending. */
struct relay {
	int fd;
	const char *prefix; /* before each line: "" or the stderr marker */
	char buf[8192];
	size_t len;
};

/* Write @r's complete lines (all of it at @flush, or when full) to the console. */
static void relay_lines(struct relay *r, bool flush)
{
	size_t start = 0;

	for (size_t i = 0; i < r->len; i++)
		if (r->buf[i] == '\n' || (flush && i + 1 == r->len) ||
		    (i + 1 - start == sizeof(r->buf))) {
			printf("%s%.*s%s", r->prefix, (int)(i + 1 - start), r->buf + start,
			       r->buf[i] == '\n' ? "" : "\n");
			start = i + 1;
		}
	memmove(r->buf, r->buf + start, r->len - start);
	r->len -= start;
	fflush(stdout);
}

/*
 * split_output: copy @out and @err to the console, whole lines, until both
 * are at their end or child @pid has exited and nothing is pending; reap
 * it into @status.  Returns false when waitpid() failed.
 */
static bool relay_both(int out, int err, pid_t pid, int *status)
{
	struct relay r[2] = { { out, "", "", 0 }, { err, "### bringup: stderr: ", "", 0 } };
	bool exited = false, open[2] = { true, true };

	fcntl(out, F_SETFL, O_NONBLOCK);
	fcntl(err, F_SETFL, O_NONBLOCK);
	while (open[0] || open[1]) {
		struct pollfd p[2] = { { out, POLLIN, 0 }, { err, POLLIN, 0 } };
		bool got = false;

		if (!exited) {
			pid_t w = waitpid(pid, status, WNOHANG);
			if (w == pid)
				exited = true;
			else if (w < 0 && errno != EINTR)
				break;
		}
		for (int k = 0; k < 2; k++) {
			if (!open[k])
				continue;
			ssize_t n = read(r[k].fd, r[k].buf + r[k].len, sizeof(r[k].buf) - r[k].len);
			if (n > 0) {
				r[k].len += (size_t)n;
				relay_lines(&r[k], r[k].len == sizeof(r[k].buf));
				got = true;
			} else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
				open[k] = false;
			}
		}
		if (!got && exited)
			break;
		if (!got)
			poll(p, 2, 100);
	}
	relay_lines(&r[0], true);
	relay_lines(&r[1], true);
	while (!exited) {
		if (waitpid(pid, status, 0) == pid)
			exited = true;
		else if (errno != EINTR)
			break;
	}
	if (!exited)
		printf("### bringup: waitpid: %s\n", strerror(errno));
	return exited;
}

static void run_line(char *line)
{
	char *argv[MAX_WORDS];
	int status, err[2], out[2] = { -1, -1 };
	pid_t pid;

	printf("### bringup: run %s", line);	/* line keeps its newline */
	if (split_words(line, argv) == 0)
		return;
	fflush(stdout);
	if (pipe(err) != 0 || (split_output && pipe(out) != 0)) {
		printf("### bringup: pipe: %s\n", strerror(errno));
		return;
	}
	pid = fork();
	if (pid < 0) {
		printf("### bringup: fork: %s\n", strerror(errno));
		close(err[0]);
		close(err[1]);
		return;
	}
	if (pid == 0) {
		if (out[1] >= 0) {
			dup2(out[1], STDOUT_FILENO);
			close(out[0]);
			close(out[1]);
		}
		dup2(err[1], STDERR_FILENO);
		close(err[0]);
		close(err[1]);
		char **cmd = argv;
		for (char *eq; *cmd && (eq = strchr(*cmd, '=')) && eq != *cmd; cmd++) {
			*eq = '\0';
			setenv(*cmd, eq + 1, 1);
		}
		if (!*cmd) {
			printf("### bringup: only NAME=VALUE words, no command\n");
			_exit(127);
		}
		execv(cmd[0], cmd);
		printf("### bringup: exec %s: %s\n", cmd[0], strerror(errno));
		_exit(127);
	}
	close(err[1]);
	bool reaped;
	if (out[0] >= 0) {
		close(out[1]);
		reaped = relay_both(out[0], err[0], pid, &status);
		close(out[0]);
	} else {
		reaped = relay_stderr(err[0], pid, &status);
	}
	close(err[0]);
	if (!reaped)
		return;
	if (WIFEXITED(status))
		printf("### bringup: exit %d\n", WEXITSTATUS(status));
	else
		printf("### bringup: signal %d\n", WTERMSIG(status));
	fflush(stdout);
}

int main(void)
{
	char line[1024];
	struct utsname u;
	FILE *commands;

	mount_or_say("devtmpfs", "/dev", "devtmpfs");
	console_as_stdio();
	setvbuf(stdout, NULL, _IOLBF, 0);
	mount_or_say("proc", "/proc", "proc");
	mount_or_say("sysfs", "/sys", "sysfs");
	mount_or_say("tmpfs", "/tmp", "tmpfs");
	quiet_user_faults();
	credit_seed();
	setenv("PATH", "/", 1);

	if (uname(&u) == 0)	/* after whatever the kernel left unfinished */
		printf("\n### bringup: kernel %s %s\n", u.release, u.machine);
	commands = fopen("/commands", "r");
	if (!commands)
		printf("### bringup: /commands: %s\n", strerror(errno));
	else
		while (fgets(line, sizeof(line), commands))
			if (strcmp(line, "#split\n") == 0)
				split_output = true;
			else if (line[0] != '#' && line[0] != '\n')
				run_line(line);
	printf("### bringup: done\n");
	fflush(stdout);
	sync();
	reboot(RB_POWER_OFF);
	printf("### bringup: power off: %s\n", strerror(errno));
	for (;;)
		pause();
}
