"""The fast verifier returns exactly the reports the plain implementation returned.

tests/data/verifier_equivalence.json holds, for each of ~1,700 cases (tests/verifier_cases.py:
grounding and fuzz graphs, check and catalogue examples, benchmark models compact / explicit /
flat with edits, random gym-like graphs, option variants), a digest of the whole report
captured before the verifier was optimized (indices, per-(type, params) verdicts, shared
structure passes). Any difference in a finding, its order, message, values, the score or
the components fails here.
"""

import json
import random

import pytest

from tests.verifier_cases import DIGESTS, cases, digest, run_all


def test_reports_equal_the_captured_ones():
    want = json.loads(DIGESTS.read_text())
    got = run_all()
    assert sorted(got) == sorted(want), "the case list changed: regenerate on purpose only"
    diff = [(k, want[k], got[k]) for k in want if want[k] != got[k]]
    assert not diff, f"{len(diff)} reports differ, first: {diff[:3]}"
    assert len(got) >= 1500


def test_reports_do_not_depend_on_earlier_runs():
    """``True == 1 == 1.0`` in Python: memo keys once mixed them up, so a graph checked after
    one with ``bias=1`` got that graph's binding error (a history-dependent reward)."""
    from driftcheck.verifier import verify
    from driftcheck.verifier.build import L, seq

    def model(bias):
        return seq((2, 4), L("Linear", in_features=4, out_features=3, bias=bias))

    fresh = {repr(b): verify(model(b)).ids() for b in (True, 1, 1.0)}
    for first in (1, 1.0, True):
        verify(model(first))
        for b in (True, 1, 1.0):
            assert verify(model(b)).ids() == fresh[repr(b)], (first, b)
    assert fresh["True"] == [] and "LAY011" in fresh["1"]


def test_reports_do_not_depend_on_run_order():
    """The verifier remembers params keys, bindings, shape verdicts, prices and per-group
    check verdicts across runs (docs/verifier.md). Every third case, in a shuffled order and
    after whatever ran before in this process, must still give its stored report."""
    want = json.loads(DIGESTS.read_text())
    picked = list(cases())[::3]
    random.Random(20261130).shuffle(picked)
    from driftcheck.verifier import verify

    diff = [name for name, g, o in picked if digest(verify(g, o), g, o) != want[name]]
    assert not diff, f"{len(diff)} reports changed with the order, first: {diff[:5]}"
    assert len(picked) > 500


def test_binding_errors_do_not_depend_on_key_order():
    """Bindings are memoized by params content, so equal params written in another order must
    bind, and fail, alike: the unknown key a message names is the alphabetically first one,
    and a name given twice (itself and an alias) with two values is refused either way."""
    from driftcheck.graph.catalogue import get
    from driftcheck.graph.catalogue.spec import CatalogueError
    from driftcheck.verifier import verify
    from driftcheck.verifier.build import L, seq

    def model(params):
        return seq((2, 4), L("Linear", in_features=4, out_features=3, **params))

    a = {"zz_extra": 1, "aa_extra": 2}
    b = {"aa_extra": 2, "zz_extra": 1}
    fresh = [f.message for f in verify(model(b)).findings]
    verify(model(a))  # memoizes the binding of the equal params written the other way
    assert [f.message for f in verify(model(b)).findings] == fresh
    assert any("'aa_extra'" in m for m in fresh)
    spec = get("Linear")
    for params in ({"in_features": 4, "in_dim": 5}, {"in_dim": 5, "in_features": 4}):
        with pytest.raises(CatalogueError, match="given twice"):
            spec.bind({**params, "out_features": 3})
    assert spec.bind({"in_features": 4, "in_dim": 4, "out_features": 3})["in_features"] == 4
