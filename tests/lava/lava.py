#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The two steps of make check-lava (tests/lava/run) that read LAVA's own
formats, jinja2 and YAML: python3-jinja2 and python3-yaml, which
lava-dispatcher depends on.

lava.py render DEVICE-TYPES-DIR DICTIONARY JOB
    Prints the device dictionary DICTIONARY rendered as lava-server renders
    it when it schedules JOB: a sandboxed jinja2 environment (autoescape
    off, trim_blocks), templates looked up in the dictionary's directory,
    then in DEVICE-TYPES-DIR, and the job's "context" as the variables
    (lava-server 2023.01: lava_scheduler_app/environment.py and
    Device.load_configuration() in lava_scheduler_app/models.py).  The
    result must be a YAML mapping with "actions".

lava.py validate JOB...
    Checks each JOB against LAVA's job schema in strict mode, the check
    lava-server makes when a job is submitted (lava_common.schemas.validate
    of lava-dispatcher's lava-common; it knows the deploy and boot methods
    of every device type, so that a job for a board can be checked without
    the board).  Prints "JOB: valid" per job.

lava.py log LOG RESULTS CONSOLE
    Reads lava-run's log LOG, one YAML mapping per line with the keys dt,
    lvl and msg, and writes each record of lvl "results" as a line
    "DEFINITION<TAB>CASE<TAB>RESULT<TAB>MEASUREMENT<TAB>UNITS" (a "-" for
    a field the record does not have) to RESULTS, and the msg of each
    record of lvl "target" (a line of the guest's console) as a line of
    CONSOLE.  A line that is not such a record is left out; a log without
    a single record is an error.

Exit status: 0, 1 on a file that cannot be read or written or does not
hold what it must, 2 on bad usage.
"""
import os
import sys

import yaml

try:
    Loader = yaml.CSafeLoader
except AttributeError:
    Loader = yaml.SafeLoader


def fail(msg):
    print("%s: %s" % (sys.argv[0], msg), file=sys.stderr)
    sys.exit(1)


def render(types_dir, dictionary, job):
    import jinja2
    from jinja2.sandbox import SandboxedEnvironment

    with open(job, encoding="utf-8") as f:
        context = (yaml.load(f, Loader=Loader) or {}).get("context", {})
    env = SandboxedEnvironment(
        loader=jinja2.FileSystemLoader([os.path.dirname(os.path.abspath(dictionary)), types_dir]),
        autoescape=False,
        trim_blocks=True,
    )
    text = env.get_template(os.path.basename(dictionary)).render(**context)
    device = yaml.load(text, Loader=Loader)
    if not isinstance(device, dict) or "actions" not in device:
        fail("%s: the rendered device has no actions" % dictionary)
    sys.stdout.write(text)


def validate(jobs):
    from lava_common.schemas import validate as lava_validate

    bad = 0
    for job in jobs:
        with open(job, encoding="utf-8") as f:
            data = yaml.load(f, Loader=Loader)
        try:
            lava_validate(data, strict=True)
        except Exception as exc:  # voluptuous's Invalid, or what a bad job raises
            print("%s: not valid: %s" % (job, exc), file=sys.stderr)
            bad += 1
            continue
        print("%s: valid" % job)
    if bad:
        sys.exit(1)


def field(msg, key):
    value = msg.get(key)
    return "-" if value is None or value == "" else str(value)


def log(path, results_path, console_path):
    records = 0
    with open(path, encoding="utf-8", errors="replace") as f, \
         open(results_path, "w", encoding="utf-8") as results, \
         open(console_path, "w", encoding="utf-8") as console:
        for line in f:
            if not line.startswith("{") or '"lvl": "' not in line:
                continue
            try:
                record = yaml.load(line, Loader=Loader)
            except yaml.YAMLError:
                continue
            if not isinstance(record, dict) or "lvl" not in record:
                continue
            records += 1
            msg = record.get("msg")
            if record["lvl"] == "results" and isinstance(msg, dict):
                results.write("\t".join(field(msg, k) for k in
                                        ("definition", "case", "result", "measurement", "units")) + "\n")
            elif record["lvl"] == "target":
                console.write(str(msg).rstrip("\r") + "\n")
    if records == 0:
        fail("%s: no lava-run log records" % path)


def main():
    args = sys.argv[1:]
    try:
        if len(args) == 4 and args[0] == "render":
            render(*args[1:])
        elif len(args) >= 2 and args[0] == "validate":
            validate(args[1:])
        elif len(args) == 4 and args[0] == "log":
            log(*args[1:])
        else:
            print("usage: %s render DEVICE-TYPES-DIR DICTIONARY JOB\n"
                  "       %s validate JOB...\n"
                  "       %s log LOG RESULTS CONSOLE" % (sys.argv[0], sys.argv[0], sys.argv[0]),
                  file=sys.stderr)
            sys.exit(2)
    except (OSError, yaml.YAMLError) as exc:
        fail(str(exc))
    except Exception as exc:  # jinja2's errors: a template not found, bad syntax
        fail("%s: %s" % (type(exc).__name__, exc))


main()
