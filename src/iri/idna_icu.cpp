// SPDX-License-Identifier: Apache-2.0 OR MIT
// src/iri/idna_icu.cpp: the IDNA backend on ICU's UTS #46 implementation (uidna_openUTS46),
// the one browsers use. All ICU calls of urix live in this file.
#include <unicode/normalizer2.h>
#include <unicode/stringpiece.h>
#include <unicode/uchar.h>
#include <unicode/uidna.h>
#include <unicode/unorm2.h>
#include <unicode/uset.h>
#include <unicode/uspoof.h>
#include <unicode/ustring.h>
#include <unicode/utf8.h>
#include <unicode/uversion.h>

#include <array>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "idna_backend.h"

namespace urix::detail::idna {
namespace {

// ICU reports its UTS #46 findings as UIDNA_ERROR_* bits; translate them to the backend's own.
std::uint32_t from_icu(std::uint32_t e) noexcept {
  std::uint32_t r = 0;
  if (e & UIDNA_ERROR_EMPTY_LABEL) r |= empty_label;
  if (e & UIDNA_ERROR_LABEL_TOO_LONG) r |= label_too_long;
  if (e & UIDNA_ERROR_DOMAIN_NAME_TOO_LONG) r |= domain_too_long;
  if (e & (UIDNA_ERROR_LEADING_HYPHEN | UIDNA_ERROR_TRAILING_HYPHEN | UIDNA_ERROR_HYPHEN_3_4)) {
    r |= hyphen;
  }
  if (e & UIDNA_ERROR_LEADING_COMBINING_MARK) r |= leading_combining_mark;
  if (e & UIDNA_ERROR_DISALLOWED) r |= disallowed;
  if (e & UIDNA_ERROR_PUNYCODE) r |= punycode;
  if (e & UIDNA_ERROR_LABEL_HAS_DOT) r |= label_has_dot;
  if (e & UIDNA_ERROR_INVALID_ACE_LABEL) r |= invalid_ace_label;
  if (e & UIDNA_ERROR_BIDI) r |= bidi;
  if (e & UIDNA_ERROR_CONTEXTJ) r |= contextj;
  return r;
}

// One immutable UTS #46 processor per combination of open-time flags, built on first use.
// ICU documents UIDNA objects as thread-safe for concurrent use once opened.
class processors {
 public:
  processors() noexcept {
    for (unsigned i = 0; i < idna_.size(); ++i) {
      std::uint32_t opts = UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_NONTRANSITIONAL_TO_UNICODE;
      if (i & 1u) opts |= UIDNA_USE_STD3_RULES;
      if (i & 2u) opts |= UIDNA_CHECK_BIDI;
      if (i & 4u) opts |= UIDNA_CHECK_CONTEXTJ;
      UErrorCode status = U_ZERO_ERROR;
      idna_[i] = uidna_openUTS46(opts, &status);
      if (U_FAILURE(status)) idna_[i] = nullptr;
    }
  }
  ~processors() {
    for (UIDNA* p : idna_) {
      if (p != nullptr) uidna_close(p);
    }
  }
  processors(const processors&) = delete;
  processors& operator=(const processors&) = delete;

  [[nodiscard]] const UIDNA* get(flags f) const noexcept {
    const unsigned i = (f.use_std3_rules ? 1u : 0u) | (f.check_bidi ? 2u : 0u) |
                       (f.check_joiners ? 4u : 0u);
    return idna_[i];
  }

 private:
  std::array<UIDNA*, 8> idna_{};
};

const UIDNA* processor(flags f) noexcept {
  static const processors all;
  return all.get(f);
}

using icu_call = int32_t (*)(const UIDNA*, const char*, int32_t, char*, int32_t, UIDNAInfo*,
                             UErrorCode*);

// Runs one ICU UTF-8 entry point, growing `out` once if the first guess was short.
std::uint32_t run(icu_call call, std::string_view in, flags f, std::string& out) {
  const UIDNA* idna = processor(f);
  if (idna == nullptr || in.size() > INT32_MAX / 8) return internal;
  const auto len = static_cast<int32_t>(in.size());
  out.resize(in.size() * 2 + 16);
  for (int attempt = 0; attempt < 2; ++attempt) {
    UIDNAInfo info = UIDNA_INFO_INITIALIZER;
    UErrorCode status = U_ZERO_ERROR;
    const int32_t n = call(idna, in.data(), len, out.data(), static_cast<int32_t>(out.size()),
                           &info, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR && attempt == 0) {
      out.resize(static_cast<std::size_t>(n));
      continue;
    }
    if (U_FAILURE(status)) return internal;
    out.resize(static_cast<std::size_t>(n));
    return from_icu(info.errors);
  }
  return internal;
}

}  // namespace

std::uint32_t to_ascii(std::string_view in, flags f, std::string& out) {
  return run(&uidna_nameToASCII_UTF8, in, f, out);
}

std::uint32_t to_unicode(std::string_view in, flags f, std::string& out) {
  return run(&uidna_nameToUnicodeUTF8, in, f, out);
}

namespace {

// The Bidi classes of RFC 5893 section 2, as ICU's masks.
constexpr std::uint32_t L = U_MASK(U_LEFT_TO_RIGHT);
constexpr std::uint32_t R = U_MASK(U_RIGHT_TO_LEFT);
constexpr std::uint32_t AL = U_MASK(U_RIGHT_TO_LEFT_ARABIC);
constexpr std::uint32_t AN = U_MASK(U_ARABIC_NUMBER);
constexpr std::uint32_t EN = U_MASK(U_EUROPEAN_NUMBER);
constexpr std::uint32_t NSM = U_MASK(U_DIR_NON_SPACING_MARK);
constexpr std::uint32_t neutral = U_MASK(U_EUROPEAN_NUMBER_SEPARATOR) |
                                  U_MASK(U_COMMON_NUMBER_SEPARATOR) |
                                  U_MASK(U_EUROPEAN_NUMBER_TERMINATOR) |
                                  U_MASK(U_OTHER_NEUTRAL) | U_MASK(U_BOUNDARY_NEUTRAL) | NSM;

// A label's Bidi classes: all of them, the first code point's, the last one's that is not NSM.
struct label_classes {
  std::uint32_t all = 0, first = 0, last = 0;
};

// RFC 5893 section 2 (the Bidi rule, which every label of a Bidi domain name must keep).
bool keeps_bidi_rule(const label_classes& c) noexcept {
  if (c.all == 0) return true;  // the empty root label
  if (c.first == L) return (c.all & ~(L | EN | neutral)) == 0 && (c.last & (L | EN)) != 0;  // 5, 6
  if ((c.first & (R | AL)) != 0) {                                                   // 2, 3, 4
    return (c.all & ~(R | AL | AN | EN | neutral)) == 0 && (c.last & (R | AL | EN | AN)) != 0 &&
           (c.all & (EN | AN)) != (EN | AN);
  }
  return false;  // 1
}

}  // namespace

std::optional<std::uint32_t> map_and_check(std::string& text) {
  // ICU's "uts46" normalization data is UTS #46's mapping table and NFC in one, the first
  // step of its own processing: a disallowed code point maps to U+FFFD there.
  static const icu::Normalizer2* const uts46 = [] {
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* n = icu::Normalizer2::getInstance(nullptr, "uts46", UNORM2_COMPOSE, status);
    return U_SUCCESS(status) ? n : nullptr;
  }();
  if (uts46 == nullptr || text.size() > INT32_MAX) return std::nullopt;
  UErrorCode status = U_ZERO_ERROR;
  const icu::StringPiece piece(text.data(), static_cast<int32_t>(text.size()));
  if (!uts46->isNormalizedUTF8(piece, status) || U_FAILURE(status)) {
    status = U_ZERO_ERROR;
    std::string mapped;
    icu::StringByteSink<std::string> sink(&mapped, static_cast<int32_t>(text.size()));
    uts46->normalizeUTF8(0, piece, sink, nullptr, status);
    if (U_FAILURE(status)) return std::nullopt;
    text.swap(mapped);
  }
  // The checks of UTS #46 section 4.1 that mapping leaves: V6 (U+FFFD stands for a disallowed
  // code point), V5 (no leading mark), V7 (CheckJoiners: left to the backend's full run),
  // V8 (CheckBidi).
  bool disallowed_seen = false, joiner_seen = false, leading_mark_seen = false;
  bool bidi_domain = false, bidi_rule_kept = true;
  label_classes label;
  for (std::size_t i = 0; i < text.size();) {
    UChar32 c = 0;
    U8_NEXT_UNSAFE(text.data(), i, c);
    if (c == '.') {
      bidi_rule_kept = bidi_rule_kept && keeps_bidi_rule(label);
      label = {};
      continue;
    }
    disallowed_seen = disallowed_seen || c == 0xFFFD;
    joiner_seen = joiner_seen || c == 0x200C || c == 0x200D;
    const std::uint32_t d = U_MASK(u_charDirection(c));
    if (label.all == 0) {
      leading_mark_seen = leading_mark_seen || (U_GET_GC_MASK(c) & U_GC_M_MASK) != 0;
      label.first = d;
    }
    bidi_domain = bidi_domain || (d & (R | AL | AN)) != 0;
    label.all |= d;
    if (d != NSM) label.last = d;
  }
  if (disallowed_seen) return disallowed;
  if (joiner_seen) return std::nullopt;
  std::uint32_t found = leading_mark_seen ? std::uint32_t{leading_combining_mark} : 0u;
  if (bidi_domain && !(bidi_rule_kept && keeps_bidi_rule(label))) found |= bidi;
  return found;
}

std::uint32_t label_to_ascii(std::string_view in, flags f, std::string& out) {
  return run(&uidna_labelToASCII_UTF8, in, f, out);
}

namespace {

// The UTS #39 checks of SPEC 7 ("Safe display"), set up once. ICU documents a configured
// USpoofChecker as safe for concurrent checks.
class spoof_checker {
 public:
  spoof_checker() noexcept {
    UErrorCode status = U_ZERO_ERROR;
    checker_ = uspoof_open(&status);
    // At most "moderately restrictive": one script, or Latin with one other script (Han with
    // Hiragana and Katakana, or Han with Hangul, count as one), but never Latin with Cyrillic,
    // Greek or Cherokee. Characters limited to UTS #39's Identifier_Status=Allowed (which
    // excludes symbols such as U+2044 FRACTION SLASH) plus the host's own a-z 0-9 '-'. No
    // invisible repeated marks, no digits of mixed systems, no dot hidden under a mark.
    std::int32_t checks = USPOOF_RESTRICTION_LEVEL | USPOOF_CHAR_LIMIT | USPOOF_INVISIBLE |
                          USPOOF_MIXED_NUMBERS;
#if U_ICU_VERSION_MAJOR_NUM >= 62
    checks |= USPOOF_HIDDEN_OVERLAY;
#endif
    uspoof_setChecks(checker_, checks, &status);
    uspoof_setRestrictionLevel(checker_, USPOOF_MODERATELY_RESTRICTIVE);
    USet* allowed = uset_cloneAsThawed(uspoof_getRecommendedSet(&status));
    if (allowed != nullptr) {
      uset_addRange(allowed, 'a', 'z');
      uset_addRange(allowed, '0', '9');
      uset_add(allowed, '-');
      uspoof_setAllowedChars(checker_, allowed, &status);
      uset_close(allowed);
    }
    if (U_FAILURE(status) && checker_ != nullptr) {
      uspoof_close(checker_);
      checker_ = nullptr;
    }
  }
  ~spoof_checker() {
    if (checker_ != nullptr) uspoof_close(checker_);
  }
  spoof_checker(const spoof_checker&) = delete;
  spoof_checker& operator=(const spoof_checker&) = delete;

  [[nodiscard]] bool safe(std::string_view label) const {
    if (checker_ == nullptr || label.size() > INT32_MAX / 8) return false;
    const auto len = static_cast<int32_t>(label.size());
    UErrorCode status = U_ZERO_ERROR;
    if (uspoof_checkUTF8(checker_, label.data(), len, nullptr, &status) != 0) return false;
    if (U_FAILURE(status)) return false;
    // The skeleton is what the label looks like (UTS #39 section 4): "com\u2044login" looks
    // like "com/login", Cyrillic "\u0430\u0440\u0440\u04CF\u0435" like "appie".
    std::string skeleton(label.size() * 4 + 16, '\0');
    int32_t n = uspoof_getSkeletonUTF8(checker_, 0, label.data(), len, skeleton.data(),
                                       static_cast<int32_t>(skeleton.size()), &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) {
      status = U_ZERO_ERROR;
      skeleton.resize(static_cast<std::size_t>(n));
      n = uspoof_getSkeletonUTF8(checker_, 0, label.data(), len, skeleton.data(), n, &status);
    }
    if (U_FAILURE(status)) return false;
    skeleton.resize(static_cast<std::size_t>(n));
    bool all_ascii = true;
    for (char c : skeleton) {
      // A look-alike of a character that ends or restructures a host or URL.
      if (std::string_view("./?#@:\\%[]").find(c) != std::string_view::npos) return false;
      all_ascii = all_ascii && static_cast<unsigned char>(c) < 0x80;
    }
    // A label that looks all-ASCII passes for an ASCII label: whole-script confusables (all
    // Cyrillic "\u0430\u0440\u0440\u04CF\u0435") and mixed-script ones alike.
    return !all_ascii;
  }

 private:
  USpoofChecker* checker_ = nullptr;
};

}  // namespace

bool safe_to_display(std::string_view label) {
  static const spoof_checker checker;
  return checker.safe(label);
}

bool to_nfc(std::string_view in, std::string& out) {
  if (in.size() > INT32_MAX / 4) return false;
  UErrorCode status = U_ZERO_ERROR;
  const UNormalizer2* nfc = unorm2_getNFCInstance(&status);
  if (U_FAILURE(status)) return false;
  // ICU normalizes UTF-16: convert, normalize, convert back.
  std::vector<UChar> utf16(in.size() + 1);
  int32_t n16 = 0;
  u_strFromUTF8(utf16.data(), static_cast<int32_t>(utf16.size()), &n16, in.data(),
                static_cast<int32_t>(in.size()), &status);
  if (U_FAILURE(status)) return false;
  // NFC can grow text (e.g. U+0958 decomposes; composition exclusions), by at most 3x.
  std::vector<UChar> norm(static_cast<std::size_t>(n16) * 3 + 1);
  const int32_t nn = unorm2_normalize(nfc, utf16.data(), n16, norm.data(),
                                      static_cast<int32_t>(norm.size()), &status);
  if (U_FAILURE(status)) return false;
  out.resize(static_cast<std::size_t>(nn) * 3);
  int32_t n8 = 0;
  u_strToUTF8(out.data(), static_cast<int32_t>(out.size()), &n8, norm.data(), nn, &status);
  if (U_FAILURE(status)) return false;
  out.resize(static_cast<std::size_t>(n8));
  return true;
}

std::string unicode_version() {
  UVersionInfo v;
  u_getUnicodeVersion(v);
  return std::to_string(v[0]) + "." + std::to_string(v[1]);
}

}  // namespace urix::detail::idna
