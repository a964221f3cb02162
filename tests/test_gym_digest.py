"""The gym's fast paths change no grade: a digest of every grade's payload over a fixed, seeded
set of never-seen plans (``benchmarks/bench_gym_ab.py``: each generated component task's
reference plan, the empty plan and half its reference plan) is the same with every fast path
on (cold memos, then warm), with all of them off (``Speed.all_off``) and with each one off
alone (``bench_gym_ab.FAST_PATHS``)."""

from __future__ import annotations

import sys

import gym_support  # noqa: F401 - puts gym/ on the path
import pytest

from driftcheck.speed import Speed, Stores, current

sys.path.insert(0, str(gym_support.ROOT / "benchmarks"))
import bench_gym_ab as AB  # noqa: E402


@pytest.fixture(scope="module")
def pairs():
    out = AB.plan_set(seed=3, count=48)
    assert len(out) >= 90 and len({t.family for t, _ in out}) >= 10
    return out


def test_the_grade_digest_is_the_same_with_the_fast_paths_off(pairs):
    cold = AB.digest(pairs, Speed(stores=Stores()))  # every memo starts empty
    on = current()
    warm = AB.digest(pairs, on)
    assert AB.digest(pairs, on) == warm == cold  # warm memos, the structures' run lists kept
    assert AB.digest(pairs, Speed.all_off()) == warm
    for name in AB.FAST_PATHS:
        assert name in Speed.names(), name
        assert AB.digest(pairs, on.without(name)) == warm, name


def test_the_digest_sees_a_changed_grade(pairs):
    """The digest is not blind: one plan graded differently changes it."""
    a = AB.digest(pairs[:6])
    t, p = pairs[0]
    b = AB.digest([(t, p[:-1]), *pairs[1:6]])
    assert a != b
