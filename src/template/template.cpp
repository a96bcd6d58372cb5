// SPDX-License-Identifier: Apache-2.0 OR MIT
// RFC 6570: parsing a template (section 2) and expanding it (section 3, Appendix A).
#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <numeric>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "../detail/copy.h"
#include "../pct/escape.h"
#include "../pct/short_encode.h"
#include "ops.h"
#include "urix/pct.h"
#include "urix/template.h"
#include "urix/ucs.h"
#include "urix/utf8.h"

namespace urix {
namespace {

using detail::op_info;
using detail::template_op;
using op = uri_template::op;

// Length of the varchar at text[i] (RFC 6570 2.3: ALPHA / DIGIT / "_" / pct-encoded), or 0.
std::size_t varchar_at(std::string_view text, std::size_t i) noexcept {
  if (i >= text.size()) return 0;
  if (detail::template_varchar.contains(text[i])) return 1;
  return detail::escape_starting_at(text, i) >= 0 ? 3 : 0;
}

// The operator a byte names (2.2), if any.
bool operator_of(char c, op& o) noexcept {
  switch (c) {
    case '+': o = op::reserved; return true;
    case '#': o = op::fragment; return true;
    case '.': o = op::label; return true;
    case '/': o = op::path; return true;
    case ';': o = op::param; return true;
    case '?': o = op::query; return true;
    case '&': o = op::continuation; return true;
    default: return false;
  }
}

// The operators 2.2 reserves for future extensions.
bool reserved_operator(char c) noexcept {
  return c == '=' || c == ',' || c == '!' || c == '@' || c == '|';
}

// Bytes from the start of `s` that a prefix of `chars` characters keeps (2.4.1): whole UTF-8
// sequences (an ill-formed byte counts as one character), and with U+R whole escapes.
std::size_t prefix_bytes(std::string_view s, std::size_t chars, bool keep_escapes) noexcept {
  std::size_t i = 0;
  for (std::size_t n = 0; n < chars && i < s.size(); ++n) {
    if (keep_escapes && s[i] == '%' && detail::escape_at(s, i) >= 0) {
      i += 3;
    } else if (static_cast<unsigned char>(s[i]) < 0x80) {
      ++i;
    } else {
      i += read_utf8(s, i).len;
    }
  }
  return i;
}

// Values longer than this are encoded by the codec's kernels; shorter ones (most) here, byte
// by byte, where a kernel's call would cost more than the bytes.
constexpr std::size_t long_value = 32;

// The two sets compiled for the byte-at-a-time writer (the sets are ASCII).
constexpr scan_set template_u_scan{detail::template_u};
constexpr scan_set template_ur_scan{detail::template_ur};

// Writes `s` encoded (3.2.1: U, or U+R with escapes kept) at `p`, which has room for three
// bytes per byte of `s`; returns the end of what it wrote.
char* write_value(char* p, std::string_view s, bool allow_reserved) noexcept {
  if (s.size() > long_value) {
    const charset& set = allow_reserved ? detail::template_ur : detail::template_u;
    return p + *encode_to({p, 3 * s.size()}, s, set, {.keep_escapes = allow_reserved});
  }
  return detail::write_encoded_short(p, s, allow_reserved ? template_ur_scan : template_u_scan, allow_reserved);
}

// Appends to a string through a pointer into room made beforehand (expand's bound): no
// capacity check per byte. room() makes more where the bound cannot be trusted.
class writer {
 public:
  writer(std::string& out, std::size_t bound) : out_(out) {
    const std::size_t start = out.size();
    out.resize(start + bound);
    p_ = out.data() + start;
  }
  writer(const writer&) = delete;
  writer& operator=(const writer&) = delete;
  ~writer() { out_.resize(static_cast<std::size_t>(p_ - out_.data())); }

  /// Makes sure `n` more bytes fit.
  void room(std::size_t n) {
    const auto used = static_cast<std::size_t>(p_ - out_.data());
    if (out_.size() - used >= n) return;
    out_.resize(std::max(used + n, 2 * out_.size()));
    p_ = out_.data() + used;
  }
  void put(char c) noexcept { *p_++ = c; }
  void put(std::string_view s) noexcept {
    detail::copy_short(p_, s.data(), s.size());
    p_ += s.size();
  }
  void value(std::string_view s, bool allow_reserved) noexcept {
    p_ = write_value(p_, s, allow_reserved);
  }

 private:
  std::string& out_;
  char* p_;
};

// Worst-case bytes a value adds beyond fixed_size_ (names and one separator per varspec are
// counted there): every value byte may become "%HH". Value: template_value or
// template_value_view.
template <class Value>
std::size_t value_bound(const Value& v, std::size_t name_size) noexcept {
  std::size_t n = 0;
  switch (v.type()) {
    case template_value::kind::undefined: break;
    case template_value::kind::string: n = 3 * v.string().size(); break;
    case template_value::kind::list:
      for (const auto& item : v.items()) n += 3 * std::string_view(item).size() + 2 + name_size;
      break;
    case template_value::kind::pairs:
      for (const auto& [k, val] : v.entries()) {
        n += 3 * (std::string_view(k).size() + std::string_view(val).size()) + 2;
      }
      break;
  }
  return n;
}

// Writes one defined variable of an expression (Appendix A), after its first/sep.
template <class Value>
void expand_varspec(writer& out, const template_op& o, std::string_view name,
                    const uri_template::varspec& spec, const Value& v) {
  switch (v.type()) {
    case template_value::kind::undefined: return;
    case template_value::kind::string: {
      std::string_view s = v.string();
      if (o.named) {
        out.put(name);
        if (s.empty()) {
          if (o.ifemp_equals) out.put('=');
          return;
        }
        out.put('=');
      }
      if (spec.prefix != 0) s = s.substr(0, prefix_bytes(s, spec.prefix, o.allow_reserved));
      out.value(s, o.allow_reserved);
      return;
    }
    case template_value::kind::list: {
      bool first = true;
      if (!spec.explode) {
        if (o.named) {
          out.put(name);
          out.put('=');
        }
        for (const auto& item : v.items()) {
          if (!first) out.put(',');
          first = false;
          out.value(item, o.allow_reserved);
        }
        return;
      }
      for (const auto& item : v.items()) {
        if (!first) out.put(o.sep);
        first = false;
        if (o.named) {
          out.put(name);
          if (std::string_view(item).empty()) {
            if (o.ifemp_equals) out.put('=');
            continue;
          }
          out.put('=');
        }
        out.value(item, o.allow_reserved);
      }
      return;
    }
    case template_value::kind::pairs: {
      bool first = true;
      if (!spec.explode) {
        if (o.named) {
          out.put(name);
          out.put('=');
        }
        for (const auto& [k, val] : v.entries()) {
          if (!first) out.put(',');
          first = false;
          out.value(k, o.allow_reserved);
          out.put(',');
          out.value(val, o.allow_reserved);
        }
        return;
      }
      for (const auto& [k, val] : v.entries()) {
        if (!first) out.put(o.sep);
        first = false;
        out.value(k, o.allow_reserved);
        if (o.named && std::string_view(val).empty()) {
          if (o.ifemp_equals) out.put('=');
          continue;
        }
        out.put('=');
        out.value(val, o.allow_reserved);
      }
      return;
    }
  }
}

}  // namespace

result<uri_template> uri_template::parse(std::string_view text) {
  if (text.size() > std::numeric_limits<std::uint32_t>::max()) return error{errc::no_space, 0};
  uri_template t;
  t.text_.assign(text);
  const std::size_t n = text.size();
  std::size_t lit_start = 0;  // in literals_: where the current literal began
  std::size_t lit_offset = 0;  // in text: where it began
  auto flush_literal = [&] {
    if (t.literals_.size() > lit_start) {
      t.parts_.push_back({static_cast<std::uint32_t>(lit_offset),
                          static_cast<std::uint32_t>(lit_start),
                          static_cast<std::uint32_t>(t.literals_.size() - lit_start), 0, 0,
                          op::none});
    }
    lit_start = t.literals_.size();
  };
  std::size_t i = 0;
  while (i < n) {
    const char c = text[i];
    const auto u = static_cast<unsigned char>(c);
    if (c == '{') {
      flush_literal();
      const std::size_t open = i;
      if (text.find('}', open) == text.npos) return error{errc::unclosed_expression, open};
      std::size_t j = open + 1;
      op o = op::none;
      if (operator_of(text[j], o)) {
        ++j;
      } else if (reserved_operator(text[j]) ||
                 (detail::template_literal.contains(text[j]) && text[j] != '}' &&
                  varchar_at(text, j) == 0)) {
        return error{errc::bad_operator, j};
      }
      const auto first_var = static_cast<std::uint32_t>(t.vars_.size());
      while (true) {
        // varname = varchar *( ["."] varchar )
        const std::size_t name_start = j;
        std::size_t len = varchar_at(text, j);
        if (len == 0) return error{errc::bad_varname, j};
        j += len;
        while (j < n) {
          if ((len = varchar_at(text, j)) != 0) {
            j += len;
          } else if (text[j] == '.' && (len = varchar_at(text, j + 1)) != 0) {
            j += 1 + len;
          } else {
            break;
          }
        }
        varspec spec{static_cast<std::uint32_t>(name_start),
                     static_cast<std::uint32_t>(j - name_start), 0, false, 0};
        if (j < n && text[j] == ':') {
          // max-length = %x31-39 0*3DIGIT
          ++j;
          if (j >= n || text[j] < '1' || text[j] > '9') return error{errc::bad_prefix, j};
          unsigned value = 0;
          for (int d = 0; d < 4 && j < n && text[j] >= '0' && text[j] <= '9'; ++d, ++j) {
            value = value * 10 + static_cast<unsigned>(text[j] - '0');
          }
          if (j < n && ((text[j] >= '0' && text[j] <= '9') || text[j] == '*')) {
            return error{errc::bad_prefix, j};
          }
          spec.prefix = static_cast<std::uint16_t>(value);
        } else if (j < n && text[j] == '*') {
          spec.explode = true;
          ++j;
          if (j < n && text[j] == ':') return error{errc::bad_prefix, j};
        }
        t.vars_.push_back(spec);
        t.fixed_size_ += spec.name_size + 2;
        if (j < n && text[j] == ',') {
          ++j;
          continue;
        }
        if (j < n && text[j] == '}') break;
        return error{errc::bad_varname, j};
      }
      t.parts_.push_back({static_cast<std::uint32_t>(open), 0, 0, first_var,
                          static_cast<std::uint32_t>(t.vars_.size() - first_var), o});
      t.fixed_size_ += 1;
      i = j + 1;
      lit_offset = i;
      continue;
    }
    // Literals (2.1, 3.1): unreserved and reserved characters and escapes copied, ucschar and
    // iprivate percent-encoded as UTF-8, anything else an error.
    if (u < 0x80) {
      if (c == '%') {
        if (detail::escape_at(text, i) < 0) return detail::escape_error(text, i);
        t.literals_.append(text.substr(i, 3));
        i += 3;
        continue;
      }
      if (!detail::template_literal.contains(c)) return error{errc::disallowed_char, i};
      t.literals_ += c;
      ++i;
      continue;
    }
    const utf8_sequence seq = read_utf8(text, i);
    if (!seq.ok) return error{errc::invalid_utf8, i};
    if (!is_ucschar(seq.code_point) && !is_iprivate(seq.code_point)) {
      return error{errc::disallowed_code_point, i};
    }
    encode_append(t.literals_, text.substr(i, seq.len), charset{});
    i += seq.len;
  }
  flush_literal();
  t.fixed_size_ += t.literals_.size();
  t.number_variables();
  return t;
}

// Numbers the variables in order of first appearance (varspec::variable): sorted by name, in
// O(n log n), rather than each name compared with every earlier one.
void uri_template::number_variables() {
  std::vector<std::uint32_t> by_name(vars_.size());
  std::iota(by_name.begin(), by_name.end(), 0U);
  std::stable_sort(by_name.begin(), by_name.end(), [&](std::uint32_t a, std::uint32_t b) {
    return name(vars_[a]) < name(vars_[b]);
  });
  // First each varspec's first occurrence of its name, then that occurrence's number.
  for (std::size_t i = 0; i < by_name.size(); ++i) {
    const bool first = i == 0 || name(vars_[by_name[i]]) != name(vars_[by_name[i - 1]]);
    vars_[by_name[i]].variable = first ? by_name[i] : vars_[by_name[i - 1]].variable;
  }
  variable_count_ = 0;
  for (std::uint32_t k = 0; k < vars_.size(); ++k) {
    std::uint32_t& v = vars_[k].variable;
    v = v == k ? static_cast<std::uint32_t>(variable_count_++) : vars_[v].variable;
  }
}

template <class ValueOf>
void uri_template::expand_with(std::string& out, const ValueOf& value_of, bool stable) const {
  using value = std::remove_cvref_t<decltype(*value_of(0))>;
  // Each varspec's value, looked up once for both passes when they fit on the stack (the
  // common case); a longer template looks them up again rather than allocate.
  constexpr std::size_t cached = 16;
  std::array<const value*, cached> values{};
  const bool cache = vars_.size() <= cached;
  auto value_at = [&](std::uint32_t k) { return cache ? values[k] : value_of(k); };
  std::size_t bound = fixed_size_;
  for (std::uint32_t k = 0; k < vars_.size(); ++k) {
    const value* v = value_of(k);
    if (cache) values[k] = v;
    if (v != nullptr) bound += value_bound(*v, vars_[k].name_size);
  }
  // The values written are those bounded, unless the caller's lookup may give others (or the
  // same object changed) when called again: then each part makes its own room.
  const bool check = !stable;
  writer w(out, bound);
  for (const part& p : parts_) {
    if (p.is_literal()) {
      if (check) w.room(p.literal_size);
      w.put(literal(p));
      continue;
    }
    const template_op& o = op_info(p.oper);
    bool first = true;
    for (std::uint32_t k = p.first_var; k < p.first_var + p.var_count; ++k) {
      const varspec& spec = vars_[k];
      const value* v = value_at(k);
      if (v == nullptr || v->is_undefined()) continue;  // 3.2.1: skipped
      if (check) w.room(1 + spec.name_size + 2 + value_bound(*v, spec.name_size));
      if (first) {
        if (o.first != 0) w.put(o.first);
        first = false;
      } else {
        w.put(o.sep);
      }
      expand_varspec(w, o, name(spec), spec, *v);
    }
  }
}

std::string uri_template::expand(const template_variables& vars) const {
  std::string out;
  expand_append(out, vars);
  return out;
}

void uri_template::expand_append(std::string& out, const template_variables& vars) const {
  expand_with(out, [&](std::uint32_t k) { return vars.find(name(vars_[k])); }, true);
}

void uri_template::expand_append(
    std::string& out,
    const std::function<const template_value*(std::string_view)>& lookup) const {
  expand_with(out, [&](std::uint32_t k) { return lookup(name(vars_[k])); }, false);
}

std::string uri_template::expand(std::span<const template_value_view> values) const {
  std::string out;
  expand_append(out, values);
  return out;
}

void uri_template::expand_append(std::string& out,
                                 std::span<const template_value_view> values) const {
  expand_with(out, [&](std::uint32_t k) {
    const std::uint32_t v = vars_[k].variable;
    return v < values.size() ? &values[v] : nullptr;
  }, true);
}

std::vector<std::string_view> uri_template::variable_names() const {
  std::vector<std::string_view> names;
  names.reserve(variable_count_);
  for (const varspec& v : vars_) {
    if (v.variable == names.size()) names.push_back(name(v));
  }
  return names;
}

}  // namespace urix
