# SPDX-License-Identifier: Apache-2.0 OR MIT
"""urix.compat against urllib.parse: the same results and the same exceptions, over CPython's own
test values (Lib/test/test_urllib.py, test_urlparse.py: the values, not the code) and over
hypothesis-generated str and bytes with safe=, encoding= and errors= combinations."""
import inspect
import urllib.parse as up

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from urix import compat

NAMES = ['quote', 'quote_plus', 'quote_from_bytes', 'unquote', 'unquote_plus',
         'unquote_to_bytes', 'urlencode', 'parse_qs', 'parse_qsl', 'urlsplit', 'urlparse',
         'urlunsplit', 'urlunparse', 'urljoin', 'urldefrag']


def outcome(fn, args, kwargs):
    try:
        return 'ok', fn(*args, **kwargs)
    except Exception as e:  # noqa: BLE001: the exception is what we compare
        return 'raised', (type(e), str(e))


def same(name, *args, **kwargs):
    """Calls urllib.parse.NAME and urix.compat.NAME alike; both must agree exactly."""
    want = outcome(getattr(up, name), args, kwargs)
    got = outcome(getattr(compat, name), args, kwargs)
    assert got == want, (name, args, kwargs)
    if want[0] == 'ok':
        assert type(got[1]) is type(want[1]), (name, args, kwargs)
    return got


def test_all_names():
    assert compat.__all__ == NAMES
    for name in NAMES:
        assert callable(getattr(compat, name))


def test_same_signatures():
    def params(fn):  # urlencode's quote_via default is our quote_plus: compared by name
        return [(p.name, p.kind, getattr(p.default, '__name__', p.default))
                for p in inspect.signature(fn).parameters.values()]
    for name in NAMES:
        assert params(getattr(compat, name)) == params(getattr(up, name)), name


@pytest.mark.parametrize('name,args,kwargs', [
    ('quote', (), {}), ('quote', ('a',), {'bogus': 1}), ('quote', ('a', '/', None, None, 1), {}),
    ('quote', ('a',), {'string': 'b'}), ('unquote', (), {'string': '%41'}),
    ('parse_qsl', ('a=1;b',), {'separator': ';', 'keep_blank_values': 1}),
    ('quote_plus', (), {'string': 'a b+', 'safe': '+'}), ('unquote_to_bytes', ('a', 'b'), {}),
    ('quote_from_bytes', (), {'bs': b'a b', 'safe': ' '}), ('unquote_plus', ('a+%41', None), {}),
])
def test_arguments_bind_like_urllib(name, args, kwargs):
    same(name, *args, **kwargs)


# ---- CPython's test values -------------------------------------------------------------------

QUOTE_CASES = [
    (('<>',), {}), (('alpha+beta gamma',), {}), (('/~!@#$%^&*()',), {}),
    ((''.join(map(chr, range(128))),), {}), ((bytes(range(256)),), {}),
    (('a b c',), {'safe': ' '}), (('a\x00b',), {}), ((b'\xab\xea',), {}),
    (('\u6f22\u5b57',), {}), (('\u6f22\u5b57',), {'encoding': 'latin-1', 'errors': 'replace'}),
    (('\u6f22\u5b57',), {'encoding': 'latin-1', 'errors': 'xmlcharrefreplace'}),
    (('\u6f22\u5b57',), {'encoding': 'latin-1'}), (('a\xfcb',), {'encoding': 'latin-1'}),
    (('\u6f22\u5b57',), {'safe': '\u6f22'}), ((b'a b',), {'encoding': 'utf-8'}),
    ((b'a b',), {'errors': 'strict'}), (('',), {'encoding': 'no-such-codec'}),
    (('a\ud800',), {}), (('a\ud800',), {'errors': 'surrogatepass'}),
    (('a\ud800',), {'errors': 'surrogateescape'}), ((bytearray(b'a b'),), {}),
    ((42,), {}), (('a+b c',), {'safe': '+'}), (('a/b',), {'safe': b'/'}),
    (('a/b',), {'safe': [47, 200]}), (('~a',), {}), (('a b',), {'safe': None}),
]


@pytest.mark.parametrize('args,kwargs', QUOTE_CASES)
@pytest.mark.parametrize('name', ['quote', 'quote_plus'])
def test_quote_cpython_values(name, args, kwargs):
    same(name, *args, **kwargs)


@pytest.mark.parametrize('bs,safe', [
    (b'abc def\x3f', '/'), (b'', '/'), (b'\x00\xff', ''), (bytearray(b'a/b'), '/'),
    ('str', '/'), (b'a~b', b'~'), (b'a\x80b', '\x80'),
])
def test_quote_from_bytes_values(bs, safe):
    same('quote_from_bytes', bs, safe)


UNQUOTE_CASES = [
    ('%e6%bc%a2%e5%ad%97', {}), ('%F3%B1', {}), ('%ab%ab', {}), ('%', {}), ('%x', {}),
    ('%E6%BC%A2%E5%AD', {}), ('%E6%BC%A2%E5%AD', {'errors': 'strict'}),
    ('%E6%BC%A2%E5%AD', {'errors': 'ignore'}), ('%E6%BC%A2%E5%AD', {'errors': 'replace'}),
    ('%e6%bc%a2%e5%ad%97', {'encoding': 'latin-1'}), ('\u6f22%C3%BC', {}),
    ('\u6f22%FC', {'encoding': 'latin-1'}), ('br%C3%BCckner_sapporo_20050930.doc', {}),
    ('%3c%3E%20%2b+', {}), ('abc%20def', {}), ('a+b', {}), ('%zz%2', {}), ('', {}),
    ('%C3%A9', {'encoding': None}), ('%FF', {'errors': None}), ('%FF', {'encoding': 'UTF8'}),
    (b'%C3%A9', {}), (b'%FF', {}), (b'%FF', {'errors': None}), (b'%C3', {'encoding': None}),
    ('a\ud800%41', {}), (None, {}), (42, {}), ('%41', {'errors': 42}), ('x', {'encoding': 42}),
    ('%C3%A9%ED%A0%80%F0%9F%98', {}), ('%C0%AF%E0%80%AF', {}),
]


@pytest.mark.parametrize('string,kwargs', UNQUOTE_CASES)
@pytest.mark.parametrize('name', ['unquote', 'unquote_plus'])
def test_unquote_cpython_values(name, string, kwargs):
    same(name, string, **kwargs)


@pytest.mark.parametrize('string', [
    '', '%', '%x', 'abc%20def', '\u6f22%C3%BC', b'%Ab%eA', bytearray(b'%41'), b'', 'a\ud800',
    None, 42, '%%41', '%4',
])
def test_unquote_to_bytes_values(string):
    same('unquote_to_bytes', string)


# CPython 3.12's parse_qsl_test_cases and parse_strict_test_cases inputs (test_urlparse.py),
# then more of our own.
PARSE_QSL_CASES = [
    '', '&', '&&', '=', '=a', 'a', 'a=', 'a=b=c', 'a%3Db=c', 'a=b&c=d', 'a=b%26c=d', '&a=b',
    'a=a+b&b=b+c', 'a=1&a=2', ';a=b', 'a=a+b;b=b+c', '\u0141=\xe9', '%C5%81=%C3%A9', '%81=%A9',
    ';', ';&;', '=&=', '=;=', '&=a', '=a&', '=&a', 'b=a', 'b+=a', 'a=b=a', 'a=+b=a', '&b=a',
    'b=a&', 'b=&a', 'x=1&y=2.0&z=2-3.%2b0', 'a=1;b=2', 'a=a%3Bb', 'a=a%26b', 'a=%E9',
    'a=%FF&b=%C3', 'a%20b=c+d', '+=+', '\u6f22=\u5b57%20', 'x&y=&z=1',
]
PARSE_QSL_BYTES = [b'', b'&', b'=a', b'a=b=c', b'a%3Db=c', b'a=a+b;b=b+c',
                   b'\xc5\x81=\xc3\xa9', b'%C5%81=%C3%A9', b'%81=%A9']


@pytest.mark.parametrize('qs', PARSE_QSL_CASES + PARSE_QSL_BYTES + [b'a=1&b=%41', None, 42])
@pytest.mark.parametrize('kwargs', [
    {}, {'keep_blank_values': True}, {'strict_parsing': True}, {'separator': ';'},
    {'max_num_fields': 2}, {'encoding': 'latin-1'}, {'errors': 'strict'}, {'separator': ''},
    {'separator': b'&'}, {'keep_blank_values': 1, 'errors': 'ignore'},
])
@pytest.mark.parametrize('name', ['parse_qsl', 'parse_qs'])
def test_parse_qsl_cpython_values(name, qs, kwargs):
    same(name, qs, **kwargs)


@pytest.mark.parametrize('query,kwargs', [
    ({'a': 'b c', 'd': '\xe9'}, {}), ([('a', 1), ('b', 'x/y')], {}), ([('a', 1)], {'safe': '/'}),
    ({'a': ['1', '2']}, {'doseq': True}), ({'a': ['1', '2']}, {}), ({b'k': b'v w'}, {}),
    ([('a', 'b')], {'quote_via': up.quote}), ([('a', 'b c')], {'quote_via': compat.quote}),
    ({'\u6f22': '\u5b57'}, {'encoding': 'latin-1', 'errors': 'replace'}), ([], {}), ({}, {}),
    (['ab'], {}), ('a=b', {}), ([('a', True)], {}), ([('a', None)], {}),
    ([('a b', 'c')], {'quote_via': lambda s, *a: s.upper()}), ([('a', 'b', 'c')], {}),
])
def test_urlencode_values(query, kwargs):
    same('urlencode', query, **kwargs)


# ---- Generated cases -------------------------------------------------------------------------

# Text rich in what matters here: escapes, broken escapes, '+', spaces, non-ASCII, surrogates.
PIECES = ['%', '%4', '%41', '%e9', '%C3%A9', '%FF', '%ED%A0%80', '%F0%9F%98%80', '%f0%9f', '+',
          ' ', '&', '=', ';', '/', '~', 'a', 'Z', '0', '\xe9', '\u6f22', '\U0001F600', '\ud800',
          '\x00', '\x7f', '%%', '%G1']
texts = st.one_of(
    st.text(),
    st.text(st.characters(blacklist_categories=())),  # surrogates too
    st.lists(st.sampled_from(PIECES), max_size=12).map(''.join),
)
binaries = st.one_of(st.binary(), st.lists(st.sampled_from(PIECES[:13]), max_size=12)
                     .map(lambda xs: ''.join(xs).encode()))
safes = st.one_of(st.just('/'), st.just(''), st.text(max_size=6), st.binary(max_size=6),
                  st.text(st.sampled_from('/+ %&=~\xe9'), max_size=4))
encodings = st.sampled_from([None, 'utf-8', 'UTF-8', 'utf8', 'latin-1', 'ascii', 'utf-16',
                             'cp1252', 'shift_jis', 'no-such-codec'])
errors = st.sampled_from([None, 'strict', 'replace', 'ignore', 'surrogateescape',
                          'surrogatepass', 'backslashreplace', 'xmlcharrefreplace',
                          'no-such-handler'])
SETTINGS = settings(max_examples=1000, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(s=st.one_of(texts, binaries), safe=safes, encoding=encodings, errors=errors,
       which=st.sampled_from(['quote', 'quote_plus']),
       defaults=st.sampled_from(['none', 'safe', 'all']))
def test_quote_differential(s, safe, encoding, errors, which, defaults):
    if defaults == 'none':
        same(which, s)
    elif defaults == 'safe':
        same(which, s, safe)
    else:
        same(which, s, safe, encoding, errors)


@SETTINGS
@given(bs=binaries, safe=safes)
def test_quote_from_bytes_differential(bs, safe):
    same('quote_from_bytes', bs, safe)


@SETTINGS
@given(s=st.one_of(texts, binaries), encoding=encodings, errors=errors,
       which=st.sampled_from(['unquote', 'unquote_plus', 'unquote_to_bytes']),
       defaults=st.booleans())
def test_unquote_differential(s, encoding, errors, which, defaults):
    if which == 'unquote_to_bytes':
        same(which, s)
    elif defaults:
        same(which, s)
    else:
        same(which, s, encoding, errors)


@SETTINGS
@given(qs=st.one_of(texts, st.lists(st.sampled_from(PIECES + ['a=b', '=', '&&', 'k=']),
                                    max_size=10).map(''.join)),
       keep=st.booleans(), strict=st.booleans(), encoding=encodings, errors=errors,
       sep=st.sampled_from(['&', ';', '=&', '\xe9']), which=st.sampled_from(['parse_qsl',
                                                                          'parse_qs']))
def test_parse_qsl_differential(qs, keep, strict, encoding, errors, sep, which):
    same(which, qs, keep, strict, encoding=encoding, errors=errors, separator=sep)
    same(which, qs, keep_blank_values=keep)


@SETTINGS
@given(pairs=st.lists(st.tuples(st.one_of(texts, st.integers()), st.one_of(texts, st.integers())),
                      max_size=5),
       safe=safes, encoding=encodings, errors=errors, doseq=st.booleans(),
       as_dict=st.booleans())
def test_urlencode_differential(pairs, safe, encoding, errors, doseq, as_dict):
    query = dict(pairs) if as_dict else pairs
    same('urlencode', query, doseq, safe, encoding, errors)
