# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Properties that hold for every input: the codec round-trips, encoding gives what check accepts,
normalization is idempotent and equal() to its input; over hypothesis-generated text and the
real URL corpora of the shared test data."""

from hypothesis import assume, given, settings
from hypothesis import strategies as st

import urix
from corpora import kasztp_lines

SETTINGS = settings(max_examples=600, deadline=None)
any_text = st.one_of(st.text(),
                     st.text(st.sampled_from('%+ /?#&=:@[]~\xe9\u4e2daZ09'), max_size=30))
set_names = st.sampled_from(urix.SETS)
# Sets that encode '%' (all but the WHATWG sets other than component and form, which leave a
# '%' as it is, as browsers do): only these round-trip through decode.
ROUND_TRIP_SETS = [n for n in urix.SETS if urix.encode('%', n) == '%25']
# Sets that write space as '+' (the library's named_set data: whatwg-form), which implies plus.
PLUS_SETS = {n for n in urix.SETS if urix.encode(' ', n) == '+'}


@SETTINGS
@given(s=any_text, set_name=st.sampled_from(ROUND_TRIP_SETS), plus=st.booleans(),
       lower=st.booleans())
def test_decode_encode_round_trip(s, set_name, plus, lower):
    assert len(ROUND_TRIP_SETS) >= 16 and PLUS_SETS == {'whatwg-form'}
    encoded = urix.encode(s, set_name, plus=plus, lower=lower)
    plus = plus or set_name in PLUS_SETS
    assert urix.decode(encoded, plus=plus) == s
    assert urix.check(encoded, set_name, allow='+' if plus else '') is None


@SETTINGS
@given(b=st.binary(), set_name=st.sampled_from(ROUND_TRIP_SETS))
def test_decode_to_bytes_encode_round_trip(b, set_name):
    plus = set_name in PLUS_SETS  # the set implies plus
    assert urix.decode_to_bytes(urix.encode(b, set_name), plus=plus) == b


@SETTINGS
@given(s=any_text, set_name=set_names.filter(lambda n: n not in PLUS_SETS))
def test_keep_escapes_is_idempotent(s, set_name):
    # (Not with plus, which PLUS_SETS imply: a second pass encodes the '+' of a space.)
    once = urix.encode(s, set_name, keep_escapes=True)
    assert urix.encode(once, set_name, keep_escapes=True) == once


@SETTINGS
@given(b=st.binary(), plus=st.booleans())
def test_lenient_decode_never_fails_and_replace_gives_text(b, plus):
    assert isinstance(urix.decode_to_bytes(b, plus=plus, lenient=True), bytes)
    assert isinstance(urix.decode(b, plus=plus, lenient=True, errors='replace'), str)


# URI references built from parts that are mostly valid (the parser rejects the rest).
segment = st.text(st.sampled_from('aB0-._~%2e%2E%41%7e!$&\'()*+,;=:@'), max_size=6)
references = st.builds(
    lambda scheme, auth, segs, absolute, query, frag: (
        (scheme + ':' if scheme else '') + ('//' + auth if auth is not None else '') +
        ('/' if absolute or auth is not None else '') + '/'.join(segs) +
        ('?' + query if query is not None else '') + ('#' + frag if frag is not None else '')),
    st.sampled_from(['', 'http', 'HTTPS', 'ftp', 'foo', 'ws']),
    st.one_of(st.none(), st.sampled_from(['a', 'Example.COM', 'u@h:80', 'h:', '[::1]:443',
                                          '1.2.3.4', 'x%41y', ''])),
    st.lists(st.one_of(segment, st.sampled_from(['.', '..'])), max_size=5),
    st.booleans(),
    st.one_of(st.none(), segment), st.one_of(st.none(), segment))


@SETTINGS
@given(ref=references)
def test_normalize_is_idempotent_and_equal(ref):
    try:
        n = urix.normalize(ref)
    except urix.Error:
        assume(False)
    assert urix.normalize(n) == n
    assert urix.equal(ref, n)
    assert str(urix.parse(n)) == n


def test_corpus_properties():
    lines = kasztp_lines()
    normal = urix.normalize_many(lines, on_error='none')
    valid = [(u, n) for u, n in zip(lines, normal) if n is not None]
    assert len(valid) > 0.9 * len(lines)
    again = urix.normalize_many(n for _, n in valid)
    assert again == [n for _, n in valid]
    assert all(urix.equal_many([u for u, _ in valid], [n for _, n in valid]))
    # The batch calls agree with the single calls, item by item.
    sample = lines[::97]
    assert urix.normalize_many(sample, on_error='none') == [
        _or_none(urix.normalize, s) for s in sample]
    assert urix.encode_many(sample, 'query-param') == [urix.encode(s, 'query-param')
                                                      for s in sample]
    assert [None if p is None else str(p) for p in urix.parse_many(sample, on_error='none')] == [
        None if p is None else str(p) for p in (_or_none(urix.parse, s) for s in sample)]


def _or_none(fn, s):
    try:
        return fn(s)
    except urix.Error:
        return None
