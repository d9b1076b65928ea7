/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * hu_message.h - what the component tells people on stderr.
 *
 * User-facing messages ("hisi_uncore: ...") are printed once per distinct
 * text per process: 10,000 ranks repeating one mistake print it once each,
 * not once per call.  HISI_UNCORE_QUIET (anything but "" or "0") silences
 * them.  The debug channel, HISI_UNCORE_DEBUG=1 (name resolution and
 * planning) or 2 (also every perf_event_open), traces what the component
 * does ("hisi_uncore[debug]: ..."); it is never deduplicated or silenced.
 */
#ifndef HU_MESSAGE_H
#define HU_MESSAGE_H

#include <stdbool.h>

enum hu_debug_level { HU_DEBUG_NAMES = 1, HU_DEBUG_OPENS = 2 };

/* HISI_UNCORE_QUIET is set to something other than "" or "0". */
bool hu_quiet(void);

/* "hisi_uncore: <text>\n" on stderr, unless quiet or already said; whether it was printed. */
bool hu_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * The text of this thread's last hu_say(), printed or not (quiet, or said
 * before): a tool's one line of the component's reason for a failed PAPI
 * call, instead of PAPI's generic text.  "" after hu_forget_last_said().
 */
const char *hu_last_said(void);
void hu_forget_last_said(void);

/* Is the debug channel at @level or more (HISI_UNCORE_DEBUG)? */
bool hu_debugging(enum hu_debug_level level);

/* "hisi_uncore[debug]: <text>\n" on stderr when debugging at @level. */
void hu_debug(enum hu_debug_level level, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Forget what was said (tests; a new PAPI_library_init after PAPI_shutdown). */
void hu_message_forget(void);

#endif /* HU_MESSAGE_H */
