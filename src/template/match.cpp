// SPDX-License-Identifier: Apache-2.0 OR MIT
// RFC 6570 in reverse: which templates read back uniquely (matchable), and reading a URI's
// text back into the variables that expand to it (match). The rules are stated in
// urix/template.h and docs/template.md.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "../pct/escape.h"
#include "ops.h"
#include "urix/pct.h"
#include "urix/template.h"
#include "urix/utf8.h"

namespace urix {
namespace {

using detail::op_info;
using detail::template_op;
using part = uri_template::part;
using varspec = uri_template::varspec;

// Every byte an expression's expansion may hold: its values' characters, '%' of their
// escapes, its first character, its separators, and '=' (named, exploded associative arrays).
charset with(const charset& set, char c) noexcept {
  return set | charset(std::string_view(&c, 1));
}

charset alphabet(const template_op& o) noexcept {
  charset a = (o.allow_reserved ? detail::template_ur : detail::template_u) | charset("%,=");
  a = with(a, o.sep);
  return o.first != 0 ? with(a, o.first) : a;
}

// The bytes that may start what follows part `p` (nullopt: a value's byte may, so nothing can
// mark where part p's expansion ends). `ends` says whether the template may end there.
std::optional<charset> terminators(const std::vector<part>& parts, std::size_t p,
                                   const uri_template& t) {
  charset term;
  for (std::size_t q = p + 1; q < parts.size(); ++q) {
    if (parts[q].is_literal()) {
      term = with(term, t.literal(parts[q])[0]);
      return term;
    }
    const template_op& o = op_info(parts[q].oper);
    if (o.first == 0) return std::nullopt;
    term = with(term, o.first);
  }
  return term;
}

bool intersects(const charset& a, const charset& b) noexcept {
  return !((a & b) == charset{});
}

// Decoded text (validated escapes: decoding cannot fail).
std::string decoded(std::string_view s) {
  auto d = decode(s);
  return d ? std::move(*d) : std::string(s);
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> pieces;
  std::size_t start = 0;
  while (true) {
    const std::size_t k = s.find(sep, start);
    if (k == s.npos) {
      pieces.push_back(s.substr(start));
      return pieces;
    }
    pieces.push_back(s.substr(start, k - start));
    start = k + 1;
  }
}

// A non-exploded value's text: a list when the list separator is there raw (U only), else a
// string.
template_value read_plain(std::string_view s, bool allow_reserved) {
  if (!allow_reserved && s.find(',') != s.npos) {
    template_value::list items;
    for (std::string_view piece : split(s, ',')) items.push_back(decoded(piece));
    return items;
  }
  return decoded(s);
}

// One reading of a varspec in the URI.
struct reading {
  std::string_view name;
  template_value value;  // undefined: the URI leaves it undefined here
  std::uint16_t prefix;
  std::size_t offset;  // in the URI
  // Undefined here, though "" would have read the same (no operator or '+', one variable,
  // empty text; with several, two "" would have written ",").
  bool may_be_empty = false;
};

std::size_t code_points(std::string_view s) noexcept {
  std::size_t n = 0;
  for (std::size_t i = 0; i < s.size(); i += read_utf8(s, i).len) ++n;
  return n;
}

std::size_t prefix_bytes(std::string_view s, std::size_t chars) noexcept {
  std::size_t i = 0;
  for (std::size_t n = 0; n < chars && i < s.size(); ++n) i += read_utf8(s, i).len;
  return i;
}

// Whether reading `a` says more of its variable than `b`: no prefix over a prefix, or a
// longer prefix.
bool longer(const reading& a, const reading& b) noexcept {
  if (a.prefix == 0 || b.prefix == 0) return a.prefix == 0 && b.prefix != 0;
  return a.value.type() == template_value::kind::string &&
         b.value.type() == template_value::kind::string &&
         a.value.string().size() > b.value.string().size();
}

// Reads one expression's text `s` (at `base` in the URI) into `out`.
result<void> read_expression(const uri_template& t, const part& p, std::string_view s,
                             std::size_t base, std::vector<reading>& out) {
  const template_op& o = op_info(p.oper);
  const varspec* specs = t.varspecs().data() + p.first_var;
  const std::size_t count = p.var_count;
  auto undefined_all = [&] {
    for (std::size_t k = 0; k < count; ++k) {
      out.push_back({t.name(specs[k]), {}, specs[k].prefix, base, o.first == 0 && count == 1});
    }
  };
  if (s.empty()) {
    undefined_all();
    return {};
  }
  if (o.first != 0) {
    if (s[0] != o.first) return error{errc::no_match, base};
    s.remove_prefix(1);
    ++base;
  }
  const charset a = alphabet(o);
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (!a.contains(s[i])) return error{errc::no_match, base + i};
    if (s[i] == '%' && detail::escape_at(s, i) < 0) return error{errc::no_match, base + i};
  }
  auto at = [&](std::string_view piece) { return base + static_cast<std::size_t>(piece.data() - s.data()); };
  if (!o.named) {
    if (count == 1 && !specs[0].explode) {
      out.push_back({t.name(specs[0]), read_plain(s, o.allow_reserved), specs[0].prefix, base});
      return {};
    }
    const std::vector<std::string_view> pieces = split(s, o.sep);
    if (count == 1) {  // exploded: a list, or "key=value" items
      // An exploded item is written whole: a raw ',' (a list's separator) is none of its.
      if (o.sep != ',') {
        if (const std::size_t comma = s.find(','); comma != s.npos) return error{errc::no_match, base + comma};
      }
      std::size_t with_equals = 0;
      for (std::string_view piece : pieces) with_equals += piece.find('=') != piece.npos;
      if (with_equals == 0) {
        template_value::list items;
        for (std::string_view piece : pieces) items.push_back(decoded(piece));
        out.push_back({t.name(specs[0]), std::move(items), 0, base});
        return {};
      }
      template_value::pairs entries;
      for (std::string_view piece : pieces) {
        const std::size_t eq = piece.find('=');
        if (eq == piece.npos) return error{errc::no_match, at(piece)};
        if (piece.find('=', eq + 1) != piece.npos) return error{errc::no_match, at(piece) + eq};
        entries.emplace_back(decoded(piece.substr(0, eq)), decoded(piece.substr(eq + 1)));
      }
      out.push_back({t.name(specs[0]), std::move(entries), 0, base});
      return {};
    }
    if (pieces.size() != count) return error{errc::ambiguous_match, base};
    for (std::size_t k = 0; k < count; ++k) {
      out.push_back({t.name(specs[k]), read_plain(pieces[k], false), specs[k].prefix, at(pieces[k])});
    }
    return {};
  }
  // ';' '?' '&': "name[=value]" pieces, in the template's order.
  const std::vector<std::string_view> pieces = split(s, o.sep);
  auto name_of = [](std::string_view piece) { return piece.substr(0, piece.find('=')); };
  auto value_of = [&](std::string_view piece) -> result<std::string_view> {
    const std::size_t eq = piece.find('=');
    if (eq == piece.npos) return std::string_view{};
    std::string_view v = piece.substr(eq + 1);
    if (v.find('=') != v.npos) return error{errc::no_match, at(v) + v.find('=')};
    return v;
  };
  std::size_t idx = 0;
  for (std::size_t k = 0; k < count; ++k) {
    const varspec& spec = specs[k];
    const std::string_view name = t.name(spec);
    const std::size_t spec_at = idx < pieces.size() ? at(pieces[idx]) : base + s.size();
    if (!spec.explode) {
      if (idx < pieces.size() && name_of(pieces[idx]) == name) {
        auto v = value_of(pieces[idx]);
        if (!v) return v.error();
        // With ';' an empty string is written "name": "name=" is a list of one empty item.
        const bool one_empty_item = !o.ifemp_equals && v->empty() && pieces[idx].size() > name.size();
        out.push_back({name, one_empty_item ? template_value(template_value::list{""}) : read_plain(*v, false),
                       spec.prefix, spec_at});
        ++idx;
      } else {
        out.push_back({name, {}, spec.prefix, spec_at});
      }
      continue;
    }
    // An exploded item is written whole: a raw ',' (a list's separator) is none of its.
    auto whole_item = [&](std::string_view piece) -> result<void> {
      if (const std::size_t comma = piece.find(','); comma != piece.npos) {
        return error{errc::no_match, at(piece) + comma};
      }
      return {};
    };
    // ';' writes an empty exploded item or pair value "k" (its ifemp is ""), never "k=".
    auto written_whole = [&](std::string_view piece) {
      return o.ifemp_equals || !piece.ends_with('=') || piece.find('=') + 1 != piece.size();
    };
    std::size_t end = idx;
    while (end < pieces.size() && name_of(pieces[end]) == name && written_whole(pieces[end])) ++end;
    if (k + 1 == count && end < pieces.size()) {
      // The last exploded variable takes every remaining parameter: an associative array.
      template_value::pairs entries;
      for (; idx < pieces.size(); ++idx) {
        if (auto w = whole_item(pieces[idx]); !w) return w.error();
        if (!written_whole(pieces[idx])) return error{errc::no_match, at(pieces[idx]) + pieces[idx].size() - 1};
        auto v = value_of(pieces[idx]);
        if (!v) return v.error();
        entries.emplace_back(decoded(name_of(pieces[idx])), decoded(*v));
      }
      out.push_back({name, std::move(entries), 0, spec_at});
      continue;
    }
    template_value::list items;
    for (; idx < end; ++idx) {
      if (auto w = whole_item(pieces[idx]); !w) return w.error();
      auto v = value_of(pieces[idx]);
      if (!v) return v.error();
      items.push_back(decoded(*v));
    }
    out.push_back({name, items.empty() ? template_value{} : template_value(std::move(items)), 0, spec_at});
  }
  if (idx < pieces.size()) return error{errc::no_match, at(pieces[idx])};
  return {};
}

// Whether `uri` at `at` holds literal `lit` (escapes' hex digits in either case).
std::size_t literal_mismatch(std::string_view uri, std::size_t at, std::string_view lit) noexcept {
  for (std::size_t i = 0; i < lit.size(); ++i) {
    if (at + i >= uri.size()) return i;
    char a = uri[at + i];
    char b = lit[i];
    const bool in_escape = (i >= 1 && lit[i - 1] == '%') || (i >= 2 && lit[i - 2] == '%');
    if (in_escape && a >= 'a' && a <= 'f') a = static_cast<char>(a - 'a' + 'A');
    if (in_escape && b >= 'a' && b <= 'f') b = static_cast<char>(b - 'a' + 'A');
    if (a != b) return i;
  }
  return lit.size();
}

}  // namespace

result<void> uri_template::matchable() const {
  for (std::size_t p = 0; p < parts_.size(); ++p) {
    const part& e = parts_[p];
    if (e.is_literal()) continue;
    const template_op& o = op_info(e.oper);
    bool any_explode = false;
    for (std::uint32_t k = e.first_var; k < e.first_var + e.var_count; ++k) {
      any_explode = any_explode || vars_[k].explode;
    }
    if (e.var_count > 1 || any_explode) {
      const charset& values = o.allow_reserved ? detail::template_ur : detail::template_u;
      if (values.contains(o.sep)) return error{errc::not_matchable, e.offset};
      if (!o.named && e.var_count > 1 && any_explode) return error{errc::not_matchable, e.offset};
    }
    if (p + 1 == parts_.size()) continue;
    if (p + 2 == parts_.size() && parts_[p + 1].is_literal()) continue;
    const std::optional<charset> term = terminators(parts_, p, *this);
    if (!term || intersects(*term, alphabet(o))) return error{errc::not_matchable, e.offset};
  }
  return {};
}

result<template_variables> uri_template::match(std::string_view uri) const {
  if (auto ok = matchable(); !ok) return ok.error();
  std::vector<reading> readings;
  std::size_t cursor = 0;
  for (std::size_t p = 0; p < parts_.size(); ++p) {
    const part& e = parts_[p];
    if (e.is_literal()) {
      const std::string_view lit = literal(e);
      const std::size_t same = literal_mismatch(uri, cursor, lit);
      if (same != lit.size()) return error{errc::no_match, cursor + same};
      cursor += lit.size();
      continue;
    }
    std::size_t end = uri.size();
    if (p + 2 == parts_.size() && parts_[p + 1].is_literal()) {
      const std::string_view lit = literal(parts_[p + 1]);
      if (uri.size() - cursor < lit.size()) return error{errc::no_match, uri.size()};
      end = uri.size() - lit.size();
    } else if (p + 1 < parts_.size()) {
      const charset term = *terminators(parts_, p, *this);
      std::size_t k = cursor;
      while (k < uri.size() && !term.contains(uri[k])) ++k;
      end = k;
    }
    if (auto r = read_expression(*this, e, uri.substr(cursor, end - cursor), cursor, readings); !r) {
      return r.error();
    }
    cursor = end;
  }
  if (cursor != uri.size()) return error{errc::no_match, cursor};

  // Each name once: every reading of a name must agree (2.4.1: a prefix reads as the start of
  // the whole value), and an undefined reading allows only "" elsewhere.
  std::vector<std::size_t> order(readings.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return readings[a].name < readings[b].name; });
  template_variables vars;
  for (std::size_t i = 0; i < order.size();) {
    std::size_t j = i;
    const reading* whole = nullptr;  // the longest defined reading
    bool strictly_undefined = false;  // undefined where "" would have read otherwise
    for (; j < order.size() && readings[order[j]].name == readings[order[i]].name; ++j) {
      const reading& r = readings[order[j]];
      if (r.value.is_undefined()) {
        strictly_undefined = strictly_undefined || !r.may_be_empty;
        continue;
      }
      if (r.value.type() == template_value::kind::string && r.prefix != 0 &&
          code_points(r.value.string()) > r.prefix) {
        return error{errc::no_match, r.offset};
      }
      if (whole == nullptr || longer(r, *whole)) whole = &r;
    }
    if (whole != nullptr) {
      for (std::size_t k = i; k < j; ++k) {
        const reading& r = readings[order[k]];
        if (r.value.is_undefined()) continue;
        bool agrees = r.value == whole->value;
        if (!agrees && r.prefix != 0 && r.value.type() == template_value::kind::string &&
            whole->value.type() == template_value::kind::string) {
          const std::string& full = whole->value.string();
          agrees = r.value.string() == std::string_view(full).substr(0, prefix_bytes(full, r.prefix));
        }
        if (!agrees) return error{errc::no_match, r.offset};
      }
      const bool empty = whole->value.type() == template_value::kind::string && whole->value.string().empty();
      for (std::size_t k = i; k < j; ++k) {
        const reading& r = readings[order[k]];
        if (r.value.is_undefined() && (strictly_undefined || !empty)) return error{errc::no_match, r.offset};
      }
      vars.set(whole->name, whole->value);
    }
    i = j;
  }
  return vars;
}

}  // namespace urix
