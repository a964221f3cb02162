"""Calibration: the floor (``noop``: an empty plan) and the ceiling (``reference``) of every
split and family. A sound environment gives 0% and 100%."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from driftcheck_gym.generate import SPLITS, generate_tasks
from driftcheck_gym.grade import grade
from driftcheck_gym.tasks import Task

ALL = ("curated", *SPLITS)


def tasks_for(split: str, seed: int, count: int, families: list[str] | None = None) -> list[Task]:
    if split == "all":
        out: list[Task] = []
        for s in ALL:
            out += generate_tasks(s, seed, count, None)
        return out
    return generate_tasks(split, seed, count, families)


def calibrate(policy: str, tasks: list[Task]) -> dict[str, Any]:
    if policy not in ("noop", "reference"):
        raise ValueError(f"unknown policy {policy!r} (noop, reference)")
    per: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    failures = []
    for t in tasks:
        g = grade(t, [] if policy == "noop" else t.reference_plan)
        key = (t.split or "?", t.family)
        per[key][0] += g.passed
        per[key][1] += 1
        if g.passed != (policy == "reference"):
            failures.append({"taskId": t.id, "missing": g.missing})
    passed = sum(v[0] for v in per.values())
    total = sum(v[1] for v in per.values())
    return {
        "policy": policy,
        "passed": passed,
        "total": total,
        "rows": [
            {"split": s, "family": f, "passed": v[0], "total": v[1]}
            for (s, f), v in sorted(per.items())
        ],
        "unexpected": failures,
    }


def report_lines(cal: dict[str, Any]) -> list[str]:
    lines = ["| split | family | pass | rate |", "| --- | --- | --- | --- |"]
    for r in cal["rows"]:
        lines.append(
            f"| {r['split']} | {r['family']} | {r['passed']}/{r['total']} | {100 * r['passed'] / r['total']:.0f}% |"
        )
    for u in cal["unexpected"][:20]:
        lines.append(f"unexpected: {u['taskId']}: {'; '.join(u['missing'][:3])}")
    p, n = cal["passed"], cal["total"]
    lines.append(f"Overall: {p}/{n} = {100 * p / n if n else 0:.1f}%")
    return lines
