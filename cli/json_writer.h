// SPDX-License-Identifier: Apache-2.0 OR MIT
// cli/json_writer.h: JSON text written straight to the output, as the CLI's verbs need it.
//
// `urix parse` once built each result as a JSON tree first, a node per query parameter: many
// times the input line in memory. Writing the text as it is produced keeps a verb's memory
// to its input and its output. The strings given here must be
// UTF-8 (RFC 8259 8.1): callers replace what is not (urix::utf8_replace_invalid).
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

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
/// character, '"' or '\\'? (Each test is exact for "some byte": a byte below n makes
/// (byte - n) borrow into its high bit, which ~w keeps only for bytes below 0x80.)
[[nodiscard]] constexpr bool json_word_needs_escape(std::uint64_t w) noexcept {
  constexpr std::uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
  const std::uint64_t quote = w ^ (ones * '"'), backslash = w ^ (ones * '\\');
  const std::uint64_t control = (w - ones * 0x20) & ~w;
  return ((control | ((quote - ones) & ~quote) | ((backslash - ones) & ~backslash)) & highs) != 0;
}

/// Writes the bytes of `s` as they go inside a JSON string at `dst`, which has room for
/// 6 * s.size() bytes: '"', '\\' and the control characters escaped (RFC 8259 section 7),
/// every other byte as it is. Returns the end of what it wrote. Eight bytes per step while
/// none needs an escape, as in nearly every URL component.
inline char* write_json_chars(char* dst, std::string_view s) noexcept {
  static constexpr char hex[] = "0123456789abcdef";
  const char* p = s.data();
  const char* const end = p + s.size();
  if (s.size() >= 4 && s.size() < 8) {  // two words of four that overlap, tested as one
    std::uint32_t a, b;
    std::memcpy(&a, p, 4);
    std::memcpy(&b, end - 4, 4);
    if (!json_word_needs_escape(a | (std::uint64_t{b} << 32))) {
      std::memcpy(dst, &a, 4);
      std::memcpy(dst + s.size() - 4, &b, 4);
      return dst + s.size();
    }
  }
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

}  // namespace urix::cli
