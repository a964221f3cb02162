"""The verifier's lean per-graph paths (``Speed.verify_lean``) change no report and no grade.

``verify_lean`` covers work that the verifier and the graph layer do per graph, done with less
Python where the graph allows it (docs/verifier.md "Lean per-graph paths"): memo entries read
where they are looked up without the call that would look them up, flat graphs' groups read in
C, a check's walk skipped where nothing it reads is present. Each path takes the general code
whenever its precondition fails, so with the switch off (``DRIFTCHECK_SPEED_OFF=verify_lean``)
every report must be the same: this file runs every verifier equivalence case
(tests/verifier_cases.py: grounding and fuzz graphs, check and catalogue examples, the benchmark
models, random gym-like graphs, option variants) and the gym's plans (every component family of
every split: reference, empty, partial, other tasks' references, widths as 2 / 2.0 / True, the
adversarial suite, and a generated train split) both ways, in fresh stores and in warm ones.
"""

from __future__ import annotations

import importlib

import gym_support  # noqa: F401 - puts this tree's gym/ on the path
import pytest

from driftcheck.speed import Speed, Stores, use
from driftcheck.verifier import verify
from tests.verifier_cases import cases


def _reports(all_cases, sp: Speed) -> list:
    with use(sp):
        return [verify(g, opts).model_dump(mode="json") for _, g, opts in all_cases]


def test_lean_paths_off_give_identical_reports():
    all_cases = list(cases())
    assert len(all_cases) >= 1500
    on = Speed(stores=Stores())
    first = _reports(all_cases, on)
    again = _reports(all_cases, on)  # warm: served by the memos the lean paths read
    off = _reports(all_cases, Speed(stores=Stores()).without("verify_lean"))
    assert first == off
    assert again == off
    # and off in the warm stores the lean run filled (the memos' entries are the same)
    assert _reports(all_cases, on.without("verify_lean")) == off


def test_the_switch_is_read_from_the_environment():
    assert Speed.from_env({}).verify_lean
    assert not Speed.from_env({"DRIFTCHECK_SPEED_OFF": "verify_lean"}).verify_lean
    assert not Speed.from_env({"DRIFTCHECK_SPEED_OFF": "all"}).verify_lean


@pytest.fixture(scope="module")
def gym_cases():
    from driftcheck_gym.generate import generate_tasks

    from tests.test_gym_calibration import _shared_cases

    plans = _shared_cases()
    plans += [(t, t.reference_plan) for t in generate_tasks("train", 3, 1200) if not t.config_task]
    return plans


def test_lean_paths_off_give_identical_grades(gym_cases, monkeypatch):
    """Whole grade payloads (the verifier's report folded into the reward, the requirements
    reading its shapes and counts) with ``verify_lean`` on and off, grade memos and shared
    analyses off so every plan runs the verifier."""
    import driftcheck_gym as G

    gr = importlib.import_module("driftcheck_gym.grade")
    monkeypatch.setattr(gr, "MEMO", False)
    monkeypatch.setattr(gr, "ANALYSES", False)
    assert len(gym_cases) > 3000

    def run(sp: Speed) -> list:
        with use(sp):
            return [G.grade(t, plan).to_dict() for t, plan in gym_cases]

    on = Speed(stores=Stores())
    lean = run(on)
    plain = run(Speed(stores=Stores()).without("verify_lean"))
    assert lean == plain
    assert run(on) == plain  # warm stores
