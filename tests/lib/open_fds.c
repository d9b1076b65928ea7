// SPDX-License-Identifier: BSD-3-Clause
/* open_fds.c - see open_fds.h; shared by the unit, PAPI and fuzz tests. */
#include "open_fds.h"

#include <dirent.h>
#include <stddef.h>

int count_open_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *de;
	int n = 0;

	if (!d)
		return -1;
	while ((de = readdir(d)) != NULL)
		n += de->d_name[0] != '.';
	closedir(d);
	return n - 1;	/* the directory's own descriptor */
}
