// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/iri/iri.cpp: IRI -> URI (RFC 3987 section 3.1) and URI -> IRI (section 3.2).
// Both parse first (urix/uri.h, IRI grammar) and then convert each component by its own rule,
// so a delimiter can only ever come from the input's structure, never from converted data.
#include "urix/iri.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../detail/ascii.h"
#include "../detail/swar.h"
#include "../pct/escape.h"
#include "../uri/grammar.h"
#include "../uri/write.h"
#include "urix/utf8.h"
#include "idna_backend.h"
#include "separators.h"
#include "urix/idna.h"
#include "urix/pct.h"
#include "urix/sets.h"
#include "urix/uri.h"
#include "urix/utf8.h"

namespace urix {
namespace {

void append_escape(std::string& out, unsigned char b) {
  char escape[3];
  write_escape(escape, b);
  out.append(escape, 3);
}

std::size_t offset_in(std::string_view whole, std::string_view part) noexcept {
  return static_cast<std::size_t>(part.data() - whole.data());
}

// ---- IRI -> URI -----------------------------------------------------------------------------

// The text being converted, with where each byte came from in the caller's input: NFC and
// lenient fix-ups rewrite it, and error offsets must still point into the input.
class source_text {
 public:
  explicit source_text(std::string_view input) : text_(input) {}

  [[nodiscard]] const std::string& text() const noexcept { return text_; }
  [[nodiscard]] std::size_t origin(std::size_t i) const noexcept {
    if (origin_.empty()) return i;  // never rewritten: offsets are the input's
    return i < origin_.size() ? origin_[i] : input_size_;
  }
  [[nodiscard]] bool fixed(std::size_t i) const noexcept { return !fixed_.empty() && fixed_[i]; }

  // Replaces the whole text (NFC): offsets map to the start of the input, byte for byte while
  // the text is unchanged in length, which is the common case of an input already in NFC.
  void replace_all(std::string text, std::size_t input_size) {
    if (text == text_) return;
    input_size_ = input_size;
    origin_.assign(text.size(), 0);
    for (std::size_t i = 0; i < text.size(); ++i) origin_[i] = i < input_size ? i : input_size;
    text_ = std::move(text);
  }

  // Replaces the text, with where each byte came from and whether lenient escaping made it.
  void assign(std::string text, std::vector<std::size_t> origin, std::vector<bool> fixed) {
    if (origin_.empty()) input_size_ = text_.size();
    text_ = std::move(text);
    origin_ = std::move(origin);
    fixed_ = std::move(fixed);
  }

  // Replaces the `len` bytes at `i` by their percent-encoded form (a lone '%' becomes "%25").
  void escape(std::size_t i, std::size_t len) {
    ensure_maps();
    std::string esc;
    for (std::size_t k = 0; k < len; ++k)
      append_escape(esc, static_cast<unsigned char>(text_[i + k]));
    std::vector<std::size_t> org(esc.size(), origin_[i]);
    for (std::size_t k = 0; k < len; ++k) {
      for (std::size_t j = 0; j < 3; ++j) org[k * 3 + j] = origin_[i + k];
    }
    text_.replace(i, len, esc);
    const auto at = static_cast<std::ptrdiff_t>(i);
    origin_.erase(origin_.begin() + at, origin_.begin() + at + static_cast<std::ptrdiff_t>(len));
    origin_.insert(origin_.begin() + at, org.begin(), org.end());
    fixed_.erase(fixed_.begin() + at, fixed_.begin() + at + static_cast<std::ptrdiff_t>(len));
    fixed_.insert(fixed_.begin() + at, esc.size(), true);
  }

 private:
  void ensure_maps() {
    if (origin_.empty()) {
      input_size_ = text_.size();
      origin_.resize(text_.size());
      for (std::size_t i = 0; i < text_.size(); ++i) origin_[i] = i;
    }
    if (fixed_.empty()) fixed_.assign(text_.size(), false);
  }

  std::string text_;
  std::vector<std::size_t> origin_;
  std::vector<bool> fixed_;
  std::size_t input_size_ = 0;
};

// ASCII that no IRI component may hold, whatever its place: controls, space, '"', '<', '>',
// '\', '^', '`', '{', '|', '}' and DEL (RFC 3987 2.2 has them nowhere; '%' is handled apart).
constexpr charset iri_ascii = sets::unreserved | sets::reserved | charset("%");

// Where '[' and ']' (in the host) and iprivate (in the query) may stand in `t`, from the
// grammar's Appendix B split, the parser's own: any string splits, and an IRI splits as a URI
// does (its delimiters are ASCII, which no ucschar holds). Here the userinfo ends at the
// authority's last '@', not its first as in the parser: a '[' or ']' before that '@' is then
// userinfo and escaped, where the parser would take it for the start of an IP literal.
// An absent host or query is an empty range.
struct lenient_spans {
  std::size_t host_begin = 0, host_end = 0;
  std::size_t query_begin = 0, query_end = 0;
};
lenient_spans spans_of(std::string_view t) noexcept {
  const detail::reference_spans r = detail::split_reference(t);
  lenient_spans c;
  if (r.has_authority()) {
    const std::string_view authority =
        t.substr(r.authority_begin, r.authority_end - r.authority_begin);
    const std::size_t at = authority.rfind('@');
    c.host_begin = r.authority_begin + (at == std::string_view::npos ? 0 : at);
    c.host_end = r.authority_end;
  }
  if (r.query_begin != detail::npos) {
    c.query_begin = r.query_begin;
    c.query_end = r.query_end;
  }
  return c;
}

// Lenient step 1, in one pass: escape every character that is wrong anywhere, and those that
// are wrong where they stand by the components' places: '[' and ']' outside the host (an IP
// literal is their only place), iprivate outside the query. (Escaping them one parse error at
// a time took quadratic time.)
void escape_never_allowed(source_text& src) {
  const std::string_view t = src.text();
  std::string out;
  std::vector<std::size_t> origin;
  std::vector<bool> fixed;
  out.reserve(t.size());
  auto keep = [&](std::size_t i, std::size_t n) {
    for (std::size_t k = 0; k < n; ++k) {
      out.push_back(t[i + k]);
      origin.push_back(src.origin(i + k));
      fixed.push_back(false);
    }
  };
  auto escape = [&](std::size_t i, std::size_t n) {
    for (std::size_t k = 0; k < n; ++k) {
      append_escape(out, static_cast<unsigned char>(t[i + k]));
      origin.insert(origin.end(), 3, src.origin(i + k));
      fixed.insert(fixed.end(), 3, true);
    }
  };
  const lenient_spans c = spans_of(t);
  bool changed = false;
  bool in_fragment = false;
  for (std::size_t i = 0; i < t.size();) {
    const auto b = static_cast<unsigned char>(t[i]);
    std::size_t n = 1;
    bool bad = false;
    if (b == '%') {
      bad = escape_at(t, i) < 0;
    } else if (b == '#') {
      bad = in_fragment;  // the first '#' starts the fragment, which holds no other
      in_fragment = true;
    } else if (b == '[' || b == ']') {
      bad = i < c.host_begin || i >= c.host_end;
    } else if (b < 0x80) {
      bad = !iri_ascii.contains(b);
    } else {
      std::size_t j = i;
      const char32_t cp = next_code_point(t, j);
      n = j - i;
      const bool in_query = i >= c.query_begin && i < c.query_end;
      bad = (!is_ucschar(cp) && !(is_iprivate(cp) && in_query)) || is_bidi_format(cp);
    }
    if (bad) {
      escape(i, n);
      changed = true;
    } else {
      keep(i, n);
    }
    i += n;
  }
  if (changed) src.assign(std::move(out), std::move(origin), std::move(fixed));
}

// The offset of the first bidi formatting character in UTF-8 text `t`, or npos. The IRI
// grammar admits them (they are ucschar), but RFC 3987 section 4.1 says an IRI must not hold
// them: shown, they reorder what a reader sees.
std::size_t find_bidi_format(std::string_view t) noexcept {
  for (std::size_t i = 0; i < t.size();) {
    const std::size_t at = i;
    if (is_bidi_format(next_code_point(t, i))) return at;
  }
  return std::string_view::npos;
}

// Appends `s` with each byte >= 0x80 percent-encoded, uppercase hex (RFC 3987 3.1 step 2).
void append_encoded(std::string& out, std::string_view s) {
  encode_append(out, s, charset::range(0x00, 0x7F));
}

// The characters a host may not receive from IDNA mapping or a decoded escape: those that
// would end or restructure it (RFC 3986 3.2.2, gen-delims) and the escape character.
constexpr charset host_delimiters = sets::gen_delims | charset("%\\");

// Finds which part of the host `host` (as written, offset `at` in the text) produced the byte
// `bad` in its ASCII form: an escape of it, or a character whose UTS #46 mapping holds it.
std::size_t source_of(std::string_view host, std::size_t at, char bad, const idna_options& o) {
  idna_options alone = o;
  alone.check_bidi = alone.check_joiners = alone.verify_dns_length = false;
  alone.check_hyphens = false;
  for (std::size_t i = 0; i < host.size();) {
    const int esc = escape_at(host, i);
    if (esc >= 0) {
      if (esc == static_cast<unsigned char>(bad)) return at + i;
      i += 3;
      continue;
    }
    std::size_t j = i;
    static_cast<void>(next_code_point(host, j));
    if (static_cast<unsigned char>(host[i]) >= 0x80) {
      auto mapped = domain_to_ascii(host.substr(i, j - i), alone);
      if (mapped && mapped->find(bad) != std::string::npos) return at + i;
    }
    i = j;
  }
  return at;
}

// Converts a reg-name host holding non-ASCII (RFC 3987 3.1 step 2, "ireg-name ... ToASCII").
result<std::string> host_to_ascii(const source_text& src, std::string_view host,
                                  const iri_to_uri_options& opts) {
  const std::string_view text = src.text();
  const std::size_t at = offset_in(text, host);
  const bool has_escapes = host.find('%') != std::string_view::npos;
  std::string decoded;
  if (has_escapes) {
    auto d = decode(host);
    if (!d) return error{d.error().code, src.origin(at + d.error().offset)};
    if (auto ok = validate_utf8(*d); !ok) return error{errc::invalid_utf8, src.origin(at)};
    decoded = std::move(*d);
  }
  std::string_view name = has_escapes ? std::string_view(decoded) : host;
  // RFC 3986 3.2.2: a fully qualified name may end in the root's '.', which is not a label
  // for IDNA's length checks; set it aside (in any of the four forms UTS #46 maps to '.').
  const std::string_view labels = detail::without_root(name);
  const bool root_dot = labels.size() != name.size();
  name = labels;
  auto ascii = domain_to_ascii(name, opts.idna);
  if (ascii && root_dot) ascii->push_back('.');
  if (!ascii) {
    // Offsets into decoded text do not map back; then the host as a whole is to blame.
    const std::size_t off = has_escapes ? at : at + ascii.error().offset;
    return error{ascii.error().code, src.origin(off)};
  }
  // CVE-2019-9636 class: mapping (U+FF0F -> '/', U+2100 -> "a/c") or a decoded escape must not
  // give the host a character that changes how the URI reads.
  for (char c : *ascii) {
    if (sets::host.contains(c)) continue;
    const errc code = host_delimiters.contains(c) ? errc::unsafe_host : errc::disallowed_char;
    return error{code, src.origin(source_of(host, at, c, opts.idna))};
  }
  return std::move(*ascii);
}

// ---- URI -> IRI -----------------------------------------------------------------------------

// Characters that would make a shown IRI ambiguous: Unicode White_Space beyond ASCII (a
// "space" a reader cannot tell from a separator) and invisible format characters (a reader
// cannot see them at all). RFC 3987 section 8 asks converters not to reveal such spoofing
// material; they stay percent-encoded.
bool invisible_or_space(char32_t c) noexcept {
  return c == 0x00A0 || c == 0x034F || c == 0x115F || c == 0x1160 || c == 0x1680 || c == 0x180E ||
         (c >= 0x2000 && c <= 0x200D) || c == 0x2028 || c == 0x2029 || c == 0x202F ||
         (c >= 0x205F && c <= 0x2064) || c == 0x3000 || c == 0x3164 || c == 0xFEFF || c == 0xFFA0;
}

// Which decoded characters the IRI may show (RFC 3987 3.2 step 3, sections 4.1 and 8).
bool shown_decoded(char32_t cp, bool iprivate_ok) noexcept {
  if (is_bidi_format(cp) || invisible_or_space(cp)) return false;
  return is_ucschar(cp) || (iprivate_ok && is_iprivate(cp));
}

// Appends component `s` with escapes of allowed non-ASCII characters decoded (3.2 step 2-3).
void append_decoded(std::string& out, std::string_view s, bool iprivate_ok) {
  for (std::size_t i = 0; i < s.size();) {
    const int b0 = escape_at(s, i);
    if (b0 < 0) {
      out.push_back(s[i]);
      ++i;
      continue;
    }
    if (b0 < 0x80) {
      // An escaped ASCII character stays as it was written ("%2F" is data, not a '/').
      out.append(s.substr(i, 3));
      i += 3;
      continue;
    }
    // Gather the escapes of one UTF-8 sequence and decode it only if it is well-formed.
    const std::size_t n = utf8_length(static_cast<unsigned char>(b0));
    char bytes[4] = {static_cast<char>(b0), 0, 0, 0};
    std::size_t got = 1;
    while (got < n) {
      const int b = escape_at(s, i + 3 * got);
      if (b < 0) break;
      bytes[got++] = static_cast<char>(b);
    }
    const std::string_view seq(bytes, got);
    if (n > 1 && got == n && validate_utf8(seq)) {
      std::size_t k = 0;
      const char32_t cp = next_code_point(seq, k);
      if (shown_decoded(cp, iprivate_ok)) {
        out.append(seq);
      } else {
        for (char c : seq) append_escape(out, static_cast<unsigned char>(c));
      }
      i += 3 * n;
    } else {
      // Not UTF-8 (RFC 3987 3.2 step 2: such octets are left encoded): re-encode one byte.
      append_escape(out, static_cast<unsigned char>(b0));
      i += 3;
    }
  }
}

bool starts_with_ace(std::string_view label) noexcept {
  return label.size() >= 4 && (label[0] == 'x' || label[0] == 'X') &&
         (label[1] == 'n' || label[1] == 'N') && label[2] == '-' && label[3] == '-';
}

// Does any label of `host` start with the ACE prefix "xn--"?
bool has_ace_label(std::string_view host) noexcept {
  if (!detail::contains_either(host, '-', '-')) return false;  // most hosts: no "xn--"
  for (std::size_t start = 0; start <= host.size();) {
    const std::size_t dot = std::min(host.find('.', start), host.size());
    if (starts_with_ace(host.substr(start, dot - start))) return true;
    start = dot + 1;
  }
  return false;
}

std::vector<std::string_view> split_labels(std::string_view s) {
  std::vector<std::string_view> labels;
  for (std::size_t start = 0;;) {
    const std::size_t dot = s.find('.', start);
    labels.push_back(s.substr(start, dot == std::string_view::npos ? dot : dot - start));
    if (dot == std::string_view::npos) return labels;
    start = dot + 1;
  }
}

// A host label written in Unicode that is not safe to show (SPEC 7), in a form that is: its
// ToASCII form when the label is in the form IDNA maps to itself, else its UTF-8 bytes
// percent-encoded (to-uri reads either back to the same host).
std::string ascii_form(std::string_view label, const idna_options& o) {
  auto ascii = domain_to_ascii(label, o);
  bool ok = ascii && ascii->find('.') == std::string::npos;
  for (std::size_t i = 0; ok && i < ascii->size(); ++i) ok = sets::host.contains((*ascii)[i]);
  if (ok) {
    auto back = domain_to_unicode(*ascii, o);
    if (back && *back == label) return std::move(*ascii);
  }
  std::string escaped;
  append_encoded(escaped, label);
  return escaped;
}

// SPEC 7, "Safe display": `shown` (the host as uri_to_iri would show it) with each label that
// a reader could take for another in a form that cannot mislead: as written in `host` (its
// "xn--" form or its escapes), or, when it was written in Unicode, ascii_form. Label by label,
// as Chromium and Firefox decide (docs/iri.md). The labels of `shown` and `host` correspond:
// neither an escape nor ToUnicode gives a '.'.
std::string safe_labels(std::string_view host, std::string shown, const idna_options& o) {
  if (detail::is_ascii(shown)) return shown;
  const std::vector<std::string_view> written = split_labels(host);
  const std::vector<std::string_view> labels = split_labels(shown);
  if (written.size() != labels.size()) return std::string(host);
  std::string out;
  out.reserve(host.size());
  for (std::size_t i = 0; i < labels.size(); ++i) {
    if (i > 0) out.push_back('.');
    if (detail::is_ascii(labels[i]) || is_safe_to_display(labels[i])) {
      out.append(labels[i]);
    } else if (detail::is_ascii(written[i])) {
      out.append(written[i]);
    } else {
      out.append(ascii_form(labels[i], o));
    }
  }
  return out;
}

// The reg-name host as the IRI shows it (RFC 3987 3.2), or as written when that is not safe.
//  - Its escapes of non-ASCII characters are decoded as in the other components, but only if
//    none is left (IDNA cannot judge "%2F" or bytes that are not UTF-8).
//  - Its "xn--" labels become Unicode when the whole host passes ToUnicode.
// Shown only if ToASCII of the result gives the host's ASCII labels back (ASCII case aside),
// only host characters, and ToUnicode of that gives the result again: what is shown is then
// what a resolver looks up. No U+FF0F that IDNA maps to '/', no fullwidth letters.
std::string host_to_unicode(std::string_view host, const uri_to_iri_options& opts) {
  std::string same(host);
  if (!opts.decode_idna) return same;
  const bool escaped = host.find('%') != std::string_view::npos;
  std::string text(host);
  if (escaped) {
    text.clear();
    append_decoded(text, host, false);
    if (text.find('%') != std::string::npos) return same;
  }
  // The root's '.' of a fully qualified name (RFC 3986 3.2.2) is no label: set it aside, as
  // iri_to_uri does, and put it back after.
  const bool root_dot = text.size() > 1 && text.back() == '.';
  if (root_dot) text.pop_back();
  const std::vector<std::string_view> labels = split_labels(text);
  // Shown only if its ASCII form passes ToASCII; with VerifyDnsLength, 128 labels and their
  // dots cannot fit in 253 bytes. Known before any IDNA work.
  if (opts.idna.verify_dns_length && labels.size() > 127) return same;
  bool any_ace = false;
  for (std::string_view l : labels) any_ace = any_ace || starts_with_ace(l);
  if (!any_ace && !escaped) return same;

  std::string candidate = text;
  if (any_ace) {
    auto uni = domain_to_unicode(text, opts.idna);
    if (!uni) return same;
    const std::vector<std::string_view> uni_labels = split_labels(*uni);
    if (uni_labels.size() != labels.size()) return same;
    candidate.clear();
    for (std::size_t i = 0; i < labels.size(); ++i) {
      if (i > 0) candidate.push_back('.');
      candidate.append(starts_with_ace(labels[i]) ? uni_labels[i] : labels[i]);
    }
  }
  for (std::size_t i = 0; i < candidate.size();) {
    const char32_t cp = next_code_point(candidate, i);
    if (cp >= 0x80 && !shown_decoded(cp, false)) return same;
  }
  auto back = domain_to_ascii(candidate, opts.idna);
  if (!back) return same;
  const std::vector<std::string_view> back_labels = split_labels(*back);
  if (back_labels.size() != labels.size()) return same;
  for (std::size_t i = 0; i < labels.size(); ++i) {
    if (detail::is_ascii(labels[i]) && back_labels[i] != detail::ascii_lowercase(labels[i]))
      return same;
  }
  for (char c : *back) {
    if (!sets::host.contains(c)) return same;
  }
  auto again = domain_to_unicode(*back, opts.idna);
  if (!again || detail::ascii_lowercase(*again) != detail::ascii_lowercase(candidate)) return same;
  if (root_dot) candidate.push_back('.');
  return candidate;
}

// Both conversions write through the one reference writer (RFC 3986 5.3, the authority in
// its parts): the scheme and port are copied, `text(out, s, part)` appends each other
// component converted, and `host(out)` appends the host or fails.
template <class Text, class Host>
result<void> rebuild(std::string& out, const uri_view& u, std::size_t reserve, Text&& text,
                     Host&& host) {
  const std::size_t mark = out.size();
  out.reserve(mark + reserve);
  detail::reference_shape has = detail::shape_of(u, detail::authority_form::parts);
  // A parsed path needs none; the conversions keep every ASCII byte, so none is added.
  has.guard = detail::guard_for(u.path, u.scheme.has_value(), u.authority.has_value());
  result<void> host_written;
  detail::write_reference(out, has, [&](std::string& o, detail::part p) {
    switch (p) {
      case detail::part::scheme: o.append(*u.scheme); break;
      case detail::part::userinfo: text(o, *u.userinfo, p); break;
      case detail::part::host: host_written = host(o); break;
      case detail::part::port: o.append(*u.port); break;
      case detail::part::path: text(o, u.path, p); break;
      case detail::part::query: text(o, *u.query, p); break;
      case detail::part::fragment: text(o, *u.fragment, p); break;
      case detail::part::authority: break;  // written in its parts
    }
  });
  if (!host_written) {
    out.resize(mark);
    return host_written.error();
  }
  return {};
}

}  // namespace

result<void> iri_to_uri_append(std::string& out, std::string_view iri, iri_to_uri_options opts) {
  // A URI is an IRI that needs no conversion. RFC 3986's grammar admits ASCII only, so an
  // input it reads is valid UTF-8 in NFC, without a bidi control, a character to encode or a
  // host for IDNA: it is returned as it is. (What it rejects is read again below, as an IRI.)
  if (!opts.lenient && parse_uri_reference(iri, syntax::uri)) {
    out.append(iri);
    return {};
  }
  if (auto ok = validate_utf8(iri); !ok) return ok.error();
  source_text src(iri);
  if (opts.nfc) {
    std::string nfc;
    if (!detail::idna::to_nfc(iri, nfc)) return error{errc::invalid_utf8, 0};
    src.replace_all(std::move(nfc), iri.size());
  }
  if (opts.lenient) {
    escape_never_allowed(src);
  } else if (const std::size_t bidi = find_bidi_format(src.text());
             bidi != std::string_view::npos) {
    return error{errc::disallowed_char, src.origin(bidi)};
  }

  result<uri_view> parsed = parse_uri_reference(src.text(), syntax::iri);
  // Lenient step 2, for what step 1 cannot place (a ']' after the port, say): the character at
  // the parser's error is escaped and the text parsed again. After 4096 of them the parser's
  // error is returned rather than spend quadratic time.
  for (int round = 0; opts.lenient && !parsed && round < 4096; ++round) {
    const error e = parsed.error();
    const bool fixable = e.code == errc::disallowed_char || e.code == errc::bad_escape_hex ||
                         e.code == errc::incomplete_escape;
    if (!fixable || e.offset >= src.text().size()) break;
    std::size_t j = e.offset;
    if (src.text()[j] == '%') {
      ++j;
    } else {
      static_cast<void>(next_code_point(src.text(), j));
    }
    src.escape(e.offset, j - e.offset);
    parsed = parse_uri_reference(src.text(), syntax::iri);
  }
  if (!parsed) return error{parsed.error().code, src.origin(parsed.error().offset)};

  const uri_view& u = *parsed;
  const auto encoded = [](std::string& to, std::string_view s, detail::part) {
    append_encoded(to, s);
  };
  const auto host = [&](std::string& to) -> result<void> {
    const std::string_view name = u.host.value_or(std::string_view(src.text()).substr(0, 0));
    const std::size_t at = offset_in(src.text(), name);
    for (std::size_t i = 0; i < name.size(); ++i) {
      // Lenient escaping never applies to a host: an escaped space is still no host name.
      if (src.fixed(at + i)) return error{errc::disallowed_char, src.origin(at + i)};
    }
    if (u.host_kind == host_type::reg_name && !detail::is_ascii(name)) {
      auto ascii = host_to_ascii(src, name, opts);
      if (!ascii) return ascii.error();
      to.append(*ascii);
    } else {
      to.append(name);  // IP literals, IPv4 and ASCII names are URI syntax already
    }
    return {};
  };
  return rebuild(out, u, src.text().size() + src.text().size() / 2, encoded, host);
}

result<std::string> iri_to_uri(std::string_view iri, iri_to_uri_options opts) {
  std::string out;
  if (auto r = iri_to_uri_append(out, iri, opts); !r) return r.error();
  return out;
}

result<void> uri_to_iri_append(std::string& out, std::string_view uri, uri_to_iri_options opts) {
  // RFC 3986's grammar admits ASCII only: what it reads needs no UTF-8 check, and the IRI
  // grammar would split it the same way. What it rejects is read again as an IRI.
  result<uri_view> parsed = parse_uri_reference(uri, syntax::uri);
  const bool ascii = parsed.has_value();
  if (!ascii) {
    if (auto ok = validate_utf8(uri); !ok) return ok.error();
    parsed = parse_uri_reference(uri, syntax::iri);
    if (!parsed) return parsed.error();
  }

  const uri_view& u = *parsed;
  // Nothing to decode (no escape, no "xn--" label) and no Unicode host to judge: the IRI is
  // the URI as it is.
  const bool host_as_is =
      u.host_kind != host_type::reg_name ||
      ((ascii || detail::is_ascii(*u.host)) && !(opts.decode_idna && has_ace_label(*u.host)));
  // (The whole reference is searched with memchr: it is too long for a word at a time.)
  if (host_as_is && uri.find('%') == uri.npos) {
    out.append(uri);
    return {};
  }
  const auto decoded = [](std::string& to, std::string_view s, detail::part p) {
    // iprivate is allowed in iquery only (RFC 3987 2.2).
    append_decoded(to, s, p == detail::part::query);
  };
  const auto host = [&](std::string& to) -> result<void> {
    const std::string_view name = u.host.value_or("");
    if (u.host_kind != host_type::reg_name) {
      to.append(name);
    } else if (opts.decode_idna && opts.unicode_hosts == host_display::safe) {
      to.append(safe_labels(name, host_to_unicode(name, opts), opts.idna));
    } else {
      to.append(host_to_unicode(name, opts));
    }
    return {};
  };
  return rebuild(out, u, uri.size(), decoded, host);
}

result<std::string> uri_to_iri(std::string_view uri, uri_to_iri_options opts) {
  std::string out;
  if (auto r = uri_to_iri_append(out, uri, opts); !r) return r.error();
  return out;
}

}  // namespace urix
