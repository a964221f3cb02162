"""Short real training as an evaluator, campaigns as rows, selectors by replay (issue #21).

Real torch training on scikit-learn's bundled data (no download); the cheap families only
(wine, breast cancer, diabetes, a tiny counting task), so the file stays a few seconds."""

from __future__ import annotations

from tests import gym_support  # noqa: F401  (gym/ on the path: before driftcheck_gym)

# isort: split

import json
import math
from pathlib import Path

import numpy as np
import pytest
from driftcheck_gym.ladder import campaign_main
from driftcheck_gym.ladder.campaign import read_rows, run_campaign
from driftcheck_gym.ladder.designs import generate, make_design
from driftcheck_gym.ladder.select import (
    FitSelector,
    Selector,
    baseline_selectors,
    pairs,
    score_selector,
    spearman_table,
    wilson,
)
from driftcheck_gym.ladder.tasks import get_task
from driftcheck_gym.ladder.train import evaluate

from driftcheck.graph.model import Graph, Node

MLP = {"depth": 1, "width": 8, "act": "ReLU", "norm": "none", "dropout": 0.0, "residual": False}


def _small_campaign():
    designs = generate(["wine", "breast-cancer", "diabetes"], 2, seed=5)
    seq = {"d": 8, "core": "gru", "layers": 1, "pos": False, "bidir": False, "heads": 1}
    seq |= {"ff": 1, "norm_first": False, "pool": "mean", "act": "ReLU"}
    designs.append(("seq-count", "generator", make_design(get_task("seq-count"), seq)))
    return designs


def _outcomes(rows):
    keep = ("status", "value", "val_loss", "final_train_loss", "curve", "steps", "params_torch")
    return [(r["design"], {k: r["outcome"][k] for k in keep}) for r in rows]


def test_same_campaign_twice_same_outcomes(tmp_path: Path) -> None:
    """Determinism: one thread, seeded init and batches, deterministic algorithms: the same
    campaign twice gives the same outcomes and loss curves, exactly."""
    designs = _small_campaign()
    a = run_campaign(designs, tmp_path / "a.jsonl", campaign="t")
    b = run_campaign(designs, tmp_path / "b.jsonl", campaign="t")
    assert _outcomes(a) == _outcomes(b)
    assert all(r["outcome"]["status"] == "ok" for r in a)
    assert len({r["task"] for r in a}) == 4
    # the rows are the file: replay reads back what was written
    assert _outcomes(read_rows(tmp_path / "a.jsonl")) == _outcomes(a)
    for r in a:
        assert r["outcome"]["params_torch"] == r["cost"]["params"]
        assert r["static"]["ok"] and r["features"]["log_params"] > 0
        assert len(r["outcome"]["curve"]) == get_task(r["task"]).steps // 10
        assert Graph.from_data(r["graph"]).params_total() == r["cost"]["params"]


def test_a_trained_model_beats_chance() -> None:
    """The evaluator really trains: a small MLP on wine (3 classes) ends far above chance and
    its loss curve falls."""
    task = get_task("wine")
    out = evaluate(make_design(task, MLP), task)
    assert out.status == "ok" and out.value > 0.85
    assert out.curve[-1] < out.curve[0] / 2


def _chain(task, *layers):
    g = Graph()
    g.add(Node(id="x", type="Input", params={"shape": list(task.input_shape)}))
    prev = "x"
    for i, (t, p) in enumerate(layers):
        g.add(Node(id=f"l{i}", type=t, params=p))
        g.connect(prev, f"l{i}")
        prev = f"l{i}"
    g.outputs = [prev]
    return g


def test_failures_are_outcomes_not_crashes() -> None:
    task = get_task("wine")
    lin = ("Linear", {"in_features": 13, "out_features": 3})
    blow = _chain(task, ("Scale", {"factor": 1e38}), ("Scale", {"factor": 1e38}), lin)
    assert evaluate(blow, task).status == "diverged"
    wrong = _chain(task, ("Linear", {"in_features": 13, "out_features": 5}))
    out = evaluate(wrong, task)
    assert out.status == "bad_output" and "(2, 3)" in out.detail
    odd = _chain(task, ("WarpDrive", {}), lin)
    assert evaluate(odd, task).status == "unbuildable"
    assert evaluate(_chain(task, lin), task, train_macs=10**12).status == "over_budget"
    huge = _chain(task, ("Linear", {"in_features": 13, "out_features": 10**12}))
    out = evaluate(huge, task)
    assert out.status == "oom", out


def test_campaign_cli(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """Design files: a bare graph, a wrapper naming its task, a gym architecture."""
    task = get_task("breast-cancer")
    d = tmp_path / "designs"
    d.mkdir()
    g = make_design(task, MLP)
    (d / "a.json").write_text(g.to_json())
    (d / "b.json").write_text(json.dumps({"task": "wine", "source": "hand", "graph": {"nodes": 5}}))
    arch = {
        "components": [
            {"name": "in", "type": "input", "params": {"shape": [1, 30]}},
            {"name": "fc", "type": "linear", "params": {"inFeatures": 30, "outFeatures": 2}},
            {"name": "out", "type": "output", "params": {}},
        ],
        "connections": [{"from": "in", "to": "fc"}, {"from": "fc", "to": "out"}],
    }
    (d / "c.json").write_text(json.dumps(arch))
    out = tmp_path / "c.jsonl"
    rc = campaign_main(["--task", "breast-cancer", "--designs", str(d), "--out", str(out)])
    err = capsys.readouterr().err
    assert rc == 2 and "b.json" in err and err.count("\n") == 1  # not a graph
    (d / "b.json").write_text(
        json.dumps({"task": "wine", "source": "hand", "graph": json.loads(g.to_json())})
    )
    rc = campaign_main(
        ["--task", "breast-cancer", "--designs", str(d), "--out", str(out), "--quiet"]
    )
    assert rc == 0
    rows = read_rows(out)
    assert [r["outcome"]["status"] for r in rows] == ["ok", "ok", "ok"]
    assert rows[2]["cost"]["params"] == 62 and rows[1]["source"] == "hand"
    assert campaign_main(["--task", "nope", "--designs", str(d), "--out", str(out)]) == 2
    from click.testing import CliRunner
    from driftcheck_gym.cli import main as gym_cli

    res = CliRunner().invoke(
        gym_cli, ["campaign", "--task", "nope", "--designs", str(d), "--out", str(out)]
    )
    assert res.exit_code == 2 and "no ladder task 'nope'" in res.output
    (d / "z.json").write_text("{")
    assert campaign_main(["--task", "wine", "--designs", str(d), "--out", str(out)]) == 2
    assert "z.json" in capsys.readouterr().err


def _row(task: str, value: float, params: int, static: float = 100.0) -> dict:
    return {
        "task": task,
        "rank_value": value,
        "cost": {"params": params},
        "static": {"score": static},
        "features": {"p": math.log10(params), "q": float(params % 7)},
    }


def test_pairs_ties_and_wilson() -> None:
    rows = [_row("t", 0.9, 10), _row("t", 0.5, 100), _row("t", 0.5, 1000), _row("u", 0.1, 5)]
    rows.append(_row("u", float("-inf"), 50))  # diverged: below every trained design
    rows.append({**_row("u", 0.0, 7), "rank_value": None})  # not trained: in no pair
    ps, ties = pairs(rows)
    assert ties == 1 and len(ps) == 3
    small, _, large = baseline_selectors()[0], baseline_selectors()[1], baseline_selectors()[2]
    s = score_selector(baseline_selectors()[1], rows)  # smallest-params
    assert (s.judged, s.decided, s.correct, s.wrong) == (3, 3, 3, 0)
    s = score_selector(large, rows)
    assert (s.correct, s.wrong, s.accuracy) == (0, 3, 0.0)
    s = score_selector(small, rows)  # static-verifier: one score for all, decides nothing
    assert (s.decided, s.accuracy) == (0, 0.5)
    assert spearman_table(small, rows) == {"pooled": None, "within": None}
    lo, hi = wilson(8, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.4902, 0.9433)  # the textbook value
    assert wilson(0, 0) == (0.0, 1.0)


def test_fit_selector_learns_and_replays() -> None:
    """Fit on one table, score another: a feature that decides the outcome is found, and the
    saved state scores rows exactly as the fitted object does."""
    rng = np.random.default_rng(0)
    rows = []
    for t in ("a", "b", "c"):
        for _ in range(8):
            p = int(rng.integers(10, 10**5))
            q = float(rng.integers(0, 7))
            rows.append(
                {**_row(t, q + rng.normal(0, 0.1), p), "features": {"p": math.log10(p), "q": q}}
            )
    fit = FitSelector(features=("p", "q")).fit(rows[:12])
    assert fit.weights()["q"] > abs(fit.weights()["p"])
    assert score_selector(fit.selector, rows[12:]).accuracy > 0.9
    again = FitSelector().load(json.loads(json.dumps(fit.state())))
    assert [again.score(r) for r in rows] == [fit.score(r) for r in rows]
    assert isinstance(fit.selector, Selector)


def test_trained_reward_for_a_gym_task() -> None:
    from driftcheck_gym import curated_tasks
    from driftcheck_gym.ladder.reward import trained_reward

    task = next(t for t in curated_tasks() if t.id == "mlp-tabular")
    r, info = trained_reward(task, task.reference_plan)
    assert info["ladder_task"] == "breast-cancer" and info["status"] == "ok" and r > 0.8
    r, info = trained_reward(task, [])  # the empty start has no head to train
    assert r == 0.0 and info["status"] != "ok"


def test_grade_mixes_a_trained_outcome_into_passing_designs_only() -> None:
    import json

    from driftcheck_gym import curated_tasks, grade
    from driftcheck_gym.ladder.reward import trained_reward

    task = next(t for t in curated_tasks() if t.id == "mlp-tabular")
    plain = grade(task, task.reference_plan)
    assert plain.passed and "trained" not in plain.metrics
    assert grade(task, task.reference_plan, trained_weight=0.0).to_dict() == plain.to_dict()
    mixed = grade(task, task.reference_plan, trained_weight=0.5)
    trained, _ = trained_reward(task, task.reference_plan)
    assert mixed.passed and mixed.metrics["trained"]["reward"] == trained
    assert mixed.reward == round(0.5 * plain.reward + 0.5 * trained, 6)
    json.dumps(mixed.to_dict())  # the service can send it
    # a failing or empty plan is never lifted by the term (and is not trained at all)
    empty = grade(task, [], trained_weight=1.0)
    assert not empty.passed and empty.reward == grade(task, []).reward
    assert "trained" not in empty.metrics
    with pytest.raises(ValueError):
        grade(task, [], trained_weight=2.0)
