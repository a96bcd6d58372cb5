# SPDX-License-Identifier: Apache-2.0 OR MIT
"""urix.QueryParams: a read-only multidict of a query's parameters, decoded (SPEC 11)."""
from collections.abc import Mapping

_MISSING = object()


class QueryParams(Mapping):
    """The (key, value) pairs of a query in order, decoded ('+' is a space), a key possibly
    more than once: ``ref.query_params``. Read-only; the names are multidict's (yarl's).

    >>> q = parse('http://h/?a=1&b=x+y&a=2').query_params
    >>> q['a'], q.getall('a'), q.get('c'), len(q), 'b' in q
    ('1', ['1', '2'], None, 3, True)
    >>> list(q.items())
    [('a', '1'), ('b', 'x y'), ('a', '2')]
    """

    __slots__ = ('_pairs',)

    def __init__(self, pairs=()):
        self._pairs = tuple((k, v) for k, v in pairs)

    def __getitem__(self, key):
        for k, v in self._pairs:
            if k == key:
                return v
        raise KeyError(key)

    def getone(self, key, default=_MISSING):
        """The first value of `key` (KeyError when it has none, unless a default is given)."""
        try:
            return self[key]
        except KeyError:
            if default is _MISSING:
                raise
            return default

    def getall(self, key, default=_MISSING):
        """Every value of `key`, in order (KeyError when it has none, unless a default)."""
        values = [v for k, v in self._pairs if k == key]
        if values:
            return values
        if default is _MISSING:
            raise KeyError(key)
        return default

    def __contains__(self, key):
        return any(k == key for k, _ in self._pairs)

    def __iter__(self):
        return (k for k, _ in self._pairs)

    def __len__(self):
        return len(self._pairs)

    def keys(self):
        return [k for k, _ in self._pairs]

    def values(self):
        return [v for _, v in self._pairs]

    def items(self):
        return list(self._pairs)

    def __eq__(self, other):
        if isinstance(other, QueryParams):
            return self._pairs == other._pairs
        if isinstance(other, Mapping):
            return dict(self._pairs) == dict(other.items()) and len(self) == len(other)
        return NotImplemented

    def __hash__(self):
        return hash(self._pairs)

    def __repr__(self):
        return f'QueryParams({list(self._pairs)!r})'
