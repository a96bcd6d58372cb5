# SPDX-License-Identifier: Apache-2.0 OR MIT
"""SPEC 11-12: urix.URL, urix.URLSearchParams and urix.parse_url_many (the WHATWG URL
Standard), including every case of WPT's urltestdata.json and setters_tests.json through
Python."""
import copy
import json
import os
import threading

import pytest

import urix

pytestmark = pytest.mark.skipif(not urix.HAVE_IDNA,
                                reason='built without IDNA (URIX_IDNA=OFF): no urix.URL')

WPT = os.path.join(os.environ.get('URIX_TESTDATA', ''), 'wpt')
ATTRIBUTES = ('href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port',
              'pathname', 'search', 'hash')


def load(name):
    path = os.path.join(WPT, name)
    if not os.path.exists(path):
        pytest.skip(f'no test data at {path}')
    with open(path, encoding='utf-8', errors='surrogatepass') as f:
        return json.load(f)


def has_lone_surrogate(s):
    return any(0xD800 <= ord(c) <= 0xDFFF for c in s)


def test_urltestdata_every_case():
    cases = [c for c in load('urltestdata.json') if isinstance(c, dict)]
    failures = []
    for c in cases:
        inp, base = c['input'], c['base']
        if has_lone_surrogate(inp) or (base and has_lone_surrogate(base)):
            # A str with a lone surrogate has no UTF-8; such an input arrives as bytes, whose
            # ill-formed sequence reads as U+FFFD, as JavaScript's USVString conversion does.
            inp = inp.encode('utf-8', 'surrogatepass')
        try:
            u = urix.URL(inp, base)
        except urix.Error:
            if not c.get('failure'):
                failures.append((c['input'], 'failure'))
            continue
        if c.get('failure'):
            failures.append((c['input'], 'parsed: ' + u.href))
            continue
        for a in ATTRIBUTES:
            if a in c and getattr(u, a) != c[a]:
                failures.append((c['input'], a, getattr(u, a), c[a]))
    assert not failures
    assert len(cases) == 891


def test_setters_every_case():
    data = load('setters_tests.json')
    failures = []
    count = 0
    for setter, cases in data.items():
        if setter == 'comment':
            continue
        for c in cases:
            count += 1
            u = urix.URL(c['href'])
            try:
                setattr(u, setter, c['new_value'])
            except urix.Error:
                pass  # a rejected value: the URL stays as it was
            for a, want in c['expected'].items():
                if getattr(u, a) != want:
                    failures.append((setter, c['href'], c['new_value'], a, getattr(u, a), want))
    assert not failures
    assert count == 278


def test_attributes_and_errors():
    u = urix.URL('HTTPS://user:pw@EXAMPLE.com:8443/a/./b/../c?x=1#frag')
    assert (u.href, u.origin, u.protocol, u.username, u.password, u.host, u.hostname, u.port,
            u.pathname, u.search, u.hash) == (
        'https://user:pw@example.com:8443/a/c?x=1#frag', 'https://example.com:8443', 'https:',
        'user', 'pw', 'example.com:8443', 'example.com', '8443', '/a/c', '?x=1', '#frag')
    with pytest.raises(urix.Error) as info:
        urix.URL('http://[::1')
    assert info.value.code == 'invalid_url' and info.value.offset == 7
    assert 'IPv6-unclosed' in str(info.value)
    with pytest.raises(urix.Error):
        urix.URL('/relative')  # no base
    assert urix.URL('/relative', 'http://h/a').href == 'http://h/relative'
    assert urix.URL('x', urix.URL('http://h/a/')).href == 'http://h/a/x'
    # The offset counts characters in a str, bytes in bytes.
    with pytest.raises(urix.Error) as s:
        urix.URL('\xe9\xe9://a:x/')
    assert s.value.offset < s.value.byte_offset or s.value.offset == s.value.byte_offset


def test_setters_raise_on_a_rejected_value_and_keep_the_url():
    u = urix.URL('https://example.com/a')
    with pytest.raises(urix.Error):
        u.port = '99999'
    with pytest.raises(urix.Error):
        u.href = 'not a url'
    assert u.href == 'https://example.com/a'
    u.pathname = '/x y'
    u.search = 'q=1'
    u.hash = 'h'
    assert str(u) == 'https://example.com/x%20y?q=1#h'
    m = urix.URL('mailto:x')
    with pytest.raises(urix.Error):
        m.host = 'example.com'


def test_value_semantics():
    u = urix.URL('http://a/')
    v = copy.copy(u)
    v.pathname = '/b'
    assert u.href == 'http://a/' and v.href == 'http://a/b'
    assert urix.URL('HTTP://A:80/') == urix.URL('http://a')
    assert len({urix.URL('http://a'), urix.URL('HTTP://A/')}) == 1


def test_search_params_parse_serialize_and_methods():
    p = urix.URLSearchParams('?a=1&b=2&a=3+3&c=%C3%A9')
    assert list(p) == [('a', '1'), ('b', '2'), ('a', '3 3'), ('c', '\xe9')]
    assert p.get('a') == '1' and p.get('z') is None
    assert p.get_all('a') == ['1', '3 3']
    assert p.has('b') and p.has('a', '3 3') and not p.has('a', '2') and 'c' in p
    p.set('a', 'x')
    p.delete('b')
    p.append('d', 'a&b')
    assert str(p) == 'a=x&c=%C3%A9&d=a%26b'
    p.sort()
    assert str(p) == 'a=x&c=%C3%A9&d=a%26b'
    assert str(urix.URLSearchParams({'b': '1', 'a': '2'})) == 'b=1&a=2'
    assert str(urix.URLSearchParams([('x', 'y z')])) == 'x=y+z'
    with pytest.raises(TypeError):
        urix.URLSearchParams([('only-one',)])


def test_search_params_update_the_url():
    u = urix.URL('https://example.com/?b=2&a=1')
    params = u.search_params
    params.sort()
    assert u.search == '?a=1&b=2'
    params.append('c', 'x y')
    assert u.href == 'https://example.com/?a=1&b=2&c=x+y'
    for name in ('a', 'b', 'c'):
        params.delete(name)
    assert u.href == 'https://example.com/'  # an empty list gives no query at all


def test_parse_url_many():
    got = urix.parse_url_many(['a', None, '/b', 'http://[x'], 'http://h/x/', on_error='none')
    assert [g.href if g else g for g in got] == ['http://h/x/a', None, 'http://h/b', None]
    with pytest.raises(urix.Error) as info:
        urix.parse_url_many(['http://ok/', 'http://[x'])
    assert info.value.index == 1
    with pytest.raises(ValueError):
        urix.parse_url_many([], on_error='ignore')


def test_parse_url_many_from_threads():
    # The parsing runs without the GIL: threads each parse their own list, and agree.
    urls = [f'http://h{i}.example/p?q={i}' for i in range(2000)]
    want = [urix.URL(u).href for u in urls]
    results = [None] * 4

    def work(k):
        results[k] = [u.href for u in urix.parse_url_many(urls)]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(r == want for r in results)
