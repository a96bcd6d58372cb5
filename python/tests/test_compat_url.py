# SPDX-License-Identifier: Apache-2.0 OR MIT
"""urix.compat's urlsplit, urlparse, urlunsplit, urlunparse, urljoin and urldefrag against the
running interpreter's urllib.parse: the same results (of the same types), the same exceptions,
and the same attributes of the results (.hostname, .port and its ValueError, .username,
.password, geturl(), encode()/decode(), _replace()), over hypothesis-generated str and bytes
rich in what urllib treats specially, over every parameter combination, and over every line of
the corpora (../shared/testdata/corpora/*.txt)."""
import inspect
import urllib.parse as up

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from corpora import testdata_root
from urix import compat

FUNCTIONS = ['urlsplit', 'urlparse', 'urlunsplit', 'urlunparse', 'urljoin', 'urldefrag']


def outcome(fn, *args, **kwargs):
    try:
        return 'ok', fn(*args, **kwargs)
    except Exception as e:  # noqa: BLE001: the exception is what we compare
        return 'raised', (type(e), str(e))


def attributes(result):
    """What a program may ask of a result object, each as an outcome."""
    out = [type(result), tuple(result), outcome(result.geturl)]
    for name in ('hostname', 'port', 'username', 'password'):
        if hasattr(type(result), name):
            out.append((name, outcome(getattr, result, name)))
    flip = outcome(result.encode if isinstance(result[0], str) else result.decode)
    out.append(flip if flip[0] == 'raised' else ('ok', type(flip[1]), tuple(flip[1])))
    replaced = outcome(result._replace, **{result._fields[-1]: result[0]})
    out.append(replaced if replaced[0] == 'raised' else ('ok', type(replaced[1]),
                                                         tuple(replaced[1])))
    return out


def same(name, *args, deep=True, **kwargs):
    """urllib.parse.NAME and urix.compat.NAME agree exactly on these arguments (and, if deep,
    on every attribute of the result object)."""
    want = outcome(getattr(up, name), *args, **kwargs)
    got = outcome(getattr(compat, name), *args, **kwargs)
    assert got[0] == want[0], (name, args, kwargs, got, want)
    if want[0] == 'raised':
        assert got == want, (name, args, kwargs)
        return got
    assert type(got[1]) is type(want[1]), (name, args, kwargs, got, want)
    if isinstance(want[1], tuple) and deep:
        assert attributes(got[1]) == attributes(want[1]), (name, args, kwargs)
    elif isinstance(want[1], tuple):
        assert tuple(got[1]) == tuple(want[1]), (name, args, kwargs)
    else:
        assert got[1] == want[1], (name, args, kwargs)
    return got


def test_signatures():
    for name in FUNCTIONS:
        assert inspect.signature(getattr(compat, name)) == inspect.signature(getattr(up, name))
        assert name in compat.__all__


# ---- Fixed cases: urllib's quirks, one each ---------------------------------------------------

URLS = [
    '', 'http://www.python.org', 'HTTP://WWW.PYTHON.ORG/A?B#C', 'http://a/b/c/d;p?q#f',
    ' \x00\x1fhttp://h/p ', 'ht\ttp://h\n/p\r', 'http://[::1]:80/', 'http://[::1', 'http://::1]/',
    'http://[v1.fe]/', 'http://[v1]/', 'http://[vz.x]/', 'http://[1.2.3.4]/', 'http://x[::1]/',
    'http://[::1]x/', 'http://[::1%25eth0]/', 'http://[fe80::1%eth0]:8/', 'http://u@[::1]@h/',
    'http://[::1]@h/', 'http://h\u2100/', 'http://h\uff0f/', 'http://\u00e9.example/',
    'http://u:p@h:8080/', 'http://u@h:/', 'http://h:0x1/', 'http://h:65536/', 'http://h:-1/',
    'http://h:\u0661/', 'http://@/', 'http://:@/', 'mailto:a@b', 'a:b', '1a:b', 'a1+-.:b',
    'a_b:c', '\u00e9:b', ':b', 'path:80', 'file:///tmp/x', 'file:/tmp', '//h/p', '///p',
    'http:', 'http:/', 'http://', 'http:?q', '#f', '?q#f', 'a;b;c/d;e', '/a;b/c', 'sip:a;b',
    'http://h/p;a/b;c', 'x://h/p;q', 'http://h#a#b', 'http://h?a?b#c?d', 'http://H%41/',
    'javascript:alert(1)', 'HTTPS://Ex.COM', 'http://h/\u00e9?\u00e9#\u00e9',
]
BASES = ['http://a/b/c/d;p?q', 'http://a/b/c/d;p?q#f', 'http://a', 'http://a/', 'mailto:x',
         'ftp://h/a/b/', 'file:///a/b', 'svn://h/a/b', 'a/b', '', 'http:', 'https://h/a/../b/./c',
         b'http://a/b/c', 'HTTP://A/B']
REFS = ['g', './g', 'g/', '/g', '//g', '?y', 'g?y', '#s', 'g#s', ';x', 'g;x', '', '.', './',
        '..', '../', '../g', '../..', '../../g', '../../../g', '/./g', '/../g', 'g.', '.g',
        'g..', '..g', './../g', './g/.', 'g/./h', 'g/../h', 'g;x=1/./y', 'g;x=1/../y', 'http:g',
        'http:', 'https:g', 'mailto:y', 'a//b', '//', 'g?y/./x', 'g#s/../x', '\tg\n', ' ../g',
        '//h:80', 'svn:x', 'HTTP:g', 'g//..//x', b'g', b'', None]


@pytest.mark.parametrize('url', URLS + [u.encode() for u in URLS if u.isascii()] +
                         [b'\xff://h/', bytearray(b'http://h/'), None, 0, 5, ['a'], b''])
@pytest.mark.parametrize('name', ['urlsplit', 'urlparse'])
def test_split_cases(name, url):
    same(name, url)
    for scheme in ('', 'HTTP', ' ftp\t', b'', b'x', None):
        same(name, url, scheme)
    for allow in (False, True, 0, None, [], [1]):
        same(name, url, allow_fragments=allow)


@pytest.mark.parametrize('url', URLS + [b'http://h/p#f', None, b'', 0])
def test_urldefrag_cases(url):
    same('urldefrag', url)


@pytest.mark.parametrize('base', BASES)
@pytest.mark.parametrize('ref', REFS)
def test_urljoin_cases(base, ref):
    same('urljoin', base, ref)
    same('urljoin', base, ref, False)


@pytest.mark.parametrize('parts', [
    ('http', 'h', '/p', 'q', 'f'), ('http', '', 'p', '', ''), ('', '', '//p', '', ''),
    ('file', '', '/x', '', ''), ('mailto', '', 'a@b', '', ''), ('http', None, 'p', None, None),
    (None, None, None, None, None), (b'http', b'h', b'p', b'', b''), ('http', b'h', 'p', '', ''),
    ('', b'h', '', '', ''), ('a', 'b'), (), ('a', 'b', 'c', 'd', 'e', 'f'), 'abcde', [1, 2, 3, 4, 5],
    ('http', 'h', '//p', '', ''), ('svn', '', 'p', '', ''), (b'\xff', b'', b'', b'', b''),
])
def test_unsplit_cases(parts):
    same('urlunsplit', parts)
    same('urlunparse', tuple(parts)[:3] + (';x',) + tuple(parts)[3:])
    same('urlunparse', parts)


# ---- Generated cases -------------------------------------------------------------------------

PIECES = [':', '/', '//', '?', '#', '[', ']', '@', '%', '\t', '\n', '\r', ' ', ';', '.', '..',
          'http:', 'HTTP:', 'https://', 'file:', 'mailto:', 'v1.', '::1', '1.2.3.4', ':80',
          ':0x', 'u:p@', 'a', 'B', '9', '+', '-', '\x00', '\x1f', '\x7f', '\u00e9', '\u2100',
          '\uff0f', '\ufe6b', '\u0661', '\U0001F600', '%41', '%zz', '=', '&']
urls = st.one_of(
    st.text(max_size=30),
    st.lists(st.sampled_from(PIECES), max_size=14).map(''.join),
)
byte_urls = st.one_of(st.binary(max_size=30), urls.map(lambda s: s.encode('utf-8')))
any_urls = st.one_of(urls, urls, byte_urls)
schemes = st.sampled_from(['', 'http', 'HTTPS', ' ftp\t', 'x', b'', b'http', None])
allows = st.sampled_from([True, False, 0, 1, None])
SETTINGS = settings(max_examples=500, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(url=any_urls, scheme=schemes, allow=allows,
       shape=st.sampled_from(['1', '2', '3', 'kw']), name=st.sampled_from(['urlsplit',
                                                                          'urlparse']))
def test_split_differential(url, scheme, allow, shape, name):
    if shape == '1':
        same(name, url)
    elif shape == '2':
        same(name, url, scheme)
    elif shape == '3':
        same(name, url, scheme, allow)
    else:
        same(name, url, allow_fragments=allow, scheme=scheme)


@SETTINGS
@given(url=any_urls)
def test_urldefrag_differential(url):
    same('urldefrag', url)


@SETTINGS
@given(base=st.one_of(any_urls, st.sampled_from(BASES)), ref=st.one_of(any_urls,
                                                                       st.sampled_from(REFS)),
       allow=allows)
def test_urljoin_differential(base, ref, allow):
    same('urljoin', base, ref)
    same('urljoin', base, ref, allow)


@SETTINGS
@given(parts=st.one_of(st.lists(urls, min_size=5, max_size=6),
                       st.lists(byte_urls, min_size=5, max_size=6),
                       st.lists(st.one_of(urls, st.none()), min_size=5, max_size=6)))
def test_unsplit_differential(parts):
    same('urlunsplit', tuple(parts[:5]))
    same('urlunparse', tuple(parts[:6]))


@SETTINGS
@given(url=any_urls)
def test_unsplit_of_split_differential(url):
    split = outcome(up.urlsplit, url)
    if split[0] == 'ok':
        same('urlunsplit', split[1])
        same('urlunsplit', tuple(split[1]))
    parsed = outcome(up.urlparse, url)
    if parsed[0] == 'ok':
        same('urlunparse', parsed[1])


def test_scheme_lists_are_urllibs(monkeypatch):
    """A scheme a program adds to urllib's lists changes compat as it changes urllib."""
    for name in ('uses_relative', 'uses_netloc', 'uses_params'):
        monkeypatch.setattr(up, name, getattr(up, name) + ['zz'])
    same('urljoin', 'zz://h/a/b', '../c;p')
    same('urlunsplit', ('zz', '', 'p', '', ''))
    same('urlparse', 'zz://h/a;p')


# ---- The corpora: every line --------------------------------------------------------------------

def corpus_lines():
    root = testdata_root()
    files = sorted((root / 'corpora').glob('*.txt'))
    if not files:
        pytest.skip(f'no corpora under {root}')
    for f in files:
        yield from f.read_text(encoding='utf-8', errors='surrogateescape').splitlines()


def test_corpora_every_line():
    n = 0
    for line in corpus_lines():
        n += 1
        # Results of urllib's own classes with equal fields have equal attributes (pure
        # functions of the fields): the generated cases above check them all; here the
        # fields and the type.
        split = same('urlsplit', line, deep=False)
        same('urlparse', line, deep=False)
        same('urldefrag', line, deep=False)
        same('urljoin', 'http://a/b/c/d;p?q', line)
        same('urljoin', line, '../g;x?y#s')
        if split[0] == 'ok':
            same('urlunsplit', split[1])
    assert n > 10000


def test_urlsplit_cache_keys_on_every_argument():
    """compat.urlsplit keeps recent results, as urllib does: a result is found again only for
    equal url, scheme= and allow_fragments (equal strs that are distinct objects too)."""
    url = 'x:/p?q#f'
    for _ in range(2):
        for scheme in ('', 'http', ''.join(['ht', 'tp'])):
            for allow in (True, False, 0, 1, None):
                same('urlsplit', url, scheme, allow)
                same('urlsplit', ''.join(['//h', '/p#f']), scheme, allow)
    first = compat.urlsplit(url)
    assert compat.urlsplit(''.join(['x:/p', '?q#f'])) is first  # found again, as urllib's
    compat.urlsplit.cache_clear()
    assert compat.urlsplit(url) == first and compat.urlsplit(url) is not first
    up.clear_cache()


def test_native_here_and_urllibs_own_where_a_release_differs(monkeypatch):
    """On this interpreter every URL function is urix's own; on a release whose urllib answers
    a probe otherwise, that function is urllib's (planted here: a urllib that strips no C0)."""
    assert compat.NATIVE == set(FUNCTIONS)
    ours = {name: getattr(compat, name) for name in FUNCTIONS}
    assert compat._differing(ours) == {}
    monkeypatch.setattr(compat._urllib, '_WHATWG_C0_CONTROL_OR_SPACE', '')
    compat._urllib.urlsplit.cache_clear()
    try:
        differing = compat._differing(ours)
        assert {'urlsplit', 'urlparse', 'urljoin'} <= set(differing)
        fn = differing['urlsplit']
        assert type(fn(' http://h/')) is up.SplitResult and fn(' http://h/').scheme == ''
        assert inspect.signature(fn) == inspect.signature(up.urlsplit)
    finally:
        compat._urllib.urlsplit.cache_clear()
