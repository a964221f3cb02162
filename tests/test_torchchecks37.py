"""Session 37 (torchchecks37): torch's checks on TENSOR arguments (ranks, sizes, dtypes) read
from torch's source into ``driftcheck/data/torch_checks.json``, each row proven in real torch;
the ``__init__``-side table (torchchecks36b) re-landed without a second report where a
catalogue check already fires for the same construction.

- every row that reads a tensor (``x.dim()``, ``x.size(0)``, ``x.shape``, ``x.dtype``...):
  a valid call (the table: nothing fails) runs in torch; a violating call found by searching
  tensor shapes / dtypes and the condition's constants is run in torch and raises, with the
  recorded type and message where every earlier row was known;
- the same violating call with the tensors unknown (``TensorV(None)``), or with their sizes
  symbolic where the row reads a size, gives no verdict from that row;
- the checker in ``forward`` (``driftcheck check --input-shape``) against running the model;
- the ``__init__`` side: IMP004 where torch refuses a construction no catalogue check reads,
  and not next to ATT001 / LAY001 for the same construction.
"""

from __future__ import annotations

import ast
import itertools
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
torch = pytest.importorskip("torch")

from driftcheck.parsers.source.forward import dataflow_torchchecks as tc  # noqa: E402

TABLE = tc.table()


class T:
    """A tensor argument: its shape and dtype, made in torch for the run (``zeros`` for an
    integer tensor: valid indices / class ids) and a ``TensorV`` for the table."""

    def __init__(self, *shape: int, dtype: str = "float32") -> None:
        self.shape, self.dtype = tuple(shape), dtype

    def __repr__(self) -> str:
        return f"T{self.shape}:{self.dtype}"

    def make(self) -> Any:
        dt = getattr(torch, self.dtype)
        if dt.is_floating_point:
            return torch.rand(self.shape, dtype=dt)
        return torch.zeros(self.shape, dtype=dt)

    def table(self) -> tc.TensorV:
        return tc.TensorV(self.shape, self.dtype)


class Obj:
    """A torch object passed to torch and unknown to the table."""

    def __init__(self, make: Any) -> None:
        self.make = make


def _params() -> Obj:
    return Obj(lambda: [torch.nn.Parameter(torch.zeros(2))])


# a valid call of every entry whose rows read tensors (keywords; Obj / T made in torch)
VALID: dict[str, dict[str, Any]] = {
    "torch.nn.functional.affine_grid": {"theta": T(1, 2, 3), "size": [1, 1, 4, 4]},
    "torch.nn.functional.binary_cross_entropy": {"input": T(2, 3), "target": T(2, 3)},
    "torch.nn.functional.binary_cross_entropy_with_logits": {"input": T(2, 3), "target": T(2, 3)},
    "torch.nn.functional.embedding": {"input": T(2, dtype="int64"), "weight": T(5, 4)},
    "torch.nn.functional.glu": {"input": T(2, 4)},
    "torch.nn.functional.group_norm": {"input": T(2, 4, 3), "num_groups": 2},
    "torch.nn.functional.huber_loss": {"input": T(2, 3), "target": T(2, 3)},
    "torch.nn.functional.interpolate": {"input": T(1, 2, 4, 4), "scale_factor": 2.0},
    "torch.nn.functional.l1_loss": {"input": T(2, 3), "target": T(2, 3)},
    "torch.nn.functional.linear_cross_entropy": {
        "input": T(2, 4), "linear_weight": T(3, 4), "target": T(2, dtype="int64"),
    },
    "torch.nn.functional.margin_ranking_loss": {"input1": T(3), "input2": T(3), "target": T(3)},
    "torch.nn.functional.mse_loss": {"input": T(2, 3), "target": T(2, 3)},
    "torch.nn.functional.multi_margin_loss": {"input": T(2, 3), "target": T(2, dtype="int64")},
    "torch.nn.init.dirac_": {"tensor": T(4, 2, 3)},
    "torch.functional.tensordot": {"a": T(2, 3), "b": T(3, 2), "dims": 1},
    "torch.nn.init.eye_": {"tensor": T(3, 4)},
    "torch.nn.init.orthogonal_": {"tensor": T(3, 4)},
    "torch.nn.init.sparse_": {"tensor": T(3, 4), "sparsity": 0.5},
    "torch.nn.init.xavier_normal_": {"tensor": T(3, 4)},
    "torch.nn.init.xavier_uniform_": {"tensor": T(3, 4)},
    "torch.nn.modules.loss.LinearCrossEntropyLoss": {"in_features": 4, "num_classes": 3},
    "torch.nn.modules.loss.MultiMarginLoss": {"weight": T(3)},
    "torch.nn.modules.sparse.Embedding": {
        "num_embeddings": 5, "embedding_dim": 4, "_weight": T(5, 4),
    },
    "torch.nn.modules.sparse.EmbeddingBag": {
        "num_embeddings": 5, "embedding_dim": 4, "_weight": T(5, 4),
    },
}  # fmt: skip
_OPTIMIZERS = (
    "adadelta.Adadelta", "adagrad.Adagrad", "adam.Adam", "adamax.Adamax", "adamw.AdamW",
    "asgd.ASGD", "lbfgs.LBFGS", "nadam.NAdam", "radam.RAdam", "rmsprop.RMSprop", "rprop.Rprop",
    "sgd.SGD", "sparse_adam.SparseAdam",
)  # fmt: skip
for _o in _OPTIMIZERS:
    VALID[f"torch.optim.{_o}"] = {"params": _params(), "lr": T()}

TENSOR_KEYS = sorted(k for k, e in TABLE["entries"].items() if tc._tensors(e))


def test_every_tensor_entry_has_a_valid_call() -> None:
    """A new tensor-reading entry of the table is proven here too (not silently skipped)."""
    assert set(TENSOR_KEYS) <= set(VALID), sorted(set(TENSOR_KEYS) - set(VALID))
    assert len(TENSOR_KEYS) >= 30


def _torch_obj(key: str) -> Any:
    import importlib

    mod, _, name = key.rpartition(".")
    return getattr(importlib.import_module(mod), name)


def _table_env(entry: dict, env: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for p in entry["params"]:
        n = p["name"]
        if p["kind"] in ("varargs", "varkw"):
            out[n] = tc.UNK
        elif n in env:
            v = env[n]
            out[n] = v.table() if isinstance(v, T) else tc.UNK if isinstance(v, Obj) else v
        elif p.get("default_unknown"):
            out[n] = tc.UNK
        else:
            out[n] = ast.literal_eval(p["default"])
    return out


def _run(key: str, env: dict[str, Any]) -> BaseException | None:
    kw = {k: v.make() if isinstance(v, (T, Obj)) else v for k, v in env.items()}
    fn = _torch_obj(key)
    args = [kw.pop("params")] if "params" in kw else []
    try:
        fn(*args, **kw)
    except Exception as ex:  # noqa: BLE001
        return ex
    return None


def _reads_tensor(cond: str) -> bool:
    return any(w in cond for w in tc._TENSOR_WORDS)


def _names(src: str) -> list[str]:
    return sorted({n.id for n in ast.walk(ast.parse(src, mode="eval")) if isinstance(n, ast.Name)})


def _consts(src: str) -> list[Any]:
    return [
        n.value
        for n in ast.walk(ast.parse(src, mode="eval"))
        if isinstance(n, ast.Constant) and n.value.__class__ in (int, float, str)
    ]


def _tensor_candidates(base: Any, cond: str) -> list[Any]:
    shapes: list[tuple] = []
    s = base.shape if isinstance(base, T) else (3,)
    shapes += [s, s[:-1], (*s, 1), (), (1, *s), (2,), (3, 4)]
    if s:
        shapes += [(*s[:-1], s[-1] + 1), (s[0] + 1, *s[1:])]
    dtypes = [base.dtype if isinstance(base, T) else "float32"]
    if ".dtype" in cond or "is_floating_point" in cond or "is_complex" in cond:
        dtypes += ["int64", "float64"]
    out: list[Any] = []
    for sh, dt in itertools.product(shapes, dtypes):
        if not any(o.shape == sh and o.dtype == dt for o in out):
            out.append(T(*sh, dtype=dt))
    return out


_POOL = [-1, 0, 1, 2, 6, None, True, False, 0.5]


def _plain_candidates(base: Any, cond: str) -> list[Any]:
    c: list[Any] = [base] if not isinstance(base, (T, Obj)) else []
    for k in _consts(cond):
        c += [k, k - 1, k + 1, -k] if isinstance(k, int) and not isinstance(k, bool) else [k]
    out: list[Any] = []
    for v in [*c, *_POOL]:
        if not any(v is w or (type(v) is type(w) and v == w) for w in out):
            out.append(v)
    return out


def _row(entry: dict, env: dict) -> int | None:
    for j, c in enumerate(entry["checks"]):
        try:
            fired = tc._truth(tc.ev(tc._parse(c["cond"]), env))
        except tc.Unknown:
            continue
        except Exception:  # noqa: BLE001
            return j
        if fired and c["exc"]:
            return j
    return None


def _violation(key: str, entry: dict, i: int, base: dict) -> tuple[dict, str, bool] | None:
    cond = entry["checks"][i]["cond"]
    params = {p["name"] for p in entry["params"]}
    names = [n for n in _names(cond) if n in params]
    if not names or len(names) > 3:
        return None
    tensorish = {n for n in names if f"{n}." in cond or isinstance(base.get(n), T)}
    pools = [
        _tensor_candidates(base.get(n), cond) + ([None] if n not in base else [])
        if n in tensorish
        else _plain_candidates(base.get(n), cond)
        for n in names
    ]
    for combo in itertools.islice(itertools.product(*pools), 20000):
        env = dict(base)
        env.update(zip(names, combo, strict=True))
        tenv = _table_env(entry, env)
        got, first = tc.verdict_first(entry, tenv)
        if got is not None and _row(entry, tenv) == i:
            return env, got, first
    return None


PROVEN: dict[str, int] = {}


@pytest.mark.parametrize("key", TENSOR_KEYS)
def test_tensor_rows_hold_in_torch(key: str) -> None:
    entry = TABLE["entries"][key]
    base = VALID[key]
    assert tc.verdict(entry, _table_env(entry, base)) is None, key
    err = _run(key, base)
    assert err is None, f"{key}: valid call raised {err!r}"
    for i, check in enumerate(entry["checks"]):
        if not check["exc"] or not _reads_tensor(check["cond"]):
            continue
        got = _violation(key, entry, i, base)
        if got is None:
            PROVEN["inert"] = PROVEN.get("inert", 0) + 1
            continue
        env, verdict, first = got
        ex = _run(key, env)
        assert ex is not None, f"{key} row {i} ({check['cond']}): torch accepted {env}"
        PROVEN["violations"] = PROVEN.get("violations", 0) + 1
        if first:
            assert type(ex).__name__ == verdict.split(":", 1)[0], (key, i, env, verdict, ex)
            msg = verdict.split(": ", 1)[1].rsplit(" (torch's check at", 1)[0]
            if msg and "{" not in msg:
                assert str(ex).startswith(msg[:40]), (key, i, msg, str(ex))
        # unknown tensors: that row gives no verdict (a false blocker is worse than a miss),
        # where the tensors decide it (with the valid call's tensors it does not fire)
        valid = {k: base[k] if isinstance(v, T) and k in base else v for k, v in env.items()}
        if _row(entry, _table_env(entry, valid)) == i:
            continue  # decided by the plain arguments alone (``antialias`` with mode None)
        blind = {k: tc.TensorV(None) if isinstance(v, T) else v for k, v in env.items()}
        assert _row(entry, _table_env(entry, blind)) != i, (key, i)
        # sizes symbolic, dtype unknown: a row reading a size or dtype gives no verdict
        sym = {
            k: tc.TensorV(tuple(tc.OPAQUE for _ in v.shape)) if isinstance(v, T) else v
            for k, v in env.items()
        }
        reads_rank_only = not any(
            w in check["cond"] for w in (".size(", ".shape", ".numel(", ".dtype", "is_")
        )
        if not reads_rank_only and all(v.shape for v in env.values() if isinstance(v, T)):
            assert _row(entry, _table_env(entry, sym)) != i, (key, i)


def test_most_tensor_rows_are_proven() -> None:
    total = found = 0
    for key in TENSOR_KEYS:
        entry = TABLE["entries"][key]
        for i, c in enumerate(entry["checks"]):
            if c["exc"] and _reads_tensor(c["cond"]):
                total += 1
                found += _violation(key, entry, i, VALID[key]) is not None
    assert total >= 35 and found >= 0.8 * total, (found, total)


def test_tensor_value_language() -> None:
    """What a row may read of a tensor, and where it is unknown."""
    env = {"x": tc.TensorV((2, tc.OPAQUE, 4), "float32"), "y": tc.TensorV(None, None)}

    def ev(src: str) -> Any:
        return tc.ev(ast.parse(src, mode="eval").body, env)

    assert ev("x.dim()") == 3 and ev("x.ndim") == 3 and ev("x.size(0)") == 2
    assert ev("x.size(-1)") == 4 and ev("x.dtype == torch.float") is True
    assert ev("x.is_floating_point()") is True and ev("x.dtype.is_complex") is False
    assert ev("isinstance(x, torch.Tensor)") is True and ev("x is None") is False
    assert ev("len(x)") == 2
    for src in ("x.size(1) == 3", "x.numel() > 0", "x.shape == (2, 3, 4)", "y.dim() == 2",
                "y.dtype == torch.float32", "x + 1 > 0", "isinstance(x, Parameter)",
                "bool(x)"):  # fmt: skip
        with pytest.raises(tc.Unknown):
            ev(src)
    with pytest.raises(IndexError):
        ev("x.size(3)")  # torch's IndexError too
    fam = {"x": tc.TensorV((2,), tc.FAMILY_FLOAT)}
    assert tc.ev(ast.parse("x.is_floating_point()", mode="eval").body, fam) is True
    with pytest.raises(tc.Unknown):
        tc.ev(ast.parse("x.dtype == torch.float16", mode="eval").body, fam)


def test_no_cache_switch_read_once_per_verdict(monkeypatch: pytest.MonkeyPatch) -> None:
    """review36 item 10: the switch is read once per verdict, and both parsers agree."""
    entry = TABLE["entries"]["torch.optim.sgd.SGD"]
    env = {p["name"]: tc.UNK for p in entry["params"]}
    env["lr"] = -1.0
    calls = []
    real = os.environ.get

    def spy(k: str, d: Any = None) -> Any:
        if k == "DRIFTCHECK_NO_CACHE":
            calls.append(k)
        return real(k, d)

    with_cache = tc.verdict(entry, env)
    monkeypatch.setenv("DRIFTCHECK_NO_CACHE", "1")
    monkeypatch.setattr(tc.os.environ, "get", spy)
    without = tc.verdict(entry, env)
    assert with_cache == without and with_cache.startswith("ValueError: Invalid learning rate")
    assert len(calls) == 1 and len(entry["checks"]) > 1


# ------------------------------------------------------------------ the checker in forward
CASE = """
import torch
import torch.nn as nn
import torch.nn.functional as F


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 3)

    def forward(self, x):
        h = self.fc(x)
        w = torch.ones({wl})
        loss = F.l1_loss(h, h.detach(), weight=w)
        m = F.mse_loss(h, h.detach(), weight=torch.ones({wm}))
        return loss + m
"""


def _check(tmp_path: Path, src: str, env: dict | None = None) -> list[str]:
    p = tmp_path / "case.py"
    p.write_text(src)
    r = subprocess.run(
        [sys.executable, "-m", "driftcheck", "check", f"{p}::Net", "--input-shape", "4,8",
         "--format", "json"],
        capture_output=True, text=True, cwd=ROOT, env={**os.environ, **(env or {})},
    )  # fmt: skip
    return [n for n in json.loads(r.stdout)["notes"] if n.startswith("forward crash")]


def _torch_raises(tmp_path: Path, src: str) -> str | None:
    ns: dict = {}
    exec(compile(src, str(tmp_path / "case.py"), "exec"), ns)  # noqa: S102
    try:
        ns["Net"]()(torch.randn(4, 8))
    except Exception as ex:  # noqa: BLE001
        return f"{type(ex).__name__}: {ex}"
    return None


@pytest.mark.parametrize(
    "kw",
    [
        {"wl": "4, 3", "wm": "4, 3"},
        {"wl": "4, 2", "wm": "4, 3"},
        {"wl": "4, 3", "wm": "3"},
        {"wl": "x.shape[0], 3", "wm": "4, 3"},
    ],
)
def test_checker_agrees_with_torch(tmp_path: Path, kw: dict) -> None:
    src = textwrap.dedent(CASE).format(**kw)
    crashes = _check(tmp_path, src)
    truth = _torch_raises(tmp_path, src)
    if truth is None:
        assert crashes == []
        return
    assert crashes, truth
    first = crashes[0].split(": ", 1)[1]
    assert first.startswith(truth[:30]), (first, truth)
    assert "torch's check at torch/nn/functional.py" in first
    off = _check(tmp_path, src, {"DRIFTCHECK_NO_TORCH_CHECKS": "1"})
    assert off == []


TOP = """
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.protos = nn.Parameter(torch.randn(5, 8))

    def forward(self, x):
        d = torch.cdist(x, self.protos, compute_mode={mode!r})
        t = torch.tensordot(x, self.protos, dims={dims})
        return d
"""


@pytest.mark.parametrize(
    "kw",
    [
        {"mode": "use_mm_for_euclid_dist", "dims": 0},
        {"mode": "matmul", "dims": 0},
        {"mode": "use_mm_for_euclid_dist", "dims": 3},
        {"mode": "use_mm_for_euclid_dist", "dims": 2},
    ],
)
def test_torch_functional_top_level_names(tmp_path: Path, kw: dict) -> None:
    """``torch.cdist`` / ``torch.tensordot`` (torch/functional.py, called by their top-level
    names): the table's verdict is torch's."""
    src = textwrap.dedent(TOP).format(**kw)
    crashes = _check(tmp_path, src)
    truth = _torch_raises(tmp_path, src)
    if truth is None:
        assert crashes == []
        return
    assert crashes, truth
    first = crashes[0].split(": ", 1)[1]
    if "torch's check at" in first:  # the table's (another rule words its own message)
        assert first.startswith(truth[:30]), (first, truth)


def test_unknown_tensor_size_no_verdict(tmp_path: Path) -> None:
    """A weight whose size the pass does not know (a size read from a file at run time) gives
    no verdict, though torch raises for these sizes."""
    src = textwrap.dedent(CASE).format(wl="4, len(open(__file__).read()) % 2 + 2", wm="4, 3")
    assert _check(tmp_path, src) == []


# ------------------------------------------------------------------ the __init__ side
INIT = """
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = nn.MultiheadAttention({embed}, {heads})
        self.drop = nn.Dropout({p})
        self.rnn = nn.LSTM(8, 8, proj_size={proj})

    def forward(self, x):
        return self.drop(x)
"""


def _findings(tmp_path: Path, src: str) -> list[tuple[str, int | None]]:
    p = tmp_path / "init.py"
    p.write_text(src)
    r = subprocess.run(
        [sys.executable, "-m", "driftcheck", "check", f"{p}::Net", "--format", "json"],
        capture_output=True, text=True, cwd=ROOT,
    )  # fmt: skip
    out = json.loads(r.stdout)
    return [
        (f["check_id"], (f.get("locations") or [{}])[0].get("line"))
        for f in out["findings"]
        if f["severity"] == "blocker"
    ]


def _builds(src: str) -> str | None:
    ns: dict = {}
    exec(compile(src, "init.py", "exec"), ns)  # noqa: S102
    try:
        ns["Net"]()
    except Exception as ex:  # noqa: BLE001
        return type(ex).__name__
    return None


@pytest.mark.parametrize(
    ("kw", "want"),
    [
        ({"embed": 8, "heads": 2, "p": 0.1, "proj": 0}, []),
        ({"embed": 10, "heads": 3, "p": 0.1, "proj": 0}, [("ATT001", 8)]),
        ({"embed": 8, "heads": 2, "p": 1.5, "proj": 0}, [("LAY001", 9)]),
        ({"embed": 8, "heads": 2, "p": 0.1, "proj": 8}, [("IMP004", 10)]),
        ({"embed": 10, "heads": 3, "p": 0.1, "proj": 8}, [("ATT001", 8), ("IMP004", 10)]),
    ],
)
def test_init_side_one_finding_per_construction(tmp_path: Path, kw: dict, want: list) -> None:
    """torch's table on constructions in ``__init__``: IMP004 where no catalogue check reads
    the construction (LSTM proj_size), never next to ATT001 / LAY001 for the same one."""
    src = textwrap.dedent(INIT).format(**kw)
    assert (_builds(src) is None) == (want == [])
    got = _findings(tmp_path, src)
    assert sorted(got) == sorted(want), got


def test_module_level_construction_keeps_the_catalogue_finding(tmp_path: Path) -> None:
    """``model = nn.MultiheadAttention(10, 3)`` (the root itself is the layer): ATT001, as
    before the table (the failure is carried by the layer node, not an extra child that
    would make the root a non-leaf)."""
    p = tmp_path / "m.py"
    p.write_text("import torch.nn as nn\n\nmodel = nn.MultiheadAttention(10, 3)\n")
    r = subprocess.run(
        [sys.executable, "-m", "driftcheck", "check", str(p), "--format", "json"],
        capture_output=True, text=True, cwd=ROOT,
    )  # fmt: skip
    ids = [f["check_id"] for f in json.loads(r.stdout)["findings"] if f["severity"] == "blocker"]
    assert ids == ["ATT001"]


def test_disabled_catalogue_check_is_not_replaced_by_imp004(tmp_path: Path) -> None:
    """A user who disabled LAY001 (or made it a warning) gets no IMP004 for the same
    ``nn.Dropout(1.5)`` either; torch's refusal of a layer no catalogue check reads (LSTM
    proj_size) is still IMP004."""
    src = textwrap.dedent(INIT).format(embed=8, heads=2, p=1.5, proj=0)
    for section in ('[tool.driftcheck]\ndisable = ["LAY001"]\n',
                    '[tool.driftcheck.severity]\nLAY001 = "warning"\n'):  # fmt: skip
        (tmp_path / "pyproject.toml").write_text(section)
        assert _findings(tmp_path, src) == []
    src = textwrap.dedent(INIT).format(embed=8, heads=2, p=1.5, proj=8)
    (tmp_path / "pyproject.toml").write_text('[tool.driftcheck]\ndisable = ["LAY001"]\n')
    assert _findings(tmp_path, src) == [("IMP004", 10)]
