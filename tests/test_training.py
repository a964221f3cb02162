"""The training pipeline (issue #20): the reward is the gym's and is wired into GRPO, the
one-command pipeline runs end to end on a tiny model (baseline, SFT, GRPO, re-evaluation,
report.json, reward_curve.png), multi-turn episodes feed the verifier's answer back, bad
input exits 2. Real TRL, transformers, tokenizers, uvicorn; a few steps only."""

from __future__ import annotations

import json
import socket
import sys
import threading
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parent.parent
for p in (ROOT / "training", ROOT / "gym"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

from driftcheck_training import gymlink, pipeline, stats  # noqa: E402

FAST_FAMILIES = "gen-fix,gen-retrofit,gen-norm"


@pytest.fixture(scope="module")
def gym():
    return gymlink.import_gym()


@pytest.fixture(scope="module")
def tasks(gym):
    # one task of every training family
    return gym.generate_tasks("train", 3, len(gym.SPLITS["train"]))


def test_reward_is_the_gyms_and_spans_its_range(tasks):
    reward = gymlink.reward_for(SimpleNamespace(turns=1, reward_url=None))
    prompts = [gymlink.prompt_text(t) for t in tasks]
    ids = [t.id for t in tasks]
    reference = [gymlink.plan_text(t.reference_plan) for t in tasks]
    # a policy that writes the reference plan scores the maximum on every family ...
    assert reward(prompts, reference, task_id=ids) == [1.0] * len(tasks)
    # ... an empty completion the minimum, an empty plan less than any real attempt
    assert reward(prompts, [""] * len(tasks), task_id=ids) == [-1.0] * len(tasks)
    assert all(-1.0 < r < 0 for r in reward(prompts, ["[]"] * len(tasks), task_id=ids))
    # chat completions (a list of messages) are graded on their text
    chat = [[{"role": "assistant", "content": c}] for c in reference]
    assert reward(prompts, chat, task_id=ids) == [1.0] * len(tasks)


def test_reward_from_the_gym_server_equals_in_process(tasks):
    uvicorn = pytest.importorskip("uvicorn")
    from driftcheck_gym.server import create_app

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="error")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.time() + 20
        while not server.started and time.time() < deadline:
            time.sleep(0.05)
        assert server.started
        some = tasks[:4]
        ids = [t.id for t in some]
        comps = [gymlink.plan_text(t.reference_plan) for t in some] + ["", "[]", "not json"]
        ids = ids + [some[0].id] * 3
        remote = gymlink.reward_for(SimpleNamespace(turns=1, reward_url=f"http://127.0.0.1:{port}"))
        local = gymlink.reward_for(SimpleNamespace(turns=1, reward_url=None))
        assert remote(None, comps, task_id=ids) == local(None, comps, task_id=ids)
        assert remote(None, comps, task_id=ids)[:5] == [1.0, 1.0, 1.0, 1.0, -1.0]
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def test_tokenizer_round_trips_every_reference_plan(tasks):
    from driftcheck_training.tokenizer import build_tokenizer

    rows, rejected = gymlink.verified_examples(tasks)
    assert rejected == 0 and len(rows) == len(tasks)
    tok = build_tokenizer([r["prompt"] + r["completion"] for r in rows])
    for r in rows:
        ids = tok(r["completion"], add_special_tokens=False)["input_ids"]
        assert tok.unk_token_id not in ids
        assert tok.decode(ids) == r["completion"]
    # a number never seen is still written digit by digit
    assert (
        tok.decode(tok('{"params":987654321}', add_special_tokens=False)["input_ids"])
        == '{"params":987654321}'
    )


def test_wilson_interval():
    lo, hi = stats.wilson(0, 100)
    assert lo == pytest.approx(0.0, abs=1e-12) and hi == pytest.approx(0.0370, abs=1e-4)
    lo, hi = stats.wilson(50, 100)
    assert (lo, hi) == (pytest.approx(0.4038, abs=1e-4), pytest.approx(0.5962, abs=1e-4))
    assert stats.disjoint_above(stats.rate(30, 100), stats.rate(0, 100))
    assert not stats.disjoint_above(stats.rate(3, 100), stats.rate(0, 100))


def test_multi_turn_episode_feeds_the_verifier_back(gym):
    import torch
    from driftcheck_training.models import TinySpec, tiny_model
    from driftcheck_training.rollout import run_episodes
    from driftcheck_training.tokenizer import build_tokenizer

    task = gym.generate_tasks("train", 0, 1, ["gen-fix"])[0]
    prompt = gymlink.prompt_text(task, compact=True)
    tok = build_tokenizer([prompt, gymlink.plan_text(task.reference_plan), "Feedback (reward)"])
    model = tiny_model(
        tok, TinySpec(hidden_size=32, intermediate_size=64, num_hidden_layers=1), seed=0
    )
    torch.manual_seed(0)
    out = run_episodes(model, tok, [prompt, prompt], turns=2, max_new_tokens=6)
    for comp, mask, r in zip(out["completion_ids"], out["env_mask"], out["episode_reward"]):
        assert len(comp) == len(mask)
        # an untrained policy fails turn 1; the verifier's answer (mask 0) follows, then turn 2
        assert mask[0] == 1 and 0 in mask and mask[-1] == 1
        fed = tok.decode([t for t, m in zip(comp, mask) if m == 0])
        assert "Feedback" in fed and "Currentgraph" in fed
        assert -1.0 <= r <= 1.0
    assert out["episode_passed"] == [False, False]


def test_pipeline_end_to_end(tmp_path):
    out = tmp_path / "run"
    argv = [
        "--tiny",
        "--out",
        str(out),
        "--families",
        FAST_FAMILIES,
        "--train-tasks",
        "9",
        "--eval-tasks",
        "3",
        "--family-tasks",
        "3",
        "--sft-steps",
        "2",
        "--steps",
        "2",
        "--batch-size",
        "4",
        "--num-generations",
        "2",
        "--tiny-layers",
        "1",
        "--tiny-width",
        "32",
        "--max-new-tokens",
        "24",
    ]
    assert pipeline.main(argv) == 0
    report = json.loads((out / "report.json").read_text())
    for key in ("baseline_pass_at_1", "final_pass_at_1", "heldout_family_pass_at_1"):
        assert 0.0 <= report[key] <= 1.0
    assert report["baseline_n"] == 3 and report["final_n"] == 3 and report["heldout_family_n"] == 3
    for key in ("baseline_wilson95", "final_wilson95", "heldout_family_wilson95"):
        lo, hi = report[key]
        assert 0.0 <= lo <= hi <= 1.0
    assert report["sft_examples"] == 9 and report["sft_rejected_reference_plans"] == 0
    assert report["heldout_families"] and not set(report["heldout_families"]) & set(
        report["train_families"]
    )
    # the GRPO steps logged the gym's reward
    assert report["reward_curve"]["steps"] == 2
    assert all(-1.0 <= r <= 1.0 for _, r in report["reward_curve"]["points"])
    log = json.loads((out / "grpo_log.json").read_text())
    assert any(
        "rewards/driftcheck_gym_reward/mean" in e or "rewards/gym_reward/mean" in e for e in log
    )
    assert (out / "reward_curve.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (out / "tokenizer" / "tokenizer.json").is_file()


@pytest.mark.parametrize(
    "argv",
    [
        ["--tiny", "--families", "no-such-family"],
        ["--tiny", "--families", "gen-tower"],  # a held-out family cannot be trained on
    ],
)
def test_bad_families_exit_2(tmp_path, argv, capsys):
    assert pipeline.main([*argv, "--out", str(tmp_path / "o"), "--train-tasks", "2"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--families" in err[0]


def test_bad_arguments_exit_2(tmp_path, capsys):
    for argv in (["--model", str(tmp_path)], ["--tiny", "--steps", "-1"], ["--tiny"]):
        with pytest.raises(SystemExit) as e:
            pipeline.parse_args(
                [*argv, "--out", str(tmp_path / "o")] if argv != ["--tiny"] else argv
            )
        assert e.value.code == 2


def test_accelerate_configs_parse():
    from accelerate.commands.config.config_args import load_config_from_file

    kinds = {}
    for f in sorted((ROOT / "training" / "accelerate").glob("*.yaml")):
        kinds[f.name] = str(load_config_from_file(str(f)).distributed_type)
    assert kinds == {
        "cpu_2proc.yaml": "DistributedType.MULTI_GPU",  # the torchrun launcher; gloo at run time
        "deepspeed_zero2.yaml": "DistributedType.DEEPSPEED",
        "deepspeed_zero3.yaml": "DistributedType.DEEPSPEED",
        "fsdp.yaml": "DistributedType.FSDP",
        "multi_gpu.yaml": "DistributedType.MULTI_GPU",
    }


@pytest.mark.slow
@pytest.mark.skipif(
    not __import__("os").environ.get("DRIFTCHECK_SLOW"),
    reason="2-process accelerate run (about 2-4 min on 2 shared cores): set DRIFTCHECK_SLOW=1",
)
def test_two_process_cpu_run_through_accelerate_launch(tmp_path):
    import os
    import subprocess

    out = tmp_path / "ddp"
    cmd = [
        sys.executable,
        "-m",
        "accelerate.commands.launch",
        "--config_file",
        str(ROOT / "training" / "accelerate" / "cpu_2proc.yaml"),
        str(ROOT / "training" / "train_grpo.py"),
        "--tiny",
        "--out",
        str(out),
        "--families",
        FAST_FAMILIES,
        "--train-tasks",
        "12",
        "--eval-tasks",
        "4",
        "--family-tasks",
        "4",
        "--sft-steps",
        "2",
        "--steps",
        "2",
        "--batch-size",
        "4",
        "--num-generations",
        "4",
        "--tiny-layers",
        "1",
        "--tiny-width",
        "32",
        "--max-new-tokens",
        "24",
    ]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=900, env=env, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr[-3000:]
    report = json.loads((out / "report.json").read_text())
    assert report["processes"] == 2 and report["distributed_type"] == "MULTI_CPU"
    assert report["final_n"] == 4 and report["reward_curve"]["steps"] == 2
