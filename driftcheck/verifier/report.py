"""A verifier run's result: findings plus a 0-100 score the gym can use as a reward.

Score (documented, so a reward designer can reason about it): start at 100 and subtract
- 60 for the first blocker and 20 for each further one (a model that crashes is never above 40),
- 10 per warning, at most 30 in all,
- 2 per info finding, at most 10 in all;
never below 0. ``components`` holds the parts separately (buildable, counts, shape coverage)
so a reward can weight them differently.
"""

from __future__ import annotations

from driftcheck.findings import Finding, Severity
from driftcheck.lean import BaseModel, Field


class Report(BaseModel):
    findings: list[Finding] = Field(default_factory=list)
    score: float = 100.0
    components: dict[str, float] = Field(default_factory=dict)
    checks_run: int = 0
    suppressed: list[Finding] = Field(default_factory=list)

    @property
    def blockers(self) -> list[Finding]:
        return [f for f in self.findings if f.severity is Severity.blocker]

    @property
    def ok(self) -> bool:
        """No blocker: the model can be built and run."""
        return not self.blockers

    @property
    def reward(self) -> float:
        return self.score / 100.0

    def ids(self) -> list[str]:
        return [f.check_id for f in self.findings]

    def rescore(self) -> Report:
        """Recompute score and counts after findings changed (suppression, severity edits)."""
        self.score, comp = score(self.findings)
        self.components.update(comp)
        return self


def score(findings: list[Finding]) -> tuple[float, dict[str, float]]:
    n = {s: 0 for s in ("blocker", "warning", "info")}
    for f in findings:
        key = "blocker" if f.severity.rank >= 3 else "warning" if f.severity.rank >= 1 else "info"
        n[key] += 1
    penalty = 0.0
    if n["blocker"]:
        penalty += 60 + 20 * (n["blocker"] - 1)
    penalty += min(30, 10 * n["warning"]) + min(10, 2 * n["info"])
    comp = {
        "buildable": 0.0 if n["blocker"] else 1.0,
        "blockers": float(n["blocker"]),
        "warnings": float(n["warning"]),
        "infos": float(n["info"]),
    }
    return max(0.0, 100.0 - penalty), comp
