// SPDX-License-Identifier: BSD-3-Clause
/*
 * Unit tests: what the component prints (hu_message.c): each distinct
 * message once per process, nothing when quiet, the debug channel by level.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cu_main.h"
#include "hu_message.h"

static char captured[1 << 17];

/* Run @body with stderr going to a file; what it printed into captured[]. */
static void capture(void (*body)(void))
{
	FILE *tmp = tmpfile();
	int saved = dup(2);
	size_t n;

	CU_ASSERT_PTR_NOT_NULL_FATAL(tmp);
	fflush(stderr);
	dup2(fileno(tmp), 2);
	body();
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	rewind(tmp);
	n = fread(captured, 1, sizeof(captured) - 1, tmp);
	captured[n] = '\0';
	HU_ASSERT_EQ(fgetc(tmp), EOF);	/* the whole of it */
	fclose(tmp);
}

static unsigned int count_of(const char *needle)
{
	unsigned int n = 0;

	for (const char *p = captured; (p = strstr(p, needle)) != NULL; p += strlen(needle))
		n++;
	return n;
}

static void say_three_times(void)
{
	for (int i = 0; i < 3; i++) {
		hu_say("bad name %s", "x::y");
		hu_say("bad name %s", "x::z");
	}
}

static void test_each_message_once(void)
{
	unsetenv("HISI_UNCORE_QUIET");
	hu_message_forget();
	capture(say_three_times);
	HU_ASSERT_EQ(count_of("hisi_uncore: bad name x::y\n"), 1);
	HU_ASSERT_EQ(count_of("hisi_uncore: bad name x::z\n"), 1);
	capture(say_three_times);	/* said already: nothing */
	HU_ASSERT_STR_EQ(captured, "");
	hu_message_forget();
	capture(say_three_times);
	HU_ASSERT_EQ(count_of("bad name"), 2);
}

static void test_quiet_says_nothing_and_remembers_nothing(void)
{
	static const char *const quiet_values[] = { "1", "yes" };
	static const char *const loud_values[] = { "0", "" };

	hu_message_forget();
	for (size_t i = 0; i < 2; i++) {
		setenv("HISI_UNCORE_QUIET", quiet_values[i], 1);
		capture(say_three_times);
		HU_ASSERT_STR_EQ(captured, "");
	}
	/* what was not said while quiet is said once loud again */
	for (size_t i = 0; i < 2; i++) {
		setenv("HISI_UNCORE_QUIET", loud_values[i], 1);
		hu_message_forget();
		capture(say_three_times);
		HU_ASSERT_EQ(count_of("bad name"), 2);
	}
	unsetenv("HISI_UNCORE_QUIET");
}

/* A tool prints the component's reason once, as its own line: said, quiet or said before. */
static void test_last_said_kept_however_said(void)
{
	hu_message_forget();
	hu_forget_last_said();
	HU_ASSERT_STR_EQ(hu_last_said(), "");
	setenv("HISI_UNCORE_QUIET", "1", 1);
	capture(say_three_times);
	HU_ASSERT_STR_EQ(captured, "");
	HU_ASSERT_STR_EQ(hu_last_said(), "bad name x::z");
	unsetenv("HISI_UNCORE_QUIET");
	capture(say_three_times);	/* said now, then again: kept each time */
	HU_ASSERT_STR_EQ(hu_last_said(), "bad name x::z");
	hu_forget_last_said();
	HU_ASSERT_STR_EQ(hu_last_said(), "");
}

static void debug_both_levels(void)
{
	hu_debug(HU_DEBUG_NAMES, "name %s", "a");
	hu_debug(HU_DEBUG_NAMES, "name %s", "a");
	hu_debug(HU_DEBUG_OPENS, "open %d", 3);
}

static void test_debug_channel_by_level(void)
{
	unsetenv("HISI_UNCORE_DEBUG");
	capture(debug_both_levels);
	HU_ASSERT_STR_EQ(captured, "");
	setenv("HISI_UNCORE_DEBUG", "1", 1);
	capture(debug_both_levels);
	/* never deduplicated */
	HU_ASSERT_STR_EQ(captured, "hisi_uncore[debug]: name a\nhisi_uncore[debug]: name a\n");
	setenv("HISI_UNCORE_DEBUG", "2", 1);
	setenv("HISI_UNCORE_QUIET", "1", 1);	/* the debug channel is not silenced */
	capture(debug_both_levels);
	HU_ASSERT_EQ(count_of("hisi_uncore[debug]: "), 3);
	CU_ASSERT_TRUE(hu_debugging(HU_DEBUG_OPENS));
	unsetenv("HISI_UNCORE_DEBUG");
	unsetenv("HISI_UNCORE_QUIET");
	CU_ASSERT_FALSE(hu_debugging(HU_DEBUG_NAMES));
}

/* More distinct messages than the memory holds are still printed, each time. */
static void say_many(void)
{
	for (int i = 0; i < 5000; i++)
		hu_say("m%d", i);
	hu_say("m%d", 4999);
}

static void test_full_memory_still_prints(void)
{
	hu_message_forget();
	capture(say_many);
	/* 2048 remembered, so m4999 (not remembered) comes twice: 5001 lines */
	HU_ASSERT_EQ(count_of("\n"), 5001);
	HU_ASSERT_EQ(count_of("hisi_uncore: m4999\n"), 2);
	HU_ASSERT_EQ(count_of("hisi_uncore: m0\n"), 1);
	hu_message_forget();
}

void register_message_tests(void)
{
	static const struct hu_cu_test tests[] = {
		{ "each distinct message is said once per process", test_each_message_once },
		{ "HISI_UNCORE_QUIET says nothing, and remembers nothing",
		  test_quiet_says_nothing_and_remembers_nothing },
		{ "the debug channel by HISI_UNCORE_DEBUG level", test_debug_channel_by_level },
		{ "the last message is kept for a tool, however it was said",
		  test_last_said_kept_however_said },
		{ "past its memory, messages are still said", test_full_memory_still_prints },
		{ NULL, NULL },
	};
	hu_cu_add_suite("message", NULL, NULL, tests);
}
