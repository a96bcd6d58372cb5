# SPDX-License-Identifier: Apache-2.0 OR MIT
"""SPEC 11: every function of urix, its options, its errors and its batch form."""
import pytest

import urix

# The IRI conversions need IDNA (ICU); a module built with URIX_IDNA=OFF lacks them.
needs_idna = pytest.mark.skipif(not urix.HAVE_IDNA, reason='built without IDNA (URIX_IDNA=OFF)')


def error_of(fn, *args, **kwargs):
    with pytest.raises(urix.Error) as info:
        fn(*args, **kwargs)
    return info.value


# ---- encode / decode / decode_to_bytes / check (SPEC 3-5) ------------------------------------

@pytest.mark.parametrize('s,args,kwargs,want', [
    ('a b&c', (), {}, 'a%20b%26c'),
    ('Tom&Jerry', ('query-param',), {}, 'Tom%26Jerry'),
    ('/path/file?.txt', ('path',), {}, '/path/file%3F.txt'),
    ('\u4e2d', (), {}, '%E4%B8%AD'),
    (b'\xff\x00', (), {}, '%FF%00'),
    ('a b+c', (), {'plus': True}, 'a+b%2Bc'),
    ('a b', ('whatwg-form',), {}, 'a+b'),  # the set implies plus, as the CLI's --set does
    ('\xe9', (), {'lower': True}, '%c3%a9'),
    ('100%25 %zz', (), {'keep_escapes': True}, '100%25%20%25zz'),
    ('a/b:c', (), {'allow': '/:'}, 'a/b:c'),
    ('', (), {}, ''),
    ("-._~!*'()", ('rfc2396-unreserved',), {}, "-._~!*'()"),
])
def test_encode(s, args, kwargs, want):
    assert urix.encode(s, *args, **kwargs) == want


def test_encode_rejects_unknown_sets_and_non_ascii_allow():
    with pytest.raises(ValueError, match='unknown set'):
        urix.encode('a', 'no-such-set')
    with pytest.raises(ValueError):
        urix.encode('a', allow='\xe9')
    with pytest.raises(TypeError):
        urix.encode(42)
    assert set(urix.SETS) >= {'unreserved', 'query-param', 'whatwg-form', 'rfc2396-uric'}


def test_decode():
    assert urix.decode('caf%C3%A9+au+lait', plus=True) == 'caf\xe9 au lait'
    assert urix.decode('a+b') == 'a+b'
    assert urix.decode(b'%41%62') == 'Ab'
    assert urix.decode('100%', lenient=True) == '100%'
    assert urix.decode('%zz%41', lenient=True) == '%zzA'
    assert urix.decode('%FFa%C3', errors='replace') == '\ufffda\ufffd'
    assert urix.decode('\u4e2d%20') == '\u4e2d '
    with pytest.raises(ValueError):
        urix.decode('a', errors='ignore')


def test_decode_to_bytes():
    assert urix.decode_to_bytes('%FF%00a+b', plus=True) == b'\xff\x00a b'
    assert urix.decode_to_bytes(b'%e4%b8%ad') == '\u4e2d'.encode()
    assert urix.decode_to_bytes('50%', lenient=True) == b'50%'
    assert error_of(urix.decode_to_bytes, '50%').code == 'incomplete_escape'


def test_check():
    assert urix.check('a%20b') is None
    assert urix.check('a/b', 'path') is None
    assert urix.check('a b', allow=' ') is None
    assert urix.check('100%', 'whatwg-query') is None  # '%' is allowed there (SPEC 5)
    # A set that writes space as '+' (the library's named_set data) accepts '+', as the CLI.
    assert urix.check('a+b%2B', 'whatwg-form') is None
    assert urix.check_many(['a+b'], 'whatwg-form') == [True]
    assert error_of(urix.check, 'a+b', 'whatwg-component').offset == 1
    e = error_of(urix.check, 'a/b')
    assert (e.code, e.offset, e.byte_offset) == ('disallowed_char', 1, 1)
    assert error_of(urix.check, 'a%2').code == 'incomplete_escape'
    assert error_of(urix.check, 'a%2x').code == 'bad_escape_hex'


# ---- Errors: codes and offsets ---------------------------------------------------------------

def test_error_is_a_value_error_with_code_and_offsets():
    e = error_of(urix.decode, '100%')
    assert isinstance(e, ValueError)
    assert (e.code, e.offset, e.byte_offset, e.index) == ('incomplete_escape', 3, 3, None)
    assert 'at character 3' in str(e)
    assert urix.Error.__module__ == 'urix'


@pytest.mark.parametrize('fn,s,code,offset,byte_offset', [
    # Non-ASCII before the error: offset counts characters, byte_offset UTF-8 bytes.
    (urix.decode, '\xe9t\xe9 100%', 'incomplete_escape', 7, 9),
    (urix.decode, '\u4e2d\u6587%G1', 'bad_escape_hex', 2, 6),
    (urix.decode, '\U0001F600%2', 'incomplete_escape', 1, 4),
    (urix.check, '\u4e2d', 'disallowed_char', 0, 0),
    (urix.check, 'ab\U0001F600', 'disallowed_char', 2, 2),
    (urix.parse, 'http://\xe9/a b', 'disallowed_char', 7, 7),
    (urix.parse, 'http://h/\u4e2d\u6587 x', 'disallowed_char', 9, 9),
    (urix.normalize, 'http://[::1::2]/', 'bad_ip_literal', 11, 11),
    pytest.param(lambda s: urix.to_uri(s), 'http://a/\u4e2d b', 'disallowed_char', 10, 12,
                 marks=needs_idna),
    # Invalid UTF-8 in the decoded bytes: at the escape that starts it.
    (urix.decode, '\xe9%41%FF', 'invalid_utf8', 4, 5),
])
def test_error_offsets_count_characters_for_str(fn, s, code, offset, byte_offset):
    e = error_of(fn, s)
    assert (e.code, e.offset, e.byte_offset) == (code, offset, byte_offset)
    if e.code != 'invalid_utf8':
        assert s.encode()[e.byte_offset:].decode('utf-8', 'replace')[:1] == s[e.offset:][:1]


def test_error_offsets_count_bytes_for_bytes():
    e = error_of(urix.decode, '\xe9t\xe9 100%'.encode())
    assert (e.offset, e.byte_offset) == (9, 9)


def test_every_error_code_name_is_stable():
    codes = {error_of(fn, *args).code for fn, *args in [
        (urix.decode, '%'), (urix.decode, '%x1'), (urix.check, ' '), (urix.decode, '%FF'),
        (urix.parse, '1a:b'), (urix.parse, 'http://a:x/'), (urix.parse, 'http://[x]/'),
        (urix.resolve, 'a/b', 'c'),
    ] + ([(urix.to_uri, 'http://a\uff0fb.com/')] if urix.HAVE_IDNA else [])}
    assert codes == {'incomplete_escape', 'bad_escape_hex', 'disallowed_char', 'invalid_utf8',
                     'bad_scheme', 'bad_port', 'bad_ip_literal', 'missing_scheme'} | (
                         {'unsafe_host'} if urix.HAVE_IDNA else set())


# ---- URIs (SPEC 6) -----------------------------------------------------------------------------

def test_parse_components():
    u = urix.parse('http://user@[2001:db8::1]:8080/a%2Fb/c?x=1&y=a+b#top')
    assert (u.scheme, u.userinfo, u.host, u.host_type, u.port) == (
        'http', 'user', '[2001:db8::1]', 'ipv6', '8080')
    assert (u.path, u.query, u.fragment) == ('/a%2Fb/c', 'x=1&y=a+b', 'top')
    assert u.segments == ['a/b', 'c']
    assert u.params == [('x', '1'), ('y', 'a b')]
    assert str(u) == 'http://user@[2001:db8::1]:8080/a%2Fb/c?x=1&y=a+b#top'
    assert repr(u) == "URIReference('http://user@[2001:db8::1]:8080/a%2Fb/c?x=1&y=a+b#top')"


def test_parse_absent_is_none_and_empty_is_empty():
    r = urix.parse('a/b')
    assert (r.scheme, r.userinfo, r.host, r.host_type, r.port, r.query, r.fragment) == (None,) * 7
    assert r.path == 'a/b' and r.segments == ['a', 'b'] and r.params == []
    e = urix.parse('http://a:?#')
    assert (e.host, e.host_type, e.port, e.path, e.query, e.fragment) == (
        'a', 'reg-name', '', '', '', '')
    assert urix.parse('http://192.0.2.1/').host_type == 'ipv4'
    assert urix.parse('http://[v7.x]/').host_type == 'ipvfuture'
    assert urix.parse('').path == ''
    assert urix.parse('?a&b=&=c').params == [('a', ''), ('b', ''), ('', 'c')]
    assert urix.parse('/%FF').segments == ['\ufffd']  # as `urix parse`: U+FFFD for non-UTF-8


def test_parse_iri_and_bytes():
    u = urix.parse('http://\u4f8b\u3048.jp/\u5f15?q=\u00e9', iri=True)
    assert u.host == '\u4f8b\u3048.jp' and u.segments == ['\u5f15'] and u.params == [('q', '\xe9')]
    assert error_of(urix.parse, 'http://\u4f8b.jp/').code == 'disallowed_char'
    assert urix.parse(b'http://a/b').host == 'a'
    assert urix.parse('http://a/') == urix.parse(b'http://a/')
    assert len({urix.parse('x:1'), urix.parse('x:1')}) == 1


def test_normalize_equal_resolve():
    assert urix.normalize('HTTP://Example.COM:80/%7euser/./a/../b') == 'http://example.com/~user/b'
    assert urix.normalize('../../a') == '../../a'
    assert urix.equal('http://example.com/~user', 'http://example.com/%7Euser') is True
    assert urix.equal('http://example.com/a%2Fb', 'http://example.com/a/b') is False
    e = error_of(urix.equal, 'http://a/', 'http://a b/')
    assert (e.code, e.offset) == ('disallowed_char', 8) and 'of b' in str(e)
    base = 'http://a/b/c/d;p?q'
    for ref, want in [('g', 'http://a/b/c/g'), ('../g', 'http://a/b/g'), ('//g', 'http://g'),
                      ('?y', 'http://a/b/c/d;p?y'), ('#s', 'http://a/b/c/d;p?q#s'),
                      ('http:g', 'http:g'), ('../../../g', 'http://a/g')]:
        assert urix.resolve(base, ref) == want
    assert error_of(urix.resolve, 'a/b', 'c').code == 'missing_scheme'
    assert 'of ref' in str(error_of(urix.resolve, base, '%'))


# ---- IRIs (SPEC 7) -----------------------------------------------------------------------------

def test_a_build_without_idna_lacks_exactly_the_iri_conversions():
    iri_calls = {'to_uri', 'to_iri', 'to_uri_many', 'to_iri_many'}
    assert all(hasattr(urix, n) == urix.HAVE_IDNA for n in iri_calls)
    assert iri_calls <= set(urix.__all__) if urix.HAVE_IDNA else not iri_calls & set(urix.__all__)

@needs_idna
def test_to_uri_to_iri():
    iri = 'http://\u4f8b\u3048.jp/\u5f15\u304d\u51fa\u3057'
    uri = 'http://xn--r8jz45g.jp/%E5%BC%95%E3%81%8D%E5%87%BA%E3%81%97'
    assert urix.to_uri(iri) == uri
    assert urix.to_iri(uri) == iri
    assert urix.to_iri('http://a/%20%2F') == 'http://a/%20%2F'
    assert urix.to_uri('http://a/b c', lenient=True) == 'http://a/b%20c'
    assert error_of(urix.to_uri, 'http://a\uff0fb.com/').code == 'unsafe_host'


# ---- Batch forms ------------------------------------------------------------------------------

def test_many_forms_agree_with_single_calls():
    items = ['a b', '\u4e2d', 'HTTP://A/./b', 'x%41', 'http://a/b?c#d']
    assert urix.encode_many(items, 'path', allow='?') == [urix.encode(s, 'path', allow='?')
                                                         for s in items]
    assert urix.decode_many(items) == [urix.decode(s) for s in items]
    assert urix.decode_to_bytes_many(items) == [urix.decode_to_bytes(s) for s in items]
    assert urix.normalize_many(items[2:]) == [urix.normalize(s) for s in items[2:]]
    if urix.HAVE_IDNA:
        assert urix.to_uri_many(items[2:]) == [urix.to_uri(s) for s in items[2:]]
        assert urix.to_iri_many(items[2:]) == [urix.to_iri(s) for s in items[2:]]
    assert [str(u) for u in urix.parse_many(items[2:], iri=True)] == items[2:]
    assert urix.resolve_many('http://h/p/q', ['r', '../s']) == ['http://h/p/r', 'http://h/s']
    assert urix.equal_many(['http://a/'], ['HTTP://a:80']) == [True]
    assert urix.check_many(['a', 'b']) == [True, True]


def test_many_accepts_any_iterable_and_none_items():
    assert urix.encode_many(s for s in ['a b', b'c d']) == ['a%20b', 'c%20d']
    assert urix.encode_many(('a', None)) == ['a', None]
    assert urix.decode_many(iter([])) == []
    assert urix.normalize_many(map(str.upper, ['http://a/'])) == ['http://a/']
    with pytest.raises(TypeError):
        urix.encode_many([1])


def test_many_on_error():
    items = ['ok', '100%', 'a b', '%zz']
    e = error_of(urix.decode_many, items)
    assert (e.code, e.index, e.offset) == ('incomplete_escape', 1, 3) and '(item 1)' in str(e)
    assert urix.decode_many(items, on_error='none') == ['ok', None, 'a b', None]
    assert urix.check_many(items, on_error='none') == [True, None, None, None]
    assert urix.parse_many(['http://a/', 'a b'], on_error='none')[1] is None
    assert urix.equal_many(['a b', 'x'], ['a', 'x'], on_error='none') == [None, True]
    assert error_of(urix.equal_many, ['x', 'x'], ['x', 'a b']).index == 1
    assert urix.resolve_many('http://a/', ['%', 'b'], on_error='none') == [None, 'http://a/b']
    if urix.HAVE_IDNA:
        assert error_of(urix.to_uri_many, ['http://a/', '\u4e2d b']).offset == 1
    with pytest.raises(ValueError, match='on_error'):
        urix.encode_many([], on_error='ignore')
    with pytest.raises(ValueError, match='length'):
        urix.equal_many(['a'], [])


def test_many_over_numpy_arrays_and_pandas_series():
    import numpy as np  # python3-numpy, python3-pandas (tools/deps.sh)
    import pandas as pd
    arr = np.array(['a b', None, 'c'], dtype=object)
    assert urix.encode_many(arr) == ['a%20b', None, 'c']
    assert urix.encode_many(np.array(['a b', 'c d'])) == ['a%20b', 'c%20d']  # numpy.str_ items
    assert urix.encode_many(pd.Series(['a b', np.nan])) == ['a%20b', None]  # NaN: missing
    # pandas' string dtype (and convert_dtypes()) marks a missing value pd.NA: missing too.
    strings = pd.Series(['a%20b', None], dtype='string')
    assert urix.decode_many(strings, on_error='none') == ['a b', None]
    assert urix.decode_many(strings) == ['a b', None]
    assert urix.normalize_many(pd.Series(['HTTP://A/', np.nan]).convert_dtypes()) == [
        'http://a/', None]
    assert urix.equal_many(strings, strings) == [True, None]
    series = pd.Series(['HTTP://A/./b', 'bad uri'])
    assert urix.normalize_many(series, on_error='none') == ['http://a/b', None]
    assert pd.Series(urix.decode_many(series.str.replace(' ', '%20'))).tolist() == [
        'HTTP://A/./b', 'bad uri']


def test_many_across_chunks():
    # The batch calls work in chunks of 8192 items: results and error indexes stay in place.
    items = ['a%20b'] * 20000 + ['100%'] + [None, 'x%41'] * 5000
    out = urix.decode_many(items, on_error='none')
    assert len(out) == len(items) and out[:20000] == ['a b'] * 20000 and out[20000] is None
    assert out[20001::2] == [None] * 5000 and out[20002::2] == ['xA'] * 5000
    assert error_of(urix.decode_many, items).index == 20000
    assert urix.encode_many(['\xe9'] * 9000)[-1] == '%C3%A9'


def test_many_returns_unchanged_inputs_themselves():
    s, b = 'http://example.com/a', b'abc'
    assert urix.decode_many([s])[0] is s and urix.normalize_many([s])[0] is s
    assert urix.decode_to_bytes_many([b])[0] is b
    assert urix.decode_many([b]) == ['abc'] and urix.decode_to_bytes_many(['abc']) == [b'abc']

    class Text(str):
        pass
    assert type(urix.decode_many([Text('a')])[0]) is str  # a subclass is not returned
