"""Short real training as an evaluator: build the graph as torch, train it on the family's
fixed budget, score it on the validation split.

Deterministic on CPU: one thread (``torch.set_num_threads(1)``), the weights initialized from
``torch.manual_seed(seed)``, the batches drawn from a ``torch.Generator`` seeded the same way,
and torch's deterministic algorithms on. The same code runs on a GPU when one is present
(``device="auto"``); GPU runs are not claimed bit-identical.

A design that cannot be built, does not meet the task's output contract, diverges (a loss
that is NaN or infinite), or runs out of memory is an *outcome* (``status``), not a crash.
"""

from __future__ import annotations

import math
import resource
import time
from dataclasses import asdict, dataclass, field
from typing import Any

import torch
from torch import nn

from driftcheck.errors import DriftcheckError
from driftcheck.graph.model import Graph
from driftcheck_gym.ladder.build import Unbuildable, build_module
from driftcheck_gym.ladder.tasks import LadderTask

__all__ = ["Outcome", "evaluate", "pick_device", "CURVE_EVERY", "MAX_TRAIN_MACS"]

CURVE_EVERY = 10
"""The loss curve keeps the mean training loss of every this many steps."""
MAX_TRAIN_MACS = 2e11
"""A design whose forward MACs x batch x steps x 3 (forward and backward) exceed this is not
trained (status ``over_budget``): at ~5 GMAC/s on one core, ~40 s; a campaign stays bounded."""
STATUSES = ("ok", "diverged", "oom", "unbuildable", "bad_output", "over_budget", "error")


@dataclass
class Outcome:
    status: str
    metric: str
    value: float | None = None
    """Validation accuracy or MSE (None unless status is ok)."""
    val_loss: float | None = None
    final_train_loss: float | None = None
    curve: list[float] = field(default_factory=list)
    steps: int = 0
    wall_s: float = 0.0
    cpu_s: float = 0.0
    device: str = "cpu"
    params_torch: int | None = None
    detail: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def pick_device(device: str | None = "auto") -> str:
    if device in (None, "auto"):
        return "cuda" if torch.cuda.is_available() else "cpu"
    return device


def _r(x: float, digits: int = 6) -> float:
    return float(f"{x:.{digits}g}")


def _loss(task: LadderTask, out: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    if task.kind == "regress":
        return nn.functional.mse_loss(out.reshape(y.shape), y)
    if task.kind == "seq2seq":
        return nn.functional.cross_entropy(out.reshape(-1, out.shape[-1]), y.reshape(-1))
    return nn.functional.cross_entropy(out, y)


def contract(task: LadderTask, out_shape: tuple[int, ...], batch: int) -> str | None:
    """None when an output of ``out_shape`` for ``batch`` samples meets the task's contract."""
    if task.kind == "regress":
        ok = tuple(out_shape) in ((batch, 1), (batch,))
        want = f"({batch}, 1)"
    elif task.kind == "seq2seq":
        ok = tuple(out_shape) == (batch, task.seq_len, task.n_out)
        want = f"({batch}, {task.seq_len}, {task.n_out})"
    else:
        ok = tuple(out_shape) == (batch, task.n_out)
        want = f"({batch}, {task.n_out})"
    return None if ok else f"output shape {tuple(out_shape)}, the task needs {want}"


def _metric(task: LadderTask, out: torch.Tensor, y: torch.Tensor) -> float:
    if task.kind == "regress":
        return float(nn.functional.mse_loss(out.reshape(y.shape), y))
    return float((out.argmax(-1) == y).float().mean())


def _is_oom(e: BaseException) -> bool:
    text = str(e).lower()
    return (
        isinstance(e, torch.OutOfMemoryError)
        or "out of memory" in text
        or "can't allocate memory" in text
    )


def evaluate(
    graph: Graph,
    task: LadderTask,
    *,
    seed: int = 0,
    device: str | None = "cpu",
    train_macs: int | None = None,
) -> Outcome:
    """Train ``graph`` on ``task``'s budget and return the outcome (never raises for a bad
    design). ``train_macs``: the cost model's forward MACs at batch 1, for the budget cap."""
    dev = pick_device(device)
    out = Outcome(status="ok", metric=task.metric, device=dev)
    if train_macs is not None and train_macs * task.batch * task.steps * 3 > MAX_TRAIN_MACS:
        out.status, out.detail = "over_budget", f"{train_macs} forward MACs per example"
        return out
    threads = torch.get_num_threads()
    det = torch.are_deterministic_algorithms_enabled()
    t0, c0 = time.perf_counter(), _cpu()
    try:
        if dev == "cpu":
            torch.set_num_threads(1)
        torch.use_deterministic_algorithms(True, warn_only=True)
        _train(graph, task, seed, dev, out)
    except Unbuildable as e:
        out.status, out.detail = "unbuildable", e.one_line()
    except DriftcheckError as e:
        out.status, out.detail = "unbuildable", e.one_line()
    except (RuntimeError, MemoryError) as e:
        if _is_oom(e) or isinstance(e, MemoryError):
            out.status, out.detail = "oom", str(e).splitlines()[0][:200]
        else:
            out.status, out.detail = "error", f"{type(e).__name__}: {str(e).splitlines()[0][:200]}"
    except (ValueError, TypeError, IndexError) as e:
        out.status, out.detail = "error", f"{type(e).__name__}: {str(e).splitlines()[0][:200]}"
    finally:
        torch.set_num_threads(threads)
        torch.use_deterministic_algorithms(det)
        if dev == "cuda":
            torch.cuda.empty_cache()
    out.wall_s = round(time.perf_counter() - t0, 3)
    out.cpu_s = round(_cpu() - c0, 3)
    return out


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _train(graph: Graph, task: LadderTask, seed: int, dev: str, out: Outcome) -> None:
    xtr, ytr, xva, yva = (t.to(dev) for t in task.data())
    torch.manual_seed(seed)
    model = build_module(graph).to(dev)
    out.params_torch = sum(p.numel() for p in model.parameters())
    if len(model.input_ids) != 1:
        out.status = "bad_output"
        out.detail = f"the task feeds one input; the design has {len(model.input_ids)}"
        return
    model.train()
    probe = model(xtr[:2])
    if not isinstance(probe, torch.Tensor) or (why := contract(task, tuple(probe.shape), 2)):
        out.status = "bad_output"
        out.detail = (
            why if isinstance(probe, torch.Tensor) else "the design returns several outputs"
        )
        return
    params = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.AdamW(params, lr=task.lr, weight_decay=task.weight_decay) if params else None
    gen = torch.Generator().manual_seed(seed)
    n = len(xtr)
    window: list[float] = []
    for step in range(task.steps):
        idx = torch.randint(0, n, (task.batch,), generator=gen).to(dev)
        loss = _loss(task, model(xtr[idx]), ytr[idx])
        lv = float(loss.detach())
        if not math.isfinite(lv):
            out.status, out.steps = "diverged", step
            out.detail = f"training loss {lv} at step {step}"
            return
        if opt is not None:
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
        window.append(lv)
        if len(window) == CURVE_EVERY:
            out.curve.append(_r(sum(window) / len(window)))
            window = []
    out.steps = task.steps
    out.final_train_loss = out.curve[-1] if out.curve else None
    model.eval()
    with torch.no_grad():
        pred = model(xva)
        vloss = float(_loss(task, pred, yva))
        value = _metric(task, pred, yva)
    if not (math.isfinite(vloss) and math.isfinite(value)):
        out.status, out.detail = "diverged", f"validation loss {vloss}"
        return
    out.val_loss = _r(vloss)
    out.value = _r(value)
