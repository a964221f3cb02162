"""pass@1: one greedy plan per task, graded by the gym."""

from __future__ import annotations

from typing import Any

import torch
from tqdm.auto import tqdm

from driftcheck_training import gymlink
from driftcheck_training.stats import rate


def encode_prompts(tokenizer, prompts: list[str], chat: bool) -> list[list[int]]:
    if chat:
        return [
            tokenizer.apply_chat_template(
                [{"role": "user", "content": p}],
                add_generation_prompt=True,
                tokenize=True,
                return_dict=False,
            )
            for p in prompts
        ]
    return [tokenizer(p, add_special_tokens=False)["input_ids"] for p in prompts]


@torch.no_grad()
def generate(
    model,
    tokenizer,
    prompt_ids: list[list[int]],
    *,
    max_new_tokens: int,
    batch_size: int = 16,
    do_sample: bool = False,
    temperature: float = 1.0,
    desc: str | None = None,
    disable: bool = False,
) -> list[list[int]]:
    """Completions (token ids, eos and padding cut) for each prompt, in order."""
    device = next(model.parameters()).device
    pad = tokenizer.pad_token_id
    eos = tokenizer.eos_token_id
    out: list[list[int]] = []
    was_training = model.training
    model.eval()
    order = sorted(range(len(prompt_ids)), key=lambda i: len(prompt_ids[i]))
    results: dict[int, list[int]] = {}
    for start in tqdm(range(0, len(order), batch_size), desc=desc, disable=disable or desc is None):
        idx = order[start : start + batch_size]
        width = max(len(prompt_ids[i]) for i in idx)
        ids = torch.full((len(idx), width), pad, dtype=torch.long)
        mask = torch.zeros((len(idx), width), dtype=torch.long)
        for row, i in enumerate(idx):
            p = prompt_ids[i]
            ids[row, width - len(p) :] = torch.tensor(p)
            mask[row, width - len(p) :] = 1
        gen = model.generate(
            input_ids=ids.to(device),
            attention_mask=mask.to(device),
            max_new_tokens=max_new_tokens,
            do_sample=do_sample,
            temperature=temperature if do_sample else None,
            top_p=None,
            top_k=None,
            pad_token_id=pad,
            eos_token_id=eos,
        )
        for row, i in enumerate(idx):
            seq = gen[row, width:].tolist()
            if eos in seq:
                seq = seq[: seq.index(eos)]
            results[i] = [t for t in seq if t != pad]
    if was_training:
        model.train()
    out = [results[i] for i in range(len(prompt_ids))]
    return out


def pass_at_1(
    model,
    tokenizer,
    tasks: list[Any],
    *,
    max_new_tokens: int,
    chat: bool = False,
    batch_size: int = 16,
    desc: str | None = None,
    state=None,
) -> dict[str, Any]:
    """Greedy pass@1 over ``tasks`` (shared between the processes of ``state``, an
    ``accelerate.PartialState``, and gathered): rate, Wilson 95% interval, mean reward, and
    per-family counts."""
    from accelerate.utils import gather_object

    ids = list(range(len(tasks)))
    if state is not None and state.num_processes > 1:
        with state.split_between_processes(ids) as mine:
            mine = list(mine)
    else:
        mine = ids
    prompts = encode_prompts(tokenizer, [gymlink.prompt_text(tasks[i]) for i in mine], chat)
    comps = generate(
        model,
        tokenizer,
        prompts,
        max_new_tokens=max_new_tokens,
        batch_size=batch_size,
        desc=desc,
        disable=state is not None and not state.is_main_process,
    )
    rows = []
    for i, c in zip(mine, comps):
        text = tokenizer.decode(c, skip_special_tokens=True)
        g = gymlink.grade_text(tasks[i], text)
        rows.append((i, bool(g.passed), float(g.reward), tasks[i].family))
    if state is not None and state.num_processes > 1:
        rows = gather_object(rows)
    rows = sorted(set(rows))
    k = sum(r[1] for r in rows)
    result = rate(k, len(rows))
    result["mean_reward"] = sum(r[2] for r in rows) / max(1, len(rows))
    fam: dict[str, list[int]] = {}
    for _, ok, _, f in rows:
        fam.setdefault(f, [0, 0])
        fam[f][0] += int(ok)
        fam[f][1] += 1
    result["by_family"] = {f: {"passed": a, "n": b} for f, (a, b) in sorted(fam.items())}
    return result
