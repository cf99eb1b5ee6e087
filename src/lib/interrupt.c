// SPDX-License-Identifier: GPL-2.0-or-later
/* SIGINT, SIGTERM and SIGHUP; see interrupt.h. */
#include "config.h"

#include <stdbool.h>
#include <stddef.h>

#include "lib/interrupt.h"

volatile sig_atomic_t interrupt_caught;
static bool caught_int, caught_term, caught_hup; /* what interrupt_catch() took over */

static void on_interrupt(int sig)
{
	interrupt_caught = sig;
}

static bool catch_one(int sig)
{
	struct sigaction sa = { .sa_handler = on_interrupt, .sa_flags = SA_RESTART }, old;

	if (sigaction(sig, NULL, &old) == 0 && old.sa_handler == SIG_IGN)
		return false;
	sigemptyset(&sa.sa_mask);
	return sigaction(sig, &sa, NULL) == 0;
}

void interrupt_catch(void)
{
	caught_int = catch_one(SIGINT);
	caught_term = catch_one(SIGTERM);
	caught_hup = catch_one(SIGHUP);
}

void interrupt_release(void)
{
	if (caught_int)
		signal(SIGINT, SIG_DFL);
	if (caught_term)
		signal(SIGTERM, SIG_DFL);
	if (caught_hup)
		signal(SIGHUP, SIG_DFL);
}

const char *interrupt_name(int sig)
{
	switch (sig) {
	case SIGINT:
		return "SIGINT";
	case SIGTERM:
		return "SIGTERM";
	case SIGHUP:
		return "SIGHUP";
	default:
		return "a signal";
	}
}
