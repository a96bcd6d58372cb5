// SPDX-License-Identifier: Apache-2.0 OR MIT
// Tests of urix/file_path.h: file paths <-> file: URIs (RFC 8089), POSIX and Windows.
#include "urix/file_path.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "test_util.h"
#include "urix/uri.h"

namespace {

using urix::errc;
using urix::error;
using urix::path_style;
using urix_test::heap_bytes;
constexpr auto windows = path_style::windows;

// RFC 8089 2 (file-URI = "file:" "//" [host] path-absolute), each segment encoded by the
// RFC 3986 segment set: '?', '#', '%', space, and every byte >= 0x80, UTF-8 or not.
TEST(FilePath, PosixToUri) {
  EXPECT_EQ(*urix::path_to_uri("/"), "file:///");
  EXPECT_EQ(*urix::path_to_uri("/home/a b/caf\xC3\xA9"), "file:///home/a%20b/caf%C3%A9");
  EXPECT_EQ(*urix::path_to_uri("/tmp/\xFF\xFE"), "file:///tmp/%FF%FE");
  EXPECT_EQ(*urix::path_to_uri("/a?b#c%d/e;f=g@h:i"), "file:///a%3Fb%23c%25d/e;f=g@h:i");
  EXPECT_EQ(*urix::path_to_uri("/a\\b"), "file:///a%5Cb");  // a POSIX name may hold '\'
  EXPECT_EQ(*urix::path_to_uri("/a/../b/"), "file:///a/../b/");  // kept: ".." follows links
  EXPECT_EQ(*urix::path_to_uri("//net/x"), "file:////net/x");
  EXPECT_EQ(urix::path_to_uri("a/b").error(), (error{errc::relative_path, 0}));
  EXPECT_EQ(urix::path_to_uri("").error(), (error{errc::relative_path, 0}));
  EXPECT_EQ(urix::path_to_uri(std::string_view("/a\0b", 4)).error(), (error{errc::nul_in_path, 2}));
}

// RFC 8089 2: the host is empty, absent ("file:/a") or "localhost" for a local file; the
// segments are decoded; an escape of NUL or '/' names no file and is an error at its '%'.
TEST(FilePath, UriToPosix) {
  EXPECT_EQ(*urix::uri_to_path("file:///home/a%20b/caf%C3%A9"), "/home/a b/caf\xC3\xA9");
  EXPECT_EQ(*urix::uri_to_path("file:/etc/hosts"), "/etc/hosts");
  EXPECT_EQ(*urix::uri_to_path("FILE://LocalHost/etc/hosts"), "/etc/hosts");
  EXPECT_EQ(*urix::uri_to_path("file:///tmp/%FF"), "/tmp/\xFF");
  EXPECT_EQ(*urix::uri_to_path("file:///a/b#frag"), "/a/b");  // 3.5: a part of the file
  EXPECT_EQ(*urix::uri_to_path("file:///C:/x"), "/C:/x");     // a POSIX name, as written
  EXPECT_EQ(urix::uri_to_path("file:///a%2Fb").error(), (error{errc::slash_in_segment, 9}));
  EXPECT_EQ(urix::uri_to_path("file:///a%2fb").error(), (error{errc::slash_in_segment, 9}));
  EXPECT_EQ(urix::uri_to_path("file:///a%00b").error(), (error{errc::nul_in_path, 9}));
  EXPECT_EQ(urix::uri_to_path("file://server/a").error(), (error{errc::remote_host, 7}));
  EXPECT_EQ(urix::uri_to_path("file://u@/a").error(), (error{errc::remote_host, 7}));
  EXPECT_EQ(urix::uri_to_path("file://:80/a").error(), (error{errc::remote_host, 7}));
  EXPECT_EQ(urix::uri_to_path("file:///a?b").error(), (error{errc::disallowed_char, 9}));
  EXPECT_EQ(urix::uri_to_path("file:a/b").error(), (error{errc::relative_path, 5}));
  EXPECT_EQ(urix::uri_to_path("file://").error(), (error{errc::bad_path, 7}));
  EXPECT_EQ(urix::uri_to_path("http:///a").error(), (error{errc::wrong_scheme, 0}));
  EXPECT_EQ(urix::uri_to_path("/a").error(), (error{errc::missing_scheme, 0}));
  EXPECT_EQ(urix::uri_to_path("file:///a b").error(), (error{errc::disallowed_char, 9}));
}

// RFC 8089 Appendix E.2 (drive letters) and E.3 (UNC).
TEST(FilePath, WindowsToUri) {
  EXPECT_EQ(*urix::path_to_uri("C:\\Users\\a b\\x.txt", windows), "file:///C:/Users/a%20b/x.txt");
  EXPECT_EQ(*urix::path_to_uri("c:/a/b/", windows), "file:///c:/a/b/");
  EXPECT_EQ(*urix::path_to_uri("C:\\", windows), "file:///C:/");
  EXPECT_EQ(*urix::path_to_uri("\\\\server\\share\\a", windows), "file://server/share/a");
  EXPECT_EQ(*urix::path_to_uri("\\\\server\\share", windows), "file://server/share");
  // "file://localhost/share" would be a local path (RFC 8089 2): E.3.2's form instead.
  EXPECT_EQ(*urix::path_to_uri("\\\\LocalHost\\c$\\a", windows), "file:////LocalHost/c$/a");
  EXPECT_EQ(*urix::uri_to_path("file:////LocalHost/c$/a", windows), "\\\\LocalHost\\c$\\a");
  EXPECT_EQ(*urix::path_to_uri("\\\\?\\C:\\a", windows), "file:///C:/a");
  EXPECT_EQ(*urix::path_to_uri("\\\\?\\UNC\\srv\\sh\\a", windows), "file://srv/sh/a");
  EXPECT_EQ(*urix::path_to_uri("C:\\caf\xC3\xA9\\a#b%", windows), "file:///C:/caf%C3%A9/a%23b%25");
  EXPECT_EQ(urix::path_to_uri("C:a", windows).error(), (error{errc::relative_path, 2}));
  EXPECT_EQ(urix::path_to_uri("\\a", windows).error(), (error{errc::relative_path, 0}));
  EXPECT_EQ(urix::path_to_uri("a\\b", windows).error(), (error{errc::relative_path, 0}));
  EXPECT_EQ(urix::path_to_uri("\\\\server", windows).error(), (error{errc::bad_path, 8}));
  EXPECT_EQ(urix::path_to_uri("\\\\\\share", windows).error(), (error{errc::bad_path, 2}));
  EXPECT_EQ(urix::path_to_uri("\\\\.\\COM1", windows).error(), (error{errc::bad_path, 0}));
  EXPECT_EQ(urix::path_to_uri("\\\\?\\UNC\\?\\sh\\a", windows).error(), (error{errc::bad_path, 8}));
  EXPECT_EQ(urix::path_to_uri("\\\\?/UNC/./sh", windows).error(), (error{errc::bad_path, 8}));
  EXPECT_EQ(urix::path_to_uri("C:\\\xFF", windows).error(), (error{errc::invalid_utf8, 3}));
}

TEST(FilePath, UriToWindows) {
  EXPECT_EQ(*urix::uri_to_path("file:///C:/Users/a%20b", windows), "C:\\Users\\a b");
  // E.2.2's legacy "C|" is not RFC 3986 syntax ('|' must be escaped): the parser's error.
  EXPECT_EQ(urix::uri_to_path("file:///C|/a", windows).error(), (error{errc::disallowed_char, 9}));
  EXPECT_EQ(*urix::uri_to_path("file:C:/a", windows), "C:\\a");     // E.2
  EXPECT_EQ(*urix::uri_to_path("file:///C:", windows), "C:\\");
  EXPECT_EQ(*urix::uri_to_path("file://localhost/C:/a", windows), "C:\\a");
  EXPECT_EQ(*urix::uri_to_path("file://server/share/a%20b", windows), "\\\\server\\share\\a b");
  EXPECT_EQ(*urix::uri_to_path("file:////server/share/a", windows), "\\\\server\\share\\a");  // E.3.2
  EXPECT_EQ(urix::uri_to_path("file:///C:/a%5Cb", windows).error(), (error{errc::slash_in_segment, 12}));
  EXPECT_EQ(urix::uri_to_path("file:///C:/a%2Fb", windows).error(), (error{errc::slash_in_segment, 12}));
  EXPECT_EQ(urix::uri_to_path("file:///C:/a%FF", windows).error(), (error{errc::invalid_utf8, 12}));
  EXPECT_EQ(urix::uri_to_path("file:///a/b", windows).error(), (error{errc::relative_path, 7}));
  EXPECT_EQ(urix::uri_to_path("file://server", windows).error(), (error{errc::bad_path, 13}));
  EXPECT_EQ(urix::uri_to_path("file://server/", windows).error(), (error{errc::bad_path, 13}));
  // A server "." or "?" would make a device or a Win32 namespace path ("\\.\", "\\?\"), which
  // names another file than the URI says (found by fuzz/file_path.cpp).
  EXPECT_EQ(urix::uri_to_path("file://./srv/sh", windows).error(), (error{errc::bad_path, 7}));
  EXPECT_EQ(urix::uri_to_path("file://%3F/UNC/srv/sh", windows).error(), (error{errc::bad_path, 7}));
  EXPECT_EQ(urix::uri_to_path("file:////./srv/sh", windows).error(), (error{errc::bad_path, 9}));
  EXPECT_EQ(urix::uri_to_path("file:////%3f/C:/a", windows).error(), (error{errc::bad_path, 9}));
  EXPECT_EQ(*urix::uri_to_path("file://.a/sh", windows), "\\\\.a\\sh");
}

// Round trips: every path of random bytes (POSIX) or random text (Windows) comes back.
TEST(FilePath, RoundTrips) {
  std::mt19937 rng(8089);
  const std::string_view pieces[] = {"a", "b c", "%", "%2F", "?", "#", ":", "\xC3\xA9", "\xFF",
                                     ";", "=", "..", ".", "~", "\\", "@", "[", "\x01", ""};
  const std::string_view win_pieces[] = {"a", "b c", "%", "%5C", "#", "\xE2\x82\xAC", ";", "..", "~", "@", ""};
  for (int i = 0; i < 20000; ++i) {
    std::string path;
    const int n = static_cast<int>(rng() % 6) + 1;
    for (int s = 0; s < n; ++s) {
      path += '/';
      for (unsigned k = rng() % 4; k > 0; --k) path += pieces[rng() % std::size(pieces)];
    }
    auto uri = urix::path_to_uri(heap_bytes(path).view());
    ASSERT_TRUE(uri) << path;
    ASSERT_TRUE(urix::parse_uri(*uri)) << *uri;
    auto back = urix::uri_to_path(heap_bytes(*uri).view());
    ASSERT_TRUE(back) << *uri;
    EXPECT_EQ(*back, path);

    std::string win = rng() % 3 == 0 ? "\\\\srv\\share" : "D:";
    for (int s = 0; s < n; ++s) {
      win += '\\';
      for (unsigned k = rng() % 4; k > 0; --k) win += win_pieces[rng() % std::size(win_pieces)];
    }
    auto wuri = urix::path_to_uri(win, windows);
    ASSERT_TRUE(wuri) << win;
    auto wback = urix::uri_to_path(*wuri, windows);
    ASSERT_TRUE(wback) << *wuri;
    EXPECT_EQ(*wback, win);
  }
}

}  // namespace
