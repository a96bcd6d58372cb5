# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The _many calls release the GIL while they work (SPEC 11): Python code in another thread,
and another batch call, run meanwhile.

No clock decides: the switch interval is set far beyond the test's length, so a thread takes
the GIL only when its holder lets it go (a blocking call, or a C call that releases it).
A helper thread counts, letting the GIL go for half a millisecond between counts; the main thread reads the count
just before and just after one batch call. If the call held the GIL throughout, nothing
could count meanwhile: the two readings are equal, every time. If it releases the GIL, the
helper runs while the call works (several attempts, for a scheduler that is slow to wake it).

Planted to see it fail: the batch calls' gil_scoped_release removed (python/urix_py.cpp):
both tests fail, with 0 counts in every attempt.
"""
import sys
import threading

import pytest

import urix
from corpora import kasztp_lines


DATA = kasztp_lines() * 3  # about 140k URLs
SMALL = DATA[:50]
ATTEMPTS = 20


@pytest.fixture
def no_forced_switches():
    """No preemptive GIL hand-over during the test: only voluntary ones count."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1000.0)
    yield
    sys.setswitchinterval(before)


def counts_during_batch(work_in_helper):
    """For each attempt, how many times the helper thread did `work_in_helper` while the main
    thread was inside one equal_many call over DATA."""
    done = [0]
    stop = threading.Event()
    started = threading.Event()

    def helper():
        started.set()
        while not stop.is_set():
            work_in_helper()
            done[0] += 1
            stop.wait(0.0005)  # lets the GIL go a while: the main thread runs between counts

    t = threading.Thread(target=helper)
    t.start()
    started.wait()
    seen = []
    try:
        for _ in range(ATTEMPTS):
            before = done[0]
            urix.equal_many(DATA, DATA, on_error='none')
            seen.append(done[0] - before)
            if seen[-1] > 0:
                break
    finally:
        stop.set()
        t.join()
    return seen


def test_python_runs_while_a_batch_call_works(no_forced_switches):
    seen = counts_during_batch(lambda: None)
    assert max(seen) > 0, f'no Python ran during a batch call in {len(seen)} attempts: {seen}'


def test_another_batch_call_runs_while_a_batch_call_works(no_forced_switches):
    # Two batch calls at once: the helper's complete while the main thread's works, so on two
    # cores they run in parallel.
    seen = counts_during_batch(lambda: urix.equal_many(SMALL, SMALL))
    assert max(seen) > 0, f'no batch call ran during another in {len(seen)} attempts: {seen}'
