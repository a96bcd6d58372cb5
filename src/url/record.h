// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/url/record.h: the URL Standard's URL record as the basic URL parser builds it, the
// parser's states, and the host parser. @private: not part of urix's public API.
//
// The record keeps each component as the standard does, except the path: a list of segments
// is kept serialized, "/" before each segment ("/a/b" is << "a", "b" >>, "" is << >>, "/" is
// << "" >>), which is what the URL path serializer writes, and shortening the path is cutting
// at its last "/". An opaque path is kept as it is.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "../detail/scratch.h"
#include "../pct/short_encode.h"
#include "urix/charset.h"
#include "urix/pct.h"
#include "urix/sets.h"
#include "urix/url.h"

namespace urix::detail::url {

/// Where validation errors go: nowhere (the fast path), or a vector, with each offset mapped
/// from the cleaned input the parser reads back to the input as given.
class diagnostics {
 public:
  diagnostics() noexcept = default;
  explicit diagnostics(std::vector<url_validation_error>* out) noexcept : out_(out) {}

  [[nodiscard]] bool wanted() const noexcept { return out_ != nullptr; }
  /// Records `e` at offset `at` of the cleaned input (nothing to do unless errors are wanted).
  void add(url_error e, std::size_t at) {
    if (out_ != nullptr) record(e, at, false);
  }
  /// Records `e` as the error that failed the parse.
  void fail(url_error e, std::size_t at) {
    fatal_at_ = at;
    if (out_ != nullptr) record(e, at, true);
  }
  /// Where the error that failed the parse is, in the input as given.
  [[nodiscard]] std::size_t fatal_offset() const noexcept { return original(fatal_at_); }

  // The map from the cleaned input to the input as given: `shift` bytes were cut before it,
  // plus one entry per later change (a removed tab or newline, a repaired UTF-8 sequence).
  std::size_t shift = 0;
  struct change {
    std::size_t at;     // offset in the cleaned input from which `delta` applies
    std::ptrdiff_t delta;
  };
  std::vector<change> changes;
 private:
  // Out of line: most parses want no errors, and each check where one may arise is inlined.
  [[gnu::noinline]] void record(url_error e, std::size_t at, bool fatal) {
    out_->push_back({e, original(at), fatal});
  }
  // The changes are recorded in order of `at`: the last one at or before `at` is found by
  // halves (a scan per error would cost errors x changes).
  [[nodiscard]] std::size_t original(std::size_t at) const noexcept {
    const auto after = std::upper_bound(changes.begin(), changes.end(), at,
                                        [](std::size_t x, const change& c) { return x < c.at; });
    const std::ptrdiff_t d = after == changes.begin() ? static_cast<std::ptrdiff_t>(shift) : std::prev(after)->delta;
    return static_cast<std::size_t>(static_cast<std::ptrdiff_t>(at) + d);
  }
  std::vector<url_validation_error>* out_ = nullptr;
  // The offset in the cleaned input of the error that failed the parse (kept even when no
  // vector was given: the result's offset).
  std::size_t fatal_at_ = 0;
};

/// What a component keeps as itself (a percent-encode set's complement), also compiled for
/// scanning: most runs hold nothing to escape and are copied after one scan, without the
/// tables the encoder builds on each call.
struct kept_bytes {
  charset bytes;
  scan_set scan;
  constexpr explicit kept_bytes(const charset& c) noexcept : bytes(c), scan(c) {}
};
inline constexpr kept_bytes query_kept{sets::whatwg::query};
inline constexpr kept_bytes special_query_kept{sets::whatwg::special_query};
inline constexpr kept_bytes fragment_kept{sets::whatwg::fragment};
inline constexpr kept_bytes c0_control_kept{sets::whatwg::c0_control};

/// The bytes of input that the basic URL parser reads as they are: ASCII but tab and newline.
inline constexpr scan_set ascii_but_tab_or_newline{charset::range(0, 0x7F) - charset("\t\n\r")};

/// Appends `run` to `out`, UTF-8 percent-encoding each byte that `kept` does not keep.
inline void append_encoded(std::string& out, std::string_view run, const kept_bytes& kept) {
  if (run.size() <= 16) {
    // A short run (a path segment) is written here, a byte at a time: cheaper than the calls.
    char piece[3 * 16];
    out.append(piece, static_cast<std::size_t>(write_encoded_short(piece, run, kept.scan) - piece));
    return;
  }
  const std::size_t clean = clean_prefix(run, kept.scan);
  out.append(run.substr(0, clean));
  if (clean < run.size()) encode_append(out, run.substr(clean), kept.bytes);
}

// The parser's working strings are kept per thread (src/detail/scratch.h).
using detail::kept_capacity;
using detail::release_if_large;

struct record {
  std::string scheme;  // without ':'
  std::string username;
  std::string password;
  url_host_type host_type = url_host_type::none;  // none: the host is null
  std::string host;                               // serialized ("[::1]", "1.2.3.4", ...)
  std::int32_t port = -1;                         // -1: null
  bool opaque_path = false;
  std::string path;  // see the top of this file
  bool has_query = false;
  std::string query;
  bool has_fragment = false;
  std::string fragment;
  bool special = false;

  /// Back to a new record, each string keeping its capacity (for a record reused per thread).
  void reset() noexcept {
    for (std::string* s : strings()) s->clear();
    host_type = url_host_type::none;
    port = -1;
    opaque_path = has_query = has_fragment = special = false;
  }

  /// release_if_large on each string.
  void release_if_large() noexcept {
    for (std::string* s : strings()) url::release_if_large(*s);
  }

  /// Every string of the record.
  [[nodiscard]] std::array<std::string*, 7> strings() noexcept {
    return {&scheme, &username, &password, &host, &path, &query, &fragment};
  }

  [[nodiscard]] bool has_host() const noexcept { return host_type != url_host_type::none; }
  [[nodiscard]] bool includes_credentials() const noexcept {
    return !username.empty() || !password.empty();
  }
  /// "cannot have a username/password/port": the host is null or empty, or the scheme is file.
  [[nodiscard]] bool cannot_have_credentials_or_port() const noexcept {
    return host_type == url_host_type::none || host_type == url_host_type::empty ||
           scheme == "file";
  }
};

/// The basic URL parser's states (URL Standard, "URL parsing"). The last five never fail:
/// a run that asks only whether the input parses stops at the first of them.
enum class state : unsigned char {
  none,  // no state override
  scheme_start,
  scheme,
  no_scheme,
  special_relative_or_authority,
  path_or_authority,
  relative,
  relative_slash,
  special_authority_slashes,
  special_authority_ignore_slashes,
  authority,
  host,
  hostname,
  port,
  file,
  file_slash,
  file_host,
  path_start,
  path,
  opaque_path,
  query,
  fragment,
};

/// What a run with a state override did.
enum class outcome : unsigned char {
  done,      // the URL was changed as asked (or the standard's "return" after doing so)
  ignored,   // the standard returned without changing the URL
  failure,   // the standard returned failure
};

/// A scheme of up to eight bytes as one word, lowercased: every byte a scheme may hold but a
/// capital has 0x20 set, so OR-ing it in lowercases exactly those.
[[nodiscard]] constexpr std::uint64_t scheme_word(std::string_view s) noexcept {
  std::uint64_t w = 0;
  for (std::size_t i = 0; i < s.size() && i < 8; ++i) {
    w |= std::uint64_t{static_cast<unsigned char>(s[i] | 0x20)} << (8 * i);
  }
  return w;
}

/// The URL Standard's table of special schemes, by scheme_word of a scheme of 2 to 5 bytes:
/// the default port (ftp 21, http and ws 80, https and wss 443), -1 for file, -2 for a scheme
/// that is not special.
[[nodiscard]] constexpr int special_scheme_port_of_word(std::uint64_t word) noexcept {
  switch (word) {
    case scheme_word("http"): case scheme_word("ws"): return 80;
    case scheme_word("https"): case scheme_word("wss"): return 443;
    case scheme_word("ftp"): return 21;
    case scheme_word("file"): return -1;
    default: return -2;
  }
}

/// What the table of special schemes says of `scheme` (ASCII case-insensitive), as
/// special_scheme_port_of_word.
[[nodiscard]] int special_scheme_port(std::string_view scheme) noexcept;

/// The commonest starts of a URL, "https://", "http://" and "file://" as written (lowercase):
/// which one `in` starts with (its scheme's size, 0 for none), and what the table of special
/// schemes says of its scheme.
struct common_start {
  std::size_t scheme_size = 0;
  int special_port = -2;
};
// Each start with its entry in the table, looked up at compile time.
struct known_start {
  std::string_view text;  // "scheme://"
  common_start start;
  consteval explicit known_start(std::string_view t)
      : text(t),
        start{t.size() - 3, special_scheme_port_of_word(scheme_word(t.substr(0, t.size() - 3)))} {}
};
inline constexpr known_start known_starts[] = {known_start("https://"), known_start("http://"),
                                               known_start("file://")};
[[nodiscard]] inline common_start common_start_of(std::string_view in) noexcept {
  for (const known_start& k : known_starts) {
    if (in.starts_with(k.text)) return k.start;
  }
  return {};
}
/// The special scheme's default port, -1 for none (file, or not special).
[[nodiscard]] inline int default_port(std::string_view scheme) noexcept {
  const int port = special_scheme_port(scheme);
  return port < 0 ? -1 : port;
}
[[nodiscard]] inline bool is_special_scheme(std::string_view scheme) noexcept {
  return special_scheme_port(scheme) != -2;
}

/// What a run of the parser is for: the URL record, or only whether the input parses
/// (can_parse_url), which is known once the path start state is reached.
enum class goal : unsigned char { record, validity };

/// The basic URL parser on `input` (already cleaned: trimmed, without tabs and newlines,
/// valid UTF-8), with `base` (or nullptr) into `url`, from `override_state` (state::none: a
/// new URL, from the scheme start state). With goal::validity the record is left unfinished
/// (no path, query or fragment) when the outcome is done.
[[nodiscard]] outcome basic_parse(std::string_view input, const record* base, record& url,
                                  state override_state, diagnostics& diag,
                                  goal for_what = goal::record);

/// The path state's plain case: the length of the longest prefix of `in` (what the path state
/// reads with a state override, from a segment's start) made of whole segments that need no
/// percent-encoding and are no dot segment, without '\', each ending at '/' or the end of
/// `in`: the path state writes "/" and that prefix as it is. npos when there is none.
[[nodiscard]] std::size_t plain_segments(std::string_view in) noexcept;

/// The host parser (URL Standard, "Host parsing") on `input` (a piece of the cleaned input
/// starting at offset `at`), writing the serialized host to `out`. False on failure.
[[nodiscard]] bool parse_host(std::string_view input, bool is_opaque, std::size_t at,
                              std::string& out, url_host_type& type, diagnostics& diag);

/// Cleans the input as the basic URL parser's first steps do (leading and trailing C0 control
/// or space, every tab and newline) and repairs ill-formed UTF-8; the result is `input` itself
/// when nothing changed, else `storage` (written over: `input` must not be a view into it).
/// Records the changes in `diag`.
[[nodiscard]] std::string_view clean_input(std::string_view input, std::string& storage,
                                           diagnostics& diag, bool trim = true);

/// The URL serializer: the record as a urix::url (its href and offsets).
[[nodiscard]] urix::url serialize(const record& r);
/// The record a urix::url was serialized from.
[[nodiscard]] record to_record(const urix::url& u);
/// The same into `into`, whose strings keep their capacity.
void to_record(const urix::url& u, record& into);

}  // namespace urix::detail::url

namespace urix {
/// The library's access to url's private members (src/url/).
struct url_access {
  static urix::url make(const detail::url::record& r);
  /// The same into `into`, whose href keeps its capacity.
  static void make(const detail::url::record& r, urix::url& into);
  static void unmake(const urix::url& u, detail::url::record& into);
  /// The record's scheme and authority alone (what the host and port states read).
  static void unmake_authority(const urix::url& u, detail::url::record& into);
  /// Replaces the href's bytes [begin, end) with `with`, and moves the query's and the
  /// fragment's offsets (which lie at or after `end`) with them: the in-place setters'.
  static void splice(urix::url& u, std::uint32_t begin, std::uint32_t end, std::string_view with);
  /// The host and hostname setters (`st`: state::host or state::hostname).
  static bool set_host(urix::url& u, std::string_view value, detail::url::state st);
  /// What the one-pass parse made of an input.
  enum class one_pass : unsigned char {
    declined,       ///< not one of its shapes: nothing decided, the full parser decides
    read,           ///< `*out` holds the URL (with `out` null: the input parses)
    href_is_input,  ///< asked to keep the input: it is its own href, and `*out` is untouched
  };
  /// The one-pass parse of the commonest URLs (src/url/fast.cpp). For can_parse_url (`out`
  /// null) `read` as soon as the input is known to parse, which it knows of more URLs. With
  /// `keep_input`, an input that is its own href is not copied into `*out`.
  static one_pass fast_parse(std::string_view in, urix::url* out, bool keep_input = false) {
    return keep_input ? read_one_pass<true>(in, out) : read_one_pass<false>(in, out);
  }
  /// fast_parse, one function per mode: the check for the input kept costs a parse nothing.
  template <bool keep_input>
  static one_pass read_one_pass(std::string_view in, urix::url* out);
  /// fast_parse's writing of a path, query and fragment that need percent-encoding.
  static void write_escaped(urix::url& out, std::size_t at, std::string_view in, std::size_t path_start,
                            std::size_t path_end, std::size_t query_start, std::size_t fragment_start,
                            const scan_set& query_kept) noexcept;
};
}  // namespace urix
