// SPDX-License-Identifier: GPL-2.0
/*
 * pmu_open: open perf events with the raw syscall and report what the kernel
 * said, for the emulator's guest tests.
 *
 *   pmu_open [-g] [-r CMD] SPEC|{|}...
 *   pmu_open -b STEPS <REQUESTS
 *
 *   SPEC  PMU/term=value,.../ with terms config, config1, config2, period,
 *         pid, cpu, exclude_user, exclude_kernel, exclude_hv, exclude_idle,
 *         exclude_host, exclude_guest. PMU is a name under
 *         /sys/bus/event_source/devices. Defaults: pid -1, cpu 0.
 *   { }   the SPECs between them form one group, the first one leading;
 *         a group is enabled once all events are open. Any SPEC outside
 *         braces is a separate event, enabled when opened (so it holds a
 *         counter at once).
 *   -g    all SPECs form one group, as if in one pair of braces.
 *   -r    after opening, run CMD with system(), then read the events.
 *   -b    batch: each line of standard input is one request (SPECs and
 *         braces), printed as "request <n>" and then run as with -r, but
 *         with the STEPS file in place of CMD, in this process (a fork per
 *         request is slow under TCG). STEPS has one step per line:
 *         "write PATH TEXT" writes TEXT to PATH (an error is printed as
 *         "step <line> <ERRNO NAME>"), "show PATH" prints each line of PATH
 *         as "show <PATH> <line>", "sleep US" sleeps US microseconds.
 *
 * Output: "open <i> OK" or "open <i> <ERRNO NAME>" per SPEC, then with -r
 * or -b "count <i> <value> <time_enabled> <time_running>" per open event.
 * Exit status: 0, or 2 on a usage error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#define MAX_EVENTS	32
#define MAX_STEPS	64
#define LINE_MAX_LEN	4096
#define SYSFS_PMUS	"/sys/bus/event_source/devices"

struct spec {
	struct perf_event_attr attr;
	int pid;
	int cpu;
	int leader;	/* index of the group leader, -1 outside a group */
};

static const char *errno_name(int err)
{
	switch (err) {
	case ENOENT: return "ENOENT";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	case EINVAL: return "EINVAL";
	case EBUSY: return "EBUSY";
	case EAGAIN: return "EAGAIN";
	case EBADF: return "EBADF";
	case EACCES: return "EACCES";
	case ENODEV: return "ENODEV";
	case ERANGE: return "ERANGE";
	case ETIMEDOUT: return "ETIMEDOUT";
	default: return "EOTHER";
	}
}

static int read_pmu_type(const char *pmu, uint32_t *type)
{
	char path[256];
	FILE *f;
	int ok;

	if (snprintf(path, sizeof(path), SYSFS_PMUS "/%s/type", pmu) >=
	    (int)sizeof(path))
		return -1;
	f = fopen(path, "r");
	if (!f)
		return -1;
	ok = fscanf(f, "%" SCNu32, type) == 1;
	fclose(f);
	return ok ? 0 : -1;
}

/* Apply one "term=value" to the spec. */
static int apply_term(struct spec *s, const char *term, uint64_t v)
{
	struct perf_event_attr *a = &s->attr;

	if (!strcmp(term, "config"))
		a->config = v;
	else if (!strcmp(term, "config1"))
		a->config1 = v;
	else if (!strcmp(term, "config2"))
		a->config2 = v;
	else if (!strcmp(term, "period"))
		a->sample_period = v;
	else if (!strcmp(term, "pid"))
		s->pid = (int)v;
	else if (!strcmp(term, "cpu"))
		s->cpu = (int)v;
	else if (!strcmp(term, "exclude_user"))
		a->exclude_user = v;
	else if (!strcmp(term, "exclude_kernel"))
		a->exclude_kernel = v;
	else if (!strcmp(term, "exclude_hv"))
		a->exclude_hv = v;
	else if (!strcmp(term, "exclude_idle"))
		a->exclude_idle = v;
	else if (!strcmp(term, "exclude_host"))
		a->exclude_host = v;
	else if (!strcmp(term, "exclude_guest"))
		a->exclude_guest = v;
	else
		return -1;
	return 0;
}

/* "pmu/term=v,term=v/" */
static int parse_spec(const char *text, struct spec *s)
{
	char buf[512], *terms, *tok, *save = NULL, *eq, *end;
	uint64_t v;

	if (snprintf(buf, sizeof(buf), "%s", text) >= (int)sizeof(buf))
		return -1;
	terms = strchr(buf, '/');
	if (!terms)
		return -1;
	*terms++ = '\0';
	end = strrchr(terms, '/');
	if (end)
		*end = '\0';

	memset(s, 0, sizeof(*s));
	s->attr.size = sizeof(s->attr);
	s->attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
			      PERF_FORMAT_TOTAL_TIME_RUNNING;
	s->pid = -1;
	s->cpu = 0;
	if (read_pmu_type(buf, &s->attr.type)) {
		fprintf(stderr, "pmu_open: no PMU %s\n", buf);
		return -1;
	}

	for (tok = strtok_r(terms, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		eq = strchr(tok, '=');
		if (!eq)
			return -1;
		*eq = '\0';
		errno = 0;
		v = strtoull(eq + 1, &end, 0);
		if (errno || *end || apply_term(s, tok, v)) {
			fprintf(stderr, "pmu_open: bad term %s\n", tok);
			return -1;
		}
	}
	return 0;
}

static int perf_open(struct spec *s, int group_fd)
{
	return (int)syscall(SYS_perf_event_open, &s->attr, s->pid, s->cpu,
			    group_fd, 0);
}

static void print_counts(const int *fd, int n)
{
	uint64_t v[3];
	int i;

	for (i = 0; i < n; i++) {
		if (fd[i] < 0)
			continue;
		if (read(fd[i], v, sizeof(v)) != sizeof(v)) {
			printf("count %d unreadable\n", i);
			continue;
		}
		printf("count %d %" PRIu64 " %" PRIu64 " %" PRIu64 "\n", i,
		       v[0], v[1], v[2]);
	}
}

static int usage(void)
{
	fprintf(stderr, "usage: pmu_open [-g] [-r CMD] [{] PMU/term=v,.../ [}]...\n"
			"       pmu_open -b STEPS <REQUESTS\n");
	return 2;
}

/* SPECs and braces -> specs[], each with its group leader; count or -1. */
static int parse_args(int argc, char **argv, int all_grouped,
		      struct spec *specs)
{
	int n = 0, i, leader = -1, in_group = all_grouped;

	for (i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "{") || !strcmp(argv[i], "}")) {
			if (all_grouped || in_group == (argv[i][0] == '{'))
				return -1;
			in_group = argv[i][0] == '{';
			leader = -1;
			continue;
		}
		if (n == MAX_EVENTS || parse_spec(argv[i], &specs[n]))
			return -1;
		if (in_group && leader < 0)
			leader = n;
		specs[n].leader = in_group ? leader : -1;
		n++;
	}
	return in_group && !all_grouped ? -1 : n;
}

/* One step of a batch's traffic: write TEXT to PATH, show PATH, or sleep. */
struct step {
	enum { STEP_WRITE, STEP_SHOW, STEP_SLEEP } what;
	char *path;	/* the microseconds of a sleep */
	char *text;
};

static void write_step(const struct step *st, int line)
{
	int fd = open(st->path, O_WRONLY);
	size_t len = strlen(st->text);

	if (fd < 0 || write(fd, st->text, len) != (ssize_t)len)
		printf("step %d %s\n", line, errno_name(errno));
	if (fd >= 0)
		close(fd);
}

static void show_step(const struct step *st)
{
	char line[LINE_MAX_LEN];
	FILE *f = fopen(st->path, "r");

	if (!f) {
		printf("show %s %s\n", st->path, errno_name(errno));
		return;
	}
	while (fgets(line, sizeof(line), f))
		printf("show %s %s", st->path, line);
	fclose(f);
}

static void run_steps(const struct step *steps, int nsteps)
{
	int i;

	for (i = 0; i < nsteps; i++) {
		if (steps[i].what == STEP_SHOW)
			show_step(&steps[i]);
		else if (steps[i].what == STEP_SLEEP)
			usleep((useconds_t)strtoul(steps[i].path, NULL, 10));
		else
			write_step(&steps[i], i + 1);
	}
}

/*
 * Open specs[0..n), enable each group, then run CMD or the steps (neither:
 * no counting) and print the counts.
 */
static void run_request(struct spec *specs, int n, const char *cmd,
			const struct step *steps, int nsteps)
{
	int fd[MAX_EVENTS];
	int i, leader;

	for (i = 0; i < n; i++) {
		leader = specs[i].leader;
		specs[i].attr.disabled = leader == i;
		fd[i] = perf_open(&specs[i],
				  leader >= 0 && leader != i ? fd[leader] : -1);
		printf("open %d %s\n", i, fd[i] >= 0 ? "OK" : errno_name(errno));
	}
	fflush(stdout);

	for (i = 0; i < n; i++)
		if (specs[i].leader == i && fd[i] >= 0)
			ioctl(fd[i], PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
	if (cmd) {
		if (system(cmd) == -1)
			perror("pmu_open: system");
		fflush(stdout);
	}
	run_steps(steps, nsteps);
	if (cmd || steps)
		print_counts(fd, n);
	for (i = 0; i < n; i++)
		if (fd[i] >= 0)
			close(fd[i]);
	fflush(stdout);
}

/* STEPS file -> steps[]; count, or -1 (said on stderr). */
static int read_steps(const char *file, struct step *steps)
{
	char line[LINE_MAX_LEN], *path, *rest, *save = NULL;
	FILE *f = fopen(file, "r");
	int n = 0, ok = 1;

	if (!f) {
		perror(file);
		return -1;
	}
	while (ok && fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!line[0] || line[0] == '#')
			continue;
		rest = strtok_r(line, " ", &save);
		path = strtok_r(NULL, " ", &save);
		ok = n < MAX_STEPS && path;
		if (!ok)
			break;
		if (!strcmp(rest, "show"))
			steps[n].what = STEP_SHOW;
		else if (!strcmp(rest, "sleep"))
			steps[n].what = STEP_SLEEP;
		else if (!strcmp(rest, "write"))
			steps[n].what = STEP_WRITE;
		else
			ok = 0;
		steps[n].path = strdup(path);
		rest = strtok_r(NULL, "", &save);
		steps[n].text = strdup(rest ? rest : "");
		ok = ok && steps[n].path && steps[n].text &&
		     (steps[n].what != STEP_WRITE || rest);
		n++;
	}
	fclose(f);
	if (!ok)
		fprintf(stderr, "pmu_open: %s: bad step %d (show PATH | write PATH TEXT | sleep US)\n",
			file, n + 1);
	return ok ? n : -1;
}

/* Each line of standard input a request; returns the exit status. */
static int run_batch(const char *steps_file)
{
	static struct step steps[MAX_STEPS];
	struct spec specs[MAX_EVENTS];
	char line[LINE_MAX_LEN], *argv[MAX_EVENTS * 2 + 2], *save, *tok;
	int nsteps, argc, n, req = 0;

	nsteps = read_steps(steps_file, steps);
	if (nsteps < 0)
		return 2;
	while (fgets(line, sizeof(line), stdin)) {
		printf("request %d\n", ++req);
		argc = 0;
		save = NULL;
		for (tok = strtok_r(line, " \t\n", &save);
		     tok && argc < (int)(sizeof(argv) / sizeof(argv[0]));
		     tok = strtok_r(NULL, " \t\n", &save))
			argv[argc++] = tok;
		n = tok ? -1 : parse_args(argc, argv, 0, specs);
		if (n < 1) {
			printf("bad request\n");
			continue;
		}
		run_request(specs, n, NULL, steps, nsteps);
	}
	printf("requests %d\n", req);
	return 0;
}

int main(int argc, char **argv)
{
	struct spec specs[MAX_EVENTS];
	const char *cmd = NULL, *batch = NULL;
	int group = 0, n, opt;

	while ((opt = getopt(argc, argv, "b:gr:")) != -1) {
		if (opt == 'g')
			group = 1;
		else if (opt == 'r')
			cmd = optarg;
		else if (opt == 'b')
			batch = optarg;
		else
			return usage();
	}
	if (batch)
		return optind == argc && !group && !cmd ? run_batch(batch) :
							  usage();
	n = parse_args(argc - optind, argv + optind, group, specs);
	if (n < 1)
		return usage();
	run_request(specs, n, cmd, NULL, 0);
	return 0;
}
