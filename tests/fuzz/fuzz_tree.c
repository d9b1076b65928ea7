// SPDX-License-Identifier: BSD-3-Clause
/* fuzz_tree.c - fuzz input to sysfs tree (see fuzz_tree.h). */
#define _GNU_SOURCE
#include "fuzz_tree.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define NAME_LEN_MAX 100

static void die(const char *what, const char *path)
{
	fprintf(stderr, "fuzz_tree: %s %s: %s\n", what, path, strerror(errno));
	abort();
}

/* ---- the private root ----------------------------------------------------- */

static const struct fz_tree *at_exit_tree;

/* The fixed skeleton above the devices directory, deepest first. */
static void remove_root(void)
{
	static const char *const levels[] = { "/bus/event_source/devices", "/bus/event_source",
					      "/bus", "" };
	char path[256];

	if (!at_exit_tree)
		return;
	for (size_t i = 0; i < sizeof(levels) / sizeof(levels[0]); i++) {
		snprintf(path, sizeof(path), "%s%s", at_exit_tree->root, levels[i]);
		rmdir(path);
	}
}

/* tmpfs keeps the per-input file churn off the disk. */
static const char *temp_base(void)
{
	const char *tmp = getenv("TMPDIR");

	if (tmp && *tmp)
		return tmp;
	return access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
}

void fz_tree_init(struct fz_tree *t, enum fz_layout layout)
{
	static const char *const levels[] = { "/bus", "/bus/event_source",
					      "/bus/event_source/devices" };
	char path[256];

	memset(t, 0, sizeof(*t));
	snprintf(t->root, sizeof(t->root), "%s/hu-fuzz-XXXXXX", temp_base());
	if (!mkdtemp(t->root))
		die("mkdtemp", t->root);
	for (size_t i = 0; i < sizeof(levels) / sizeof(levels[0]); i++) {
		snprintf(path, sizeof(path), "%s%s", t->root, levels[i]);
		if (mkdir(path, 0755))
			die("mkdir", path);
	}
	snprintf(t->devices, sizeof(t->devices), "%s/bus/event_source/devices", t->root);
	t->layout = layout;
	t->basefd = open(layout == FZ_ROOTED ? t->root : t->devices,
			 O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (t->basefd < 0)
		die("open", t->devices);
	at_exit_tree = t;
	atexit(remove_root);
}

/* ---- one input ------------------------------------------------------------ */

/* Where the header at or after @from starts: '@' at the start of a line. */
static size_t next_header(const uint8_t *d, size_t n, size_t from)
{
	if (from == 0 && n > 0 && d[0] == '@')
		return 0;
	for (size_t i = from ? from : 1; i < n; i++)
		if (d[i] == '@' && d[i - 1] == '\n')
			return i;
	return n;
}

static bool valid_component(const char *s, size_t n)
{
	if (n == 0 || n > NAME_LEN_MAX || (n == 1 && s[0] == '.') ||
	    (n == 2 && s[0] == '.' && s[1] == '.'))
		return false;
	return memchr(s, '\0', n) == NULL && memchr(s, '/', n) == NULL &&
	       memchr(s, '>', n) == NULL;
}

/* A REL of 1 to @depth valid components. */
static bool valid_rel(const char *s, size_t n, unsigned int depth)
{
	for (unsigned int i = 0; i < depth; i++) {
		const char *slash = memchr(s, '/', n);
		size_t len = slash ? (size_t)(slash - s) : n;

		if (!valid_component(s, len))
			return false;
		if (!slash)
			return true;
		n -= len + 1;
		s = slash + 1;
	}
	return false;
}

static unsigned int max_depth(const struct fz_tree *t)
{
	return t->layout == FZ_ROOTED ? FZ_ROOTED_DEPTH : 2;
}

static void remember(struct fz_tree *t, const char *rel, bool is_dir)
{
	struct fz_made *m = &t->made[t->nmade++];

	snprintf(m->rel, sizeof(m->rel), "%s", rel);
	m->is_dir = is_dir;
}

/* mkdir @rel unless it exists; false if it is not a directory now. */
static bool make_dir(struct fz_tree *t, const char *rel)
{
	struct stat st;

	if (mkdirat(t->basefd, rel, 0755) == 0) {
		remember(t, rel, true);
		return true;
	}
	return errno == EEXIST && fstatat(t->basefd, rel, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	       S_ISDIR(st.st_mode);
}

static void make_file(struct fz_tree *t, const char *rel, const uint8_t *body, size_t len)
{
	int fd = openat(t->basefd, rel, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);

	if (fd < 0)
		return;		/* the first entry of a name wins */
	remember(t, rel, false);
	if (len > FZ_MAX_FILE)
		len = FZ_MAX_FILE;
	if (len && write(fd, body, len) != (ssize_t)len)
		die("write", rel);
	close(fd);
}

static void make_fifo(struct fz_tree *t, const char *rel)
{
	if (mkfifoat(t->basefd, rel, 0644) == 0)
		remember(t, rel, false);
}

static void make_link(struct fz_tree *t, const char *rel, const char *target, size_t n)
{
	char path[sizeof(t->root) + FZ_REL_MAX];

	if (!valid_rel(target, n, max_depth(t)))
		return;
	snprintf(path, sizeof(path), "%s/%.*s", t->root, (int)n, target);
	if (symlinkat(path, t->basefd, rel) == 0)
		remember(t, rel, false);
}

/* Every directory above @rel; false if one cannot be. */
static bool make_parents(struct fz_tree *t, const char *rel)
{
	char dir[FZ_REL_MAX];

	snprintf(dir, sizeof(dir), "%s", rel);
	for (char *slash = strchr(dir, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		if (!make_dir(t, dir))
			return false;
		*slash = '/';
	}
	return true;
}

/* "@REL[/|]" or "@REL>TARGET" with its body, inside directory @dir ("" for the base). */
static void make_entry(struct fz_tree *t, const char *dir, const char *h, size_t hn,
		       const uint8_t *body, size_t len)
{
	const char *arrow = t->layout == FZ_ROOTED ? memchr(h, '>', hn) : NULL;
	size_t rn = arrow ? (size_t)(arrow - h) : hn;
	char kind = arrow ? '>' : rn ? h[rn - 1] : 0;
	char rel[FZ_REL_MAX];

	if (kind == '/' || kind == '|')
		rn--;
	if (!valid_rel(h, rn, max_depth(t)))
		return;
	snprintf(rel, sizeof(rel), "%s%s%.*s", dir, *dir ? "/" : "", (int)rn, h);
	if (!make_parents(t, rel))
		return;
	if (kind == '>')
		make_link(t, rel, arrow + 1, hn - rn - 1);
	else if (kind == '/')
		make_dir(t, rel);
	else if (kind == '|')
		make_fifo(t, rel);
	else
		make_file(t, rel, body, len);
}

/* "@@NAME": the PMU directory for what follows; false to skip its entries. */
static bool select_pmu(struct fz_tree *t, const char *h, size_t hn, char *pmu, size_t cap)
{
	if (!valid_component(h, hn))
		return false;
	snprintf(pmu, cap, "%.*s", (int)hn, h);
	return make_dir(t, pmu);
}

void fz_tree_build(struct fz_tree *t, const uint8_t *d, size_t n)
{
	char pmu[NAME_LEN_MAX + 1] = "hns3_pmu_sicl_0";
	unsigned int entries = 0, pmus = 0;
	bool pmu_ok;
	size_t at = next_header(d, n, 0);

	if (t->layout == FZ_ROOTED)
		pmu[0] = '\0';		/* entries start at the root; @@ is ignored */
	pmu_ok = t->layout == FZ_ROOTED || make_dir(t, pmu);

	while (at < n && entries < FZ_MAX_ENTRIES) {
		const char *h = (const char *)d + at + 1;
		const uint8_t *nl = memchr(h, '\n', n - at - 1);
		size_t hn = nl ? (size_t)((const char *)nl - h) : n - at - 1;
		size_t body = nl ? (size_t)(nl - d) + 1 : n;
		size_t next = next_header(d, n, body);

		if (hn > 0 && h[0] == '@') {
			if (t->layout == FZ_PMUS && pmus++ < FZ_MAX_PMUS)
				pmu_ok = select_pmu(t, h + 1, hn - 1, pmu, sizeof(pmu));
		} else if (pmu_ok) {
			make_entry(t, pmu, h, hn, d + body, next - body);
			entries++;
		}
		at = next;
	}
}

void fz_tree_clear(struct fz_tree *t)
{
	while (t->nmade > 0) {
		const struct fz_made *m = &t->made[--t->nmade];

		if (unlinkat(t->basefd, m->rel, m->is_dir ? AT_REMOVEDIR : 0))
			die("remove", m->rel);
	}
}
