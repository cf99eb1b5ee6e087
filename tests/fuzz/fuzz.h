/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The entry point of a fuzz target, as libFuzzer calls it
 * (https://llvm.org/docs/LibFuzzer.html): one input of @size bytes (0 ..
 * any), not to be modified or kept.  Return: 0 (other values are reserved).
 * tests/fuzz/replay.c calls it the same way for each file of a corpus.
 */
#ifndef VDSOTEST_FUZZ_H
#define VDSOTEST_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
