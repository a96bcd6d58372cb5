# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Editing a urix.URIReference (SPEC 11, last item): every edit gives a new reference that reads
back as given (with_query(q).query_params is q; joinpath's segments are its .segments), never a
dot-segment or an unescaped '/' inside a joined segment, and the rest of the reference kept."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import urix

SETTINGS = settings(max_examples=400, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])
BASES = ['http://h/p', 'https://u@h:8/a/b/?x=1&y=2#f', 'http://h', 'rel/path', '', '/abs?q',
         'mailto:a@b', 'http://h/?a=1&&b=%41+c&a=3', 'urn:x:y', 'http://[::1]/d/', '?only',
         'http://h/caf\u00e9?\u00e9=1']
# Text without lone surrogates (a str must have UTF-8 to go into a URI).
texts = st.text(st.characters(blacklist_categories=('Cs',)), max_size=8) | st.sampled_from(
    ['', ' ', '+', '&', '=', '%', '%41', '#', '?', '/', '.', '..', 'a b', '\u00e9', '&=+%#'])
pairs = st.lists(st.tuples(texts, texts), max_size=6)
bases = st.sampled_from(BASES)


def parse(s):
    return urix.parse(s, iri=not s.isascii())


@SETTINGS
@given(base=bases, q=pairs)
def test_with_query_reads_back(base, q):
    ref = parse(base).with_query(q)
    assert list(ref.query_params.items()) == q
    assert ref.query is None if not q else ref.query is not None
    assert urix.parse(str(ref), iri=True) == ref
    if all(k not in dict(q[:i]) for i, (k, _) in enumerate(q)):  # distinct keys: a dict too
        assert list(parse(base).with_query(dict(q)).query_params.items()) == q


def _without_fragment(ref):
    return str(ref).split('#')[0].split('?')[0]


@SETTINGS
@given(base=bases, new=pairs)
def test_update_extend_without(base, new):
    ref = parse(base)
    old = list(ref.query_params.items())
    keys = []
    for k, _ in new:
        if k not in keys:
            keys.append(k)
    # update_query: each named key's pairs replaced at its first place, new keys appended.
    want, placed = [], set()
    for k, v in old:
        if k not in keys:
            want.append((k, v))
        elif k not in placed:
            placed.add(k)
            want += [(k2, v2) for k2, v2 in new if k2 == k]
    want += [(k, v) for k, v in new if k not in placed]
    updated = ref.update_query(new)
    assert list(updated.query_params.items()) == want
    assert list(ref.extend_query(new).query_params.items()) == old + new
    names = [k for k, _ in new]
    assert list(ref.without_query_params(*names).query_params.items()) == \
        [(k, v) for k, v in old if k not in names]
    for edited in (updated, ref.extend_query(new), ref.without_query_params(*names)):
        assert _without_fragment(edited) == _without_fragment(ref)
        assert edited.fragment == ref.fragment


segments = st.lists(texts, min_size=1, max_size=4)


@SETTINGS
@given(base=bases, segs=segments)
def test_joinpath_escapes_and_refuses_dot_segments(base, segs):
    ref = parse(base)
    if any(s in ('.', '..') for s in segs):
        with pytest.raises(ValueError):
            ref.joinpath(*segs)
        return
    joined = ref.joinpath(*segs)
    if not ref.path and ref.host is None and segs[0] == '':
        return  # a rootless path cannot start with an empty segment: the writer guards it
    # The base's path as a directory, then one encoded segment per segment given: no '/'
    # inside one (it is %2F), none a dot-segment even decoded.
    directory = ref.path if ref.path.endswith('/') or not ref.path else ref.path + '/'
    if ref.host is not None and not directory:
        directory = '/'
    path = joined.path
    if ref.scheme is None and ref.host is None and not ref.path and ':' in segs[0]:
        assert path.startswith('./')  # the guard before a first segment that holds ':'
        path = path[2:]
    assert path.startswith(directory)
    raw = path[len(directory):].split('/')
    assert len(raw) == len(segs)
    for r, s in zip(raw, segs):
        assert r not in ('.', '..') and urix.decode(r, errors='replace') not in ('.', '..')
        assert urix.decode(r) == s
    assert joined.query is None and joined.fragment is None
    if len(segs) == 1:
        assert ref / segs[0] == joined
    # Normalizing (dot-segments removed, %2E decoded) never climbs above that directory.
    if directory.startswith('/') and '.' not in ref.path and str(joined).isascii():
        assert urix.parse(urix.normalize(str(joined))).path.count('/') == joined.path.count('/')


def test_joinpath_examples():
    u = urix.parse('http://h/a?q#f')
    assert str(u.joinpath('b c', 'd/e')) == 'http://h/a/b%20c/d%2Fe'
    assert str(u / '..%2F') == 'http://h/a/..%252F'
    assert str(urix.parse('http://h') / 'x') == 'http://h/x'
    assert str(urix.parse('') / 'a:b') == './a:b'
    assert str(urix.parse('http://h').joinpath('', '')) == 'http://h//'
    assert str(u.joinpath('%2F', encoded=True)) == 'http://h/a/%2F'
    for bad in ('.', '..'):
        with pytest.raises(ValueError):
            u / bad
    for bad in ('%2e', '%2E%2e', 'a/b', 'a?b'):
        with pytest.raises(ValueError):
            u.joinpath(bad, encoded=True)
    with pytest.raises(TypeError):
        u / 1


def test_with_components():
    u = urix.parse('https://user@www.example.com:8080/a/b?q=1#frag')
    assert str(u.with_scheme('HTTP')) == 'http://user@www.example.com:8080/a/b?q=1#frag'
    assert str(u.with_host('::1')) == 'https://user@[::1]:8080/a/b?q=1#frag'
    assert str(u.with_host('ex ample')) == 'https://user@ex%20ample:8080/a/b?q=1#frag'
    assert str(u.with_host(None)) == 'https:/a/b?q=1#frag'
    assert str(u.with_port(1)) == 'https://user@www.example.com:1/a/b?q=1#frag'
    assert str(u.with_port(None)) == 'https://user@www.example.com/a/b?q=1#frag'
    assert str(u.with_path('x y%')) == 'https://user@www.example.com:8080/x%20y%25?q=1#frag'
    assert str(u.with_path('x')) == 'https://user@www.example.com:8080/x?q=1#frag'
    assert str(u.with_query(None)) == 'https://user@www.example.com:8080/a/b#frag'
    assert str(u.with_query('a b=%41%')) == 'https://user@www.example.com:8080/a/b?a%20b=%41%25#frag'
    assert str(u.with_query(a=1, b=[2.5, 'x'])) == \
        'https://user@www.example.com:8080/a/b?a=1&b=2.5&b=x#frag'
    assert str(u.with_fragment(None)) == 'https://user@www.example.com:8080/a/b?q=1'
    assert str(u.with_fragment('a b#')) == 'https://user@www.example.com:8080/a/b?q=1#a%20b%23'
    assert str(urix.parse('a/b').with_path('c:d/e')) == './c:d/e'
    assert str(u.with_path('//x', encoded=True).with_host(None)) == 'https:/.//x?q=1#frag'
    assert str(u.with_path('rel')) == 'https://user@www.example.com:8080/rel?q=1#frag'
    assert u.with_query({}).query is None
    assert u.update_query() is u and u.without_query_params('zz') is u
    assert isinstance(u.with_port(2), urix.URIReference)


@pytest.mark.parametrize('call,exc', [
    (lambda u: u.with_scheme('1x'), ValueError), (lambda u: u.with_scheme(''), ValueError),
    (lambda u: u.with_scheme(3), TypeError), (lambda u: u.with_port(70000), ValueError),
    (lambda u: u.with_port(-1), ValueError), (lambda u: u.with_port(True), TypeError),
    (lambda u: u.with_port('80'), TypeError), (lambda u: u.with_query(a=True), TypeError),
    (lambda u: u.with_query(a=None), TypeError), (lambda u: u.with_query(a=float('nan')), ValueError),
    (lambda u: u.with_query({1: 'a'}), TypeError), (lambda u: u.with_query(['ab']), TypeError),
    (lambda u: u.with_query({'a': 1}, b=2), TypeError), (lambda u: u.update_query('a=1'), TypeError),
    (lambda u: u.with_host('[zz]'), urix.Error), (lambda u: u.with_host('h', bogus=1), TypeError),
    (lambda u: u.with_path('a b', encoded=True), urix.Error),
    (lambda u: u.without_query_params(1), TypeError),
])
def test_errors(call, exc):
    with pytest.raises(exc):
        call(urix.parse('http://h/p?q=1'))


def test_port_needs_host():
    with pytest.raises(ValueError):
        urix.parse('a/b').with_port(1)


def test_query_params_view():
    q = urix.parse('http://h/?a=1&b=x+y&a=2&c&%41=%FF').query_params
    assert isinstance(q, urix.QueryParams)
    assert q['a'] == '1' and q.getall('a') == ['1', '2'] and q.getone('c') == ''
    assert q['A'] == '\ufffd' and len(q) == 5 and list(q) == ['a', 'b', 'a', 'c', 'A']
    assert q.get('zz') is None and q.getall('zz', []) == [] and 'b' in q and 'zz' not in q
    with pytest.raises(KeyError):
        q['zz']
    with pytest.raises(KeyError):
        q.getall('zz')
    with pytest.raises(TypeError):
        q['a'] = 'x'
    assert urix.parse('http://h/').query_params == urix.QueryParams()
    assert urix.parse('http://h/?a=1').query_params == {'a': '1'}
