"""The ladder's task families: data that ships inside installed packages, a contract for the
design (input shape and dtype, output shape), and a fixed training budget.

Data: scikit-learn's bundled sets (``load_digits``, ``load_breast_cancer``, ``load_wine``,
``load_diabetes``: files inside the wheel, nothing is downloaded; the ``fetch_*`` sets are
never used) and synthetic sequence tasks generated from a seed (reverse, sort, counting).
Every split is fixed (seed 0), so two runs of a family see the same examples in the same order.

Budget (one per family, the same for every design): ``steps`` AdamW steps of ``batch``
examples at learning rate ``lr``, then one evaluation on the whole validation split.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

import numpy as np
import torch

__all__ = ["LadderTask", "TASKS", "get_task", "task_names"]


@dataclass(frozen=True)
class LadderTask:
    name: str
    kind: str
    """classify (B, C) logits | regress (B, 1) | seq2seq (B, T, V) logits."""
    source: str
    sample_shape: tuple[int, ...]
    input_dtype: str
    n_out: int
    """classes, vocabulary (seq2seq) or 1 (regression)."""
    metric: str
    """accuracy (higher is better) or mse (lower is better), on the validation split."""
    steps: int = 150
    batch: int = 64
    lr: float = 3e-3
    weight_decay: float = 0.0
    doc: str = ""
    seq_len: int = 0
    vocab: int = 0
    extra: dict = field(default_factory=dict)

    @property
    def input_shape(self) -> tuple[int, ...]:
        """The Input node's declared shape (batch 1)."""
        return (1, *self.sample_shape)

    @property
    def higher_is_better(self) -> bool:
        return self.metric == "accuracy"

    def data(self) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
        """(x_train, y_train, x_val, y_val), fixed for the family."""
        return _data(self.name)


def _split(n: int, val: float = 0.25) -> tuple[np.ndarray, np.ndarray]:
    perm = np.random.default_rng(0).permutation(n)
    k = int(round(n * val))
    return perm[k:], perm[:k]


def _standardize(x: np.ndarray, tr: np.ndarray) -> np.ndarray:
    mu, sd = x[tr].mean(0), x[tr].std(0)
    return (x - mu) / np.where(sd > 0, sd, 1.0)


def _sk(loader: str) -> tuple[np.ndarray, np.ndarray]:
    import sklearn.datasets as ds

    b = getattr(ds, loader)()  # bundled with the wheel: reads package data, no download
    return np.asarray(b.data, dtype=np.float64), np.asarray(b.target)


def _tensors(x, y, tr, va, xdtype=torch.float32, ydtype=torch.long):
    return (
        torch.as_tensor(x[tr], dtype=xdtype),
        torch.as_tensor(y[tr], dtype=ydtype),
        torch.as_tensor(x[va], dtype=xdtype),
        torch.as_tensor(y[va], dtype=ydtype),
    )


def _seq(task: LadderTask, n_train: int = 2048, n_val: int = 512):
    rng = np.random.default_rng(1234)
    n = n_train + n_val
    x = rng.integers(0, task.vocab, size=(n, task.seq_len))
    if task.name == "seq-reverse":
        y = x[:, ::-1].copy()
    elif task.name == "seq-sort":
        y = np.sort(x, axis=1)
    elif task.name == "seq-count":
        y = (x == 1).sum(axis=1)
    else:  # pragma: no cover - every sequence family is listed above
        raise KeyError(task.name)
    tr, va = np.arange(n_train), np.arange(n_train, n)
    return _tensors(x, y, tr, va, torch.long, torch.long)


@cache
def _data(name: str):
    task = TASKS[name]
    if task.source == "synthetic":
        return _seq(task)
    x, y = _sk(task.source)
    tr, va = _split(len(x))
    if name == "digits-image":
        x = (x / 16.0).reshape(-1, 1, 8, 8)
        return _tensors(x, y, tr, va)
    x = _standardize(x, tr)
    if task.kind == "regress":
        y = (y - y[tr].mean()) / y[tr].std()
        return _tensors(x, y.reshape(-1, 1), tr, va, ydtype=torch.float32)
    return _tensors(x, y, tr, va)


_LIST = [
    LadderTask(
        "digits",
        "classify",
        "load_digits",
        (64,),
        "float32",
        10,
        "accuracy",
        doc="8x8 handwritten digits as 64 standardized features, 10 classes (1,797 images).",
    ),
    LadderTask(
        "digits-image",
        "classify",
        "load_digits",
        (1, 8, 8),
        "float32",
        10,
        "accuracy",
        doc="the same digits as 1x8x8 images (pixels / 16), for convolutional designs.",
    ),
    LadderTask(
        "breast-cancer",
        "classify",
        "load_breast_cancer",
        (30,),
        "float32",
        2,
        "accuracy",
        steps=100,
        doc="Wisconsin breast cancer, 30 standardized features, 2 classes (569 rows).",
    ),
    LadderTask(
        "wine",
        "classify",
        "load_wine",
        (13,),
        "float32",
        3,
        "accuracy",
        steps=60,
        batch=32,
        doc="wine cultivars, 13 standardized features, 3 classes (178 rows).",
    ),
    LadderTask(
        "diabetes",
        "regress",
        "load_diabetes",
        (10,),
        "float32",
        1,
        "mse",
        steps=100,
        batch=32,
        doc="diabetes progression, 10 features, standardized target; validation MSE.",
    ),
    LadderTask(
        "seq-reverse",
        "seq2seq",
        "synthetic",
        (8,),
        "long",
        8,
        "accuracy",
        steps=200,
        seq_len=8,
        vocab=8,
        doc="reverse 8 tokens over a vocabulary of 8; per-token accuracy.",
    ),
    LadderTask(
        "seq-sort",
        "seq2seq",
        "synthetic",
        (8,),
        "long",
        8,
        "accuracy",
        steps=200,
        seq_len=8,
        vocab=8,
        doc="sort 8 tokens over a vocabulary of 8; per-token accuracy.",
    ),
    LadderTask(
        "seq-count",
        "classify",
        "synthetic",
        (12,),
        "long",
        13,
        "accuracy",
        steps=200,
        seq_len=12,
        vocab=4,
        doc="how many of 12 tokens (vocabulary 4) are token 1: 13 classes.",
    ),
]

TASKS: dict[str, LadderTask] = {t.name: t for t in _LIST}


def task_names() -> list[str]:
    return list(TASKS)


def get_task(name: str) -> LadderTask:
    from driftcheck.errors import DriftcheckError

    try:
        return TASKS[name]
    except KeyError:
        raise DriftcheckError(
            f"no ladder task {name!r} (known: {', '.join(TASKS)})", "--task"
        ) from None
