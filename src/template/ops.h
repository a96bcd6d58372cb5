// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/template/ops.h: what each RFC 6570 operator writes (the table of Appendix A), the one
// place expansion and matching read it from.
// @private: not part of urix's public API.
#pragma once

#include <array>

#include "urix/charset.h"
#include "urix/sets.h"
#include "urix/template.h"

namespace urix::detail {

/// One column of RFC 6570 Appendix A's table.
struct template_op {
  char first;           ///< written before the first defined variable; 0 for none
  char sep;             ///< written between defined variables and exploded items
  bool named;           ///< "name=value" (';' '?' '&')
  bool ifemp_equals;    ///< an empty value writes "name=" ('?' '&'), not just "name" (';')
  bool allow_reserved;  ///< U+R: reserved characters and escapes pass through ('+' '#')
};

inline constexpr std::array<template_op, 8> template_ops{{
    {0, ',', false, false, false},     // none   (3.2.2)
    {0, ',', false, false, true},      // +      (3.2.3)
    {'#', ',', false, false, true},    // #      (3.2.4)
    {'.', '.', false, false, false},   // .      (3.2.5)
    {'/', '/', false, false, false},   // /      (3.2.6)
    {';', ';', true, false, false},    // ;      (3.2.7)
    {'?', '&', true, true, false},     // ?      (3.2.8)
    {'&', '&', true, true, false},     // &      (3.2.9)
}};

[[nodiscard]] constexpr const template_op& op_info(uri_template::op o) noexcept {
  return template_ops[static_cast<unsigned>(o)];
}

/// The characters a value is written with unencoded (RFC 6570 1.5, 3.2.1): unreserved, or
/// for U+R also reserved (escapes are kept by the encoder's keep_escapes option).
inline constexpr charset template_u = sets::unreserved;
inline constexpr charset template_ur = sets::unreserved | sets::reserved;

/// RFC 6570 2.1 `literals`' ASCII characters other than '%' (which starts pct-encoded), and
/// '\'': 2.1's ABNF leaves it out, but it is a reserved character (sub-delims) and 2.1's own
/// example, "'{count}'", expands with it copied.
inline constexpr charset template_literal =
    charset::range(0x21, 0x7E) - charset("\"%<>\\^`{|}");

/// RFC 6570 2.3 `varchar` other than pct-encoded.
inline constexpr charset template_varchar = sets::alpha | sets::digit | charset("_");

}  // namespace urix::detail
