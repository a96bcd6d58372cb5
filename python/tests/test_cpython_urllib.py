# SPDX-License-Identifier: Apache-2.0 OR MIT
"""CPython's own urllib tests (Debian's libpython3.X-testsuite: test.test_urlparse and
test.test_urllib) with every function of urix.compat installed into urllib.parse, the way a
program uses a drop-in (``urllib.parse.urlencode = urix.compat.urlencode``): they pass as they
do unpatched, and nothing recurses (urlencode once called urllib.parse.urlencode by name,
that is itself once installed)."""
import importlib
import unittest
import urllib.parse

import pytest

from urix import compat

# The test modules and, for test_urllib, the classes that test urllib.parse's functions (the
# rest opens URLs through urllib.request).
SUITES = [
    ('test.test_urlparse', None),
    ('test.test_urllib', ['QuotingTests', 'UnquotingTests', 'urlencode_Tests', 'Utility_Tests']),
]


def load(name, classes):
    try:
        module = importlib.import_module(name)
    except ImportError:
        pytest.skip(f'{name} not installed (tools/deps.sh installs libpython3.X-testsuite)')
    loader = unittest.TestLoader()
    if classes is None:
        return loader.loadTestsFromModule(module)
    return unittest.TestSuite(loader.loadTestsFromTestCase(getattr(module, c)) for c in classes)


def run(suite):
    """The ids of the tests that failed or erred, and how many ran."""
    result = unittest.TestResult()
    suite.run(result)
    bad = {(test.id(), 'failed') for test, _ in result.failures}
    bad |= {(test.id(), 'error: ' + trace.strip().splitlines()[-1]) for test, trace in
            result.errors}
    return bad, result.testsRun


@pytest.fixture
def installed(monkeypatch):
    """urllib.parse with every function of urix.compat in place of its own."""
    for name in compat.__all__:
        assert hasattr(urllib.parse, name), name
        monkeypatch.setattr(urllib.parse, name, getattr(compat, name))
    urllib.parse.clear_cache()
    yield
    urllib.parse.clear_cache()


@pytest.mark.parametrize('name,classes', SUITES)
def test_cpython_suite_passes_as_unpatched(name, classes, monkeypatch):
    baseline, ran = run(load(name, classes))  # urllib.parse as it is (all pass here)
    assert ran > 20
    for fn in compat.__all__:
        assert hasattr(urllib.parse, fn), fn
        monkeypatch.setattr(urllib.parse, fn, getattr(compat, fn))
    urllib.parse.clear_cache()
    try:
        bad, ran_patched = run(load(name, classes))
    finally:
        monkeypatch.undo()
        urllib.parse.clear_cache()
    assert ran_patched == ran
    assert bad == baseline, sorted(bad ^ baseline)


@pytest.mark.parametrize('call', [
    lambda: urllib.parse.urlencode({'a': None}),
    lambda: urllib.parse.urlencode({'a': [1, 2]}, True),
    lambda: urllib.parse.urlencode(((b'\xa0$', b'\xc1$'),)),
    lambda: urllib.parse.urlencode({'a': 'x'}, quote_via=urllib.parse.quote),
    lambda: urllib.parse.quote_plus('a b\xe9', encoding='latin-1'),
    lambda: urllib.parse.unquote('%E9', encoding='latin-1'),
    lambda: urllib.parse.parse_qs('a=1&a=2', strict_parsing=True),
    lambda: urllib.parse.parse_qsl(b'a=1', max_num_fields=3),
])
def test_installed_calls_do_not_recurse(call, monkeypatch):
    want = call()
    for name in compat.__all__:
        monkeypatch.setattr(urllib.parse, name, getattr(compat, name))
    assert call() == want


def test_installed_urlencode_of_a_str_is_a_type_error(installed):
    with pytest.raises(TypeError, match='not a valid non-string sequence or mapping object'):
        urllib.parse.urlencode('foo')
