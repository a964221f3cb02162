"""``check --input-dtype`` (session 22, inputdtype22) and the dtypes of ``torch.full`` /
``arange`` / ``tensor`` built in ``__init__``, against real torch.

Every model fed token ids crashes in torch only because its input is int64 (``F.gelu(ids -
1)``, ``cdist`` of ``ids.cumsum``, LayerNorm of ``ids.sum / max / min``): with
``--input-dtype int64`` a blocker must be reported exactly when torch raises on int64 ids, with
``--input-dtype float32`` exactly when it raises on a float input, and without the option
(dtype unknown) never: the default is what it was before the option existed.
"""

from __future__ import annotations

import json
import runpy
import textwrap
from pathlib import Path

import pytest

from driftcheck.cli import main
from tests.model_count_support import check_count_matches_torch

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"
SHAPE = (2, 6)


def _net(init: str, body: str) -> str:
    """class Net: an Embedding(10, 8), a Linear(6, 4), ``init``; forward(x) runs ``body``
    (lines separated by newlines, written without indentation)."""
    lines = "".join(f"        {ln.strip()}\n" for ln in body.splitlines())
    return (
        "class Net(nn.Module):\n"
        "    def __init__(self):\n"
        "        super().__init__()\n"
        "        self.emb = nn.Embedding(10, 8)\n"
        "        self.fc = nn.Linear(6, 4)\n"
        f"        {init or 'pass'}\n\n"
        "    def forward(self, x):\n" + lines
    )


# name -> (init, forward body); each is run in torch on int64 ids, int32 ids and floats
MODELS: dict[str, tuple[str, str]] = {
    "gelu": ("", "return self.fc(F.gelu(x - 1))"),
    "silu_float_first": ("", "return self.fc(F.silu(x.float() - 1))"),
    "maxpool": ("", "return F.max_pool1d(x[:, None], 2)"),
    "cdist_cumsum": (
        "",
        "b, n = x.shape\n        pos = torch.stack([x.cumsum(1), torch.arange(n).expand(b, n)], -1)"
        "\n        return torch.cdist(pos, pos)",
    ),
    "layernorm_stats": (
        "self.ln = nn.LayerNorm(3)",
        "s = torch.stack([x.sum(1), x.max(1).values, x.min(1).values], -1)\n"
        "        return self.ln(s)",
    ),
    "layernorm_indices": (
        "self.ln = nn.LayerNorm(6)",
        "return self.ln(x.max(0).indices)",
    ),
    "embedding": ("", "return self.emb(x).mean(1)"),
    "linear": ("", "return self.fc(x)"),
    "inplace_div": ("", "y = x.clone()\n        y /= 2\n        return y"),
    "mul_param": (
        "self.s = nn.Parameter(torch.full((6,), 0.5))",
        "y = x.clone()\ny.mul_(self.s)\nreturn y",
    ),
    "mul_param_int": (
        "self.s = nn.Parameter(torch.full((6,), 2), requires_grad=False)",
        "y = x.clone()\ny.mul_(self.s)\nreturn y",
    ),
}


def _write(tmp_path: Path, name: str) -> Path:
    path = tmp_path / f"{name}.py"
    path.write_text(HEAD + _net(*MODELS[name]))
    return path


def _torch_crashes(path: Path, dtype: str) -> bool:
    torch = pytest.importorskip("torch")
    torch.manual_seed(0)
    net = runpy.run_path(str(path), run_name="__input_dtype__")["Net"]()
    net.eval()
    if dtype == "float32":
        x = torch.randn(SHAPE)
    else:
        x = torch.randint(0, 3, SHAPE, dtype=getattr(torch, dtype))
    try:
        with torch.no_grad():
            net(x)
    except Exception:  # noqa: BLE001 - any error forward raises is the crash
        return True
    return False


def _check(path: Path, capsys, *extra: str) -> tuple[int, dict]:
    rc = main(["check", f"{path}::Net", "--format", "json", *extra])
    return rc, json.loads(capsys.readouterr().out)


def _blockers(data: dict) -> list[dict]:
    return [f for f in data.get("findings", []) if f.get("severity") == "blocker"]


@pytest.mark.parametrize("dtype", ["int64", "int32", "float32"])
@pytest.mark.parametrize("name", sorted(MODELS))
def test_blocker_iff_torch_crashes_on_that_dtype(tmp_path, capsys, name: str, dtype: str) -> None:
    path = _write(tmp_path, name)
    crashes = _torch_crashes(path, dtype)
    shape = ",".join(map(str, SHAPE))
    rc, data = _check(path, capsys, "--input-shape", shape, "--input-dtype", dtype)
    found = _blockers(data)
    assert bool(found) is crashes, (name, dtype, crashes, found)
    assert (rc == 1) is bool(found)


def test_int_only_crashes_run_on_floats(tmp_path) -> None:
    """The table's point: these crash in torch on int ids and run on a float input, so only
    the input's dtype decides (a blocker without it would be a guess)."""
    for name in ("gelu", "maxpool", "cdist_cumsum", "layernorm_stats", "inplace_div", "linear"):
        path = _write(tmp_path, name)
        assert _torch_crashes(path, "int64") and not _torch_crashes(path, "float32"), name


def test_no_option_is_unknown_dtype(tmp_path, capsys) -> None:
    """Without ``--input-dtype`` the input's dtype is unknown and no verdict depends on it: the
    int-only crashes stay unreported (torch runs each on a float input), and the report is the
    one the forward gives with no dtype facts on its input (``concrete_input(shape)`` as it was
    called before the option existed)."""
    from driftcheck.commands.check import check_one
    from driftcheck.parsers import load
    from driftcheck.parsers.source.forward.edges import concrete_input
    from driftcheck.verifier.runner import verify

    shape = ",".join(map(str, SHAPE))
    for name in sorted(MODELS):
        path = _write(tmp_path, name)
        rc, data = _check(path, capsys, "--input-shape", shape)
        if name in ("gelu", "maxpool", "cdist_cumsum", "layernorm_stats", "inplace_div"):
            assert rc == 0 and not _blockers(data), name
        from driftcheck.commands.check import _bind_input
        from driftcheck.verifier import VerifyOptions

        opts = VerifyOptions.make(input_shapes={"*": SHAPE})
        _, report = check_one(f"{path}::Net", opts)
        with concrete_input(SHAPE):  # the one-argument call of sessions before 22
            graph = load(f"{path}::Net")
        old = verify(graph, _bind_input(graph, opts))
        assert [f.message for f in report.findings] == [f.message for f in old.findings]


def test_pyproject_key_same_as_flag(tmp_path, capsys) -> None:
    path = _write(tmp_path, "gelu")
    shape = ",".join(map(str, SHAPE))
    _, flag = _check(path, capsys, "--input-shape", shape, "--input-dtype", "long")
    (tmp_path / "pyproject.toml").write_text(
        f'[tool.driftcheck]\ninput-shape = "{shape}"\ninput-dtype = "torch.int64"\n'
    )
    _, cfg = _check(path, capsys)
    assert _blockers(flag) and _blockers(cfg) == _blockers(flag)


@pytest.mark.parametrize(
    "argv",
    [
        ["--input-shape", "2,6", "--input-dtype", "int65"],
        ["--input-dtype", "int64"],  # a dtype is followed on real sizes only
    ],
)
def test_bad_option_exits_2(tmp_path, capsys, argv: list[str]) -> None:
    path = _write(tmp_path, "gelu")
    assert main(["check", f"{path}::Net", *argv]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "input-dtype" in err[0], err


def test_bad_pyproject_value_exits_2(tmp_path, capsys) -> None:
    path = _write(tmp_path, "gelu")
    (tmp_path / "pyproject.toml").write_text('[tool.driftcheck]\ninput-dtype = "float8"\n')
    assert main(["check", f"{path}::Net", "--input-shape", "2,6"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "input-dtype" in err[0], err


# ---------------------------------------------------------------- factories' dtypes in __init__
WIDTH = (
    "w = (3 if d == torch.int64 else 5 if d == torch.bool else 7 if d == torch.float32 else "
    "9 if d == torch.complex64 else 11 if d == torch.float64 else 13 if d == torch.int32 "
    "else 15)"
)


@pytest.mark.parametrize(
    "expr",
    [
        "torch.full((16,), 3)",
        "torch.full((16,), True)",
        "torch.full((16,), 0.5)",
        "torch.full((16,), 2j)",
        "torch.full((16,), 3, dtype=torch.float64)",
        "torch.full(size=(4,), fill_value=1)",
        "torch.full_like(torch.zeros(3, dtype=torch.int32), 0.5)",
        "torch.arange(8)",
        "torch.arange(0, 8, 2)",
        "torch.arange(0, 4, 0.5)",
        "torch.arange(1.0, 4)",
        "torch.tensor([1, 2])",
        "torch.tensor([[1, 2], [3, 4]])",
        "torch.tensor([True, False])",
        "torch.tensor([1, 2.5])",
        "torch.tensor(3)",
        "torch.tensor([1, 2], dtype=torch.int32)",
        "torch.zeros(2, dtype=torch.float64)",
        "torch.zeros(2, dtype=torch.long)",
    ],
)
def test_factory_dtype_matches_torch(tmp_path, expr: str) -> None:
    check_count_matches_torch(
        tmp_path,
        f"""
        import torch
        import torch.nn as nn

        class M(nn.Module):
            def __init__(self):
                super().__init__()
                d = {expr}.dtype
                {WIDTH}
                self.lin = nn.Linear(4, w)
        """,
    )


def test_full_buffer_dtype_reaches_forward(tmp_path, capsys) -> None:
    """``torch.full((16,), 3)`` registered in ``__init__`` is int64 in forward: ``lerp`` with it
    as the weight raises in torch and is a blocker; with a float fill it runs and is not."""
    for fill, crash in (("3", True), ("0.5", False)):
        path = tmp_path / f"lerp_{crash}.py"
        path.write_text(
            HEAD
            + textwrap.dedent(
                f"""
                class Net(nn.Module):
                    def __init__(self):
                        super().__init__()
                        self.fc = nn.Linear(16, 16)
                        self.register_buffer("prev", torch.zeros(2, 16))
                        self.register_buffer("w", torch.full((16,), {fill}))

                    def forward(self, x):
                        return torch.lerp(self.prev, self.fc(x), self.w)
                """
            )
        )
        assert _torch_crashes_float(path, (2, 16)) is crash
        _, data = _check(path, capsys, "--input-shape", "2,16")
        assert bool(_blockers(data)) is crash, data


def _torch_crashes_float(path: Path, shape: tuple[int, ...]) -> bool:
    torch = pytest.importorskip("torch")
    net = runpy.run_path(str(path), run_name="__input_dtype__")["Net"]()
    try:
        with torch.no_grad():
            net(torch.randn(shape))
    except Exception:  # noqa: BLE001
        return True
    return False
