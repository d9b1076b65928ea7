/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * sysfs_parse.h - pure parsers for the text of PMU sysfs files.
 *
 * No I/O: each function takes the file's bytes (length-delimited, not
 * necessarily NUL-terminated beyond @len) and fills a result or a
 * struct hu_err.  The grammars are perf's (tools/perf/util/pmu.y and
 * parse-events.l), stricter where perf silently ignores garbage.
 */
#ifndef HU_SYSFS_PARSE_H
#define HU_SYSFS_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hu_error.h"
#include "hu_text.h"	/* HU_NAME_MAX */
#include "perf_attr.h"

#define HU_MAX_TERMS 16		/* terms in one alias or one event name */

/* "configN:a-b,c,..." : which attr word, which bits. */
struct hu_format_bits {
	unsigned int word;
	uint64_t mask;
};

/* One "name[=value]" term of an alias or of a user's event name. */
struct hu_term {
	char name[HU_NAME_MAX];
	uint64_t value;
	bool has_value;		/* false: bare term, perf's "no value" (1) */
};

struct hu_term_list {
	struct hu_term term[HU_MAX_TERMS];
	unsigned int n;
};

/* Parse a format file, e.g. "config1:0-3,8\n". */
int hu_parse_format(const char *text, size_t len, struct hu_format_bits *out,
		    struct hu_err *e);

/* Parse an events/ alias, e.g. "config=0x10204\n" or "event=0x3c,umask=1". */
int hu_parse_alias(const char *text, size_t len, struct hu_term_list *out,
		   struct hu_err *e);

/*
 * Is @s a name the grammar spells: letters, digits, '_', '-', '.' (perf's
 * name token), non-empty?  An event or format file named otherwise can
 * never be written in an event name.
 */
bool hu_is_name(const char *s);

/* Parse one "name[=value]" term (no separators); appends to @list. */
int hu_parse_term(const char *text, size_t len, struct hu_term_list *list,
		  struct hu_err *e);

/*
 * Parse a CPU list such as "0-3,8\n"; returns the first CPU in *first and
 * the number of CPUs in *count.
 */
int hu_parse_cpulist(const char *text, size_t len, int *first,
		     unsigned int *count, struct hu_err *e);

/*
 * Parse a PCI requester id in either driver form: the PCIe PMU's "%#04x"
 * ("0x3c08") or the HNS3 PMU's "%02x:%02x.%x" ("35:00.0").
 */
int hu_parse_bdf(const char *text, size_t len, uint16_t *bdf,
		 struct hu_err *e);

/*
 * Parse an HNS3 filtermode/ file, "filter mode supported: global port \n",
 * into enum hip09_hns3_mode bits (the tables' one list of the modes).  The merged driver separates the modes with
 * spaces, the patch in its documentation with '/': both are accepted;
 * unknown words and a list without modes are refused.
 */
int hu_parse_filter_modes(const char *text, size_t len, uint32_t *modes,
			  struct hu_err *e);

/* Parse a PCI device's sysfs name "DDDD:BB:DD.F" (domain of 4 to 8 hex digits, then the bdf). */
int hu_parse_pci_name(const char *text, size_t len, unsigned int *domain,
		      uint16_t *bdf, struct hu_err *e);

/* The one way a bdf is written for people: "35:00.0" (bus:device.function). */
#define HU_BDF_TEXT 8
const char *hu_bdf_text(uint16_t bdf, char buf[HU_BDF_TEXT]);

/* A PCI device's sysfs name, "0000:35:00.0". */
#define HU_PCI_NAME_TEXT 20	/* "ffffffff:3d:00.0" */
const char *hu_pci_name_text(unsigned int domain, uint16_t bdf, char buf[HU_PCI_NAME_TEXT]);

/* Parse an unsigned number: "0x..." hex or decimal, optional newline. */
int hu_parse_u64(const char *text, size_t len, uint64_t *v, struct hu_err *e);

/* Number of bits set in a format mask and the largest value it holds. */
unsigned int hu_format_width(uint64_t mask);
uint64_t hu_format_max(uint64_t mask);

/* Scatter @value low bit first into the set bits of @mask (perf's rule). */
uint64_t hu_format_scatter(uint64_t mask, uint64_t value);

/* Gather the bits of @word selected by @mask back into a value. */
uint64_t hu_format_gather(uint64_t mask, uint64_t word);

/* Print a mask as perf's format text, e.g. "config1:0-3,8". */
int hu_format_print(const struct hu_format_bits *f, char *buf, size_t len);

#endif /* HU_SYSFS_PARSE_H */
