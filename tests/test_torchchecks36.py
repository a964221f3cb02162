"""Session 36 (torchchecks36): torch's argument checks read from its source
(``tools/gen_torch_checks.py`` -> ``driftcheck/data/torch_checks.json``), proven in real torch.

- the table regenerates identically from the installed torch (``--check``);
- for every check of every entry, a call the table says violates it (found by searching
  candidate values: torch's defaults, the constants of the condition and around them) is run
  in torch and raises the recorded type (and message, where the table renders one); a call the
  table says passes every check is run and does not raise. A check no plain value can make
  fire (``isinstance(params, torch.Tensor)``) is inert for the checker: counted, never judged;
- the checker applies the table to calls in ``forward`` (``driftcheck check``), no verdict on
  unknown arguments, off with ``DRIFTCHECK_NO_TORCH_CHECKS=1``; the static path imports no
  torch.
"""

from __future__ import annotations

import ast
import importlib
import itertools
import json
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


def test_table_regenerates_identically() -> None:
    r = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "gen_torch_checks.py"), "--check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert r.returncode == 0, r.stderr


def test_table_has_the_families() -> None:
    """The namespaces the brief names are read (not an empty or one-family table)."""
    keys = set(TABLE["entries"])
    for k in (
        "torch.optim.sgd.SGD",
        "torch.optim.adam.Adam",
        "torch.optim.lr_scheduler.ReduceLROnPlateau",
        "torch.optim.lr_scheduler.OneCycleLR",
        "torch.optim.swa_utils.SWALR",
        "torch.utils.data.sampler.BatchSampler",
        "torch.utils.data.dataloader.DataLoader",
        "torch.nn.modules.rnn.LSTM",
        "torch.nn.modules.dropout.Dropout",
        "torch.nn.modules.sparse.Embedding",
    ):
        assert k in keys, k
    assert TABLE["n_checks"] >= 150
    assert TABLE["aliases"]["torch.optim.SGD"] == "torch.optim.sgd.SGD"
    assert sum(TABLE["skipped"].values()) > 0  # the untranslated ones are counted


# ------------------------------------------------------------------ fixtures for torch calls
def _param() -> Any:
    return torch.nn.Parameter(torch.zeros(2))


def _opt() -> Any:
    return torch.optim.SGD([_param()], lr=0.1)


class _Obj:
    """A torch object argument: passed to torch, unknown to the table (``UNK``)."""

    def __init__(self, make: Any) -> None:
        self.make = make


def _fixture(key: str, name: str, shared: dict) -> Any:
    """A value torch accepts for a required parameter without a check of its own."""
    if name == "optimizer":
        return _Obj(lambda: shared.setdefault("opt", _opt()))
    if name == "params":
        return _Obj(lambda: [_param()])
    if name in ("model", "module"):
        return _Obj(lambda: torch.nn.Linear(2, 2))
    if name == "schedulers":
        return _Obj(
            lambda: [
                torch.optim.lr_scheduler.StepLR(shared.setdefault("opt", _opt()), 1),
                torch.optim.lr_scheduler.StepLR(shared.setdefault("opt", _opt()), 1),
            ]
        )
    if name in ("dataset", "data_source", "sampler"):
        return _Obj(lambda: list(range(8)))
    if name == "weights":
        return _Obj(lambda: [1.0, 2.0, 3.0])
    if name in ("lr_lambda",):
        return _Obj(lambda: lambda e: 1.0)
    if name == "vec":
        return _Obj(lambda: torch.zeros(2))
    if name == "parameters":
        return _Obj(lambda: [_param()])
    if name in ("max_lr", "base_lr"):
        return 0.1
    if name == "distance_function":
        return None
    if name in ("input", "target", "anchor", "positive", "negative", "var"):
        return _Obj(lambda: torch.rand(2, 3, 4, 4))
    if name == "grid":
        return _Obj(lambda: torch.rand(2, 4, 4, 2))
    if name == "cutoffs":
        return [2]
    if name == "datasets":
        return _Obj(lambda: [list(range(4))])
    if name == "unflattened_size":
        return (2, 2)
    if name == "mode":
        return "LSTM"
    if name == "drop_last":
        return False
    if name == "nonlinearity":
        return "relu"
    if name in ("total_iters", "T_max", "step_size", "milestones_count"):
        return 3
    if name == "milestones":
        return [1] if "Sequential" in key else [2, 4]
    if name == "gamma":
        return 0.5
    if name == "swa_lr":
        return 0.05
    if name == "kernel_size":
        return 2
    return 4


def _t(*shape: int) -> _Obj:
    return _Obj(lambda: torch.rand(*shape))


def _ids(*rows: Any) -> _Obj:
    return _Obj(lambda: torch.tensor(rows))


# valid arguments of the functions whose required tensors need particular shapes
_OVERRIDES: dict[str, dict[str, Any]] = {
    ".affine_grid": {"theta": _t(1, 2, 3), "size": [1, 1, 4, 4]},
    ".batch_norm": {"running_mean": _t(3), "running_var": _t(3)},
    ".dropout1d": {"input": _t(2, 3, 4)},
    ".embedding_bag": {"input": _ids([0, 1], [1, 2]), "weight": _t(4, 3)},
    "fractional_max_pool2d_with_indices": {"output_size": 2},
    "fractional_max_pool3d_with_indices": {"output_size": 2, "input": _t(1, 2, 4, 4, 4)},
    ".interpolate": {"scale_factor": 2.0},
    ".linear_cross_entropy": {"input": _t(2, 4), "linear_weight": _t(3, 4), "target": _ids(0, 1)},
    ".multi_margin_loss": {"input": _t(2, 3), "target": _ids(0, 2)},
    # entries whose other rows read tensors (session 37; their tensor rows are proven in
    # tests/test_torchchecks37.py): valid tensors here
    ".embedding": {"input": _ids(0, 1), "weight": _t(5, 4)},
    ".group_norm": {"num_groups": 3},
    ".margin_ranking_loss": {"input1": _t(3), "input2": _t(3), "target": _t(3)},
    ".dirac_": {"tensor": _t(4, 2, 3)},
    ".cdist": {"x1": _t(2, 3), "x2": _t(4, 3)},
    ".stft": {"input": _t(64), "n_fft": 16, "return_complex": True},
    ".tensordot": {"a": _t(2, 3), "b": _t(3, 2), "dims": 1},
    ".eye_": {"tensor": _t(3, 4)},
    ".orthogonal_": {"tensor": _t(3, 4)},
    ".sparse_": {"tensor": _t(3, 4), "sparsity": 0.5},
    ".xavier_normal_": {"tensor": _t(3, 4)},
    ".xavier_uniform_": {"tensor": _t(3, 4)},
    ".multi_head_attention_forward": {
        "query": _t(3, 2, 4), "key": _t(3, 2, 4), "value": _t(3, 2, 4),
        "embed_dim_to_check": 4, "num_heads": 2, "in_proj_weight": _t(12, 4),
        "in_proj_bias": _t(12), "bias_k": None, "bias_v": None, "add_zero_attn": False,
        "dropout_p": 0.0, "out_proj_weight": _t(4, 4), "out_proj_bias": _t(4),
    },
}  # fmt: skip


def _base(key: str, entry: dict, shared: dict) -> dict[str, Any]:
    env: dict[str, Any] = {}
    for p in entry["params"]:
        if p["kind"] in ("varargs", "varkw") or "default" in p or p.get("default_unknown"):
            continue  # torch's default: not passed
        env[p["name"]] = _fixture(key, p["name"], shared)
    if key.endswith(".OneCycleLR"):
        env["total_steps"] = 10
    if key.endswith((".MultiStepLR",)):
        env["milestones"] = [2, 4]
    if key.endswith(".GroupNorm"):
        env["num_groups"], env["num_channels"] = 2, 4
    if key.endswith(".MultiheadAttention"):
        env["num_heads"] = 2
    for suffix, over in _OVERRIDES.items():
        if key.endswith(suffix):
            env.update(over)
    if ".FractionalMaxPool" in key:
        env["output_size"] = 2
    if key.endswith(".LinearCrossEntropyLoss"):
        env.pop("out_features", None)
    return env


def _table_env(entry: dict, env: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for p in entry["params"]:
        n = p["name"]
        if p["kind"] in ("varargs", "varkw"):
            out[n] = tc.UNK
        elif n in env:
            v = env[n]
            out[n] = tc.UNK if isinstance(v, _Obj) else v
        elif p.get("default_unknown"):
            out[n] = tc.UNK
        else:
            out[n] = ast.literal_eval(p["default"])
    return out


def _torch_obj(key: str) -> Any:
    mod, _, name = key.rpartition(".")
    while True:
        try:
            m = importlib.import_module(mod)
            break
        except ModuleNotFoundError:
            mod, _, outer = mod.rpartition(".")
            name = f"{outer}.{name}"
    obj = m
    for part in name.split("."):
        obj = getattr(obj, part)
    return obj


def _run(key: str, entry: dict, env: dict[str, Any]) -> BaseException | None:
    fn = _torch_obj(key)
    kw = {}
    for k, v in env.items():
        kw[k] = v.make() if isinstance(v, _Obj) else v
    pos = [p["name"] for p in entry["params"] if p["kind"] == "pos"]
    # positional-only parameters (none in the table today) would need args; keywords bind all
    args = []
    if key.endswith(("SWALR",)) or "optimizer" in pos[:1] or "params" in pos[:1]:
        first = pos[0]
        args.append(kw.pop(first))
    try:
        fn(*args, **kw)
    except Exception as ex:  # noqa: BLE001
        return ex
    return None


def _names(src: str) -> list[str]:
    return sorted({n.id for n in ast.walk(ast.parse(src, mode="eval")) if isinstance(n, ast.Name)})


def _consts(src: str) -> list[Any]:
    out = []
    for n in ast.walk(ast.parse(src, mode="eval")):
        if isinstance(n, ast.Constant) and n.value.__class__ in (int, float, str):
            out.append(n.value)
    return out


_POOL = [-1, 0, 1, 2, 0.5, 1.5, -0.5, 1.0, 0.0, None, True, False, "bogus", (0.9, 1.5), (0.9,)]


def _candidates(src: str, base: Any) -> list[Any]:
    c: list[Any] = [base] if base.__class__ in (int, float, bool, str, tuple, type(None)) else []
    for k in _consts(src):
        if isinstance(k, (int, float)) and not isinstance(k, bool):
            c += [k, k - 1, k + 1, k - 0.5, k + 0.5, -k]
        else:
            c.append(k)
    if isinstance(base, tuple) and base:
        c += [
            tuple(x if j != i else v for j, x in enumerate(base))
            for i in range(len(base))
            for v in (-1.0, 1.0, 2.0, 0.0)
        ]
    out = []
    for v in [*c, *_POOL]:
        if not any(v is w or (type(v) is type(w) and v == w) for w in out):
            out.append(v)
    return out


def _violation(key: str, entry: dict, i: int, base: dict) -> tuple[dict, str, bool] | None:
    """An argument assignment the table says fails exactly at check ``i``."""
    check = entry["checks"][i]
    names = [n for n in _names(check["cond"]) if n in {p["name"] for p in entry["params"]}]
    if not names or len(names) > 3:
        return None
    pools = [_candidates(check["cond"], base.get(n)) for n in names]
    for combo in itertools.islice(itertools.product(*pools), 20000):
        env = dict(base)
        env.update(zip(names, combo, strict=True))
        tenv = _table_env(entry, env)
        got, first = tc.verdict_first(entry, tenv)
        if got is not None and _row(entry, tenv) == i:
            return env, got, first
    return None


def _row(entry: dict, env: dict) -> int | None:
    """The row whose check decides the verdict."""
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


PROVEN: dict[str, int] = {"violations": 0, "inert": 0, "valid": 0}


@pytest.mark.parametrize("key", sorted(TABLE["entries"]))
def test_every_check_holds_in_torch(key: str) -> None:
    entry = TABLE["entries"][key]
    shared: dict = {}
    base = _base(key, entry, shared)
    # a valid call: the table says no check fails, and torch does not raise
    assert tc.verdict(entry, _table_env(entry, base)) is None, key
    err = _run(key, entry, base)
    assert err is None, f"{key}: valid call raised {err!r}"
    PROVEN["valid"] += 1
    for i, check in enumerate(entry["checks"]):
        if check["cond"] == "__unknown__":
            continue
        got = _violation(key, entry, i, base)
        if got is None:
            PROVEN["inert"] += 1
            continue
        env, verdict, first = got
        shared.clear()
        ex = _run(key, entry, env)
        # the table's claim: torch raises (always); torch's first error is this one, its type
        # and message, when every row before it was known (``first``)
        assert ex is not None, f"{key} check {i} ({check['cond']}): torch accepted {env}"
        if not first:
            PROVEN["some_error"] = PROVEN.get("some_error", 0) + 1
            continue
        kind = verdict.split(":", 1)[0]
        assert type(ex).__name__ == kind, (key, i, env, verdict, repr(ex))
        msg = verdict.split(": ", 1)[1].rsplit(" (torch's check at", 1)[0]
        if msg and "{" not in msg:
            assert str(ex).startswith(msg[:40]), (key, i, msg, str(ex))
        PROVEN["violations"] += 1


def test_most_checks_are_proven() -> None:
    """Across the table, violations found and run in torch outnumber inert checks (the
    search is not silently proving nothing)."""
    total = found = 0
    for key, entry in TABLE["entries"].items():
        base = _base(key, entry, {})
        for i in range(len(entry["checks"])):
            if not entry["checks"][i]["exc"]:
                continue
            if any(w in entry["checks"][i]["cond"] for w in tc._TENSOR_WORDS):
                continue  # a row reading a tensor: proven in tests/test_torchchecks37.py
            total += 1
            found += _violation(key, entry, i, base) is not None
    assert found >= 0.7 * total, (found, total)


# ------------------------------------------------------------------ the checker in forward
CASE = """
import torch
import torch.nn as nn
from torch.optim.swa_utils import SWALR


class Net(nn.Module):
    def __init__(self, lr={lr}):
        super().__init__()
        self.body = nn.Linear(8, 2)
        self.lr = lr

    def forward(self, x):
        opt = torch.optim.Adam(self.body.parameters(), lr=self.lr)
        sw = SWALR(opt, swa_lr=0.1, anneal_strategy={strategy!r})
        drop = nn.Dropout({p})
        rnn = nn.LSTM(8, {hidden}, proj_size={proj})
        return drop(self.body(x))
"""


def _check(tmp_path: Path, env: dict | None = None, **kw: Any) -> list[str]:
    import os

    src = textwrap.dedent(CASE).format(**kw)
    p = tmp_path / "case.py"
    p.write_text(src)
    r = subprocess.run(
        [sys.executable, "-m", "driftcheck", "check", f"{p}::Net", "--input-shape", "4,8",
         "--format", "json"],
        capture_output=True, text=True, cwd=ROOT, env={**os.environ, **(env or {})},
    )  # fmt: skip
    notes = json.loads(r.stdout)["notes"]
    return [n for n in notes if n.startswith("forward crash")]


def _torch_raises(tmp_path: Path, **kw: Any) -> str | None:
    src = textwrap.dedent(CASE).format(**kw)
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
        {"lr": None, "strategy": "cos", "p": 0.1, "hidden": 8, "proj": 0},
        {"lr": 0.1, "strategy": "cosine", "p": 0.1, "hidden": 8, "proj": 0},
        {"lr": 0.1, "strategy": "cos", "p": 1.5, "hidden": 8, "proj": 0},
        {"lr": 0.1, "strategy": "cos", "p": 0.1, "hidden": 8, "proj": 8},
        {"lr": -1.0, "strategy": "cos", "p": 0.1, "hidden": 8, "proj": 0},
        {"lr": 0.1, "strategy": "cos", "p": 0.1, "hidden": 8, "proj": 4},
    ],
)
def test_checker_agrees_with_torch(tmp_path: Path, kw: dict) -> None:
    crashes = _check(tmp_path, **kw)
    truth = _torch_raises(tmp_path, **kw)
    if truth is None:
        assert crashes == []
    else:
        assert crashes, truth
        first = crashes[0].split(": ", 1)[1]
        assert first.startswith(truth[:30]), (first, truth)
        off = _check(tmp_path, {"DRIFTCHECK_NO_TORCH_CHECKS": "1"}, **kw)
        assert not any("torch's check at" in c for c in off)
        if not off:  # no other rule sees it: the table's crash, with torch's file:line
            assert "torch's check at torch/" in first


def test_unknown_argument_no_verdict() -> None:
    """An argument the pass does not know exactly gives no verdict (binding and values)."""
    entry = TABLE["entries"]["torch.optim.sgd.SGD"]
    env = {p["name"]: tc.UNK for p in entry["params"]}
    assert tc.verdict(entry, env) is None
    e = ast.parse("SGD(ps, lr=x)", mode="eval").body
    bound = tc.bind(entry, e, [object()], {"lr": object()})
    assert bound is not None and bound["lr"] is tc.UNK
    e2 = ast.parse("SGD(ps, **cfg)", mode="eval").body
    assert tc.bind(entry, e2, [object()], {"lr": -1.0}) is None
    e3 = ast.parse("SGD(ps, learning_rate=-1.0)", mode="eval").body
    assert tc.bind(entry, e3, [object()], {"learning_rate": -1.0}) is None


def test_static_path_imports_no_torch() -> None:
    code = (
        "import sys\n"
        "from driftcheck.parsers.source.forward import dataflow_torchchecks as tc\n"
        "e = tc.table()['entries']['torch.optim.sgd.SGD']\n"
        "env = {p['name']: tc.UNK for p in e['params']}\n"
        "env['lr'] = -1.0\n"
        "assert tc.verdict(e, env).startswith('ValueError: Invalid learning rate')\n"
        "assert 'torch' not in sys.modules and 'transformers' not in sys.modules\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr
