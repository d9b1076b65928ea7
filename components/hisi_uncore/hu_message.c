// SPDX-License-Identifier: BSD-3-Clause
/*
 * hu_message.c - messages once per distinct text, and the debug channel
 * (see hu_message.h).
 */
#include "hu_message.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hu_error.h"

/*
 * The texts said so far, as 64-bit hashes in an open-addressed table.  A
 * full table stops remembering (messages are then printed again): a bound
 * on memory, not on what is said.
 */
#define SAID_SLOTS 4096

static uint64_t said[SAID_SLOTS];	/* 0: free */
static unsigned int nsaid;
static pthread_mutex_t said_lock = PTHREAD_MUTEX_INITIALIZER;
static _Thread_local char last_said[HU_MSG_MAX + 256];

static uint64_t text_hash(const char *s)
{
	uint64_t h = 1469598103934665603ULL;	/* FNV-1a */

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return h ? h : 1;
}

/* Record @h; false if it was there already. */
static bool first_time(uint64_t h)
{
	unsigned int i = (unsigned int)(h % SAID_SLOTS);
	bool first = true;

	pthread_mutex_lock(&said_lock);
	for (unsigned int probes = 0; probes < SAID_SLOTS; probes++, i = (i + 1) % SAID_SLOTS) {
		if (said[i] == h) {
			first = false;
			break;
		}
		if (said[i] == 0) {
			if (nsaid < SAID_SLOTS / 2) {	/* keep probes short */
				said[i] = h;
				nsaid++;
			}
			break;
		}
	}
	pthread_mutex_unlock(&said_lock);
	return first;
}

static bool set_and_not_zero(const char *var)
{
	const char *v = getenv(var);

	return v && *v && strcmp(v, "0") != 0;
}

bool hu_quiet(void)
{
	return set_and_not_zero("HISI_UNCORE_QUIET");
}

bool hu_say(const char *fmt, ...)
{
	char *text = last_said;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(last_said), fmt, ap);
	va_end(ap);
	if (hu_quiet())
		return false;
	if (!first_time(text_hash(text)))
		return false;
	fprintf(stderr, "hisi_uncore: %s\n", text);
	return true;
}

const char *hu_last_said(void)
{
	return last_said;
}

void hu_forget_last_said(void)
{
	last_said[0] = '\0';
}

bool hu_debugging(enum hu_debug_level level)
{
	const char *v = getenv("HISI_UNCORE_DEBUG");

	return v && atoi(v) >= (int)level;
}

void hu_debug(enum hu_debug_level level, const char *fmt, ...)
{
	char text[HU_MSG_MAX + 256];
	va_list ap;

	if (!hu_debugging(level))
		return;
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	fprintf(stderr, "hisi_uncore[debug]: %s\n", text);
}

void hu_message_forget(void)
{
	pthread_mutex_lock(&said_lock);
	memset(said, 0, sizeof(said));
	nsaid = 0;
	pthread_mutex_unlock(&said_lock);
}
