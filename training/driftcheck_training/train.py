"""SFT warm start (TRL SFTTrainer) and GRPO (TRL GRPOTrainer) against the gym's reward."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import torch

from driftcheck_training import gymlink


def _common(args: argparse.Namespace, out: Path) -> dict[str, Any]:
    cuda = torch.cuda.is_available()
    return {
        "output_dir": str(out / "checkpoints"),
        "seed": args.seed,
        "data_seed": args.seed,
        "use_cpu": not cuda,
        "bf16": bool(cuda and not args.tiny),
        "report_to": [],
        "save_strategy": "no",
        "dataloader_num_workers": 0,
        "lr_scheduler_type": "constant_with_warmup",
        "warmup_steps": 10,
        "disable_tqdm": False,
        "gradient_checkpointing": False,
    }


def _merged(model):
    """A PEFT model with its adapters folded in (the next stage starts from plain weights)."""
    if hasattr(model, "merge_and_unload"):
        return model.merge_and_unload()
    return model


def sft(model, tokenizer, rows: list[dict[str, str]], args, peft_cfg, out: Path):
    """Supervised warm start on prompt -> verified reference plan (loss on the plan only)."""
    from datasets import Dataset
    from trl import SFTConfig, SFTTrainer

    data = Dataset.from_list([{"prompt": r["prompt"], "completion": r["completion"]} for r in rows])
    lr = args.sft_lr if args.sft_lr is not None else (2e-3 if args.tiny else 1e-4)
    cfg = SFTConfig(
        **{**_common(args, out), "lr_scheduler_type": "cosine"},
        max_steps=args.sft_steps,
        per_device_train_batch_size=args.sft_batch_size,
        learning_rate=lr,
        logging_steps=max(1, args.sft_steps // 20),
        max_length=4096,
        completion_only_loss=True,
        packing=False,
        dataset_num_proc=None,
    )
    trainer = SFTTrainer(
        model=model, args=cfg, train_dataset=data, processing_class=tokenizer, peft_config=peft_cfg
    )
    trainer.train()
    (out / "sft_log.json").write_text(_json(trainer.state.log_history))
    return _merged(trainer.model)


def grpo(model, tokenizer, tasks: list[Any], args, peft_cfg, out: Path, chat: bool = False):
    """GRPO on the training tasks; the reward is the gym's. Returns (model, log history)."""
    from datasets import Dataset
    from trl import GRPOConfig, GRPOTrainer

    rows = []
    for t in tasks:
        p = gymlink.prompt_text(t)
        rows.append({"prompt": [{"role": "user", "content": p}] if chat else p, "task_id": t.id})
    data = Dataset.from_list(rows).shuffle(seed=args.seed)
    lr = args.lr if args.lr is not None else (1e-4 if args.tiny else 1e-5)
    kw: dict[str, Any] = {}
    if args.vllm:
        kw.update(use_vllm=True, vllm_mode=args.vllm)
    cfg = GRPOConfig(
        **_common(args, out),
        max_steps=args.steps,
        per_device_train_batch_size=args.batch_size,
        num_generations=args.num_generations,
        max_completion_length=args.max_new_tokens * args.turns + (0 if args.turns == 1 else 4096),
        temperature=args.temperature,
        learning_rate=lr,
        beta=0.0,
        logging_steps=1,
        remove_unused_columns=False,
        **kw,
    )
    rollout = None
    if args.turns > 1:
        from driftcheck_training.rollout import make_rollout_func

        rollout = make_rollout_func(
            tokenizer,
            turns=args.turns,
            max_new_tokens=args.max_new_tokens,
            temperature=args.temperature,
            chat=chat,
        )
    reward = gymlink.reward_for(args)
    trainer = GRPOTrainer(
        model=model,
        reward_funcs=reward,
        args=cfg,
        train_dataset=data,
        processing_class=tokenizer,
        peft_config=peft_cfg,
        rollout_func=rollout,
    )
    trainer.train()
    history = list(trainer.state.log_history)
    (out / "grpo_log.json").write_text(_json(history))
    return _merged(trainer.model), history


def _json(obj: Any) -> str:
    import json

    return json.dumps(obj, indent=1, default=str)
