# SPDX-License-Identifier: Apache-2.0 OR MIT
"""urllib.parse's percent-encoding and query functions, faster, with the same results.

Same names, same parameters, same results and exceptions as Python's ``urllib.parse``: a
drop-in (``from urix.compat import quote, unquote``). The common case (str or bytes, UTF-8)
runs in C++; anything else (another encoding, an ``errors=`` handler that decoding needs, a
subclass of str, ``strict_parsing``, ...) is handed to urllib.parse itself, so the result is
urllib's by construction. Note that these keep urllib's leniency (``unquote('%G1')`` is
``'%G1'``); ``urix.decode`` is the strict form.

>>> from urix import compat
>>> compat.quote('/El Ni\\u00f1o/')
'/El%20Ni%C3%B1o/'
>>> compat.quote_plus('a b&c=d/e'), compat.quote(b'a&b', safe='&')
('a+b%26c%3Dd%2Fe', 'a&b')
>>> compat.quote_from_bytes(b'abc def\\x3f')
'abc%20def%3F'
>>> compat.unquote('abc%20def'), compat.unquote('%G1'), compat.unquote_plus('a+b%2Bc')
('abc def', '%G1', 'a b+c')
>>> compat.unquote_to_bytes('abc%20def%FF')
b'abc def\\xff'
>>> compat.urlencode({'q': 'x y', 'n': 1})
'q=x+y&n=1'
>>> compat.parse_qsl('a=1&b=x+y&a=2&c'), compat.parse_qs('a=1&b=x+y&a=2&c')
([('a', '1'), ('b', 'x y'), ('a', '2')], {'a': ['1', '2'], 'b': ['x y']})
"""

import urllib.parse as _parse

from . import _urix

__all__ = ['quote', 'quote_plus', 'quote_from_bytes', 'unquote', 'unquote_plus',
           'unquote_to_bytes', 'urlencode', 'parse_qs', 'parse_qsl']

# C++ functions (METH_FASTCALL), each falling back to urllib.parse's for what it does not take.
quote = _urix._compat.quote
quote_plus = _urix._compat.quote_plus
quote_from_bytes = _urix._compat.quote_from_bytes
unquote = _urix._compat.unquote
unquote_plus = _urix._compat.unquote_plus
unquote_to_bytes = _urix._compat.unquote_to_bytes
parse_qsl = _urix._compat.parse_qsl

_PLAIN = (str, int)  # types whose pairs urlencode writes as quote_via(str(x), ...) either way


def parse_qs(qs, keep_blank_values=False, strict_parsing=False, encoding='utf-8',
             errors='replace', max_num_fields=None, separator='&'):
    """urllib.parse.parse_qs: the fields of a query as a dict of lists, in order.

    >>> parse_qs('x=1&y=2&x=3')
    {'x': ['1', '3'], 'y': ['2']}
    """
    fields = {}
    for name, value in parse_qsl(qs, keep_blank_values, strict_parsing, encoding=encoding,
                                 errors=errors, max_num_fields=max_num_fields,
                                 separator=separator):
        fields.setdefault(name, []).append(value)
    return fields


def urlencode(query, doseq=False, safe='', encoding=None, errors=None, quote_via=quote_plus):
    """urllib.parse.urlencode: a mapping or a list of pairs as a query string.

    >>> urlencode([('a', 'b c'), ('d', '\\u00e9')])
    'a=b+c&d=%C3%A9'
    """
    # quote_via, urllib's or ours, as ours (the same results); compared by identity.
    via = (quote_plus if quote_via is quote_plus or quote_via is _parse.quote_plus else
           quote if quote_via is quote or quote_via is _parse.quote else None)
    kind = type(query)
    if via is not None and (kind is dict or kind is list):
        parts = []
        for pair in (query.items() if kind is dict else query):
            if kind is list and (type(pair) is not tuple or len(pair) != 2):
                break
            k, v = pair
            if type(k) not in _PLAIN or type(v) not in _PLAIN:
                break
            parts.append(via(k if type(k) is str else str(k), safe, encoding, errors) + '=' +
                         via(v if type(v) is str else str(v), safe, encoding, errors))
        else:
            return '&'.join(parts)
    return _parse.urlencode(query, doseq, safe, encoding, errors, quote_via)
