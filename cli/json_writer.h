// SPDX-License-Identifier: Apache-2.0 OR MIT
// cli/json_writer.h: JSON text written straight to the output, as the CLI's verbs need it.
//
// `urix parse` once built each result as a JSON tree first, a node per query parameter: many
// times the input line in memory. Writing the text as it is produced keeps a verb's memory
// to its input and its output. The strings given here must be
// UTF-8 (RFC 8259 8.1): callers replace what is not (urix::utf8_replace_invalid).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "copy.h"  // src/detail/ (urix_bytes), as swar.h
#include "swar.h"

namespace urix::cli {

/// A std::string as a place to write JSON to (the CLI's `output` is the other).
struct string_sink {
  std::string& text;
  std::size_t reserved_at = 0;
  void put(char c) { text += c; }
  void write(std::string_view s) { text += s; }
  char* reserve(std::size_t n) {
    reserved_at = text.size();
    text.resize(reserved_at + n);
    return text.data() + reserved_at;
  }
  void commit(std::size_t n) { text.resize(reserved_at + n); }
};

/// Does some byte of the eight in `w` need an escape inside a JSON string: a control
/// character, '"' or '\\'? (The control test is exact for "some byte" as word_has_byte's
/// is: a byte below 0x20 makes (byte - 0x20) borrow into its high bit, which ~w keeps only
/// for bytes below 0x80.)
[[nodiscard, gnu::always_inline]] constexpr bool json_word_needs_escape(std::uint64_t w) noexcept {
  constexpr std::uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
  const bool control = ((w - ones * 0x20) & ~w & highs) != 0;
  return control || detail::word_has_byte(w, '"') || detail::word_has_byte(w, '\\');
}

/// write_json_chars for a string that may need escapes: eight bytes per step while none
/// needs one, byte by byte up to the next word boundary where one does.
[[gnu::noinline]] inline char* write_json_chars_escaping(char* dst, std::string_view s) noexcept {
  static constexpr char hex[] = "0123456789abcdef";
  const char* p = s.data();
  const char* const end = p + s.size();
  while (p != end) {
    std::uint64_t w;
    if (end - p >= 8 && (std::memcpy(&w, p, 8), !json_word_needs_escape(w))) {
      std::memcpy(dst, &w, 8);
      dst += 8;
      p += 8;
      continue;
    }
    // The last 1-7 bytes of a string of 8 or more: the word that ends the string, if it needs
    // no escape. Its bytes before p need none either, so they were written as they are, and
    // writing them again changes nothing.
    if (end - p < 8 && s.size() >= 8) {
      std::memcpy(&w, end - 8, 8);
      if (!json_word_needs_escape(w)) {
        std::memcpy(dst - (8 - (end - p)), &w, 8);
        return dst + (end - p);
      }
    }
    // A word with an escape, or the last bytes: one byte at a time up to a word boundary.
    const char* const stop = end - p >= 8 ? p + 8 : end;
    for (; p != stop; ++p) {
      const auto c = static_cast<unsigned char>(*p);
      if (c >= 0x20 && c != '"' && c != '\\') {
        *dst++ = *p;
        continue;
      }
      *dst++ = '\\';
      switch (c) {
        case '"': *dst++ = '"'; break;
        case '\\': *dst++ = '\\'; break;
        case '\b': *dst++ = 'b'; break;
        case '\f': *dst++ = 'f'; break;
        case '\n': *dst++ = 'n'; break;
        case '\r': *dst++ = 'r'; break;
        case '\t': *dst++ = 't'; break;
        default:
          *dst++ = 'u';
          *dst++ = '0';
          *dst++ = '0';
          *dst++ = hex[c >> 4];
          *dst++ = hex[c & 0xF];
      }
    }
  }
  return dst;
}

/// Writes the bytes of `s` as they go inside a JSON string at `dst`, which has room for
/// 6 * s.size() bytes: '"', '\\' and the control characters escaped (RFC 8259 section 7),
/// every other byte as it is. Returns the end of what it wrote. Inline for a string that
/// needs no escape, as nearly every URL component: its words (the last overlapping the one
/// before) tested and copied, a string under eight bytes as two overlapping halves or as its
/// first, middle and last byte; anything else goes to write_json_chars_escaping.
[[gnu::always_inline]] inline char* write_json_chars(char* dst, std::string_view s) noexcept {
  const char* const p = s.data();
  const std::size_t n = s.size();
  if (n >= 8) {
    for (std::size_t i = 0;; i += 8) {
      const std::size_t at = std::min(i, n - 8);
      std::uint64_t w;
      std::memcpy(&w, p + at, 8);
      if (json_word_needs_escape(w)) return write_json_chars_escaping(dst, s);
      std::memcpy(dst + at, &w, 8);
      if (at == n - 8) return dst + n;
    }
  }
  if (n >= 4) {
    std::uint32_t a, b;
    std::memcpy(&a, p, 4);
    std::memcpy(&b, p + n - 4, 4);
    if (json_word_needs_escape(a | (std::uint64_t{b} << 32)))
      return write_json_chars_escaping(dst, s);
    std::memcpy(dst, &a, 4);
    std::memcpy(dst + n - 4, &b, 4);
    return dst + n;
  }
  if (n == 0) return dst;
  // 1-3 bytes: the first, middle and last, with spaces (which need no escape) around them.
  const auto byte = [&](std::size_t i) { return std::uint64_t{static_cast<unsigned char>(p[i])}; };
  const std::uint64_t w = byte(0) | byte(n / 2) << 8 | byte(n - 1) << 16 | 0x2020202020ULL << 24;
  if (json_word_needs_escape(w)) return write_json_chars_escaping(dst, s);
  dst[0] = p[0];
  dst[n / 2] = p[n / 2];
  dst[n - 1] = p[n - 1];
  return dst + n;
}

/// Copies `s`, a string that needs no escape inside a JSON string, to `dst`; returns the end.
[[gnu::always_inline]] inline char* write_json_plain_chars(char* dst, std::string_view s) noexcept {
  detail::copy_short(dst, s.data(), s.size());
  return dst + s.size();
}

/// Writes `s` as a JSON string to `out` (anything with put(char), write(string_view) and
/// reserve(n) / commit(n)): quoted and escaped (write_json_chars). The room reserved is
/// bounded, piece by piece, so that a long string does not reserve six times its size.
template <class Sink>
void write_json_string(Sink& out, std::string_view s) {
  constexpr std::size_t piece = 4096;
  if (s.size() <= piece) {  // a URL's pieces: one reservation, quotes included
    char* const begin = out.reserve(6 * s.size() + 2);
    char* end = begin;
    *end++ = '"';
    end = write_json_chars(end, s);
    *end++ = '"';
    out.commit(static_cast<std::size_t>(end - begin));
    return;
  }
  out.put('"');
  do {
    const std::string_view part = s.substr(0, piece);
    char* const begin = out.reserve(6 * part.size());
    out.commit(static_cast<std::size_t>(write_json_chars(begin, part) - begin));
    s.remove_prefix(part.size());
  } while (!s.empty());
  out.put('"');
}

/// write_json_plain_string for a string longer than `piece`: written piece by piece, so that
/// the room reserved stays bounded.
template <class Sink>
[[gnu::noinline]] void write_json_plain_pieces(Sink& out, std::string_view s, std::size_t piece) {
  out.put('"');
  do {
    const std::string_view part = s.substr(0, piece);
    char* const begin = out.reserve(part.size());
    out.commit(static_cast<std::size_t>(write_json_plain_chars(begin, part) - begin));
    s.remove_prefix(part.size());
  } while (!s.empty());
  out.put('"');
}

/// Writes `s`, which needs no escape, as a JSON string to `out`: quoted (a Sink as for
/// write_json_string). The components of a parsed URI or IRI are such strings: neither
/// grammar admits '"', '\\' or a control character (RFC 3986 Appendix A, RFC 3987 2.2).
/// Inline: it is a reservation and a copy.
template <class Sink>
[[gnu::always_inline]] inline void write_json_plain_string(Sink& out, std::string_view s) {
  constexpr std::size_t piece = 4096;  // as in write_json_string
  if (s.size() > piece) [[unlikely]]
    return write_json_plain_pieces(out, s, piece);
  char* const begin = out.reserve(s.size() + 2);
  char* end = begin;
  *end++ = '"';
  end = write_json_plain_chars(end, s);
  *end++ = '"';
  out.commit(static_cast<std::size_t>(end - begin));
}

}  // namespace urix::cli
