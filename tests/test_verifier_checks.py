"""One generic test for every check: its invalid examples fire it, its valid ones do not.

An invalid example must fire its own check and no other check at warning level or above
(one bug, one finding); a valid example must come out with no warning or blocker at all.
"""

import pytest

from driftcheck.findings import Severity
from driftcheck.verifier import all_checks
from driftcheck.verifier.examples import run_example

CASES = [
    pytest.param(c, kind, k, ex, id=f"{c.id}-{c.name}-{kind}{k}")
    for c in all_checks()
    for kind, exs in (("valid", c.valid), ("invalid", c.invalid))
    for k, ex in enumerate(exs)
]


def _loud(report):
    return sorted({f.check_id for f in report.findings if f.severity.rank >= Severity.warning.rank})


@pytest.mark.parametrize("chk,kind,k,ex", CASES)
def test_check_example(chk, kind, k, ex):
    report = run_example(ex)
    fired = {f.check_id for f in report.findings}
    if kind == "invalid":
        assert chk.id in fired, [f.message for f in report.findings]
        others = [i for i in _loud(report) if i != chk.id]
        assert not others, [f"{f.check_id}: {f.message}" for f in report.findings]
        mine = next(f for f in report.findings if f.check_id == chk.id)
        assert mine.severity == chk.severity and mine.message
    else:
        assert chk.id not in fired, [f.message for f in report.findings if f.check_id == chk.id]
        assert not _loud(report), [f"{f.check_id}: {f.message}" for f in report.findings]


def test_every_check_has_examples_and_docs():
    checks = all_checks()
    assert len(checks) >= 60, len(checks)
    for c in checks:
        assert c.valid and c.invalid, c.id
        assert c.what and c.why and c.fix, c.id
