"""Every check has examples and docs. Its examples run in the one generic test of every rule
(``tests/test_rules.py``): an invalid example fires its check and no other at warning level or
above (one bug, one finding); a valid one comes out with no warning or blocker at all.
"""

from driftcheck.verifier import all_checks


def test_every_check_has_examples_and_docs():
    checks = all_checks()
    assert len(checks) >= 60, len(checks)
    for c in checks:
        assert c.valid and c.invalid, c.id
        assert c.what and c.why and c.fix, c.id
