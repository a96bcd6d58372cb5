# SPDX-License-Identifier: Apache-2.0 OR MIT
"""SPEC 14 from Python: path_to_uri, uri_to_path, parse_data_url, relativize,
registrable_domain; errors as urix.Error with code and offsets (SPEC 11)."""
import json
import os
import pathlib
from pathlib import PurePosixPath

import pytest

import urix

TESTDATA = os.environ.get("URIX_TESTDATA", "")


def test_path_to_uri_posix_forms():
    assert urix.path_to_uri("/home/a b/x#1.txt") == "file:///home/a%20b/x%231.txt"
    assert urix.path_to_uri(b"/tmp/\xff") == "file:///tmp/%FF"
    assert urix.path_to_uri(pathlib.PurePosixPath("/a/\u00e9")) == "file:///a/%C3%A9"
    # A str from os.fsdecode holding a surrogate escape is its bytes again (PEP 383).
    assert urix.path_to_uri(os.fsdecode(b"/x/\xfe")) == "file:///x/%FE"


def test_path_round_trips_bytes():
    for raw in (b"/a/\xff\xfe", b"/\xc3\xa9/b c/%2F", b"/?#/;=@:"):
        uri = urix.path_to_uri(raw)
        assert os.fsencode(urix.uri_to_path(uri)) == raw


def test_windows_paths():
    assert urix.path_to_uri(r"C:\Users\a b", windows=True) == "file:///C:/Users/a%20b"
    assert urix.path_to_uri(r"\\server\share\a", windows=True) == "file://server/share/a"
    assert urix.uri_to_path("file://server/share/a%20b", windows=True) == r"\\server\share\a b"
    assert urix.uri_to_path("file:///C:/x", windows=True) == "C:\\x"


@pytest.mark.parametrize("call, code, offset", [
    (lambda: urix.uri_to_path("file:///a%2Fb"), "slash_in_segment", 9),
    (lambda: urix.uri_to_path("file:///a%00"), "nul_in_path", 9),
    (lambda: urix.uri_to_path("file://host/a"), "remote_host", 7),
    (lambda: urix.path_to_uri("a/b"), "relative_path", 0),
    (lambda: urix.path_to_uri("C:a", windows=True), "relative_path", 2),
    (lambda: urix.parse_data_url("data:;base64,ab!c"), "bad_base64", 15),
    (lambda: urix.relativize("/a", "http://a/"), "missing_scheme", 0),
])
def test_errors_carry_code_and_offset(call, code, offset):
    with pytest.raises(urix.Error) as e:
        call()
    assert e.value.code == code
    assert e.value.offset == offset


def test_error_offsets_count_characters_for_str():
    with pytest.raises(urix.Error) as e:
        urix.path_to_uri("\u00e9\u00e9/x")
    assert (e.value.offset, e.value.byte_offset) == (0, 0)
    with pytest.raises(urix.Error) as e:
        urix.parse_data_url("data:\u00e9;base64,a!")
    assert (e.value.offset, e.value.byte_offset) == (15, 16)


def test_as_uri_agrees_on_folded_paths():
    # pathlib quotes sub-delims, ':' and '@'; both name the same file (docs/chores.md).
    for p in ("/a/b c/\u00e9", "/x/%/y", "/t/~_.-"):
        assert urix.path_to_uri(p) == PurePosixPath(p).as_uri()


@pytest.mark.skipif(not TESTDATA, reason="URIX_TESTDATA not set")
def test_data_urls_of_the_web_platform_tests():
    with open(os.path.join(TESTDATA, "wpt-fetch/data-urls.json"), encoding="utf-8") as f:
        cases = json.load(f)
    differ = {"data:text/plain;a=\",\",X", "data:; base64,WA"}  # see tests/data_url_test.cpp
    checked = 0
    for url, mime, *body in cases:
        if url in differ:
            continue
        if mime is None:
            with pytest.raises(urix.Error):
                urix.parse_data_url(url)
        else:
            got = urix.parse_data_url(url)
            assert got == (mime or "text/plain;charset=US-ASCII", bytes(body[0])), url
        checked += 1
    assert checked == 57


def test_parse_data_url_arguments():
    # A METH_FASTCALL function: url by position or keyword, str or bytes, TypeError otherwise.
    assert urix.parse_data_url(url="data:,a") == ("text/plain;charset=US-ASCII", b"a")
    assert urix.parse_data_url(b"data:text/html,%FF") == ("text/html", b"\xff")
    with pytest.raises(TypeError, match=r"parse_data_url\(\) missing required argument 'url'"):
        urix.parse_data_url()
    with pytest.raises(TypeError, match=r"parse_data_url\(\) takes exactly one argument \(2 given\)"):
        urix.parse_data_url("data:,a", "data:,b")
    with pytest.raises(TypeError, match=r"parse_data_url\(\) takes exactly one argument \(2 given\)"):
        urix.parse_data_url("data:,a", url="data:,b")
    with pytest.raises(TypeError, match=r"parse_data_url\(\) got an unexpected keyword argument 'uri'"):
        urix.parse_data_url(uri="data:,a")
    with pytest.raises(TypeError, match=r"^parse_data_url: expected str or bytes, not int$"):
        urix.parse_data_url(1)
    with pytest.raises(UnicodeEncodeError):
        urix.parse_data_url("data:,\ud800")
    assert urix.parse_data_url.__name__ == "parse_data_url"
    assert urix.parse_data_url.__doc__.startswith("parse_data_url(url) -> tuple[str, bytes]")


def test_parse_data_url_results_stay_apart():
    # The MIME type strs come from a cache and the body from a buffer kept between calls: every
    # result is its own, whatever came before (types of one length and last byte share a slot;
    # a big body's buffer is let go).
    types = [f"a/{'x' * n};p={c}" for n in range(1, 40) for c in "abcq"] + ["text/plain;charset=US-ASCII"]
    big = "data:application/octet-stream;base64," + "QUJD" * 40000
    long_type = "data:a/b" + "".join(f";p{i}=v" for i in range(20000)) + ",x"
    results = []
    for round_ in range(3):
        for t in types:
            results.append((t, urix.parse_data_url(f"data:{t},{t}")))
        results.append(("big", urix.parse_data_url(big)))
        results.append(("long type", urix.parse_data_url(long_type)))
        results.append(("default", urix.parse_data_url("data:,x")))
    for t, got in results:
        if t == "big":
            assert got == ("application/octet-stream", b"ABC" * 40000)
        elif t == "long type":
            assert got == (long_type[5:-2], b"x")
        elif t == "default":
            assert got == ("text/plain;charset=US-ASCII", b"x")
        else:
            assert got == (t, t.encode())


def test_relativize_inverts_resolve():
    base = "http://a/b/c/d;p?q"
    for target in ("http://a/b/g", "http://a/b/c/d;p?y", "http://x/y", "https://a/", "http://a/b/c/d;p?q#f"):
        r = urix.relativize(base, target)
        assert urix.resolve(base, r) == urix.normalize(target)
        assert len(r) <= len(urix.normalize(target))


needs_idna = pytest.mark.skipif(not urix.HAVE_IDNA, reason='built without IDNA (URIX_IDNA=OFF)')


@pytest.mark.skipif(urix.HAVE_IDNA, reason='built with IDNA')
def test_registrable_domain_says_it_needs_idna():
    with pytest.raises(NotImplementedError, match='IDNA'):
        urix.registrable_domain('www.example.co.uk')


@needs_idna
def test_registrable_domain():
    assert urix.registrable_domain("www.example.co.uk") == "example.co.uk"
    assert urix.registrable_domain("co.uk") is None
    assert urix.registrable_domain("192.0.2.1") is None
    assert urix.registrable_domain("www.\u98df\u72ee.\u4e2d\u56fd") == "\u98df\u72ee.\u4e2d\u56fd"
    assert urix.registrable_domain("www.xn--85x722f.xn--fiqs8s") == "xn--85x722f.xn--fiqs8s"


@needs_idna
def test_registrable_domain_other_list(tmp_path):
    psl = tmp_path / "list.dat"
    psl.write_text("// three rules\ncom\n*.ck\n!www.ck\n", encoding="utf-8")
    assert urix.registrable_domain("a.b.ck", psl=psl) == "a.b.ck"
    assert urix.registrable_domain("a.www.ck", psl=str(psl)) == "www.ck"
    with pytest.raises(OSError):
        urix.registrable_domain("a.com", psl=tmp_path / "missing.dat")
