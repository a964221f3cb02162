"""The verifier: one deterministic function, ``verify(graph, options) -> Report``.

It lints each side of a comparison, runs as the pre-commit check, and is the gym's reward.
Checks live in ``driftcheck.verifier.checks`` (one family per module, each check with its own
valid and invalid examples); ``all_checks()`` lists them, ``get_check`` finds one by id or name.
"""

from driftcheck.verifier.base import BLOCKER, INFO, WARNING, Check, Example, Hit, Source, check
from driftcheck.verifier.options import VerifyOptions
from driftcheck.verifier.registry import all_checks, get_check
from driftcheck.verifier.report import Report
from driftcheck.verifier.runner import verify

__all__ = [
    "BLOCKER",
    "INFO",
    "WARNING",
    "Check",
    "Example",
    "Hit",
    "Report",
    "Source",
    "VerifyOptions",
    "all_checks",
    "check",
    "get_check",
    "verify",
]
