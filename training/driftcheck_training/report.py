"""report.json and reward_curve.png."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def reward_series(log_history: list[dict[str, Any]]) -> list[tuple[int, float]]:
    """(step, mean reward of the step's completions) from a GRPOTrainer's log history."""
    return [
        (int(e["step"]), float(e["reward"])) for e in log_history if "reward" in e and "step" in e
    ]


def rises(series: list[tuple[int, float]]) -> dict[str, Any]:
    """Mean reward over the first and the last quarter of the steps."""
    if len(series) < 4:
        return {"first_quarter_mean": None, "last_quarter_mean": None, "rises": None}
    q = max(1, len(series) // 4)
    first = sum(r for _, r in series[:q]) / q
    last = sum(r for _, r in series[-q:]) / q
    return {"first_quarter_mean": first, "last_quarter_mean": last, "rises": last > first}


def plot_reward(series: list[tuple[int, float]], path: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4), dpi=110)
    if series:
        xs = [s for s, _ in series]
        ys = [r for _, r in series]
        ax.plot(xs, ys, color="#9bb7d4", lw=1, label="mean reward per step")
        w = max(1, len(ys) // 10)
        smooth = [
            sum(ys[max(0, i - w + 1) : i + 1]) / len(ys[max(0, i - w + 1) : i + 1])
            for i in range(len(ys))
        ]
        ax.plot(xs, smooth, color="#1f4e79", lw=2, label=f"moving mean ({w} steps)")
    ax.axhline(1.0, color="#2e7d32", ls=":", lw=1, label="pass, no error (max 1.0)")
    ax.axhline(-1.0, color="#c62828", ls=":", lw=1, label="no plan (min -1.0)")
    ax.set_ylim(-1.1, 1.1)
    ax.set_xlabel("GRPO step")
    ax.set_ylabel("gym reward")
    ax.set_title(title)
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def write_report(out: Path, report: dict[str, Any]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / "report.json").write_text(json.dumps(report, indent=2, sort_keys=False) + "\n")
