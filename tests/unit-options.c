// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests for the command-line parser (src/cli/options.c): defaults, every
 * option, and bad input giving status 2 with the bad value named.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/cpus.h"
#include "cli/options.h"
#include "families/apis.h"
#include "families/exports.h"
#include "harness/perturb.h"
#include "tap.h"

static char err_text[1024];
static char out_text[8192];

/* Parse a NULL-terminated argument list (without argv[0]). */
static int parse(struct options *o, const char *const *args)
{
	char *argv[32];
	int argc = 0;

	argv[argc++] = (char *)"vdsotest";
	while (*args && argc < 31)
		argv[argc++] = (char *)*args++;
	argv[argc] = NULL;

	FILE *out = fmemopen(out_text, sizeof(out_text), "w");
	FILE *err = fmemopen(err_text, sizeof(err_text), "w");
	int rc = options_parse(o, argc, argv, out, err);
	fclose(out);
	fclose(err);
	return rc;
}

#define ARGS(...) ((const char *const[]){ __VA_ARGS__, NULL })
#define Z10 "zzzzzzzzzz"
#define ZZZ Z10 Z10 Z10 Z10 Z10 Z10 Z10 Z10 Z10 Z10 Z10 Z10 Z10 Z10 Z10 Z10 Z10 Z10 Z10

static void test_defaults(void)
{
	struct options o;

	ok(parse(&o, ARGS("clock-gettime-monotonic", "bench")) == OPTIONS_RUN, "API TEST-TYPE runs");
	ok(o.command == CMD_RUN && o.api && strcmp(o.api->name, "clock-gettime-monotonic") == 0,
	   "the API is found");
	ok(o.test == TEST_BENCH, "bench");
	ok(o.duration_ns == 100000000u, "bench: default duration 0.1 s per path");
	ok(o.maxfails == 10, "default maxfails 10");
	ok(!o.verbose && !o.debug && o.format == FORMAT_TEXT && !o.vdso_lib, "other defaults");
	ok(parse(&o, ARGS("all", "verify")) == OPTIONS_RUN && !o.api && o.test == TEST_VERIFY,
	   "all verify");
	ok(o.duration_ns == 1000000000u, "verify: default duration 1 s");
	ok(parse(&o, ARGS("getcpu", "abi")) == OPTIONS_RUN && o.test == TEST_ABI, "getcpu abi");
	ok(o.napis == 1 && o.api && strcmp(o.api->name, "getcpu") == 0, "one API selected");
	size_t here = 0; /* (the APIs of another architecture's vDSO left out) */
	for (size_t i = 0; i < api_count; i++)
		here += export_api_here(&api_table[i]);
	ok(parse(&o, ARGS("all", "abi")) == OPTIONS_RUN && o.napis == here && !o.api,
	   "all selects every API of this architecture (%zu of %zu)", here, api_count);
	ok(parse(&o, ARGS("time,getcpu,time", "abi")) == OPTIONS_RUN && o.napis == 2 && !o.api,
	   "a comma list selects each API once");
	ok(options_api_selected(&o, api_find("getcpu")) && options_api_selected(&o, api_find("time")) &&
	   !options_api_selected(&o, api_find("gettimeofday")), "... exactly those");
	ok(parse(&o, ARGS("clock-getres-monotonic*", "verify")) == OPTIONS_RUN && o.napis == 3 &&
	   options_api_selected(&o, api_find("clock-getres-monotonic-raw")) &&
	   options_api_selected(&o, api_find("clock-getres-monotonic-coarse")) &&
	   !options_api_selected(&o, api_find("clock-gettime-monotonic")),
	   "a pattern selects the APIs it matches (monotonic, -raw, -coarse)");
	ok(parse(&o, ARGS("getcpu,clock-gettime-[bt]*", "verify")) == OPTIONS_RUN && o.napis == 5,
	   "a list of a name and a bracket pattern (getcpu, boottime, boottime-alarm, tai, thread-cputime)");
	ok(parse(&o, ARGS("--size=32", "all", "bench")) == OPTIONS_RUN &&
	   parse(&o, ARGS("--size=32", "time,getrandom", "bench")) == OPTIONS_RUN &&
	   parse(&o, ARGS("--size=32", "time,getcpu", "bench")) == 2,
	   "--size: with all or a list holding getrandom, not without getrandom");
	ok(parse(&o, ARGS("--skip-unsupported", "all", "abi")) == OPTIONS_RUN && o.skip_unsupported &&
	   parse(&o, ARGS("all", "abi")) == OPTIONS_RUN && !o.skip_unsupported,
	   "--skip-unsupported: set when given, reset by the next parse");
	ok(parse(&o, ARGS("--fail-known-bugs", "all", "verify")) == OPTIONS_RUN &&
		   o.fail_known_bugs && parse(&o, ARGS("all", "abi")) == OPTIONS_RUN &&
		   !o.fail_known_bugs && parse(&o, ARGS("--fail-known-bugs", "info")) == 2,
	   "--fail-known-bugs: set when given, reset by the next parse, refused by info");
	ok(parse(&o, ARGS("get?pu", "verify")) == OPTIONS_RUN && o.napis == 1 && o.api &&
	   strcmp(o.api->name, "getcpu") == 0, "a pattern selecting one API is that API");
	ok(parse(&o, ARGS("list-apis")) == OPTIONS_RUN && o.command == CMD_LIST_APIS, "list-apis");
	ok(parse(&o, ARGS("list-test-types")) == OPTIONS_RUN &&
	   o.command == CMD_LIST_TEST_TYPES, "list-test-types");
}

static void test_options(void)
{
	struct options o;

	ok(parse(&o, ARGS("-d", "0.25", "time", "bench")) == OPTIONS_RUN &&
	   o.duration_ns == 250000000u, "-d 0.25 is 250 ms");
	ok(parse(&o, ARGS("--duration=3", "time", "bench")) == OPTIONS_RUN &&
	   o.duration_ns == 3000000000u, "--duration=3");
	ok(parse(&o, ARGS("-f", "3", "-v", "-g", "time", "verify")) == OPTIONS_RUN &&
	   o.maxfails == 3 && o.verbose && o.debug, "-f 3 -v -g");
	ok(parse(&o, ARGS("--maxfails=7", "--verbose", "--debug", "time", "verify")) ==
	   OPTIONS_RUN && o.maxfails == 7 && o.verbose && o.debug, "long forms");
	ok(parse(&o, ARGS("-o", "nsec", "time", "bench")) == OPTIONS_RUN &&
	   o.format == FORMAT_NSEC, "-o nsec");
	ok(parse(&o, ARGS("--format=text", "time", "bench")) == OPTIONS_RUN &&
	   o.format == FORMAT_TEXT, "--format=text");
	ok(parse(&o, ARGS("--vdso-lib=./x.so", "time", "bench")) == OPTIONS_RUN &&
	   o.vdso_lib && strcmp(o.vdso_lib, "./x.so") == 0, "--vdso-lib");
	ok(parse(&o, ARGS("time", "bench", "-d", "2")) == OPTIONS_RUN &&
	   o.duration_ns == 2000000000u, "options after the operands");
	ok(parse(&o, ARGS("-V")) == 0 && strstr(out_text, PACKAGE_VERSION), "-V prints the version");
	ok(parse(&o, ARGS("--help")) == 0 && !strstr(out_text, "clock-getres-tai") &&
	   strstr(out_text, "list-apis") && strstr(out_text, "TEST-TYPE") &&
	   strstr(out_text, "man vdsotest"),
	   "--help points to list-apis and the manual instead of listing the APIs");
	ok(parse(&o, ARGS("-?")) == 0 && strstr(out_text, "Usage:"), "-? is help");
	ok(parse(&o, ARGS("-h")) == 0 && strstr(out_text, "Usage:") && strstr(out_text, "list-apis"),
	   "-h is help, as --help");
	ok(parse(&o, ARGS("--usage")) == 0 && strstr(out_text, "Usage:"), "--usage");
	ok(parse(&o, ARGS("--duration=1", "-?v")) == 0 && strstr(out_text, "Usage:"),
	   "-? in a group after a long option is help");
	ok(parse(&o, ARGS("time", "abi", "-v?")) == 0 && strstr(out_text, "Usage:"),
	   "-? after the operands, in a group, is help");
	ok(parse(&o, ARGS("-f", "1000000", "time", "verify")) == OPTIONS_RUN &&
	   o.maxfails == 1000000, "-f at its maximum");
	ok(parse(&o, ARGS("-d", "604800", "time", "verify")) == OPTIONS_RUN &&
	   o.duration_ns == 604800000000000u, "-d at its maximum");
	ok(parse(&o, ARGS("-d", "0.000001", "time", "verify")) == OPTIONS_RUN &&
	   o.duration_ns == 1000u, "-d at its minimum");
	ok(parse(&o, ARGS("getrandom", "bench")) == OPTIONS_RUN && o.size_bytes == 4,
	   "default size 4 bytes");
	ok(parse(&o, ARGS("--size=256", "getrandom", "bench")) == OPTIONS_RUN &&
	   o.size_bytes == 256, "--size=256");
	ok(parse(&o, ARGS("getrandom", "bench", "--size", "1")) == OPTIONS_RUN &&
	   o.size_bytes == 1, "--size 1 (its minimum) after the operands");
	ok(parse(&o, ARGS("--size=1048576", "getrandom", "bench")) == OPTIONS_RUN &&
	   o.size_bytes == 1048576, "--size at its maximum");
	ok(parse(&o, ARGS("info")) == OPTIONS_RUN && o.command == CMD_INFO && !o.vdso_image &&
	   !o.dump && o.format == FORMAT_TEXT, "info");
	ok(parse(&o, ARGS("-o", "json", "info")) == OPTIONS_RUN && o.format == FORMAT_JSON,
	   "-o json info");
	ok(parse(&o, ARGS("info", "--vdso-image=vdso64.so", "--dump", "out.so")) == OPTIONS_RUN &&
	   o.vdso_image && strcmp(o.vdso_image, "vdso64.so") == 0 && o.dump &&
	   strcmp(o.dump, "out.so") == 0, "info --vdso-image=FILE --dump FILE");
	ok(parse(&o, ARGS("--help")) == 0 && strstr(out_text, "--vdso-image=FILE") &&
	   strstr(out_text, "--dump=FILE") && strstr(out_text, "info"),
	   "--help shows info and its options");
	ok(parse(&o, ARGS("--help")) == 0 && strstr(out_text, "--size=BYTES") &&
	   strstr(out_text, "getrandom"), "--help shows --size and getrandom");
}

/* Bad input: status 2 and a message that names @value. */
static void bad(const char *const *args, const char *value, const char *name)
{
	struct options o;
	int rc = parse(&o, args);
	size_t len = strlen(err_text);
	bool one_line = len > 0 && strchr(err_text, '\n') == err_text + len - 1;

	if (one_line)
		err_text[len - 1] = '\0';	/* keep the TAP line whole */
	ok(rc == STATUS_USAGE && one_line && strstr(err_text, value),
	   "%s: status 2, one line naming '%s' (got %d: %s)", name, value, rc, err_text);
}

static void test_bad_input(void)
{
	bad(ARGS("-d", "abc", "time", "bench"), "abc", "-d abc");
	bad(ARGS("-d", "-1", "time", "bench"), "-1", "-d -1");
	bad(ARGS("-d", "0", "time", "bench"), "'0'", "-d 0");
	bad(ARGS("-d", "1e9", "time", "bench"), "1e9", "-d 1e9");
	bad(ARGS("-d", "nan", "time", "bench"), "nan", "-d nan");
	bad(ARGS("-d", "inf", "time", "bench"), "inf", "-d inf");
	bad(ARGS("-d", "", "time", "bench"), "''", "-d ''");
	bad(ARGS("-d", "1s", "time", "bench"), "1s", "-d 1s");
	bad(ARGS("-f", "x", "time", "verify"), "'x'", "-f x");
	bad(ARGS("-f", "0", "time", "verify"), "'0'", "-f 0");
	bad(ARGS("-f", "-3", "time", "verify"), "-3", "-f -3");
	bad(ARGS("-f", "99999999999999999999", "time", "verify"), "99999999999999999999",
	    "-f too big");
	bad(ARGS("-o", "xml", "time", "bench"), "xml", "-o xml");
	bad(ARGS("-o", "xml", "info"), "json", "-o xml names json among the formats");
	bad(ARGS("-x", "time", "bench"), "-x", "unknown short option");
	bad(ARGS("--frobnicate", "time", "bench"), "--frobnicate", "unknown long option");
	bad(ARGS("time", "bench", "-d"), "-d", "-d without a value");
	bad(ARGS("clock-gettime-monotnic", "bench"), "clock-gettime-monotnic", "unknown API");
	bad(ARGS("clock-gettime-monotnic", "bench"), "clock-gettime-monotonic",
	    "unknown API: the closest name is suggested");
	bad(ARGS("time", "bnech"), "bnech", "unknown TEST-TYPE");
	bad(ARGS("time"), "time", "missing TEST-TYPE");
	bad(ARGS("time", "bench", "extra"), "extra", "extra argument");
	bad(ARGS("list-apis", "extra"), "extra", "extra argument after list-apis");
	bad(ARGS("-d", "1e999", "time", "bench"), "1e999", "-d beyond a double");
	bad(ARGS("--verbose=1", "time", "abi"), "'--verbose=1'", "a value for a flag");
	bad(ARGS("-xv", "time", "abi"), "'-x'", "an unknown option in a group");
	bad(ARGS("--vdso-lib=", "time", "abi"), "--vdso-lib", "an empty --vdso-lib");
	bad(ARGS("clock-gettime-raw", "bench"), "'clock-gettime-monotonic-raw'",
	    "a suggestion from the last word");
	bad(ARGS("clock-getres-mono", "bench"), "'clock-getres-monotonic'",
	    "a suggestion from a prefix");
	bad(ARGS("Time", "bench"), "did you mean 'time'", "a suggestion ignoring case");
	bad(ARGS("al", "bench"), "did you mean 'all'", "'all' is suggested");
	bad(ARGS("time", "benc"), "did you mean 'bench'", "a TEST-TYPE suggestion");
	bad(ARGS("xyzzy", "bench"), "list-apis", "no suggestion for a far name");
	bad(ARGS("all", "verify", "--durration=2"), "'--durration=2'",
	    "an unknown long option after the operands");
	bad(ARGS("gettimeofday", "verify", "--v"), "'--v'", "an ambiguous long option");
	bad(ARGS("time", "abi", "--vdso-lib"), "'--vdso-lib' needs a value",
	    "a long option without its value, after the operands");
	bad(ARGS("time", "abi", "--help=x"), "'--help=x' takes no value",
	    "a value for --help, after the operands");
	bad(ARGS("--verbose", "-xv", "time", "abi"), "'-x'", "an unknown letter after a long option");
	bad(ARGS("cpu", "bench"), "did you mean 'getcpu'", "a suggestion from the end of a name");
	bad(ARGS("time", "benchmark"), "did you mean 'bench'", "a suggestion from a longer word");
	bad(ARGS(ZZZ, "bench"), "see 'vdsotest list-apis'", "no suggestion for a 190-letter name");
	bad(ARGS("--size=0", "getrandom", "bench"), "'0'", "--size=0");
	bad(ARGS("info", "extra"), "extra", "an argument after info");
	bad(ARGS("--vdso-image=x.so", "time", "bench"), "--vdso-image", "--vdso-image without info");
	bad(ARGS("time", "verify", "--dump=x.so"), "--dump", "--dump without info");
	bad(ARGS("info", "--dump="), "--dump", "an empty --dump");
	bad(ARGS("--vdso-image=", "info"), "--vdso-image", "an empty --vdso-image");
	bad(ARGS("-o", "nsec", "info"), "nsec", "info -o nsec");
	bad(ARGS("-o", "ktap", "info"), "ktap", "info -o ktap");
	bad(ARGS("infp"), "did you mean 'info'", "a suggestion for info");
	bad(ARGS("--size=1048577", "getrandom", "bench"), "1048577", "--size beyond 1 MiB");
	bad(ARGS("--size=-4", "getrandom", "bench"), "-4", "--size=-4");
	bad(ARGS("--size=4k", "getrandom", "bench"), "4k", "--size=4k");
	bad(ARGS("--size=", "getrandom", "bench"), "''", "--size=''");
	bad(ARGS("--size=99999999999999999999", "getrandom", "bench"), "99999999999999999999",
	    "--size beyond unsigned long");
}

static void test_no_operands(void)
{
	struct options o;
	const char *none[] = { NULL };

	ok(parse(&o, none) == STATUS_USAGE && strstr(err_text, "missing API"),
	   "no operands: status 2");
}

/* Issue #4: --repeat, the formats, --output. */
static void test_formats_and_repeat(void)
{
	static const char *const names[] = { "text", "nsec", "table", "json", "csv", "ktap" };
	static const enum output_format formats[] = {
		FORMAT_TEXT, FORMAT_NSEC, FORMAT_TABLE, FORMAT_JSON, FORMAT_CSV, FORMAT_KTAP,
	};
	struct options o;

	ok(parse(&o, ARGS("time", "bench")) == OPTIONS_RUN && o.repeat == 1 && !o.output,
	   "default: repeat 1, standard output");
	ok(parse(&o, ARGS("-r", "5", "time", "bench")) == OPTIONS_RUN && o.repeat == 5, "-r 5");
	ok(parse(&o, ARGS("--repeat=1000", "time", "bench")) == OPTIONS_RUN && o.repeat == 1000,
	   "--repeat at its maximum");
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		ok(parse(&o, ARGS("-o", names[i], "time", "bench")) == OPTIONS_RUN &&
		   o.format == formats[i], "-o %s", names[i]);
	ok(parse(&o, ARGS("-o", "ktap", "time", "verify")) == OPTIONS_RUN &&
	   parse(&o, ARGS("-o", "ktap", "all", "abi")) == OPTIONS_RUN, "ktap for verify and abi");
	ok(parse(&o, ARGS("time", "bench")) == OPTIONS_RUN && !o.net && !o.cycles,
	   "--net and --cycles are off by default");
	ok(parse(&o, ARGS("--cycles", "time", "bench")) == OPTIONS_RUN && o.cycles, "--cycles");
	bad(ARGS("--cycles", "time", "verify"), "'--cycles' is for bench only, not verify",
	    "--cycles with verify");
	bad(ARGS("--cycles", "-t", "2", "time", "bench"), "--threads=2", "--cycles with two threads");
	ok(parse(&o, ARGS("--net", "time", "bench")) == OPTIONS_RUN && o.net, "--net");
	ok(parse(&o, ARGS("time", "bench")) == OPTIONS_RUN && o.header == -1,
	   "no --header nor --no-header: header -1 (the format decides)");
	ok(parse(&o, ARGS("--header", "time", "bench")) == OPTIONS_RUN && o.header == 1 &&
	   parse(&o, ARGS("--no-header", "-o", "table", "time", "bench")) == OPTIONS_RUN &&
	   o.header == 0 && parse(&o, ARGS("--no-header", "--header", "time", "bench")) ==
	   OPTIONS_RUN && o.header == 1, "--header 1, --no-header 0, the last one wins");
	bad(ARGS("--header", "-o", "json", "time", "bench"), "not json", "--header -o json");
	ok(parse(&o, ARGS("time", "bench")) == OPTIONS_RUN && !o.latency &&
	   parse(&o, ARGS("--latency", "-o", "json", "time", "bench")) == OPTIONS_RUN && o.latency,
	   "--latency: off by default, on when given");
	bad(ARGS("--latency", "-t", "2", "time", "bench"), "--threads=2", "--latency with two threads");
	bad(ARGS("--no-header", "time", "verify"), "'--[no-]header' is for bench only",
	    "--no-header with verify");
	bad(ARGS("--net=1", "time", "bench"), "'--net=1' takes no value", "--net=1");
	ok(parse(&o, ARGS("--output=/tmp/x", "time", "bench")) == OPTIONS_RUN && o.output &&
	   strcmp(o.output, "/tmp/x") == 0, "--output=FILE");
	ok(parse(&o, ARGS("--help")) == 0 && strstr(out_text, "--repeat") &&
	   strstr(out_text, "--output") && strstr(out_text, "ktap") && strstr(out_text, "--net") &&
	   strstr(out_text, "--cycles"),
	   "--help names --repeat, --output, --net and the formats");
	bad(ARGS("-r", "0", "time", "bench"), "'0'", "-r 0");
	bad(ARGS("-r", "1001", "time", "bench"), "1001", "-r 1001");
	bad(ARGS("-r", "-2", "time", "bench"), "-2", "-r -2");
	bad(ARGS("-r", "2x", "time", "bench"), "2x", "-r 2x");
	bad(ARGS("--repeat=", "time", "bench"), "''", "--repeat=''");
	bad(ARGS("--output=", "time", "bench"), "--output", "an empty --output");
	bad(ARGS("-o", "JSON", "time", "bench"), "JSON", "-o JSON (formats are lower case)");
	bad(ARGS("-o", "json", "time", "verify"), "'json' is for bench only", "-o json with verify");
	bad(ARGS("-o", "table", "all", "abi"), "'table' is for bench only", "-o table with abi");
	bad(ARGS("-o", "csv", "time", "verify"), "'csv'", "-o csv with verify");
	bad(ARGS("time", "bench", "-r"), "'-r' needs a value", "-r without a value");
}

static void test_cpu_list(void)
{
	static const struct { const char *list; unsigned count, first, last; } good[] = {
		{ "1", 1, 1, 1 }, { "0,2-3", 3, 0, 3 }, { "5-5", 1, 5, 5 },
		{ "3,1", 2, 1, 3 }, { "1048575", 1, 1048575, 1048575 }, { "0-2,2-4", 5, 0, 4 },
	};
	struct options o;
	struct cpu_mask m;
	const char *why;

	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		bool parsed = cpu_list_parse(good[i].list, &m, &why);
		ok(parsed && cpu_mask_count(&m) == good[i].count &&
		   cpu_mask_nth(&m, 0) == (int)good[i].first &&
		   cpu_mask_nth(&m, good[i].count - 1) == (int)good[i].last &&
		   cpu_mask_nth(&m, good[i].count) == -1,
		   "CPU list '%s': %u CPUs, %u to %u", good[i].list, good[i].count, good[i].first,
		   good[i].last);
		if (parsed)
			cpu_mask_free(&m);
	}
	ok(parse(&o, ARGS("--cpu=1", "time", "bench")) == OPTIONS_RUN && o.cpu_list &&
	   strcmp(o.cpu_list, "1") == 0, "--cpu=1");
	ok(parse(&o, ARGS("time", "bench")) == OPTIONS_RUN && !o.cpu_list, "no --cpu by default");
	ok(parse(&o, ARGS("--help")) == 0 && strstr(out_text, "--cpu=LIST"), "--help shows --cpu");
	bad(ARGS("--cpu=", "time", "bench"), "'': not a CPU number", "--cpu=''");
	bad(ARGS("--cpu=a", "time", "bench"), "'a': not a CPU number", "--cpu=a");
	bad(ARGS("--cpu=1,", "time", "bench"), "'1,': not a CPU number", "--cpu=1,");
	bad(ARGS("--cpu=-1", "time", "bench"), "'-1'", "--cpu=-1");
	bad(ARGS("--cpu=1 ", "time", "bench"), "'1 '", "--cpu with a blank");
	bad(ARGS("--cpu=3-1", "time", "bench"), "high to low", "--cpu=3-1");
	bad(ARGS("--cpu=1048576", "time", "bench"), "above 1048575", "--cpu beyond the limit");
	bad(ARGS("--cpu=99999999999999999999", "time", "bench"), "above 1048575", "--cpu overflowing");
	bad(ARGS("--cpu=0", "time", "abi"), "option '--cpu' is for bench only, not abi",
	    "--cpu with abi");
}

/*
 * One rule (options.h): an option the command or TEST-TYPE has no use for
 * is refused; the run options serve every TEST-TYPE.
 */
static void test_applies(void)
{
	static const char *const bench_only[][2] = {
		{ "-r", "2" }, { "--net", NULL }, { "--cycles", NULL }, { "--cpu=0", NULL },
	};
	static const char *const names[] = { "--repeat", "--net", "--cycles", "--cpu" };
	static const char *const types[] = { "verify", "abi" };
	struct options o;
	char want[128];

	for (size_t i = 0; i < 4; i++)
		for (size_t t = 0; t < 2; t++) {
			snprintf(want, sizeof(want), "option '%s' is for bench only, not %s", names[i],
				 types[t]);
			if (bench_only[i][1])
				bad(ARGS(bench_only[i][0], bench_only[i][1], "getcpu", types[t]), want, want);
			else
				bad(ARGS(bench_only[i][0], "getcpu", types[t]), want, want);
		}
	ok(parse(&o, ARGS("-r", "2", "--net", "--cpu=0", "--cycles", "getcpu", "bench")) ==
	   OPTIONS_RUN, "bench takes -r, --net, --cpu, --cycles");
	ok(parse(&o, ARGS("-d", "1", "-f", "3", "-t", "1", "-v", "-g", "--vdso-lib=x", "-o", "ktap",
			  "--output=f", "getcpu", "abi")) == OPTIONS_RUN &&
	   parse(&o, ARGS("-d", "1", "-f", "3", "-o", "text", "all", "verify")) == OPTIONS_RUN &&
	   parse(&o, ARGS("-f", "3", "all", "bench")) == OPTIONS_RUN,
	   "the run options serve every TEST-TYPE");
	bad(ARGS("-d", "1", "compare", "a", "b"), "option '--duration' is not for compare", "compare -d");
	bad(ARGS("-r", "2", "compare", "a", "b"), "option '--repeat' is not for compare", "compare -r");
	bad(ARGS("-t", "2", "compare", "a", "b"), "option '--threads' is not for compare", "compare -t");
	bad(ARGS("--cpu=0", "compare", "a", "b"), "option '--cpu' is not for compare", "compare --cpu");
	bad(ARGS("--net", "compare", "a", "b"), "option '--net' is not for compare", "compare --net");
	bad(ARGS("--cycles", "compare", "a", "b"), "option '--cycles' is not for compare",
	    "compare --cycles");
	bad(ARGS("--vdso-lib=x", "compare", "a", "b"), "option '--vdso-lib' is not for compare",
	    "compare --vdso-lib");
	bad(ARGS("-t", "2", "compare", "a", "b"), "option '--threads' is not for compare",
	    "compare -t 2");
	bad(ARGS("-o", "json", "list-apis"), "option '--format' is not for list-apis",
	    "list-apis -o json");
	bad(ARGS("-d", "1", "list-test-types"), "option '--duration' is not for list-test-types",
	    "list-test-types -d");
	ok(parse(&o, ARGS("--dry-run", "-r", "2", "all", "bench")) == OPTIONS_RUN && o.dry_run,
	   "--dry-run");
	bad(ARGS("--dry-run", "-r", "2", "all", "verify"), "option '--repeat' is for bench only",
	    "--dry-run checks too");
}

static void test_compare(void)
{
	struct options o;

	ok(parse(&o, ARGS("compare", "a.json", "b.json")) == OPTIONS_RUN &&
	   o.command == CMD_COMPARE && strcmp(o.compare_old, "a.json") == 0 &&
	   strcmp(o.compare_new, "b.json") == 0, "compare OLD NEW");
	ok(parse(&o, ARGS("compare", "a1", "a2", "a3", "--", "b1", "b2")) == OPTIONS_RUN &&
	   o.compare_n_old == 3 && o.compare_n_new == 2 &&
	   strcmp(o.compare_old_files[0], "a1") == 0 && strcmp(o.compare_old_files[2], "a3") == 0 &&
	   strcmp(o.compare_new_files[0], "b1") == 0 && strcmp(o.compare_new_files[1], "b2") == 0,
	   "compare OLD1 OLD2 OLD3 -- NEW1 NEW2: three old files, two new");
	ok(parse(&o, ARGS("-o", "csv", "compare", "a1", "--output=x", "a2", "--", "b1")) ==
	   OPTIONS_RUN && o.compare_n_old == 2 && o.compare_n_new == 1 && o.format == FORMAT_CSV &&
	   strcmp(o.compare_old_files[1], "a2") == 0 && strcmp(o.compare_new_files[0], "b1") == 0,
	   "compare with options among the old files");
	ok(parse(&o, ARGS("--output", "--", "compare", "a", "b")) == OPTIONS_RUN &&
	   o.compare_n_old == 1 && o.compare_n_new == 1 && strcmp(o.output, "--") == 0 &&
	   strcmp(o.compare_new_files[0], "b") == 0,
	   "--output -- (a file named '--') does not split compare's files");
	ok(parse(&o, ARGS("--output", "--", "compare", "a", "--", "b", "c")) == OPTIONS_RUN &&
	   o.compare_n_old == 1 && o.compare_n_new == 2, "... and a later -- does");
	bad(ARGS("compare", "a", "--"), "at least one file on each side", "compare OLD -- (none new)");
	bad(ARGS("compare", "--", "b"), "at least one file on each side", "compare -- NEW (none old)");
	ok(parse(&o, ARGS("compare", "a", "b", "-o", "csv", "--output=x")) == OPTIONS_RUN &&
	   o.format == FORMAT_CSV && o.output, "compare -o csv --output");
	ok(parse(&o, ARGS("-o", "json", "compare", "a", "b")) == OPTIONS_RUN &&
	   parse(&o, ARGS("-o", "table", "compare", "a", "b")) == OPTIONS_RUN,
	   "compare -o json, -o table");
	ok(parse(&o, ARGS("--help")) == 0 && strstr(out_text, "compare OLD.json... [--] NEW.json..."),
	   "--help shows compare");
	bad(ARGS("compare"), "two files", "compare alone");
	bad(ARGS("compare", "a"), "two files", "compare with one file");
	bad(ARGS("compare", "a", "b", "c"), "'c'", "compare with three files");
	bad(ARGS("-o", "nsec", "compare", "a", "b"), "'nsec'", "compare -o nsec");
	bad(ARGS("-o", "ktap", "compare", "a", "b"), "'ktap'", "compare -o ktap");
}

static void test_perturb(void)
{
	struct options o;
	char kind[16];
	unsigned k;

	ok(parse(&o, ARGS("time", "verify")) == OPTIONS_RUN && o.perturb == 0, "no --perturb: 0");
	ok(parse(&o, ARGS("--perturb=freq", "-d", "30", "clock-gettime-monotonic-coarse", "verify")) ==
	   OPTIONS_RUN && o.perturb == 1u << PERTURB_FREQ, "--perturb=freq");
	ok(parse(&o, ARGS("--perturb", "step,tai,step", "all", "verify")) == OPTIONS_RUN &&
	   o.perturb == ((1u << PERTURB_STEP) | (1u << PERTURB_TAI)), "--perturb step,tai,step");
	ok(parse(&o, ARGS("--perturb=all", "--dry-run", "all", "verify")) == OPTIONS_RUN &&
	   o.perturb == PERTURB_ALL && o.dry_run, "--perturb=all --dry-run");
	ok(PERTURB_ALL == 0xffu, "all is the eight kinds");
	ok(perturb_parse("y2038,hotplug,clocksource,leap,slew", &k, kind, sizeof(kind)) &&
	   k == ((1u << PERTURB_Y2038) | (1u << PERTURB_HOTPLUG) | (1u << PERTURB_CLOCKSOURCE) |
		 (1u << PERTURB_LEAP) | (1u << PERTURB_SLEW)), "perturb_parse: five kinds");
	ok(!perturb_parse("freq,alll", &k, kind, sizeof(kind)) && strcmp(kind, "alll") == 0,
	   "perturb_parse: the bad kind");
	ok(!perturb_parse("freq,0123456789abcdefghij", &k, kind, sizeof(kind)) &&
	   strcmp(kind, "0123456789abcde") == 0, "perturb_parse: a long bad kind, cut to the buffer");
	ok(!perturb_parse("", &k, kind, sizeof(kind)) && !*kind, "perturb_parse: empty list");
	for (int i = 0; i < NR_PERTURB_KINDS; i++)
		ok(perturb_parse(perturb_kind_name(i), &k, kind, sizeof(kind)) && k == 1u << i,
		   "perturb_parse: %s", perturb_kind_name(i));
	bad(ARGS("--perturb=freq,", "time", "verify"), "kind '' in 'freq,'", "--perturb=freq,");
	bad(ARGS("--perturb=FREQ", "time", "verify"), "kind 'FREQ'", "--perturb=FREQ");
	bad(ARGS("--perturb=freq", "time", "bench"), "option '--perturb' is for verify only, not bench",
	    "bench --perturb");
	bad(ARGS("--perturb=freq", "time", "abi"), "option '--perturb' is for verify only, not abi",
	    "abi --perturb");
	bad(ARGS("--perturb=freq", "compare", "a", "b"), "option '--perturb' is not for compare",
	    "compare --perturb");
	bad(ARGS("--perturb=freq", "-o", "json", "info"), "option '--perturb' is not for info",
	    "info --perturb");
	bad(ARGS("--perturb=freq", "list-test-types"), "option '--perturb' is not for list-test-types",
	    "list-test-types --perturb");
	ok(parse(&o, ARGS("--help")) == 0 && strstr(out_text, "--perturb=LIST") &&
	   strstr(out_text, "SYSTEM CLOCK") && strstr(out_text, "guests only"),
	   "--help shows --perturb and says it changes the system clock");
}

int main(void)
{
	test_perturb();
	test_defaults();
	test_options();
	test_bad_input();
	test_formats_and_repeat();
	test_compare();
	test_cpu_list();
	test_applies();
	test_no_operands();
	return tap_done();
}
