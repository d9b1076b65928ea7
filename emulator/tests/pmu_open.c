// SPDX-License-Identifier: GPL-2.0
/*
 * pmu_open: open perf events with the raw syscall and report what the kernel
 * said, for the emulator's guest tests.
 *
 *   pmu_open [-g] [-r CMD] SPEC...
 *
 *   SPEC  PMU/term=value,.../ with terms config, config1, config2, period,
 *         pid, cpu, exclude_user, exclude_kernel, exclude_hv, exclude_idle,
 *         exclude_host, exclude_guest. PMU is a name under
 *         /sys/bus/event_source/devices. Defaults: pid -1, cpu 0.
 *   -g    the SPECs form one group, the first one leading; the group is
 *         enabled once all are open. Without -g each SPEC is a separate
 *         event, enabled when opened (so it holds a counter at once).
 *   -r    after opening, run CMD with system(), then read the events.
 *
 * Output: "open <i> OK" or "open <i> <ERRNO NAME>" per SPEC, then with -r
 * "count <i> <value> <time_enabled> <time_running>" per open event.
 * Exit status: 0, or 2 on a usage error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#define MAX_EVENTS	32
#define SYSFS_PMUS	"/sys/bus/event_source/devices"

struct spec {
	struct perf_event_attr attr;
	int pid;
	int cpu;
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
	fprintf(stderr, "usage: pmu_open [-g] [-r CMD] PMU/term=v,.../...\n");
	return 2;
}

int main(int argc, char **argv)
{
	struct spec specs[MAX_EVENTS];
	int fd[MAX_EVENTS];
	const char *cmd = NULL;
	int group = 0, n, i, opt, leader = -1;

	while ((opt = getopt(argc, argv, "gr:")) != -1) {
		if (opt == 'g')
			group = 1;
		else if (opt == 'r')
			cmd = optarg;
		else
			return usage();
	}
	n = argc - optind;
	if (n < 1 || n > MAX_EVENTS)
		return usage();

	for (i = 0; i < n; i++)
		if (parse_spec(argv[optind + i], &specs[i]))
			return usage();

	for (i = 0; i < n; i++) {
		specs[i].attr.disabled = group && i == 0;
		fd[i] = perf_open(&specs[i], group ? leader : -1);
		if (group && i == 0)
			leader = fd[0];
		printf("open %d %s\n", i, fd[i] >= 0 ? "OK" : errno_name(errno));
	}
	fflush(stdout);

	if (group && leader >= 0)
		ioctl(leader, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
	if (cmd) {
		if (system(cmd) == -1)
			perror("pmu_open: system");
		fflush(stdout);
		print_counts(fd, n);
	}
	for (i = 0; i < n; i++)
		if (fd[i] >= 0)
			close(fd[i]);
	return 0;
}
