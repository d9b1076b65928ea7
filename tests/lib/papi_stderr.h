/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * papi_stderr.h - resolve an event name through PAPI and keep what the
 * components wrote to stderr meanwhile: the messages the tests check.
 * For the programs that link libpapi (test_papi, test_bad_names,
 * hu_probe); header only, as each of them is one source file.
 */
#ifndef HU_PAPI_STDERR_H
#define HU_PAPI_STDERR_H

#include <limits.h>
#include <stdio.h>
#include <unistd.h>

#include "papi.h"

/* Not a PAPI status: stderr could not be redirected, nothing was resolved. */
#define NAME_TO_CODE_UNCAPTURED INT_MIN

/*
 * PAPI_event_name_to_code(@name, @code) with stderr going to a file; what
 * was written there lands in @msg (at most @len - 1 bytes, NUL-terminated).
 */
static inline int name_to_code_capturing_stderr(const char *name, int *code, char *msg,
						size_t len)
{
	FILE *capture = tmpfile();
	int saved = dup(STDERR_FILENO), ret;
	size_t n;

	msg[0] = '\0';
	if (!capture || saved < 0) {
		if (capture)
			fclose(capture);
		if (saved >= 0)
			close(saved);
		return NAME_TO_CODE_UNCAPTURED;
	}
	fflush(stderr);
	dup2(fileno(capture), STDERR_FILENO);
	ret = PAPI_event_name_to_code(name, code);
	fflush(stderr);
	dup2(saved, STDERR_FILENO);
	close(saved);
	rewind(capture);
	n = fread(msg, 1, len - 1, capture);
	msg[n] = '\0';
	fclose(capture);
	return ret;
}

#endif /* HU_PAPI_STDERR_H */
