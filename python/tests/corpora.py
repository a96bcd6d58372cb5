# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The shared test data's URL corpora for the Python tests: from URIX_TESTDATA, or the
checkout's ../shared/testdata. A test that needs them fails without them, never passes."""
import os
import pathlib

import pytest


def testdata_root():
    return pathlib.Path(os.environ.get('URIX_TESTDATA', pathlib.Path(__file__).parents[3] /
                                       'shared' / 'testdata'))


def kasztp_lines():
    """Every line of corpora/kasztp.txt (about 48,000 real URLs)."""
    path = testdata_root() / 'corpora' / 'kasztp.txt'
    if not path.exists():
        pytest.fail(f'the URL corpus is missing: {path}')
    return path.read_text(encoding='utf-8-sig').splitlines()
