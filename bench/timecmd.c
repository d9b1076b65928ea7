// SPDX-License-Identifier: BSD-3-Clause
/*
 * timecmd.c - wall time of a command, several runs: prints
 * "median_ms M min_ms M runs N" (stdout and stderr of the command go to
 * /dev/null; one unmeasured warm-up run first).  A non-zero exit of the
 * command is an error.
 *
 * usage: timecmd RUNS CMD [ARG...]
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>

#include "bench_util.h"

extern char **environ;

static int run_once(char **argv, uint64_t *ns)
{
	posix_spawn_file_actions_t fa;
	uint64_t t0;
	pid_t pid;
	int st;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	t0 = bench_now_ns();
	if (posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ) != 0) {
		posix_spawn_file_actions_destroy(&fa);
		return -1;
	}
	if (waitpid(pid, &st, 0) < 0)
		return -1;
	*ns = bench_now_ns() - t0;
	posix_spawn_file_actions_destroy(&fa);
	return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

int main(int argc, char **argv)
{
	struct bench_stats s;
	uint64_t *t, warm;
	int runs;

	if (argc < 3 || (runs = atoi(argv[1])) < 1) {
		fprintf(stderr, "usage: %s RUNS CMD [ARG...]\n", argv[0]);
		return 2;
	}
	t = calloc((size_t)runs, sizeof(*t));
	if (!t || run_once(argv + 2, &warm)) {
		fprintf(stderr, "timecmd: %s failed\n", argv[2]);
		return 1;
	}
	for (int i = 0; i < runs; i++)
		if (run_once(argv + 2, &t[i])) {
			fprintf(stderr, "timecmd: %s failed\n", argv[2]);
			return 1;
		}
	s = bench_stats_of(t, (size_t)runs);
	printf("median_ms %.2f min_ms %.2f runs %d\n", s.median / 1e6, s.min / 1e6, runs);
	return 0;
}
