// SPDX-License-Identifier: Apache-2.0 OR MIT
// The path steps done in place (src/uri/paths.h) against models that use separate buffers:
// 5.2.4 as the RFC's prose says it (tests/resolve_model.h), and normalize's relative form as
// a list of segments. Exhaustive over paths of up to six segments.
#include "../src/uri/paths.h"
#include "../src/uri/write.h"

#include <gtest/gtest.h>
#include <string>
#include <vector>

#include "resolve_model.h"
#include "test_util.h"

namespace {

// normalize's rule for a relative-path reference (urix/normalize.h), on a list of segments.
std::string model_relative(std::string_view path) {
  std::vector<std::string_view> segments;
  std::size_t kept = 0;
  bool directory = false;
  for (std::size_t pos = 0;;) {
    const std::size_t slash = path.find('/', pos);
    const std::string_view seg = path.substr(pos, slash == path.npos ? path.npos : slash - pos);
    directory = seg == "." || seg == "..";
    if (seg == ".." && segments.size() > kept) {
      segments.pop_back();
    } else if (seg != ".") {
      if (seg == "..") ++kept;
      segments.push_back(seg);
    }
    if (slash == path.npos) break;
    pos = slash + 1;
  }
  std::string out;
  for (std::size_t i = 0; i < segments.size(); ++i) {
    if (i > 0) out += '/';
    out += segments[i];
  }
  if (directory && !segments.empty()) out += '/';
  if (out.empty()) return path.empty() ? "" : "./";
  if (segments.front().empty()) out.insert(0, "./");
  return out;
}

// Every path of up to `max` segments from {"", ".", "..", "a", "b.c", ".d"}, with and without
// a leading '/', written after a prefix that the step must leave alone.
template <class Check>
void every_path(std::size_t max, Check&& check) {
  const std::vector<std::string> pieces = {"", ".", "..", "a", "b.c", ".d", "..e"};
  std::vector<std::size_t> pick;
  const auto all = [&](auto&& self) -> void {
    std::string path;
    for (std::size_t i = 0; i < pick.size(); ++i) path += (i ? "/" : "") + pieces[pick[i]];
    check(path);
    check("/" + path);
    if (pick.size() == max) return;
    for (std::size_t p = 0; p < pieces.size(); ++p) {
      pick.push_back(p);
      self(self);
      pick.pop_back();
    }
  };
  all(all);
}

TEST(PathsInPlace, RemoveDotSegmentsIsTheRfcAlgorithm) {
  every_path(6, [](const std::string& path) {
    std::string s = "http://h" + path;
    s.resize(urix::detail::remove_dot_segments_in_place(s.data(), 8, s.size()));
    ASSERT_EQ(s, "http://h" + urix_test::model_remove_dot_segments(path)) << path;
    ASSERT_EQ(urix::remove_dot_segments(path), urix_test::model_remove_dot_segments(path)) << path;
  });
}

TEST(PathsInPlace, RelativeFormIsNormalizesRule) {
  every_path(6, [](const std::string& path) {
    if (path.starts_with('/')) return;  // the rule is for relative paths
    std::string s = "x" + path + "##";  // the two bytes it may write past the path
    const std::size_t end = urix::detail::remove_dot_segments_relative_in_place(s.data(), 1,
                                                                              s.size() - 2);
    ASSERT_LE(end, s.size()) << path;
    s.resize(end);
    ASSERT_EQ(s, "x" + model_relative(path)) << path;
  });
}

// The word-at-a-time search for "/." is a byte loop's answer: a '/' and a '.' at every pair
// of positions (a pair across two words included) among bytes that are neither (0xAE and
// 0xAF are '.' and '/' with the high bit set), in strings around the word sizes (the words
// overlap by one byte), from every start.
TEST(PathsInPlace, SlashDotSearchIsByteSearch) {
  const auto by_bytes = [](std::string_view s, std::size_t from) {
    for (std::size_t i = from; i + 1 < s.size(); ++i)
      if (s[i] == '/' && s[i + 1] == '.') return i;
    return std::string_view::npos;
  };
  for (std::size_t n = 0; n <= 26; ++n) {
    for (std::size_t j = 0; j < std::max<std::size_t>(n, 1); ++j) {
      for (std::size_t k = 0; k < std::max<std::size_t>(n, 1); ++k) {
        for (const char other : {'a', '\x80', '\xff', '\xae', '\xaf', '\x0f'}) {
          std::string s(n, other);
          if (n > 0) {
            s[j] = '/';
            s[k] = '.';
          }
          for (std::size_t from = 0; from <= n + 1; ++from)
            ASSERT_EQ(urix::detail::find_slash_dot(s, from), by_bytes(s, from))
                << urix_test::hex(s) << " from " << from;
        }
      }
    }
  }
  // Every '/' followed by '.', at most one pair in a word: the first from each start.
  const std::string many = "a/./..//b/.c./d/..";
  for (std::size_t from = 0; from <= many.size(); ++from)
    ASSERT_EQ(urix::detail::find_slash_dot(many, from), by_bytes(many, from)) << from;
}

// Where no segment starts with '.', both steps give the path back (normalize then copies the
// reference, src/uri/normalize.h); the test is exactly "a segment starts with '.'".
TEST(PathsInPlace, NoSegmentStartingWithDotIsLeftAsItIs) {
  std::size_t untouched = 0;
  every_path(5, [&](const std::string& path) {
    bool dot_start = false;
    for (std::size_t i = 0; i < path.size(); ++i)
      dot_start |= path[i] == '.' && (i == 0 || path[i - 1] == '/');
    ASSERT_EQ(urix::detail::has_segment_starting_with_dot(path), dot_start) << path;
    if (dot_start) return;
    ++untouched;
    ASSERT_EQ(urix_test::model_remove_dot_segments(path), path);
    if (!path.starts_with('/')) {
      ASSERT_EQ(model_relative(path), path);
    }
  });
  EXPECT_GT(untouched, 500U);
}

// The writer's inline copy: every length, into a buffer whose other bytes must stay as they are.
TEST(ReferenceWriter, CopyShortCopiesExactlyTheBytes) {
  std::string from;
  for (int i = 0; i < 140; ++i) from.push_back(static_cast<char>('A' + i % 50));
  for (std::size_t n = 0; n <= 130; ++n) {
    std::string to(n + 16, '#');
    urix::detail::copy_short(to.data() + 8, from.data() + 3, n);
    ASSERT_EQ(to, std::string(8, '#') + from.substr(3, n) + std::string(8, '#')) << n;
  }
}

// The text buffer grows, on the stack or from it to the heap, by pieces that ask for more
// room than they use or for a whole bound at once, and keeps every byte written.
TEST(ReferenceWriter, TextBufferGrowsAndKeepsEveryByte) {
  for (const std::size_t first_room : {std::size_t{0}, std::size_t{1}, std::size_t{5},
                                       std::size_t{250}, std::size_t{300}}) {
    urix::detail::text_buffer w;
    static_cast<void>(w.room(first_room));
    std::string want;
    for (int i = 0; i < 80; ++i) {
      const std::string piece(static_cast<std::size_t>(i % 13), static_cast<char>('a' + i % 26));
      urix::detail::cursor at{w.room(piece.size() + 1 + static_cast<std::size_t>(i % 3))};
      at.append(piece);
      at.push_back('/');
      w.resize(w.size() + piece.size() + 1);
      want += piece + "/";
      ASSERT_EQ(w.view(), want) << first_room << " first, piece " << i;
    }
    EXPECT_EQ(w.str(), want);
  }
}

}  // namespace
