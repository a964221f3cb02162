"""Values, dtypes and shapes ``library/tensorvalues.py`` gives ``torch.tril`` / ``triu`` (and
``.view`` / ``.reshape`` of their values) and the window functions, against real torch.

A causal mask ``torch.tril(torch.ones(n, n))`` is float32 (``masked_fill`` refuses it) and a
``torch.hann_window(n)`` buffer is ``(n,)`` float32 whatever ``periodic`` says: the forward
crash rules read both from these values. Windows are cosines, kept approximate (within 1e-6
of torch's); everything else must be equal.
"""

from __future__ import annotations

import textwrap

import pytest

torch = pytest.importorskip("torch")

from driftcheck.parsers.source.library import tensorvalues  # noqa: E402
from driftcheck.parsers.source.library.machine import Interp  # noqa: E402
from driftcheck.parsers.source.loader import Finder, parse_file  # noqa: E402
from driftcheck.parsers.source.values.abstract import Tensor, plain  # noqa: E402

pytest.importorskip("numpy")

EXACT = [
    "torch.tril(torch.ones(4, 4))",
    "torch.triu(torch.ones(3, 5), 1)",
    "torch.tril(torch.ones(4, 4), diagonal=-1).view(1, 1, 4, 4)",
    "torch.tril(torch.arange(12).reshape(3, 4))",
    "torch.triu(torch.arange(24).view(2, 3, 4), -1)",
    "torch.tril(torch.arange(9).view(3, 3) % 2 == 0)",
    "torch.ones(5, 5, dtype=torch.float64).tril().reshape(-1, 25)",
    "torch.eye(3).triu(diagonal=1)",
    "torch.tril(torch.ones(2, 3), 5)",
]
APPROX = [
    "torch.hann_window(16)",
    "torch.hann_window(16, periodic=False)",
    "torch.hann_window(1)",
    "torch.hann_window(0)",
    "torch.hann_window(2, False)",
    "torch.hann_window(10, dtype=torch.float64)",
    "torch.hamming_window(9)",
    "torch.hamming_window(9, False, 0.5, 0.4)",
    "torch.hamming_window(9, True, alpha=0.6, beta=0.3)",
    "torch.hamming_window(9, periodic=False, alpha=0.6)",
    "torch.blackman_window(12)",
    "torch.blackman_window(12, periodic=False)",
    "torch.bartlett_window(7)",
    "torch.bartlett_window(7, periodic=False)",
    "torch.bartlett_window(window_length=4, dtype=torch.float64)",
    "torch.hann_window(6).view(2, 3)",
]


def _static(tmp_path, expr: str):
    f = tmp_path / "valcase.py"
    f.write_text(textwrap.dedent(f"import torch\n\nresult = {expr}\n"))
    mod = parse_file(f, "valcase")
    interp = Interp(Finder([tmp_path]))
    interp.names.add_module(mod)
    return plain(interp.names.global_lookup(mod, "result"))


def _compare(tmp_path, expr: str, approx: bool) -> None:
    want = eval(expr, {"torch": torch})
    got = _static(tmp_path, expr)
    assert isinstance(got, Tensor) and got.shape == tuple(want.shape), (expr, got)
    arr, is_approx = tensorvalues.values(got)
    assert arr is not None, expr
    assert is_approx == approx, expr
    assert str(arr.dtype) == str(want.dtype).removeprefix("torch."), (expr, arr.dtype)
    assert tuple(arr.shape) == tuple(want.shape), expr
    if approx:
        assert torch.allclose(torch.from_numpy(arr.copy()), want, atol=1e-6, rtol=0), expr
    else:
        assert torch.equal(torch.from_numpy(arr.copy()), want), expr


@pytest.mark.parametrize("expr", EXACT)
def test_triangles_equal_torch(expr, tmp_path):
    _compare(tmp_path, expr, approx=False)


@pytest.mark.parametrize("expr", APPROX)
def test_windows_match_torch(expr, tmp_path):
    _compare(tmp_path, expr, approx=True)


@pytest.mark.parametrize(
    "expr",
    [
        "torch.tril(torch.ones(4))",  # torch raises: fewer than 2 dims
        "torch.hann_window(8, dtype=torch.int64)",  # torch refuses integer windows
        "torch.tril(torch.ones(4, 4)).view(3, 5)",  # torch raises: the size does not fit
        "torch.hamming_window(9, alpha=0.6)",  # alpha only after periodic: a TypeError
        "torch.hamming_window(9, True, beta=0.3)",  # beta only after alpha
    ],
)
def test_what_torch_refuses_has_no_values(expr, tmp_path):
    with pytest.raises((RuntimeError, TypeError)):
        eval(expr, {"torch": torch})
    got = _static(tmp_path, expr)
    assert not isinstance(got, Tensor) or tensorvalues.values(got)[0] is None, expr


def test_window_length_is_the_shape_without_values(tmp_path, monkeypatch):
    # the shape rule alone (no numpy values): (n,) for any periodic
    monkeypatch.setattr(tensorvalues, "call", lambda *a, **k: None)
    got = _static(tmp_path, "torch.blackman_window(400, periodic=True)")
    assert isinstance(got, Tensor) and got.shape == (400,) and got.data is None
