"""``driftcheck-gym`` (in process through click, and two real processes for determinism),
and the gym's parameter counts held to real torch modules."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import driftcheck_gym as G
import gym_support  # noqa: F401
from click.testing import CliRunner
from driftcheck_gym.cli import main
from gym_support import ROOT


def _run(*args: str, **kw):
    return CliRunner().invoke(main, list(args), catch_exceptions=False, **kw)


def test_calibrate_last_line():
    r = _run("calibrate", "--policy", "noop", "--split", "curated")
    assert r.exit_code == 0 and r.output.strip().splitlines()[-1] == "Overall: 0/12 = 0.0%"
    r = _run("calibrate", "--policy", "reference", "--split", "heldout", "--count", "3")
    assert r.output.strip().splitlines()[-1] == "Overall: 3/3 = 100.0%"


def test_grade_manifest_leaderboard(tmp_path):
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps(G.get_task("cnn-cifar").reference_plan))
    r = _run("grade", "--task", "cnn-cifar", "--plan", str(plan))
    out = json.loads(r.output)
    assert r.exit_code == 0 and out["passed"] is True and out["reward"] == 1.0
    gen = G.generate_tasks("test", 4, 3)[1]
    plan.write_text("```json\n" + json.dumps(gen.reference_plan) + "\n```")
    assert json.loads(_run("grade", "--task", gen.id, "--plan", str(plan)).output)["passed"] is True
    m = json.loads(_run("manifest", "--split", "train", "--seed", "3", "--count", "20").output)
    assert (
        m == G.manifest("train", 3, 20)
        and m["digest"].startswith("sha256:")
        and sum(m["families"].values()) == 20
    )
    r = _run(
        "leaderboard",
        "--providers",
        "reference,noop",
        "--format",
        "md",
        "--out",
        str(tmp_path / "b.json"),
    )
    assert "| reference | 12/12 | 100.0% |" in r.output and "| noop | 0/12 | 0.0% |" in r.output
    assert json.loads((tmp_path / "b.json").read_text())["rows"][0]["passed"] == 12


def test_bad_input_exits_2_with_one_line(tmp_path):
    for args in (
        ["grade", "--task", "no-such-task", "--plan", "x"],
        ["grade", "--task", "cnn-cifar", "--plan", str(tmp_path / "missing.json")],
        ["manifest", "--split", "nope", "--seed", "1", "--count", "3"],
        ["leaderboard", "--providers", "martian"],
    ):
        r = CliRunner().invoke(main, args)
        assert r.exit_code == 2, args
        assert len(r.output.strip().splitlines()) == 1 and "Traceback" not in r.output, r.output


def test_same_seed_same_manifest_across_processes():
    """Two processes with different PYTHONHASHSEED mint the same split (same digest); neither
    imports torch or transformers to grade a task on a real architecture."""
    code = (
        "import json, sys, driftcheck_gym as G; from driftcheck_gym.generate import make_task; "
        "t = make_task('hf-kv-cut', 'train', 42, 0); assert G.grade(t, t.reference_plan).passed; "
        "heavy = [m for m in ('torch', 'transformers') if m in sys.modules]; "
        "print(json.dumps({**G.manifest('heldout', 42, 9), 'heavy': heavy}))"
    )
    outs = []
    for hs in ("1", "2024"):
        env = {
            **os.environ,
            "PYTHONHASHSEED": hs,
            "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'gym'}",
        }
        p = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300
        )
        assert p.returncode == 0, p.stderr
        outs.append(json.loads(p.stdout))
    # the static path: grading a real-architecture task imports neither torch nor transformers
    assert outs[0].pop("heavy") == [] and outs[1].pop("heavy") == []
    assert outs[0] == outs[1] == G.manifest("heldout", 42, 9)
    assert outs[0]["digest"] != G.manifest("heldout", 43, 9)["digest"]


# ---------------------------------------------------------------------- torch ground truth
def _count(m) -> int:
    return sum(p.numel() for p in m.parameters())


def test_counts_equal_torch():
    import torch
    from torch import nn

    t = G.get_task("cnn-cifar")
    cnn = nn.Sequential(
        nn.Conv2d(3, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2), nn.Conv2d(32, 64, 3, padding=1),
        nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(64, 10),
    )  # fmt: skip
    assert G.grade(t, t.reference_plan).params == _count(cnn)
    assert tuple(cnn(torch.zeros(1, 3, 32, 32)).shape) == (1, 10)
    enc = nn.ModuleList(
        [
            nn.Embedding(30000, 128),
            nn.MultiheadAttention(128, 8),
            nn.LayerNorm(128),
            nn.MultiheadAttention(128, 8),
            nn.Linear(128, 4),
        ]
    )
    t = G.get_task("text-encoder")
    assert G.grade(t, t.reference_plan).params == _count(enc)
    big = nn.ModuleList(
        [
            nn.Embedding(30000, 512),
            *[nn.TransformerEncoderLayer(512, 8, 2048, batch_first=True) for _ in range(2)],
            nn.Linear(512, 2),
        ]
    )
    t = G.get_task("scale-under-budget")
    assert G.grade(t, t.reference_plan).params == _count(big)


def test_gqa_and_moe_counts_equal_torch():
    from torch import nn

    for t in [G.generate_tasks("train", 9, 30, families=["gen-gqa"])[i] for i in range(3)]:
        attn = next(a for a in t.reference_plan if a["componentType"] == "groupedQueryAttention")[
            "params"
        ]
        emb = next(a for a in t.reference_plan if a["componentType"] == "embedding")["params"]
        head = next(a for a in t.reference_plan if a["componentType"] == "linear")["params"]
        d, h, g = attn["embedDim"], attn["numHeads"], attn["numKVHeads"]
        hd = d // h
        m = nn.ModuleList([
            nn.Embedding(emb["numEmbeddings"], d),
            nn.Linear(d, h * hd, bias=False), nn.Linear(d, g * hd, bias=False),
            nn.Linear(d, g * hd, bias=False), nn.Linear(h * hd, d, bias=False),
            nn.RMSNorm(d), nn.Linear(d, head["outFeatures"]),
        ])  # fmt: skip
        assert G.grade(t, t.reference_plan).params == _count(m), t.id
    for t in G.generate_tasks("train", 9, 3, families=["gen-moe"]):
        p = {a["name"]: a["params"] for a in t.reference_plan}
        d, hid, e = p["moe"]["embedDim"], p["moe"]["hiddenDim"], p["moe"]["numExperts"]
        experts = [
            nn.ModuleList(
                [
                    nn.Linear(d, hid, bias=False),
                    nn.Linear(d, hid, bias=False),
                    nn.Linear(hid, d, bias=False),
                ]
            )
            for _ in range(e)
        ]
        m = nn.ModuleList([
            nn.MultiheadAttention(d, p["attn"]["numHeads"]), nn.LayerNorm(d), nn.Linear(d, e, bias=False),
            *experts, nn.LayerNorm(d), nn.Linear(d, p["head"]["outFeatures"]),
        ])  # fmt: skip
        assert G.grade(t, t.reference_plan).params == _count(m), t.id
