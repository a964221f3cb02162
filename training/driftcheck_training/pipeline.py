"""The one-command pipeline: baseline pass@1 on the held-out split, SFT warm start on verified
reference plans, GRPO against the gym's reward, re-evaluation on the held-out split and on
held-out families, report.json and reward_curve.png."""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from driftcheck_training import gymlink
from driftcheck_training.stats import disjoint_above, rate


class UsageError(Exception):
    """Bad input: reported as one line with exit code 2."""


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="train_grpo.py",
        description="Train a policy to write edit plans the driftcheck verifier accepts "
        "(SFT warm start + TRL GRPO against the gym's reward).",
    )
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument(
        "--tiny",
        action="store_true",
        help="tiny Llama from a config, action-language tokenizer, nothing downloaded",
    )
    src.add_argument(
        "--model", metavar="PATH", help="local Hugging Face causal-LM checkpoint folder"
    )
    p.add_argument(
        "--out",
        required=True,
        metavar="DIR",
        help="writes DIR/report.json and DIR/reward_curve.png",
    )
    p.add_argument("--steps", type=int, default=120, help="GRPO steps (default 120)")
    p.add_argument("--sft-steps", type=int, default=120, help="SFT warm-start steps (0: none)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--train-tasks", type=int, default=1000, help="generated training tasks")
    p.add_argument("--eval-tasks", type=int, default=100, help="held-out split tasks for pass@1")
    p.add_argument("--family-tasks", type=int, default=60, help="tasks from held-out families")
    p.add_argument(
        "--families", default=None, help="comma-separated training families (default: the gym's)"
    )
    p.add_argument(
        "--lora", action="store_true", help="train LoRA adapters (PEFT) instead of all weights"
    )
    p.add_argument("--lora-r", type=int, default=16)
    p.add_argument(
        "--turns",
        type=int,
        default=1,
        help="plans per episode: 1 single-shot, >1 multi-turn with the verifier's feedback",
    )
    p.add_argument("--num-generations", type=int, default=8)
    p.add_argument(
        "--batch-size", type=int, default=32, help="completions per device per GRPO step"
    )
    p.add_argument("--sft-batch-size", type=int, default=16)
    p.add_argument("--lr", type=float, default=None, help="GRPO learning rate")
    p.add_argument("--sft-lr", type=float, default=None)
    p.add_argument("--temperature", type=float, default=1.0)
    p.add_argument("--max-new-tokens", type=int, default=None)
    p.add_argument("--eval-batch-size", type=int, default=32)
    p.add_argument(
        "--reward-url",
        default=None,
        metavar="URL",
        help="grade through the gym's server at URL instead of in process",
    )
    p.add_argument(
        "--vllm",
        choices=["colocate", "server"],
        default=None,
        help="TRL vLLM generation (needs vllm installed)",
    )
    p.add_argument("--no-baseline", action="store_true", help="skip the baseline evaluation")
    p.add_argument(
        "--prompt",
        choices=["auto", "compact", "full"],
        default="auto",
        help="compact: the gym's prompt without its closing paragraph on the action vocabulary "
        "(auto: compact with --tiny)",
    )
    p.add_argument(
        "--threads",
        type=int,
        default=1,
        help="torch threads per process on a CPU (default 1: on a shared machine more threads than free cores spin)",
    )
    p.add_argument("--tiny-layers", type=int, default=3)
    p.add_argument("--tiny-width", type=int, default=128)
    args = p.parse_args(argv)
    for name in ("steps", "sft_steps", "train_tasks", "eval_tasks", "family_tasks"):
        if getattr(args, name) < 0:
            p.error(f"--{name.replace('_', '-')} must be >= 0")
    if args.turns < 1 or args.num_generations < 2 or args.batch_size < 1:
        p.error("--turns >= 1, --num-generations >= 2 and --batch-size >= 1")
    if args.model is not None and not Path(args.model, "config.json").is_file():
        p.error(f"--model {args.model}: no config.json there (a local checkpoint folder is needed)")
    if args.vllm:
        from trl.import_utils import is_vllm_available

        if not is_vllm_available():
            p.error(
                "--vllm: vllm is not installed (pip install vllm on a CUDA machine); run without --vllm"
            )
    return args


def _commit() -> str | None:
    """The commit the run's code came from (``DRIFTCHECK_COMMIT`` for a copy outside git)."""
    if os.environ.get("DRIFTCHECK_COMMIT"):
        return os.environ["DRIFTCHECK_COMMIT"]
    try:
        return (
            subprocess.run(
                ["git", "rev-parse", "--short", "HEAD"],
                cwd=gymlink.REPO,
                capture_output=True,
                text=True,
                timeout=10,
            ).stdout.strip()
            or None
        )
    except Exception:
        return None


def _tasks(args: argparse.Namespace) -> dict[str, list[Any]]:
    from driftcheck_training import splits

    return splits.load(args)


def run(args: argparse.Namespace) -> dict[str, Any]:
    import torch
    from accelerate import PartialState
    from transformers import set_seed

    t0 = time.time()
    load0 = os.getloadavg()
    # on a machine without CUDA, processes started by accelerate's torchrun launcher join a gloo
    # group (MULTI_CPU); one process alone stays single
    state = PartialState(cpu=not torch.cuda.is_available())
    main = state.is_main_process
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    set_seed(args.seed)
    if not torch.cuda.is_available():
        torch.set_num_threads(max(1, args.threads))
    gymlink.COMPACT = args.prompt == "compact" or (args.prompt == "auto" and bool(args.tiny))
    gymlink.import_gym()
    tasks = _tasks(args)
    train_rows, rejected = gymlink.verified_examples(tasks["train"])
    if not train_rows:
        raise UsageError("no training task has a reference plan that passes the gym")

    # ---- policy
    chat = False
    if args.tiny:
        from driftcheck_training.models import TinySpec, tiny_model
        from driftcheck_training.tokenizer import build_tokenizer

        texts = [r["prompt"] + r["completion"] for r in train_rows]
        if args.turns > 1:  # the words of the environment's answers (multi-turn observations)
            from driftcheck_training.rollout import observation_text

            for t in tasks["train"][:200]:
                g = gymlink.grade_text(t, "[]")
                texts.append(
                    observation_text({"feedback": g.feedback, "graph": t.start_graph}, g.reward)
                )
        tokenizer = build_tokenizer(texts, out / "tokenizer" if main else None)
        spec = TinySpec(
            hidden_size=args.tiny_width,
            intermediate_size=3 * args.tiny_width,
            num_hidden_layers=args.tiny_layers,
        )
        model = tiny_model(tokenizer, spec, seed=args.seed)
    else:
        from driftcheck_training.models import load_local

        model, tokenizer = load_local(args.model)
        chat = tokenizer.chat_template is not None
    if args.max_new_tokens is None:
        longest = max(
            len(tokenizer(r["completion"], add_special_tokens=False)["input_ids"])
            for r in train_rows
        )
        args.max_new_tokens = int(longest * 1.25) + 8
    peft_cfg = None
    if args.lora:
        from driftcheck_training.models import lora_config

        peft_cfg = lora_config(r=args.lora_r, alpha=2 * args.lora_r)

    def evaluate(name: str, which: str) -> dict[str, Any]:
        from driftcheck_training.evaluate import pass_at_1

        if not tasks[which]:
            return rate(0, 0)
        return pass_at_1(
            model,
            tokenizer,
            tasks[which],
            max_new_tokens=args.max_new_tokens,
            chat=chat,
            batch_size=args.eval_batch_size,
            desc=f"{name} ({which})",
            state=state,
        )

    report: dict[str, Any] = {
        "command": " ".join([Path(sys.argv[0]).name, *sys.argv[1:]]),
        "commit": _commit(),
        "seed": args.seed,
        "policy": "tiny" if args.tiny else args.model,
        "policy_params": sum(p.numel() for p in model.parameters()),
        "lora": args.lora,
        "turns": args.turns,
        "processes": state.num_processes,
        "distributed_type": str(state.distributed_type).rsplit(".", 1)[-1],
        "tasks": {k: len(v) for k, v in tasks.items()},
        "train_families": sorted({t.family for t in tasks["train"]}),
        "heldout_families": sorted({t.family for t in tasks["heldout_family"]}),
        "sft_examples": len(train_rows),
        "sft_rejected_reference_plans": rejected,
    }
    if args.tiny:
        report["tokenizer_vocab"] = len(tokenizer)
        report["heldout_unknown_token_share"] = _unk_share(tokenizer, tasks["heldout"])

    # ---- baseline
    timings: dict[str, float] = {}
    t = time.time()
    if not args.no_baseline:
        report["baseline"] = evaluate("baseline", "heldout")
    timings["baseline_s"] = time.time() - t

    # ---- SFT warm start on verified reference plans
    t = time.time()
    if args.sft_steps > 0:
        from driftcheck_training.train import sft

        model = sft(model, tokenizer, train_rows, args, peft_cfg, out)
        if main:  # the warm-started policy, loadable with --model (and --prompt compact)
            model.save_pretrained(str(out / "sft_model"))
            tokenizer.save_pretrained(str(out / "sft_model"))
        report["after_sft"] = evaluate("after SFT", "heldout")
    timings["sft_s"] = time.time() - t

    # ---- GRPO
    t = time.time()
    history: list[dict[str, Any]] = []
    if args.steps > 0:
        from driftcheck_training.train import grpo

        model, history = grpo(model, tokenizer, tasks["train"], args, peft_cfg, out, chat=chat)
    timings["grpo_s"] = time.time() - t

    # ---- re-evaluation
    t = time.time()
    report["final"] = evaluate("final", "heldout")
    report["heldout_family"] = evaluate("held-out families", "heldout_family")
    timings["final_eval_s"] = time.time() - t
    timings["total_s"] = time.time() - t0

    from driftcheck_training.report import plot_reward, reward_series, rises, write_report

    series = reward_series(history)
    b = report.get("baseline")
    f = report["final"]
    report.update(
        {
            "baseline_pass_at_1": b["pass_at_1"] if b else None,
            "baseline_n": b["n"] if b else 0,
            "baseline_wilson95": b["wilson95"] if b else None,
            "final_pass_at_1": f["pass_at_1"],
            "final_n": f["n"],
            "final_wilson95": f["wilson95"],
            "heldout_family_pass_at_1": report["heldout_family"]["pass_at_1"],
            "heldout_family_n": report["heldout_family"]["n"],
            "heldout_family_wilson95": report["heldout_family"]["wilson95"],
            "final_beats_baseline_beyond_noise": bool(b) and disjoint_above(f, b),
            "reward_curve": {"steps": len(series), **rises(series), "points": series},
            "timings": timings,
            "machine": {
                "cpus": os.cpu_count(),
                "torch_threads": torch.get_num_threads(),
                "cuda": torch.cuda.is_available(),
                "python": platform.python_version(),
                "loadavg_start": load0,
                "loadavg_end": os.getloadavg(),
            },
        }
    )
    if main:
        write_report(out, report)
        plot_reward(
            series,
            out / "reward_curve.png",
            f"GRPO against the driftcheck gym ({report['policy']}, {len(series)} steps)",
        )
    state.wait_for_everyone()
    return report


def _unk_share(tokenizer, tasks: list[Any]) -> float:
    unk = tokenizer.unk_token_id
    n = k = 0
    for t in tasks:
        ids = tokenizer(gymlink.prompt_text(t), add_special_tokens=False)["input_ids"]
        n += len(ids)
        k += sum(1 for i in ids if i == unk)
    return k / n if n else 0.0


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        report = run(args)
    except UsageError as e:
        print(f"train_grpo.py: {e}", file=sys.stderr)
        return 2
    from accelerate import PartialState

    if PartialState().is_main_process:
        keys = ("baseline_pass_at_1", "final_pass_at_1", "heldout_family_pass_at_1")
        print(
            json.dumps(
                {k: report.get(k) for k in keys}
                | {
                    "final_beats_baseline_beyond_noise": report[
                        "final_beats_baseline_beyond_noise"
                    ],
                    "reward_rises": report["reward_curve"]["rises"],
                    "out": str(Path(args.out).resolve()),
                }
            )
        )
    return 0
