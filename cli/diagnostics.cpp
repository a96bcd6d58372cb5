// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "diagnostics.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>

#include "json_writer.h"
#include "url_message.h"
#include "urix/pct.h"
#include "urix/sets.h"
#include "urix/utf8.h"
#include "urix/utf8.h"

namespace urix::cli {
namespace {

bool printable(unsigned char c) noexcept { return c >= 0x20 && c <= 0x7E; }

// The two hex digits of byte c, as its escape "%HH" writes them.
void append_hex_digits(std::string& s, unsigned char c) {
  char escape[3];
  write_escape(escape, c);
  s.append(escape + 1, 2);
}

void append_byte(std::string& s, unsigned char c) {
  if (printable(c)) {
    s += static_cast<char>(c);
  } else {
    s += "\\x";
    append_hex_digits(s, c);
  }
}

void append_hex_byte(std::string& s, unsigned char c) {
  s += "0x";
  append_hex_digits(s, c);
}

// The byte that `rest` stands for, and whether it is written as an escape there: an error
// found after decoding (a host's escapes, UTF-8 checked on decoded bytes) points at its "%HH".
struct offending_byte {
  unsigned char value;
  bool escaped;
};
offending_byte offending_byte_at(std::string_view rest) noexcept {
  const int escaped = escape_at(rest, 0);
  if (escaped < 0) return {static_cast<unsigned char>(rest[0]), false};
  return {static_cast<unsigned char>(escaped), true};
}

// Writes all of `s` to stderr; a failure there has nowhere to be reported.
void write_stderr(std::string_view s) noexcept {
  while (!s.empty()) {
    ssize_t w = ::write(2, s.data(), s.size());
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return;
    s.remove_prefix(static_cast<std::size_t>(w));
  }
}

}  // namespace

error_context context_of(std::string_view input, std::size_t offset) noexcept {
  const std::size_t begin = offset > context_bytes ? offset - context_bytes : 0;
  const std::size_t end = std::min(input.size(), offset + context_bytes + 1);
  return {input.substr(begin, end - begin), offset - begin, begin > 0, end < input.size()};
}

std::string describe(errc code, const error_context& ctx) {
  // The URL Standard's verbs say which validation error rejected the input (url_message.h).
  if (code == errc::invalid_url && !url_message.empty()) return url_message;
  std::string s(message(code));
  const std::string_view rest = ctx.text.substr(std::min(ctx.at, ctx.text.size()));
  if (rest.empty()) return s;
  const offending_byte b = offending_byte_at(rest);
  switch (code) {
    case errc::incomplete_escape:
    case errc::bad_escape_hex: {
      // The '%' and what follows it, up to the two bytes that should have been hex digits.
      s += code == errc::incomplete_escape ? " (input ends with \"" : " (got \"";
      for (char c : rest.substr(0, 3)) append_byte(s, static_cast<unsigned char>(c));
      s += "\")";
      break;
    }
    case errc::disallowed_char:
      // An escape is disallowed only where its byte may not stand even encoded (a host's
      // "%20", which IDNA decodes): "it must be percent-encoded" would not help there.
      if (b.escaped) s = "character not allowed here, even percent-encoded";
      s += " (byte ";
      append_hex_byte(s, b.value);
      if (printable(b.value) && (!b.escaped || ctx.escapes_read_as_ascii)) {
        s += " '";
        s += static_cast<char>(b.value);
        s += '\'';
      }
      if (b.escaped) (s += ", written ") += rest.substr(0, 3);
      s += ')';
      break;
    case errc::invalid_utf8:
      s += " (the sequence starting with byte ";
      append_hex_byte(s, b.value);
      if (b.escaped) (s += ", written ") += rest.substr(0, 3);
      s += ')';
      break;
    case errc::unmappable_char: {
      // The character, as U+XXXX (the input is valid UTF-8 where this is reported).
      const utf8_sequence seq = read_utf8(rest, 0);
      char cp[16];
      std::snprintf(cp, sizeof cp, " (U+%04X)", static_cast<unsigned>(seq.code_point));
      s += cp;
      break;
    }
    case errc::invalid_in_charset:
      s += " (byte ";
      append_hex_byte(s, b.value);
      if (b.escaped) (s += ", written ") += rest.substr(0, 3);
      s += ')';
      break;
    default: break;
  }
  return s;
}

std::string render(const error_context& ctx) {
  std::string echo = "  ";
  if (ctx.cut_before) echo += "...";
  std::size_t caret = echo.size();
  for (std::size_t i = 0; i < ctx.text.size(); ++i) {
    if (i == ctx.at) caret = echo.size();
    append_byte(echo, static_cast<unsigned char>(ctx.text[i]));
  }
  if (ctx.at >= ctx.text.size()) caret = echo.size();
  if (ctx.cut_after) echo += "...";
  echo += '\n';
  echo.append(caret, ' ');
  echo += "^\n";
  return echo;
}

namespace {
error_format format_in_use = error_format::text;

// The JSON form of report_error (see error_format).
std::string json_report(std::string_view verb, std::optional<std::uint64_t> line,
                        std::uint64_t offset, errc code, const error_context& ctx) {
  std::string s;
  string_sink out{s};
  s += "{\"verb\":";
  write_json_string(out, verb);
  (s += ",\"line\":") += line ? std::to_string(*line) : "null";
  (s += ",\"column\":") += std::to_string(offset + 1);
  (s += ",\"offset\":") += std::to_string(offset);
  s += ",\"code\":";
  write_json_string(out, name(code));
  s += ",\"message\":";
  write_json_string(out, utf8_replace_invalid(describe(code, ctx)));
  s += ",\"input\":";
  write_json_string(out, utf8_replace_invalid(ctx.text));
  s += "}\n";
  return s;
}
}  // namespace

void set_error_format(error_format format) noexcept { format_in_use = format; }
error_format current_error_format() noexcept { return format_in_use; }

void report_error(std::string_view verb, std::optional<std::uint64_t> line, std::uint64_t offset,
                  errc code, const error_context& ctx) {
  if (format_in_use == error_format::json)
    return write_stderr(json_report(verb, line, offset, code, ctx));
  std::string s = "urix: ";
  (s += verb) += ": ";
  if (line) (s += "line ") += std::to_string(*line) += ", ";
  (s += "column ") += std::to_string(offset + 1) += ": ";
  s += describe(code, ctx);
  s += '\n';
  s += render(ctx);
  write_stderr(s);
}

void report_message(std::string_view verb, std::string_view message) {
  std::string s = "urix: ";
  if (!verb.empty()) (s += verb) += ": ";
  (s += message) += '\n';
  write_stderr(s);
}

}  // namespace urix::cli
