// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "legacy_charset.h"

#include <algorithm>
#include <memory>
#include <unicode/ucnv.h>
#include <unicode/ucnv_err.h>
#include <vector>

#include "suggest.h"
#include "urix/utf8.h"
#include "verb.h"

namespace urix::cli {
namespace {

// Every name and alias of every converter ICU has, for "did you mean".
std::vector<std::string> known_names() {
  std::vector<std::string> names;
  for (int32_t i = 0; i < ucnv_countAvailable(); ++i) {
    const char* name = ucnv_getAvailableName(i);
    UErrorCode err = U_ZERO_ERROR;
    const uint16_t n = ucnv_countAliases(name, &err);
    for (uint16_t k = 0; k < n && U_SUCCESS(err); ++k)
      names.emplace_back(ucnv_getAlias(name, k, &err));
  }
  return names;
}

[[noreturn]] void unknown_charset(const std::string& name) {
  const std::vector<std::string> names = known_names();
  const std::vector<std::string_view> views(names.begin(), names.end());
  const std::string hint = did_you_mean(name, views);
  throw usage_error("--charset: unknown charset '" + name + "'" +
                    (hint.empty() ? "; it takes the names ICU's converters know (shift_jis, "
                                    "euc-jp, gb18030, big5, windows-1252, iso-8859-2, koi8-r, ...)"
                                  : hint));
}

// Charsets whose decoding depends on more than the bytes of the current character (escape
// or shift sequences, a byte order mark): a cut sequence cannot be handed back for the next
// call without losing that state.
bool stateful(UConverterType type) noexcept {
  switch (type) {
    case UCNV_SBCS:
    case UCNV_DBCS:
    case UCNV_MBCS:
    case UCNV_LATIN_1:
    case UCNV_UTF8:
    case UCNV_US_ASCII:
    case UCNV_CESU8:
    case UCNV_UTF16_BigEndian:
    case UCNV_UTF16_LittleEndian:
    case UCNV_UTF32_BigEndian:
    case UCNV_UTF32_LittleEndian: return false;
    default: return true;
  }
}

bool conversion_error(UErrorCode e) noexcept {
  return e == U_INVALID_CHAR_FOUND || e == U_ILLEGAL_CHAR_FOUND || e == U_TRUNCATED_CHAR_FOUND;
}

// Appends UTF-16 `units` to `out` as UTF-8 (U+FFFD for a lone surrogate, which a converter
// does not produce).
void append_units(std::string& out, const char16_t* p, const char16_t* end) {
  while (p < end) {
    char32_t c = *p++;
    if (c >= 0xD800 && c <= 0xDBFF && p < end && *p >= 0xDC00 && *p <= 0xDFFF)
      c = 0x10000 + ((c - 0xD800) << 10) + (*p++ - 0xDC00);
    else if (c >= 0xD800 && c <= 0xDFFF) c = 0xFFFD;
    append_utf8(out, c);
  }
}

// Where the character that `probe` (a converter in the state it had at `begin`) gives as its
// UTF-16 unit number `unit` starts in [begin, end): found by feeding it a byte at a time. ICU's
// offsets cannot be trusted for every stateful converter (compound text gives 0 for all), so
// the answer is the later of `reported` and the byte after the last one that gave a unit before.
std::size_t source_of_unit(UConverter* probe, const char* begin, const char* end,
                           std::size_t unit, std::size_t reported) {
  std::size_t units = 0, after_previous = 0;
  char16_t buf[8];
  for (const char* p = begin; p < end;) {
    char16_t* target = buf;
    const char* src = p;
    UErrorCode err = U_ZERO_ERROR;
    ucnv_toUnicode(probe, &target, buf + 8, &src, p + 1, nullptr, false, &err);
    const std::size_t at = static_cast<std::size_t>(p - begin);
    units += static_cast<std::size_t>(target - buf);
    if (units > unit) return std::clamp(reported, after_previous, at);
    if (target != buf) after_previous = at + 1;
    if (U_FAILURE(err) || src == p) break;
    p = src;
  }
  return reported;
}

}  // namespace

legacy_charset::legacy_charset(const std::string& name) : cnv_(nullptr), stateful_(false) {
  UErrorCode err = U_ZERO_ERROR;
  // ucnv_open("") opens the platform's default converter: not a charset the user named.
  if (!name.empty() && name.find('\0') == std::string::npos) cnv_ = ucnv_open(name.c_str(), &err);
  if (cnv_ == nullptr || U_FAILURE(err)) {
    if (cnv_ != nullptr) ucnv_close(cnv_);
    unknown_charset(name);
  }
  ucnv_setToUCallBack(cnv_, UCNV_TO_U_CALLBACK_STOP, nullptr, nullptr, nullptr, &err);
  stateful_ = stateful(ucnv_getType(cnv_));
}

legacy_charset::~legacy_charset() { ucnv_close(cnv_); }

void legacy_charset::reset() noexcept {
  ucnv_reset(cnv_);
  fresh_ = true;
}

result<void> legacy_charset::from_utf8(std::string_view text, bool last, bool ncr,
                                       std::string& out) {
  units_.clear();
  for (std::size_t i = 0; i < text.size();) {
    const char32_t c = next_code_point(text, i);
    if (c < 0x10000) {
      units_ += static_cast<char16_t>(c);
    } else {
      units_ += static_cast<char16_t>(0xD800 + ((c - 0x10000) >> 10));
      units_ += static_cast<char16_t>(0xDC00 + ((c - 0x10000) & 0x3FF));
    }
  }
  UErrorCode err = U_ZERO_ERROR;
  if (ncr) {
    ucnv_setFromUCallBack(cnv_, UCNV_FROM_U_CALLBACK_ESCAPE, UCNV_ESCAPE_XML_DEC, nullptr, nullptr,
                          &err);
  } else {
    ucnv_setFromUCallBack(cnv_, UCNV_FROM_U_CALLBACK_STOP, nullptr, nullptr, nullptr, &err);
  }
  const char16_t* src = units_.data();
  const char16_t* const end = src + units_.size();
  for (;;) {
    const std::size_t before = out.size();
    out.resize(before + 4 * static_cast<std::size_t>(end - src) + 32);
    char* target = out.data() + before;
    err = U_ZERO_ERROR;
    ucnv_fromUnicode(cnv_, &target, out.data() + out.size(), &src, end, nullptr, last, &err);
    out.resize(static_cast<std::size_t>(target - out.data()));
    if (err == U_BUFFER_OVERFLOW_ERROR) continue;
    if (!U_FAILURE(err)) return {};
    // The converter stopped after the character it cannot map: find where it starts in `text`.
    char16_t bad[8];
    int8_t bad_units = sizeof bad / sizeof bad[0];
    UErrorCode ignored = U_ZERO_ERROR;
    ucnv_getInvalidUChars(cnv_, bad, &bad_units, &ignored);
    const std::size_t unit = static_cast<std::size_t>(src - units_.data()) -
                             static_cast<std::size_t>(std::max<int8_t>(bad_units, 0));
    std::size_t at = 0;
    for (std::size_t u = 0; u < unit;) u += next_code_point(text, at) < 0x10000 ? 1U : 2U;
    ucnv_resetFromUnicode(cnv_);
    return error{errc::unmappable_char, at};
  }
}

result<std::size_t> legacy_charset::to_utf8(std::string_view bytes, bool last, bool replace,
                                            std::string_view refused, std::string& out) {
  const char* src = bytes.data();
  const char* const end = src + bytes.size();
  for (;;) {
    const std::size_t base = static_cast<std::size_t>(src - bytes.data());
    const bool from_initial_state = fresh_ && base == 0;
    fresh_ = false;
    units_.resize(static_cast<std::size_t>(end - src) + 32);
    sources_.resize(units_.size());
    char16_t* target = units_.data();
    UErrorCode err = U_ZERO_ERROR;
    ucnv_toUnicode(cnv_, &target, units_.data() + units_.size(), &src, end, sources_.data(), last,
                   &err);
    const char16_t* const produced = target;
    for (const char16_t* u = units_.data(); u < produced; ++u) {
      if (*u >= 0x80 || refused.find(static_cast<char>(*u)) == std::string_view::npos) continue;
      append_units(out, units_.data(), u);
      const std::size_t unit = static_cast<std::size_t>(u - units_.data());
      std::size_t from = static_cast<std::size_t>(std::max(sources_[unit], 0));
      if (stateful_ && from_initial_state) {
        // ICU's offsets cannot be trusted here: a converter of the same charset, fed a byte
        // at a time from the same (initial) state, finds the character's bytes.
        UErrorCode open_err = U_ZERO_ERROR;
        const std::unique_ptr<UConverter, decltype(&ucnv_close)> probe(
            ucnv_open(ucnv_getName(cnv_, &open_err), &open_err), &ucnv_close);
        if (probe && U_SUCCESS(open_err))
          from = source_of_unit(probe.get(), bytes.data(), end, unit, from);
      }
      ucnv_resetToUnicode(cnv_);
      return error{errc::disallowed_char, base + from};
    }
    append_units(out, units_.data(), produced);
    if (err == U_BUFFER_OVERFLOW_ERROR) continue;
    if (conversion_error(err)) {
      if (replace) {
        append_utf8(out, 0xFFFD);
        continue;  // the converter goes on after the bytes it rejected
      }
      char bad[32];
      int8_t bad_bytes = sizeof bad;
      UErrorCode ignored = U_ZERO_ERROR;
      ucnv_getInvalidChars(cnv_, bad, &bad_bytes, &ignored);
      const std::size_t done = static_cast<std::size_t>(src - bytes.data());
      // With a shift state, a sequence may have begun in the previous call (see to_utf8).
      const std::size_t back =
          std::min(done, static_cast<std::size_t>(std::max<int8_t>(bad_bytes, 0)));
      ucnv_resetToUnicode(cnv_);
      return error{errc::invalid_in_charset, done - back};
    }
    if (U_FAILURE(err))
      return error{errc::invalid_in_charset, static_cast<std::size_t>(src - bytes.data())};
    break;
  }
  if (!last && !stateful_) {
    // Hand a cut sequence back: the next call reads it whole, and reports it at its start.
    UErrorCode err = U_ZERO_ERROR;
    const int32_t pending = ucnv_toUCountPending(cnv_, &err);
    if (U_SUCCESS(err) && pending > 0) {
      ucnv_resetToUnicode(cnv_);
      return bytes.size() - std::min(bytes.size(), static_cast<std::size_t>(pending));
    }
  }
  return bytes.size();
}

}  // namespace urix::cli
