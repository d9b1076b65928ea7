// SPDX-License-Identifier: BSD-3-Clause
/*
 * sysfs_parse.c - text grammars of PMU sysfs files (see sysfs_parse.h).
 *
 * A cursor walks the bytes; every helper either consumes exactly what its
 * grammar allows or leaves an error naming the offending column.
 */
#include "sysfs_parse.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "hip09_tables.h"

struct cursor {
	const char *s;
	size_t len;
	size_t pos;
};

static bool at_end(const struct cursor *c)
{
	return c->pos >= c->len;
}

static int peek(const struct cursor *c)
{
	return at_end(c) ? -1 : (unsigned char)c->s[c->pos];
}

static bool take(struct cursor *c, char ch)
{
	if (peek(c) != (unsigned char)ch)
		return false;
	c->pos++;
	return true;
}

/* sysfs show functions end with one newline; drop it (and only it). */
static size_t strip_newline(const char *text, size_t len)
{
	if (len > 0 && text[len - 1] == '\n')
		len--;
	return len;
}

static const char *describe(const struct cursor *c, char *buf, size_t len)
{
	int ch = peek(c);

	if (ch < 0)
		snprintf(buf, len, "end of text");
	else if (isprint(ch))
		snprintf(buf, len, "'%c' at column %zu", ch, c->pos + 1);
	else
		snprintf(buf, len, "byte 0x%02x at column %zu", ch, c->pos + 1);
	return buf;
}

static int unexpected(struct cursor *c, const char *wanted, struct hu_err *e)
{
	char got[48];

	return hu_fail(e, HU_E_SYSFS, "expected %s, found %s", wanted,
		       describe(c, got, sizeof(got)));
}

static int digit_value(int ch, unsigned int base)
{
	int v;

	if (ch >= '0' && ch <= '9')
		v = ch - '0';
	else if (ch >= 'a' && ch <= 'f')
		v = ch - 'a' + 10;
	else if (ch >= 'A' && ch <= 'F')
		v = ch - 'A' + 10;
	else
		return -1;
	return (unsigned int)v < base ? v : -1;
}

/* Digits in @base, at least one, no overflow past 64 bits. */
static int take_digits(struct cursor *c, unsigned int base, uint64_t *v,
		       struct hu_err *e)
{
	size_t start = c->pos;
	uint64_t acc = 0;
	int d;

	while ((d = digit_value(peek(c), base)) >= 0) {
		if (acc > (UINT64_MAX - (uint64_t)d) / base)
			return hu_fail(e, HU_E_VALUE,
				       "number at column %zu does not fit in 64 bits",
				       start + 1);
		acc = acc * base + (uint64_t)d;
		c->pos++;
	}
	if (c->pos == start)
		return unexpected(c, base == 16 ? "a hex digit" : "a digit", e);
	*v = acc;
	return HU_OK;
}

/* perf's num_hex "0x[0-9a-fA-F]+" or num_dec "[0-9]+". */
static int take_number(struct cursor *c, uint64_t *v, struct hu_err *e)
{
	if (c->pos + 1 < c->len && c->s[c->pos] == '0' &&
	    (c->s[c->pos + 1] == 'x' || c->s[c->pos + 1] == 'X')) {
		c->pos += 2;
		return take_digits(c, 16, v, e);
	}
	return take_digits(c, 10, v, e);
}

/* ASCII, whatever the locale: names are compared byte for byte */
static bool is_name_char(int ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
	       ch == '_' || ch == '-' || ch == '.';
}

bool hu_is_name(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!is_name_char((unsigned char)*s))
			return false;
	return true;
}

static int take_name(struct cursor *c, char *out, struct hu_err *e)
{
	size_t start = c->pos;
	size_t n;

	while (is_name_char(peek(c)))
		c->pos++;
	n = c->pos - start;
	if (n == 0)
		return unexpected(c, "a name", e);
	if (n >= HU_NAME_MAX)
		return hu_fail(e, HU_E_SYNTAX, "name at column %zu is longer than %d characters",
			       start + 1, HU_NAME_MAX - 1);
	memcpy(out, c->s + start, n);
	out[n] = '\0';
	return HU_OK;
}

static int expect_end(struct cursor *c, struct hu_err *e)
{
	if (!at_end(c))
		return unexpected(c, "end of text", e);
	return HU_OK;
}

/* bit_term: N | N '-' M, bits below 64, N <= M. */
static int take_bit_range(struct cursor *c, uint64_t *mask, struct hu_err *e)
{
	uint64_t lo, hi;
	int ret;

	ret = take_digits(c, 10, &lo, e);
	if (ret)
		return ret;
	hi = lo;
	if (take(c, '-')) {
		ret = take_digits(c, 10, &hi, e);
		if (ret)
			return ret;
	}
	if (hi > 63)
		return hu_fail(e, HU_E_SYSFS, "bit %llu is beyond bit 63",
			       (unsigned long long)hi);
	if (hi < lo)
		return hu_fail(e, HU_E_SYSFS, "bit range %llu-%llu is reversed",
			       (unsigned long long)lo, (unsigned long long)hi);
	for (uint64_t b = lo; b <= hi; b++)
		*mask |= 1ULL << b;
	return HU_OK;
}

int hu_parse_format(const char *text, size_t len, struct hu_format_bits *out,
		    struct hu_err *e)
{
	struct cursor c = { text, strip_newline(text, len), 0 };
	uint64_t word = 0;
	int ret;

	if (c.len == 0)
		return hu_fail(e, HU_E_SYSFS, "empty format");
	if (c.len < 6 || memcmp(text, "config", 6) != 0)
		return unexpected(&c, "'config'", e);
	c.pos = 6;
	if (peek(&c) != ':') {
		ret = take_digits(&c, 10, &word, e);
		if (ret)
			return ret;
		if (word >= HU_CONFIG_WORDS)
			return hu_fail(e, HU_E_SYSFS, "config%llu does not exist (config to config3)",
				       (unsigned long long)word);
	}
	if (!take(&c, ':'))
		return unexpected(&c, "':'", e);
	out->word = (unsigned int)word;
	out->mask = 0;
	do {
		ret = take_bit_range(&c, &out->mask, e);
		if (ret)
			return ret;
	} while (take(&c, ','));
	return expect_end(&c, e);
}

static int take_term(struct cursor *c, struct hu_term_list *list,
		     struct hu_err *e)
{
	struct hu_term *t;
	int ret;

	if (list->n >= HU_MAX_TERMS)
		return hu_fail(e, HU_E_SYNTAX, "more than %d terms", HU_MAX_TERMS);
	t = &list->term[list->n];
	ret = take_name(c, t->name, e);
	if (ret)
		return ret;
	t->value = 1;
	t->has_value = take(c, '=');
	if (t->has_value) {
		ret = take_number(c, &t->value, e);
		if (ret)
			return ret;
	}
	list->n++;
	return HU_OK;
}

/*
 * A term named twice: perf applies the last, but which event the driver
 * meant is then unknown, so the alias is refused.
 */
static int check_repeated(const struct hu_term_list *l, struct hu_err *e)
{
	const char *last = l->term[l->n - 1].name;

	for (unsigned int i = 0; i + 1 < l->n; i++)
		if (strcmp(l->term[i].name, last) == 0)
			return hu_fail(e, HU_E_SYSFS, "term '%s' given twice", last);
	return HU_OK;
}

int hu_parse_alias(const char *text, size_t len, struct hu_term_list *out,
		   struct hu_err *e)
{
	struct cursor c = { text, strip_newline(text, len), 0 };
	int ret;

	out->n = 0;
	if (c.len == 0)
		return hu_fail(e, HU_E_SYSFS, "empty event alias");
	do {
		ret = take_term(&c, out, e);
		if (!ret)
			ret = check_repeated(out, e);
		if (ret)
			return ret;
	} while (take(&c, ','));
	return expect_end(&c, e);
}

int hu_parse_term(const char *text, size_t len, struct hu_term_list *list,
		  struct hu_err *e)
{
	struct cursor c = { text, len, 0 };
	int ret;

	ret = take_term(&c, list, e);
	if (ret)
		return ret;
	ret = expect_end(&c, e);
	if (ret)
		list->n--;
	return ret;
}

int hu_parse_cpulist(const char *text, size_t len, int *first,
		     unsigned int *count, struct hu_err *e)
{
	struct cursor c = { text, strip_newline(text, len), 0 };
	uint64_t lo, hi;
	uint64_t total = 0;
	int ret;

	if (c.len == 0)
		return hu_fail(e, HU_E_SYSFS, "empty CPU list");
	if (peek(&c) == '-')
		return hu_fail(e, HU_E_SYSFS, "no CPU is assigned (the driver prints -1 until a CPU is online)");
	*first = -1;
	do {
		ret = take_digits(&c, 10, &lo, e);
		if (ret)
			return ret;
		hi = lo;
		if (take(&c, '-')) {
			ret = take_digits(&c, 10, &hi, e);
			if (ret)
				return ret;
		}
		if (hi < lo || hi > 1u << 20)
			return hu_fail(e, HU_E_SYSFS, "bad CPU range %llu-%llu",
				       (unsigned long long)lo, (unsigned long long)hi);
		if (*first < 0 || lo < (uint64_t)*first)
			*first = (int)lo;
		total += hi - lo + 1;
	} while (take(&c, ','));
	*count = (unsigned int)total;
	return expect_end(&c, e);
}

/* "%02x:%02x.%x": bus:device.function -> (bus << 8) | (dev << 3) | fn */
static int parse_bdf_triplet(struct cursor *c, uint16_t *bdf, struct hu_err *e)
{
	uint64_t bus, dev, fn;
	int ret;

	ret = take_digits(c, 16, &bus, e);
	if (ret)
		return ret;
	if (!take(c, ':'))
		return unexpected(c, "':'", e);
	ret = take_digits(c, 16, &dev, e);
	if (ret)
		return ret;
	if (!take(c, '.'))
		return unexpected(c, "'.'", e);
	ret = take_digits(c, 16, &fn, e);
	if (ret)
		return ret;
	if (bus > 0xff || dev > 0x1f || fn > 0x7)
		return hu_fail(e, HU_E_VALUE,
			       "PCI address out of range (bus <= ff, device <= 1f, function <= 7)");
	*bdf = (uint16_t)(bus << 8 | dev << 3 | fn);
	return expect_end(c, e);
}

int hu_parse_bdf(const char *text, size_t len, uint16_t *bdf, struct hu_err *e)
{
	struct cursor c = { text, strip_newline(text, len), 0 };
	uint64_t v;
	int ret;

	if (c.len == 0)
		return hu_fail(e, HU_E_SYSFS, "empty PCI address");
	if (memchr(text, ':', c.len))
		return parse_bdf_triplet(&c, bdf, e);
	ret = take_number(&c, &v, e);
	if (ret)
		return ret;
	if (v > 0xffff)
		return hu_fail(e, HU_E_VALUE, "PCI requester id 0x%llx is wider than 16 bits",
			       (unsigned long long)v);
	*bdf = (uint16_t)v;
	return expect_end(&c, e);
}

static bool is_mode_separator(int ch)
{
	return ch == ' ' || ch == '/' || ch == '\n';
}

/* One mode word, by the tables' names of the modes (enum hip09_hns3_mode bits). */
static int take_filter_mode(struct cursor *c, uint32_t *modes, struct hu_err *e)
{
	size_t start = c->pos, n;

	while (!at_end(c) && !is_mode_separator(peek(c)))
		c->pos++;
	n = c->pos - start;
	for (unsigned int i = 0; i < HIP09_HNS3_NUM_MODES; i++) {
		const char *name = hip09_hns3_mode_name((enum hip09_hns3_mode)(1u << i));

		if (strlen(name) == n && memcmp(c->s + start, name, n) == 0) {
			*modes |= 1u << i;
			return HU_OK;
		}
	}
	return hu_fail(e, HU_E_SYSFS, "unknown filter mode '%.*s'", (int)n, c->s + start);
}

int hu_parse_filter_modes(const char *text, size_t len, uint32_t *modes,
			  struct hu_err *e)
{
	static const char head[] = "filter mode supported:";
	struct cursor c = { text, len, sizeof(head) - 1 };
	uint32_t found = 0;
	int ret;

	if (len < sizeof(head) - 1 || memcmp(text, head, sizeof(head) - 1) != 0)
		return hu_fail(e, HU_E_SYSFS, "does not start with '%s'", head);
	for (;;) {
		while (!at_end(&c) && is_mode_separator(peek(&c)))
			c.pos++;
		if (at_end(&c))
			break;
		ret = take_filter_mode(&c, &found, e);
		if (ret)
			return ret;
	}
	if (!found)
		return hu_fail(e, HU_E_SYSFS, "lists no filter mode");
	*modes = found;
	return HU_OK;
}

int hu_parse_pci_name(const char *text, size_t len, unsigned int *domain,
		      uint16_t *bdf, struct hu_err *e)
{
	struct cursor c = { text, len, 0 };
	uint64_t dom;
	int ret;

	ret = take_digits(&c, 16, &dom, e);
	if (ret)
		return ret;
	/* Linux writes the domain "%04x", of 32 bits: 4 to 8 digits */
	if (c.pos < 4 || c.pos > 8 || !take(&c, ':'))
		return unexpected(&c, "a PCI name DDDD:BB:DD.F", e);
	*domain = (unsigned int)dom;
	return parse_bdf_triplet(&c, bdf, e);
}

const char *hu_bdf_text(uint16_t bdf, char buf[HU_BDF_TEXT])
{
	snprintf(buf, HU_BDF_TEXT, "%02x:%02x.%x", bdf >> 8, (bdf >> 3) & 0x1f, bdf & 0x7);
	return buf;
}

const char *hu_pci_name_text(unsigned int domain, uint16_t bdf, char buf[HU_PCI_NAME_TEXT])
{
	char b[HU_BDF_TEXT];

	snprintf(buf, HU_PCI_NAME_TEXT, "%04x:%s", domain, hu_bdf_text(bdf, b));
	return buf;
}

int hu_parse_u64(const char *text, size_t len, uint64_t *v, struct hu_err *e)
{
	struct cursor c = { text, strip_newline(text, len), 0 };
	int ret;

	if (c.len == 0)
		return hu_fail(e, HU_E_SYSFS, "empty number");
	ret = take_number(&c, v, e);
	if (ret)
		return ret;
	return expect_end(&c, e);
}

unsigned int hu_format_width(uint64_t mask)
{
	return (unsigned int)__builtin_popcountll(mask);
}

uint64_t hu_format_max(uint64_t mask)
{
	unsigned int w = hu_format_width(mask);

	return w >= 64 ? UINT64_MAX : (1ULL << w) - 1;
}

/*
 * Value bit v belongs to the v-th set bit of @mask, counted from bit 0.
 * Moves the bits of @in along that pairing: into the mask's positions
 * (@to_mask: scatter) or out of them (gather).
 */
static uint64_t move_masked_bits(uint64_t mask, uint64_t in, bool to_mask)
{
	uint64_t out = 0;
	unsigned int v = 0;

	for (unsigned int bit = 0; bit < 64; bit++) {
		if (!(mask >> bit & 1))
			continue;
		if (in >> (to_mask ? v : bit) & 1)
			out |= 1ULL << (to_mask ? bit : v);
		v++;
	}
	return out;
}

uint64_t hu_format_scatter(uint64_t mask, uint64_t value)
{
	return move_masked_bits(mask, value, true);
}

uint64_t hu_format_gather(uint64_t mask, uint64_t word)
{
	return move_masked_bits(mask, word, false);
}

int hu_format_print(const struct hu_format_bits *f, char *buf, size_t len)
{
	size_t used;
	int n;

	n = f->word ? snprintf(buf, len, "config%u:", f->word)
		    : snprintf(buf, len, "config:");
	if (n < 0 || (size_t)n >= len)
		return -1;
	used = (size_t)n;
	for (unsigned int lo = 0; lo < 64; lo++) {
		unsigned int hi = lo;

		if (!(f->mask >> lo & 1))
			continue;
		while (hi + 1 < 64 && (f->mask >> (hi + 1) & 1))
			hi++;
		n = hi == lo ? snprintf(buf + used, len - used, "%s%u",
					buf[used - 1] == ':' ? "" : ",", lo)
			     : snprintf(buf + used, len - used, "%s%u-%u",
					buf[used - 1] == ':' ? "" : ",", lo, hi);
		if (n < 0 || (size_t)n >= len - used)
			return -1;
		used += (size_t)n;
		lo = hi;
	}
	return 0;
}
