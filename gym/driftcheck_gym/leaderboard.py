"""Leaderboard and bench submissions.

A provider turns a task into a completion (text holding a plan): ``reference`` replays the
task's reference plan, ``noop`` answers ``[]``, ``openai:<model>[@<base url>]`` asks an
OpenAI-compatible chat endpoint (key from ``OPENAI_API_KEY``), ``hf:<path>`` runs a local
transformers causal LM (no download: the path or cached id must be on disk). Every completion
is graded by the same ``grade``; a provider's own claims are never read.

A bench submission carries plans, never numbers: a ``score``, ``reward`` or ``passed`` field
anywhere is refused, and the denominator is the split (a task left out counts as a failure).
"""

from __future__ import annotations

import json
import os
import time
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from driftcheck_gym.generate import generate_tasks
from driftcheck_gym.grade import grade
from driftcheck_gym.tasks import Task

SYSTEM = (
    "You edit neural-network architectures. Answer with one JSON list of edit actions and "
    "nothing else."
)


class Provider:
    name = "provider"

    def complete(self, task: Task) -> str:
        raise NotImplementedError


class ReferenceProvider(Provider):
    name = "reference"

    def complete(self, task: Task) -> str:
        return json.dumps(task.reference_plan)


class NoopProvider(Provider):
    name = "noop"

    def complete(self, task: Task) -> str:
        return "[]"


@dataclass
class OpenAIProvider(Provider):
    """Any OpenAI-compatible ``/chat/completions`` endpoint (OpenAI, vLLM, TGI, llama.cpp)."""

    model: str
    base_url: str = "https://api.openai.com/v1"
    api_key: str | None = None
    timeout: float = 120.0
    max_tokens: int = 2048

    @property
    def name(self) -> str:  # type: ignore[override]
        return f"openai:{self.model}"

    def complete(self, task: Task) -> str:
        import httpx

        key = self.api_key or os.environ.get("OPENAI_API_KEY", "")
        r = httpx.post(
            self.base_url.rstrip("/") + "/chat/completions",
            headers={"Authorization": f"Bearer {key}"} if key else {},
            json={
                "model": self.model,
                "temperature": 0,
                "max_tokens": self.max_tokens,
                "messages": [
                    {"role": "system", "content": SYSTEM},
                    {"role": "user", "content": task.prompt_text()},
                ],
            },
            timeout=self.timeout,
        )
        r.raise_for_status()
        return str(r.json()["choices"][0]["message"]["content"])


class HFProvider(Provider):
    """A local transformers causal LM, greedy decoding (``local_files_only``: never downloads)."""

    def __init__(self, path: str, max_new_tokens: int = 512) -> None:
        from transformers import AutoModelForCausalLM, AutoTokenizer

        self.path = path
        self.tok = AutoTokenizer.from_pretrained(path, local_files_only=True)
        self.model = AutoModelForCausalLM.from_pretrained(path, local_files_only=True)
        self.max_new_tokens = max_new_tokens

    @property
    def name(self) -> str:  # type: ignore[override]
        return f"hf:{self.path}"

    def complete(self, task: Task) -> str:
        import torch

        msgs = [
            {"role": "system", "content": SYSTEM},
            {"role": "user", "content": task.prompt_text()},
        ]
        if getattr(self.tok, "chat_template", None):
            ids = self.tok.apply_chat_template(
                msgs, add_generation_prompt=True, return_tensors="pt"
            )
        else:
            ids = self.tok(
                SYSTEM + "\n\n" + task.prompt_text() + "\n", return_tensors="pt"
            ).input_ids
        with torch.no_grad():
            out = self.model.generate(ids, max_new_tokens=self.max_new_tokens, do_sample=False)
        return self.tok.decode(out[0, ids.shape[1] :], skip_special_tokens=True)


def provider(spec: str) -> Provider:
    """``reference``, ``noop``, ``openai:<model>[@<base url>]``, ``hf:<path>``."""
    if spec == "reference":
        return ReferenceProvider()
    if spec == "noop":
        return NoopProvider()
    if spec.startswith("openai:"):
        model, _, url = spec[len("openai:") :].partition("@")
        if not model:
            raise ValueError("openai provider needs a model: openai:<model>[@<base url>]")
        return OpenAIProvider(
            model, url or os.environ.get("OPENAI_BASE_URL", "https://api.openai.com/v1")
        )
    if spec.startswith("hf:"):
        return HFProvider(spec[3:])
    raise ValueError(
        f"unknown provider {spec!r} (reference, noop, openai:<model>[@url], hf:<path>)"
    )


def run(providers: list[Provider], tasks: list[Task]) -> dict[str, Any]:
    rows, details = [], []
    for p in providers:
        fam: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        passed, rewards, t0 = 0, [], time.perf_counter()
        for t in tasks:
            try:
                text = p.complete(t)
            except Exception as e:  # noqa: BLE001 - a provider failure is that task's failure
                text, err = "", f"provider error: {type(e).__name__}: {e}"
            else:
                err = None
            g = grade(t, text)
            passed += g.passed
            rewards.append(g.reward)
            fam[t.family][0] += g.passed
            fam[t.family][1] += 1
            details.append(
                {
                    "provider": p.name,
                    "taskId": t.id,
                    "passed": g.passed,
                    "reward": g.reward,
                    "score": g.score,
                    "params": g.params,
                    "missing": g.missing,
                    **({"error": err} if err else {}),
                }
            )
        rows.append(
            {
                "provider": p.name,
                "passed": passed,
                "total": len(tasks),
                "rate": round(passed / len(tasks), 4) if tasks else 0.0,
                "avgReward": round(sum(rewards) / len(rewards), 4) if rewards else 0.0,
                "families": {k: {"passed": v[0], "total": v[1]} for k, v in sorted(fam.items())},
                "seconds": round(time.perf_counter() - t0, 3),
            }
        )
    return {"rows": rows, "results": details}


def markdown(board: dict[str, Any]) -> str:
    lines = ["| provider | passed | rate | avg reward |", "| --- | --- | --- | --- |"]
    for r in board["rows"]:
        lines.append(
            f"| {r['provider']} | {r['passed']}/{r['total']} | {100 * r['rate']:.1f}% | {r['avgReward']:+.3f} |"
        )
    fams = sorted({f for r in board["rows"] for f in r["families"]})
    if fams:
        lines += ["", "| family | " + " | ".join(r["provider"] for r in board["rows"]) + " |"]
        lines.append("| --- |" + " --- |" * len(board["rows"]))
        for f in fams:
            cells = []
            for r in board["rows"]:
                c = r["families"].get(f, {"passed": 0, "total": 0})
                cells.append(f"{c['passed']}/{c['total']}")
            lines.append(f"| {f} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


_CLAIMS = ("score", "reward", "passed", "pass", "params", "rate")


def grade_submission(body: Any) -> dict[str, Any]:
    """Grade a bench submission ``{"model", "results": [{"taskId", "actions"}], "split"?}``.
    The split is ``"curated"`` (default) or ``{"split", "seed", "count"}``; every task of it
    is in the denominator. Raises ValueError (one line) on a malformed submission."""
    if not isinstance(body, dict):
        raise ValueError("a submission is a JSON object")
    extra = set(body) - {"model", "results", "split"}
    if extra & set(_CLAIMS):
        raise ValueError(
            f"a submission carries action plans only: {sorted(extra & set(_CLAIMS))[0]!r} is refused"
        )
    if extra:
        raise ValueError(f"unknown submission field {sorted(extra)[0]!r}")
    model = body.get("model")
    if not isinstance(model, str) or not model:
        raise ValueError("model must be a non-empty string")
    results = body.get("results")
    if not isinstance(results, list):
        raise ValueError("results must be a list of {taskId, actions}")
    split = body.get("split", "curated")
    if split == "curated":
        tasks = generate_tasks("curated", 0, 0)
    elif isinstance(split, dict) and set(split) <= {"split", "seed", "count"}:
        try:
            tasks = generate_tasks(
                str(split.get("split")),
                int(split.get("seed", 1)),
                min(int(split.get("count", 64)), 2000),
            )
        except (KeyError, TypeError, ValueError) as e:
            raise ValueError(f"bad split: {e}") from None
    else:
        raise ValueError('split is "curated" or {"split", "seed", "count"}')
    by_id = {t.id: t for t in tasks}
    plans: dict[str, Any] = {}
    for i, r in enumerate(results):
        if not isinstance(r, dict):
            raise ValueError(f"results[{i}] is not an object")
        claims = set(r) & set(_CLAIMS)
        if claims:
            raise ValueError(
                f"results[{i}]: a submission carries action plans only: {sorted(claims)[0]!r} is refused"
            )
        if set(r) - {"taskId", "actions"}:
            raise ValueError(
                f"results[{i}]: unknown field {sorted(set(r) - {'taskId', 'actions'})[0]!r}"
            )
        tid = r.get("taskId")
        if tid not in by_id:
            raise ValueError(f"results[{i}]: task {tid!r} is not in this split")
        if tid in plans:
            raise ValueError(f"results[{i}]: task {tid!r} submitted twice")
        if not isinstance(r.get("actions"), list):
            raise ValueError(f"results[{i}]: actions must be a list")
        plans[tid] = r["actions"]
    rows = []
    for t in tasks:
        if t.id in plans:
            g = grade(t, plans[t.id])
            rows.append(
                {
                    "taskId": t.id,
                    "submitted": True,
                    "passed": g.passed,
                    "reward": g.reward,
                    "missing": g.missing,
                }
            )
        else:
            rows.append(
                {
                    "taskId": t.id,
                    "submitted": False,
                    "passed": False,
                    "reward": -1.0,
                    "missing": ["not submitted"],
                }
            )
    passed = sum(r["passed"] for r in rows)
    return {
        "model": model,
        "passed": passed,
        "total": len(rows),
        "rate": round(passed / len(rows), 4) if rows else 0.0,
        "rows": rows,
        "plans": plans,
    }
