// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/iri/idna.cpp: UTS #46 ToASCII / ToUnicode on top of the backend (idna_backend.h):
// option filtering, error codes, and finding the byte offset of what failed.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>

#include "../detail/ascii.h"
#include "../detail/scratch.h"
#include "domain.h"
#include "idna_backend.h"
#include "punycode.h"
#include "separators.h"
#include "urix/idna.h"
#include "urix/utf8.h"

namespace urix {
namespace {

namespace be = detail::idna;

// UseSTD3ASCIIRules is applied here, not by the backend (see checked()).
be::flags backend_flags(const idna_options& o) noexcept {
  return {.use_std3_rules = false, .check_bidi = o.check_bidi, .check_joiners = o.check_joiners};
}

// ---- Overlay: UTS #46 mapping entries newer than the backend's data ------------------------
// ICU 72 carries the Unicode 15.0 IDNA mapping table. UTS #46 15.1 stopped disallowing
// uppercase letters whose lowercase was added to Unicode after IDNA2008 froze its table, and
// maps them (with U+1E9E, which now maps to U+00DF instead of "ss"). urix applies these
// mappings before the backend sees the text, so results follow the current standard. Each
// is one code point to one code point, and a no-op on a backend that already has them.
// (The 16.0 change that made some default-ignorable code points "ignored" is NOT overlaid:
// see docs/iri.md and tests/data/idna_known_failures.txt.)
struct overlay_entry {
  char32_t from, to;
};
constexpr overlay_entry overlay[] = {
    {0x04C0, 0x04CF},    // CYRILLIC LETTER PALOCHKA -> small palochka
    {0x1E9E, 0x00DF},    // LATIN CAPITAL LETTER SHARP S -> U+00DF (was "ss")
    {0x2132, 0x214E},    // TURNED CAPITAL F -> turned small f
    {0x2183, 0x2184},    // ROMAN NUMERAL REVERSED ONE HUNDRED -> latin small reversed c
    {0x2F868, 0x36FC},   // five CJK COMPATIBILITY IDEOGRAPHs, now mapped like the others
    {0x2F874, 0x5F53},
    {0x2F91F, 0x243AB},
    {0x2F95F, 0x7AEE},
    {0x2F9BF, 0x45D7},
};

// Georgian capitals (Asomtavruli) map to their small letters (Nuskhuri), U+2D00-U+2D2D.
constexpr bool georgian_capital(char32_t c) noexcept {
  return (c >= 0x10A0 && c <= 0x10C5) || c == 0x10C7 || c == 0x10CD;
}

constexpr bool sorted_by_from() noexcept {
  for (std::size_t i = 1; i < std::size(overlay); ++i) {
    if (overlay[i - 1].from >= overlay[i].from) return false;
  }
  return true;
}
static_assert(sorted_by_from(), "overlay_map searches the table by halves");

char32_t overlay_map(char32_t c) noexcept {
  if (georgian_capital(c)) return c - 0x10A0 + 0x2D00;
  const overlay_entry* e = std::lower_bound(std::begin(overlay), std::end(overlay), c,
                                            [](const overlay_entry& x, char32_t v) { return x.from < v; });
  return e != std::end(overlay) && e->from == c ? e->to : c;
}

// Whether `in` may hold a code point the overlay maps: only those have UTF-8 lead bytes D3
// (U+04C0-U+04FF), E1 (U+1000-U+1FFF), E2 (U+2000-U+2FFF) or F0 AF (U+2F800-U+2FBFF).
bool may_need_overlay(std::string_view in) noexcept {
  for (std::size_t i = 0; i < in.size(); ++i) {
    const auto b = static_cast<unsigned char>(in[i]);
    if (b == 0xD3 || b == 0xE1 || b == 0xE2) return true;
    if (b == 0xF0 && i + 1 < in.size() && static_cast<unsigned char>(in[i + 1]) == 0xAF) return true;
  }
  return false;
}

// `in` with the overlay applied; `in` itself (no copy) when nothing in it is affected.
std::string_view apply_overlay(std::string_view in, std::string& storage) {
  if (!may_need_overlay(in)) return in;
  bool affected = false;
  for (std::size_t i = 0; i < in.size() && !affected;) {
    const char32_t c = next_code_point(in, i);
    affected = c >= 0x04C0 && overlay_map(c) != c;
  }
  if (!affected) return in;
  storage.clear();
  for (std::size_t i = 0; i < in.size();) append_utf8(storage, overlay_map(next_code_point(in, i)));
  return storage;
}

// UseSTD3ASCIIRules as UTS #46 defines it since 15.1: after mapping, the only ASCII a label
// may hold is a-z, 0-9 and '-' (ICU 72 applies the older table form, which also rejected
// U+2260, U+226E and U+226F because their decompositions hold '=', '<' and '>').
bool std3_ok(std::string_view mapped) noexcept {
  for (char c : mapped) {
    const bool ldh = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.';
    if (!ldh && static_cast<unsigned char>(c) < 0x80) return false;
  }
  return true;
}

// The backend always runs every check; the flags that UTS #46 lets a caller turn off are
// applied here by dropping the matching findings (UTS #46 section 4, "ignore the status codes").
std::uint32_t filter(std::uint32_t bits, const idna_options& o) noexcept {
  if (!o.check_hyphens) bits &= ~std::uint32_t{be::hyphen};
  if (!o.verify_dns_length) {
    bits &= ~std::uint32_t{be::empty_label | be::label_too_long | be::domain_too_long};
  }
  return bits;
}

// The most specific code for a set of findings, most telling first.
errc code_for(std::uint32_t bits) noexcept {
  if (bits & be::disallowed) return errc::disallowed_code_point;
  if (bits & (be::punycode | be::invalid_ace_label)) return errc::bad_punycode;
  if (bits & be::label_too_long) return errc::label_too_long;
  if (bits & be::domain_too_long) return errc::domain_too_long;
  return errc::idna_error;
}

using backend_call = std::uint32_t (*)(std::string_view, be::flags, std::string&);

// ICU rewrites a domain in place, label by label, and each rewrite moves the rest of the text:
// its time grows with labels x length (quadratic in a host of many labels). A long
// domain is therefore run in pieces of whole labels, short enough for that not to matter, and
// the findings that span labels are put together here: the domain's length, and the Bidi rule,
// which every label must keep once any label is right-to-left (RFC 5893 section 2).
constexpr std::size_t piece_bytes = 1024;

// Where the piece of `in` that begins at `start` ends: at the first label separator from
// start + piece_bytes on, unless that separator ends `in` (a root label stays with its piece).
std::size_t piece_end(std::string_view in, std::size_t start) noexcept {
  std::size_t i = start + piece_bytes;
  while (i < in.size() && (static_cast<unsigned char>(in[i]) & 0xC0) == 0x80) ++i;
  while (i < in.size()) {
    const std::size_t sep = detail::separator_length(in, i);
    if (sep != 0) return i + sep == in.size() ? in.size() : i;
    i += utf8_length(static_cast<unsigned char>(in[i]));
  }
  return in.size();
}

// `call` on a domain, in pieces when it is long (see piece_bytes). The same findings and
// output as one run, in time linear in the domain's length.
std::uint32_t run_backend(backend_call call, std::string_view in, be::flags f,
                          std::string& out) {
  if (in.size() <= 2 * piece_bytes || call == &be::label_to_ascii) return call(in, f, out);
  be::flags without_bidi = f;
  without_bidi.check_bidi = false;
  std::uint32_t bits = 0;
  bool right_to_left = false;
  bool breaks_bidi_rule = false;
  std::string piece_out;
  std::string probe;
  out.clear();
  for (std::size_t start = 0; start < in.size();) {
    const std::size_t end = piece_end(in, start);
    const std::string_view piece = in.substr(start, end - start);
    bits |= call(piece, without_bidi, piece_out) & ~std::uint32_t{be::domain_too_long};
    if (start > 0) out.push_back('.');
    out.append(piece_out);
    if (f.check_bidi) {
      // Behind a right-to-left label that keeps the rule (U+05D0), every label of the piece
      // is held to the Bidi rule; in front of one that breaks it ("1a": a digit first), the
      // rule fails exactly when the piece holds a right-to-left label.
      probe.assign("\xD7\x90.").append(detail::without_root(piece));
      breaks_bidi_rule = breaks_bidi_rule || (call(probe, f, piece_out) & be::bidi) != 0;
      probe.assign(detail::without_root(piece)).append(".1a");
      right_to_left = right_to_left || (call(probe, f, piece_out) & be::bidi) != 0;
    }
    start = end < in.size() ? end + detail::separator_length(in, end) : end;
  }
  if (right_to_left && breaks_bidi_rule) bits |= be::bidi;
  // UTS #46 4.2 step 4 (A4_1): 253 bytes at most, not counting a root label's '.'.
  const std::size_t length = out.size() - (out.ends_with('.') ? 1 : 0);
  if (call == &be::to_ascii && length > 253) bits |= be::domain_too_long;
  return bits;
}

// ---- ToASCII as ToUnicode plus Punycode -------------------------------------------------
// ToASCII is ToUnicode's processing and one step more: each label that is not ASCII becomes
// "xn--" and its Punycode (UTS #46 section 4.2 step 3). The exception is a label that was
// "xn--" to begin with: ToASCII keeps it as written, ToUnicode decodes it. A label can start
// with "xn--" after mapping only if the domain holds two code points that map to '-' (only
// U+002D, U+FE63 and U+FF0D do; a test asks the backend about every code point), so a domain
// with fewer is processed here: by the backend's mapping data and urix's checks (every domain
// without a joiner), else by the backend's ToUnicode; then encoded by urix's own Punycode.
// That costs far less than the backend's ToASCII, and knows no limit on a label's length. The
// lengths of the ASCII form are not checked on this route.

std::size_t hyphen_sources(std::string_view in) noexcept {
  std::size_t count = 0;
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (in[i] == '-') {
      ++count;
    } else if (in[i] == '\xEF' && i + 2 < in.size()) {
      const std::string_view three = in.substr(i, 3);
      if (three == "\xEF\xB9\xA3" || three == "\xEF\xBC\x8D") ++count;  // U+FE63, U+FF0D
    }
  }
  return count;
}

bool to_ascii_by_labels_is_exact(std::string_view in, const idna_options& o) noexcept {
  return !o.verify_dns_length && hyphen_sources(in) < 2;
}

std::uint32_t to_ascii_by_labels(std::string_view in, be::flags f, std::string& out) {
  thread_local std::string unicode;
  struct release_on_return {
    ~release_on_return() { detail::release_if_large(unicode); }
  } const release;
  unicode.assign(in);
  detail::ascii_lower_in_place(unicode, 0);
  // ToUnicode's findings stand for ToASCII's. Past one that no option turns off the output is
  // not used, and the two forms hold the same ASCII and dots; else the labels are encoded, as
  // ToASCII would.
  const std::optional<std::uint32_t> found = be::map_and_check(unicode);
  std::uint32_t bits = found ? *found : run_backend(&be::to_unicode, in, f, unicode);
  if ((bits & ~std::uint32_t{be::hyphen | be::empty_label}) != 0) {
    out = unicode;
    return bits;
  }
  out.clear();
  for (std::size_t start = 0; start <= unicode.size();) {
    std::size_t end = unicode.find('.', start);
    if (end == std::string::npos) end = unicode.size();
    const std::string_view label = std::string_view(unicode).substr(start, end - start);
    // V3 (CheckHyphens): no leading or trailing '-'. V2's "--" at 3-4 needs two hyphens.
    if (!label.empty() && (label.front() == '-' || label.back() == '-')) bits |= be::hyphen;
    if (start > 0) out.push_back('.');
    if (detail::is_ascii(label)) {
      out.append(label);
    } else {
      out.append("xn--");
      if (!detail::append_punycode(out, label)) return bits | be::punycode;
    }
    start = end + 1;
  }
  return bits;
}

// One backend run with what urix adds: the overlay, UseSTD3ASCIIRules, and VerifyDnsLength's
// rule that no label is empty, the root label included (UTS #46 4.2 step 4, status A4_2).
std::uint32_t checked(backend_call call, std::string_view in, const idna_options& o,
                      std::string& out) {
  std::string storage;
  const std::string_view overlaid = apply_overlay(in, storage);
  std::uint32_t bits = call == &be::to_ascii && to_ascii_by_labels_is_exact(overlaid, o)
                           ? to_ascii_by_labels(overlaid, backend_flags(o), out)
                           : run_backend(call, overlaid, backend_flags(o), out);
  if (o.use_std3_rules && !std3_ok(out)) bits |= be::disallowed;
  if (call == &be::to_unicode) {
    // ToUnicode checks no lengths, but an empty label other than the root is still an error
    // there (IdnaTestV2.txt status X4_2, which no flag turns off).
    return filter(bits & ~std::uint32_t{be::empty_label}, o) | (bits & be::empty_label);
  }
  if (in.empty() || out.empty() || out.back() == '.') bits |= be::empty_label;
  return filter(bits, o);
}

// Where in `in` the findings `code` come from: the first offending code point for a disallowed
// one, else the start of the first label that fails on its own, else 0 (the whole domain).
std::size_t locate(std::string_view in, errc code, const idna_options& o, bool to_unicode) {
  std::string scratch;
  std::size_t fallback = std::string_view::npos;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= in.size();) {
    const std::size_t sep = i < in.size() ? detail::separator_length(in, i) : 1;
    if (sep == 0) {
      i += utf8_length(static_cast<unsigned char>(in[i]));
      continue;
    }
    const std::string_view label = in.substr(start, i - start);
    // An empty label is a finding under VerifyDnsLength (ToASCII), or anywhere but at the
    // end (ToUnicode, where the root label may be empty).
    const bool empty_counts = to_unicode ? i < in.size() : o.verify_dns_length;
    std::uint32_t bits = label.empty() ? (empty_counts ? std::uint32_t{be::empty_label} : 0u)
                                       : checked(&be::label_to_ascii, label, o, scratch);
    bits &= ~std::uint32_t{be::domain_too_long | be::label_has_dot};
    if (bits != 0 && code_for(bits) == code) {
      if (code != errc::disallowed_code_point) return start;
      for (std::size_t j = 0; j < label.size();) {
        const std::size_t n = utf8_length(static_cast<unsigned char>(label[j]));
        if (checked(&be::label_to_ascii, label.substr(j, n), o, scratch) & be::disallowed) {
          return start + j;
        }
        j += n;
      }
      return start;
    }
    if (bits != 0 && fallback == std::string_view::npos) fallback = start;
    i += sep;
    start = i;
  }
  return fallback == std::string_view::npos ? 0 : fallback;
}

// Whether `in` holds more label separators than a domain of at most 254 bytes can: each
// becomes a '.' of the ASCII form, whatever the labels map to. Counted before any IDNA work, so
// that a host of a million labels fails at once.
bool too_many_labels(std::string_view in) noexcept {
  std::size_t separators = 0;
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (detail::separator_length(in, i) != 0 && ++separators > 254) return true;
  }
  return false;
}

// Where a failure is found is worth a search (locate) only to a caller that reports it.
enum class failure_offset { located, at_start };

// `call` with urix's checks on well-formed UTF-8 `in`.
result<std::string> process(backend_call call, std::string_view in, const idna_options& o,
                            failure_offset offset) {
  if (call == &be::to_ascii && o.verify_dns_length && too_many_labels(in)) {
    return error{errc::domain_too_long, 0};
  }
  std::string out;
  const std::uint32_t bits = checked(call, in, o, out);
  if (bits & be::internal) return error{errc::idna_error, 0};
  if (bits != 0) {
    const errc code = code_for(bits);
    if (offset == failure_offset::at_start) return error{code, 0};
    return error{code, locate(in, code, o, call == &be::to_unicode)};
  }
  return out;
}

result<std::string> to_ascii(std::string_view domain, const idna_options& opts, failure_offset offset) {
  if (opts.ascii_fast_path && detail::is_ascii(domain)) {
    // URL Standard, "domain to ASCII" step 1: an ASCII domain is only lowercased.
    return detail::ascii_lowercase(domain);
  }
  return process(&be::to_ascii, domain, opts, offset);
}

}  // namespace

result<std::string> domain_to_ascii(std::string_view domain, idna_options opts) {
  if (auto ok = validate_utf8(domain); !ok) return ok.error();
  return to_ascii(domain, opts, failure_offset::located);
}

result<std::string> detail::host_domain_to_ascii(std::string_view domain, idna_options opts) {
  return to_ascii(domain, opts, failure_offset::at_start);
}

bool is_safe_to_display(std::string_view label) {
  if (!validate_utf8(label)) return false;
  return detail::is_ascii(label) || be::safe_to_display(label);
}

result<std::string> domain_to_unicode(std::string_view domain, idna_options opts) {
  // ToUnicode has no VerifyDnsLength (UTS #46 section 4.3): lengths are an ASCII-form matter.
  opts.verify_dns_length = false;
  if (auto ok = validate_utf8(domain); !ok) return ok.error();
  return process(&be::to_unicode, domain, opts, failure_offset::located);
}

}  // namespace urix
