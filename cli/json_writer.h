// cli/json_writer.h: JSON text written straight to the output, as the CLI's verbs need it.
//
// `urix parse` once built each result as a JSON tree first; with a node per query parameter
// that took about 50 times the input line in memory (issue 28). Writing the text as it is
// produced keeps a verb's memory to its input and its output. The strings given here must be
// UTF-8 (RFC 8259 8.1): callers replace what is not (urix::utf8_replace_invalid).
#pragma once

#include <string>
#include <string_view>

namespace urix::cli {

/// A std::string as a place to write JSON to (the CLI's `output` is the other).
struct string_sink {
  std::string& text;
  void put(char c) { text += c; }
  void write(std::string_view s) { text += s; }
};

/// Writes `s` as a JSON string to `out` (anything with put(char) and write(string_view)):
/// quoted, with '"', '\\' and the control characters escaped (RFC 8259 section 7), every
/// other byte as it is.
template <class Sink>
void write_json_string(Sink& out, std::string_view s) {
  static constexpr char hex[] = "0123456789abcdef";
  out.put('"');
  std::size_t plain = 0;  // start of the bytes not yet written
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c != '"' && c != '\\') continue;
    out.write(s.substr(plain, i - plain));
    plain = i + 1;
    switch (c) {
      case '"': out.write("\\\""); break;
      case '\\': out.write("\\\\"); break;
      case '\b': out.write("\\b"); break;
      case '\f': out.write("\\f"); break;
      case '\n': out.write("\\n"); break;
      case '\r': out.write("\\r"); break;
      case '\t': out.write("\\t"); break;
      default:
        out.write("\\u00");
        out.put(hex[c >> 4]);
        out.put(hex[c & 0xF]);
    }
  }
  out.write(s.substr(plain));
  out.put('"');
}

}  // namespace urix::cli
