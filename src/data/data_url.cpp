// SPDX-License-Identifier: Apache-2.0 OR MIT
// The Fetch Standard's data: URL processor (section "data: URLs"), with the part of the URL
// Standard's basic URL parser and serializer that a data: URL goes through, and Infra's
// forgiving-base64 decode.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "../detail/ascii.h"
#include "../detail/base64.h"
#include "../detail/dot_segments.h"
#include "../detail/hex.h"
#include "../detail/host_code_points.h"
#include "../detail/swar.h"
#include "../kernels/interface.h"
#include "data_url_paths.h"
#include "urix/charset.h"
#include "urix/data_url.h"
#include "urix/pct.h"
#include "urix/sets.h"
#include "urix/utf8.h"

namespace urix {
namespace {

// ---- Infra: forgiving-base64 decode ---------------------------------------------------------

using detail::base64_value;

// Infra: ASCII whitespace, which forgiving-base64 removes first.
constexpr bool is_ascii_whitespace(char c) noexcept {
  return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' ';
}

// ---- The URL Standard, for the data: scheme -------------------------------------------------

// Leading and trailing "C0 control or space" are removed from the input (basic URL parser).
constexpr bool is_c0_or_space(char c) noexcept { return static_cast<unsigned char>(c) <= 0x20; }
constexpr bool is_tab_or_newline(char c) noexcept { return c == '\t' || c == '\n' || c == '\r'; }

// The input as the parser reads it: trimmed, and without tabs and newlines. `text` views the
// caller's input when nothing was removed inside it (the usual case), else `removed`.
struct cleaned_input {
  std::string_view trimmed;  // the input without its leading and trailing C0 controls and spaces
  std::size_t lead = 0;      // how many bytes went from the front
  std::string removed;       // `trimmed` without tabs and newlines, when it had some
  std::string_view text;

  explicit cleaned_input(std::string_view in) {
    std::size_t b = 0, e = in.size();
    while (b < e && is_c0_or_space(in[b])) ++b;
    while (e > b && is_c0_or_space(in[e - 1])) --e;
    trimmed = in.substr(b, e - b);
    lead = b;
    text = trimmed;
    // Three memchr passes: far faster on a long URL than find_first_of's byte-by-byte loop.
    const auto holds = [&](char c) { return std::memchr(trimmed.data(), c, trimmed.size()) != nullptr; };
    if (!trimmed.empty() && (holds('\t') || holds('\n') || holds('\r'))) {
      removed.reserve(trimmed.size());
      for (char c : trimmed)
        if (!is_tab_or_newline(c)) removed += c;
      text = removed;
    }
  }

  // The offset in the caller's input of byte `pos` of `text` (or of its end).
  [[nodiscard]] std::size_t input_offset(std::size_t pos) const noexcept {
    if (text.data() == trimmed.data()) return lead + pos;
    std::size_t i = 0;
    for (; i < trimmed.size(); ++i) {
      if (is_tab_or_newline(trimmed[i])) continue;
      if (pos-- == 0) break;
    }
    return lead + i;
  }
};

// Where the serializer writes: the serialized URL, and for error reports the offset in the
// cleaned input that each of its bytes comes from.
struct url_sink {
  std::string text;
  std::vector<std::size_t>* origins = nullptr;

  void put(char c, std::size_t from) {
    text += c;
    if (origins != nullptr) origins->push_back(from);
  }
  // Byte `c` of the input at `from`, percent-encoded unless `keep` holds it (the URL
  // Standard's sets hold no byte >= 0x80: those of a UTF-8 sequence are always encoded).
  void put_encoded(char c, std::size_t from, const charset& keep) {
    if (keep.contains(c)) {
      put(c, from);
      return;
    }
    char escape[3];
    detail::write_escape(escape, static_cast<unsigned char>(c), detail::upper_hex);
    for (char e : escape) put(e, from);
  }
  void put_encoded(std::string_view s, std::size_t from, const charset& keep) {
    if (origins == nullptr) {
      // The same bytes, a run at a time: the percent encoder (urix/pct.h) writes uppercase
      // hex and escapes every byte >= 0x80, as the URL Standard's sets do.
      encode_append(text, s, keep);
      return;
    }
    for (std::size_t i = 0; i < s.size(); ++i) put_encoded(s[i], from + i, keep);
  }
  void truncate(std::size_t n) {
    text.resize(n);
    if (origins != nullptr) origins->resize(n);
  }
  void insert(std::size_t at, std::string_view s, std::size_t from) {
    text.insert(at, s);
    if (origins != nullptr) origins->insert(origins->begin() + static_cast<std::ptrdiff_t>(at), s.size(), from);
  }
};

// The path state of the basic URL parser for a non-special URL, from `begin` (just after
// the path's first '/') to `end`: segments percent-encoded with the path set, dot segments
// applied. `has_host`: where a path without a host starts with an empty segment, the
// serializer writes "/." before it.
void write_path(url_sink& out, std::string_view t, std::size_t begin, std::size_t end, bool has_host) {
  const std::size_t path_start = out.text.size();
  std::vector<std::size_t> segment_starts;  // where each segment's '/' is in out.text
  for (std::size_t s = begin;;) {
    const std::size_t e = std::min(t.find('/', s), end);
    const std::string_view segment = t.substr(s, e - s);
    const bool last = e == end;
    if (detail::is_double_dot_segment(segment)) {
      if (!segment_starts.empty()) {
        out.truncate(segment_starts.back());
        segment_starts.pop_back();
      }
      if (last) {
        segment_starts.push_back(out.text.size());
        out.put('/', s);
      }
    } else if (detail::is_single_dot_segment(segment)) {
      if (last) {
        segment_starts.push_back(out.text.size());
        out.put('/', s);
      }
    } else {
      segment_starts.push_back(out.text.size());
      out.put('/', s == 0 ? 0 : s - 1);
      out.put_encoded(segment, s, sets::whatwg::path);
    }
    if (last) break;
    s = e + 1;
  }
  // URL serializer: a hostless path of more than one segment whose first is empty.
  if (!has_host && segment_starts.size() > 1 && segment_starts[1] == segment_starts[0] + 1)
    out.insert(path_start, "/.", begin);
}

// The basic URL parser and the URL serializer with "exclude fragment", for `t` (cleaned)
// starting with "data:" in any case. Errors are offsets into `t`.
result<void> serialize_data_url(url_sink& out, std::string_view t) {
  for (std::size_t i = 0; i < 5; ++i) out.put("data:"[i], i);
  const std::size_t end = std::min(t.find('#', 5), t.size());
  const std::size_t query = std::min(t.find('?', 5), end);
  const std::string_view rest = t.substr(5);
  if (rest.starts_with("//")) {
    // Authority state: userinfo before the last '@', then host state and port state.
    out.put('/', 5), out.put('/', 6);
    const std::size_t auth_end = std::min(t.find_first_of("/?", 7), end);
    const std::string_view auth = t.substr(7, auth_end - 7);
    const std::size_t at = auth.rfind('@');
    std::size_t host_begin = 7;
    if (at != std::string_view::npos) {
      const std::string_view userinfo = auth.substr(0, at);
      const std::size_t colon = std::min(userinfo.find(':'), userinfo.size());
      const std::string_view user = userinfo.substr(0, colon);
      const std::string_view password =
          colon < userinfo.size() ? userinfo.substr(colon + 1) : std::string_view{};
      out.put_encoded(user, 7, sets::whatwg::userinfo);
      if (!password.empty()) {
        out.put(':', 7 + colon);
        out.put_encoded(password, 7 + colon + 1, sets::whatwg::userinfo);
      }
      if (!user.empty() || !password.empty()) out.put('@', 7 + at);
      host_begin = 7 + at + 1;
      if (host_begin == auth_end) return error{errc::bad_path, host_begin};  // host missing
    }
    const std::string_view hostport = t.substr(host_begin, auth_end - host_begin);
    if (hostport.starts_with('[')) return error{errc::bad_ip_literal, host_begin};
    const std::size_t colon = std::min(hostport.find(':'), hostport.size());
    const std::string_view host = hostport.substr(0, colon);
    if (host.empty() && colon < hostport.size()) return error{errc::bad_path, host_begin};
    for (std::size_t i = 0; i < host.size(); ++i)  // an opaque host holds no forbidden host code point
      if (detail::forbidden_host_code_points.contains(host[i])) return error{errc::disallowed_char, host_begin + i};
    out.put_encoded(host, host_begin, sets::whatwg::c0_control);
    if (colon < hostport.size()) {
      const std::string_view port = hostport.substr(colon + 1);
      const std::size_t port_begin = host_begin + colon + 1;
      std::uint32_t value = 0;
      for (std::size_t i = 0; i < port.size(); ++i) {
        if (port[i] < '0' || port[i] > '9') return error{errc::bad_port, port_begin + i};
        value = value * 10 + static_cast<std::uint32_t>(port[i] - '0');
        if (value > 65535) return error{errc::bad_port, port_begin};
      }
      if (!port.empty()) {
        out.put(':', port_begin - 1);
        for (char c : std::to_string(value)) out.put(c, port_begin);
      }
    }
    // Path start state: a '/' starts the path state; otherwise the path is empty.
    if (auth_end < query) write_path(out, t, auth_end + 1, query, true);
  } else if (rest.starts_with('/')) {
    write_path(out, t, 6, query, false);
  } else {
    // Opaque path state: the C0 control percent-encode set; a space just before the query or
    // fragment is escaped, so that it survives.
    const bool space_before = query > 5 && t[query - 1] == ' ' && query < t.size();
    const std::size_t path_end = space_before ? query - 1 : query;
    out.put_encoded(t.substr(5, path_end - 5), 5, sets::whatwg::c0_control);
    if (space_before)
      for (char e : std::string_view("%20")) out.put(e, path_end);
  }
  if (query < end) {
    out.put('?', query);
    out.put_encoded(t.substr(query + 1, end - query - 1), query + 1, sets::whatwg::query);
  }
  return {};
}

// The end of what the serializer reads of `t`: its fragment, if any, is not part of it.
std::size_t read_end(std::string_view t) noexcept { return std::min(t.find('#', 5), t.size()); }

// Fetch: does the MIME type end in ';', spaces, then "base64" (ASCII case-insensitive)?
// Returns the length of the MIME type without that suffix, or npos.
std::size_t base64_suffix(std::string_view mime) noexcept {
  // The last six bytes lowered as one word, read as a word of four and one of two (a word
  // of eight filled by a copy of six would wait for the copy's stores).
  const auto six = [](const char* p) {
    std::uint32_t head;
    std::uint16_t tail;
    std::memcpy(&head, p, 4);
    std::memcpy(&tail, p + 4, 2);
    return head | std::uint64_t{tail} << 32;
  };
  if (mime.size() < 6) return std::string_view::npos;
  if (detail::ascii_lower_word(six(mime.data() + mime.size() - 6)) != six("base64")) return std::string_view::npos;
  std::size_t n = mime.size() - 6;
  while (n > 0 && mime[n - 1] == ' ') --n;
  if (n == 0 || mime[n - 1] != ';') return std::string_view::npos;
  return n - 1;
}

// The offset in the caller's input of byte `pos` of the serialized URL (serializing again,
// this time noting where each byte comes from: only errors and the rarer forms need it).
std::size_t input_offset_of_serialized(const cleaned_input& c, std::size_t pos) {
  std::vector<std::size_t> origins;
  url_sink again{{}, &origins};
  (void)serialize_data_url(again, c.text);  // succeeded before
  return c.input_offset(pos < origins.size() ? origins[pos] : read_end(c.text));
}

error at_serialized(const cleaned_input& c, errc code, std::size_t pos) {
  return error{code, input_offset_of_serialized(c, pos)};
}

// "data:" in any case: the four letters lowered as one word (ascii_iequals lowers a byte at a
// time, a large part of a short URL's parse).
bool has_data_scheme(std::string_view t) noexcept {
  if (t.size() < 5 || t[4] != ':') return false;
  std::uint32_t letters, data;
  std::memcpy(&letters, t.data(), 4);
  std::memcpy(&data, "data", 4);
  return static_cast<std::uint32_t>(detail::ascii_lower_word(letters)) == data;
}

// Fetch step 6: the MIME type without leading and trailing ASCII whitespace (after the URL
// parser, only spaces can be there).
std::string_view without_spaces_around(std::string_view s) noexcept {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

// Fetch step 15's MIME type, serialized.
constexpr std::string_view default_mime_type = "text/plain;charset=US-ASCII";

// Fetch steps 12-15: "text/plain" before a bare parameter list; the default for a MIME type
// that does not parse.
mime_type mime_type_of(std::string_view mime) {
  std::string with_type;
  if (mime.starts_with(';')) {
    with_type = "text/plain";
    with_type += mime;
    mime = with_type;
  }
  if (auto parsed = parse_mime_type(mime)) return std::move(*parsed);
  return mime_type{"text", "plain", {{"charset", "US-ASCII"}}};
}

// Pieces of a URL shorter than this are read here, a byte or a group at a time, as the kernels
// read what is left below a SIMD block: the call through the kernel table, and the AVX-512
// kernels' masked loads and stores, cost more than such a piece.
constexpr std::size_t short_piece = 32;

// Infra's forgiving-base64 decode of a body with no white space that decodes without error
// (alphabet bytes, then up to two '=' when there are a multiple of four bytes), appended to
// `out`: the active kernel's one pass over it. False, with `out` as it was, for any other
// body, which the general decoder reads (and blames).
bool append_clean_base64(std::string& out, std::string_view in) {
  std::size_t data = in.size();
  if (data % 4 == 0)
    for (int k = 0; k < 2 && data > 0 && in[data - 1] == '='; ++k) --data;
  const std::size_t groups = data / 4 * 4, rest = data - groups;
  if (rest == 1) return false;
  const auto* tail = reinterpret_cast<const unsigned char*>(in.data() + groups);
  const int a = rest == 0 ? 0 : base64_value[tail[0]], b = rest == 0 ? 0 : base64_value[tail[1]],
            c = rest == 3 ? base64_value[tail[2]] : 0;
  if ((a | b | c) < 0) return false;
  const std::size_t old_size = out.size();
  out.resize(old_size + groups / 4 * 3 + (rest == 0 ? 0 : rest - 1));
  char* o = out.data() + old_size;
  const detail::decode_progress done = groups < short_piece ? detail::base64_groups(o, in.data(), groups)
                                                            : detail::active_kernel().base64_decode(o, in.data(), groups);
  if (done.read != groups) {
    out.resize(old_size);
    return false;
  }
  // Step 7: a last part group of 2 or 3 bytes gives 1 or 2; the bits left over are discarded.
  o += done.written;
  if (rest >= 2) *o++ = static_cast<char>(a << 2 | b >> 4);
  if (rest == 3) *o = static_cast<char>((b & 15) << 4 | c >> 2);
  return true;
}

// The bytes after "data:" that the URL parser neither removes nor escapes in a URL's opaque
// path (printable ASCII), but for '?' and '#', which would start a query or a fragment.
constexpr charset plain_set = charset::range(0x20, 0x7E) - charset("?#");
constexpr detail::span_table plain_bytes{plain_set};

// The bytes of `w` that are not plain, each marked by its high bit: below ' ', 0x7F and up,
// '?' and '#'. (No sum or difference carries from one byte into the next.)
constexpr std::uint64_t not_plain_bytes(std::uint64_t w) noexcept {
  constexpr std::uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
  const std::uint64_t below_space = ~((w | highs) - ones * 0x20);
  const std::uint64_t delete_or_high = ((w & ~highs) + ones) | w;
  return ((below_space | delete_or_high) & highs) | detail::bytes_equal(w, '?') | detail::bytes_equal(w, '#');
}

// not_plain_bytes agrees with `plain_set` on every byte, at every place in a word of plain bytes.
static_assert([] {
  for (unsigned c = 0; c < 256; ++c)
    for (unsigned at = 0; at < 64; at += 8) {
      const std::uint64_t w = (0x6161616161616161ULL & ~(0xFFULL << at)) | std::uint64_t{c} << at;
      if ((not_plain_bytes(w) != 0) == plain_set.contains(static_cast<unsigned char>(c))) return false;
    }
  return true;
}());

bool all_plain(std::string_view s) noexcept {
  const std::size_t n = s.size();
  if (n < 8) {
    for (const char c : s)
      if (!plain_set.contains(c)) return false;
    return true;
  }
  if (n < short_piece) {
    for (std::size_t i = 0;; i += 8) {  // the last word overlaps the one before
      const std::size_t at = std::min(i, n - 8);
      std::uint64_t w;
      std::memcpy(&w, s.data() + at, 8);
      if (not_plain_bytes(w) != 0) return false;
      if (at == n - 8) return true;
    }
  }
  return detail::active_kernel().span_fixed(s.data(), n, plain_bytes) == n;
}

// Percent-decodes `in` onto `out`, leniently (a '%' without two hex digits stays); false, with
// `out` as it was, when decode_append fails.
bool append_decoded(std::string& out, std::string_view in) {
  if (in.size() >= short_piece) return decode_append(out, in, {.lenient = true}).has_value();
  const std::size_t old = out.size();
  out.resize(old + in.size());  // decoding never grows
  std::size_t written = 0, read = 0;
  detail::decode_bytes(out.data() + old, written, in.data(), in.size(), read, in.size(), false, true);
  out.resize(old + written);
  return true;
}

// A plain URL split as the processor reads it (see detail::parse_plain_data_url): the MIME
// type without spaces around and without ";base64", and the body as written.
struct plain_parts {
  std::string_view mime;
  std::string_view body;
  std::size_t body_offset = 0;
  bool base64 = false;
  bool serialized = false;  // the MIME type is in serialized form (detail::is_serialized_mime_type)
};

// Whether `url` is plain, its parts then in `p` (filled in place: returned in a std::optional,
// the struct went through memory and back on every call). `note_serialized`: whether to test
// the MIME type for serialized form (the text answer copies such a type; the record parses
// every type anyway).
bool plain_parts_of(std::string_view url, bool note_serialized, plain_parts& p) noexcept {
  // The URL parser changes nothing: no C0 control or space at either end (the first byte is
  // 'd', and the last is checked), an opaque path ("data:" and no '/'), plain bytes.
  if (!has_data_scheme(url) || (url.size() > 5 && url[5] == '/') || url.ends_with(' ')) return false;
  const std::size_t comma = url.find(',', 5);
  if (comma == std::string_view::npos) return false;
  const std::string_view written = url.substr(5, comma - 5);
  p = {without_spaces_around(written), url.substr(comma + 1), comma + 1};
  if (const std::size_t kept = base64_suffix(p.mime); kept != std::string_view::npos) {
    p.mime = p.mime.substr(0, kept);
    p.base64 = true;
  }
  // A MIME type in serialized form is tokens, '/', ';' and '=', all plain but '#'; what is
  // around it (spaces, ";base64" in any case) is plain too. Any other is checked byte by byte.
  p.serialized = note_serialized && detail::is_serialized_mime_type(p.mime);
  return p.serialized ? p.mime.find('#') == std::string_view::npos : all_plain(written);
}

// The body of a plain URL appended to `out`; false, with `out` as it was, when only the
// general path can read it.
bool append_plain_body(std::string& out, const plain_parts& p) {
  // Alphabet bytes and '=' are plain, and hold no '%' to decode.
  if (p.base64) return append_clean_base64(out, p.body);
  return all_plain(p.body) && append_decoded(out, p.body);
}

// Fetch steps 12-15, serialized into `out`: a MIME type already in serialized form (most
// are) is copied; any other is parsed and serialized.
void write_mime_type_of(std::string& out, const plain_parts& p) {
  if (p.serialized) {
    out = p.mime;
  } else if (p.mime.empty()) {
    out = default_mime_type;
  } else {
    out.clear();
    if (p.mime.starts_with(';')) out = "text/plain";  // step 12: a bare parameter list
    out += p.mime;
    if (!detail::is_serialized_mime_type(out)) out = mime_type_of(p.mime).serialize();
  }
}

}  // namespace

namespace detail {

std::optional<data_url> parse_plain_data_url(std::string_view url) {
  plain_parts parts;
  if (!plain_parts_of(url, false, parts)) return std::nullopt;
  data_url result;
  result.body_offset = parts.body_offset;
  if (!append_plain_body(result.body, parts)) return std::nullopt;
  result.mime = mime_type_of(parts.mime);
  return result;
}

result<data_url> parse_data_url_general(std::string_view url) {
  if (auto valid = validate_utf8(url); !valid) return valid.error();
  const cleaned_input c(url);
  const std::string_view t = c.text;
  if (!has_data_scheme(t)) return error{errc::wrong_scheme, c.input_offset(0)};

  // Steps 2-3: the URL serialized without its fragment, then without "data:".
  url_sink out;
  out.text.reserve(t.size());
  if (auto r = serialize_data_url(out, t); !r) return error{r.error().code, c.input_offset(r.error().offset)};
  const std::string_view input = out.text;

  // Steps 4-8: the MIME type, up to the first ','.
  constexpr std::size_t scheme = 5;  // "data:"
  const std::size_t comma = input.find(',', scheme);
  if (comma == std::string_view::npos) return at_serialized(c, errc::missing_comma, input.size());
  std::string_view mime = without_spaces_around(input.substr(scheme, comma - scheme));  // only spaces are left

  // Steps 9-10: the body, percent-decoded (lenient: a '%' without two hex digits stays).
  const std::string_view encoded_body = input.substr(comma + 1);
  data_url result;
  // In the opaque form the serializer only escapes: the first ',' is the input's first.
  result.body_offset = t.substr(5).starts_with('/')
                           ? input_offset_of_serialized(c, comma + 1)
                           : c.input_offset(t.find(',', 5) + 1);
  if (auto r = decode_append(result.body, encoded_body, {.lenient = true}); !r) return r.error();

  // Step 11: ";base64".
  if (const std::size_t kept = base64_suffix(mime); kept != std::string_view::npos) {
    std::string decoded;
    if (auto r = forgiving_base64_decode_append(decoded, result.body); !r) {
      const std::size_t at = comma + 1 + encoded_offset(encoded_body, r.error().offset);
      return at_serialized(c, errc::bad_base64, at);
    }
    result.body = std::move(decoded);
    mime = mime.substr(0, kept);
  }
  result.mime = mime_type_of(mime);
  return result;
}

}  // namespace detail

result<void> forgiving_base64_decode_append(std::string& out, std::string_view in) {
  if (append_clean_base64(out, in)) return {};
  // Steps 1-2: the significant bytes, then up to two '=' at the end when their count is a
  // multiple of 4 (found from the end, without copying the input).
  std::size_t significant = in.size();
  for (char c : in) significant -= is_ascii_whitespace(c) ? 1u : 0u;
  std::size_t cut = 0;  // '=' removed from the end
  if (significant % 4 == 0) {
    for (std::size_t i = in.size(); i-- > 0 && cut < 2;) {
      if (is_ascii_whitespace(in[i])) continue;
      if (in[i] != '=') break;
      ++cut;
    }
  }
  const std::size_t data = significant - cut;
  const std::size_t old_size = out.size();
  out.resize(old_size + data / 4 * 3 + 2);
  char* o = out.data() + old_size;
  std::uint32_t buffer = 0;
  std::size_t bits = 0, seen = 0, last = 0;
  for (std::size_t i = 0; i < in.size() && seen < data;) {
    // Four alphabet bytes at a group's start, the usual case between white space: three
    // bytes out at once.
    if (bits == 0 && seen + 4 <= data && i + 4 <= in.size()) {
      const auto* p = reinterpret_cast<const unsigned char*>(in.data() + i);
      const int a = base64_value[p[0]], b = base64_value[p[1]], c = base64_value[p[2]],
                d = base64_value[p[3]];
      if ((a | b | c | d) >= 0) {
        const auto v = static_cast<std::uint32_t>(a << 18 | b << 12 | c << 6 | d);
        *o++ = static_cast<char>(v >> 16);
        *o++ = static_cast<char>((v >> 8) & 0xFF);
        *o++ = static_cast<char>(v & 0xFF);
        seen += 4, i += 4, last = i - 1;
        continue;
      }
    }
    const char c = in[i++];
    if (is_ascii_whitespace(c)) continue;
    const int v = base64_value[static_cast<unsigned char>(c)];
    if (v < 0) {  // step 4: outside the alphabet (a '=' not at the end is too)
      out.resize(old_size);
      return error{errc::bad_base64, i - 1};
    }
    ++seen;
    last = i - 1;
    buffer = (buffer << 6) | static_cast<std::uint32_t>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      *o++ = static_cast<char>((buffer >> bits) & 0xFF);
      if (bits == 0) buffer = 0;
    }
  }
  out.resize(static_cast<std::size_t>(o - out.data()));
  if (data % 4 == 1) {  // step 3: one character over a group of four
    out.resize(old_size);
    return error{errc::bad_base64, last};
  }
  // Step 7: the 4 or 2 bits left over are discarded.
  return {};
}

result<data_url> parse_data_url(std::string_view url) {
  // Most data: URLs are plain (detail::parse_plain_data_url): one pass over the body.
  if (auto plain = detail::parse_plain_data_url(url)) return std::move(*plain);
  return detail::parse_data_url_general(url);
}

result<void> parse_data_url(std::string_view url, std::string& mime, std::string& body) {
  body.clear();
  if (plain_parts parts; plain_parts_of(url, true, parts) && append_plain_body(body, parts)) {
    write_mime_type_of(mime, parts);
    return {};
  }
  auto r = detail::parse_data_url_general(url);
  if (!r) return r.error();
  mime = r->mime.serialize();
  body = std::move(r->body);
  return {};
}

}  // namespace urix
