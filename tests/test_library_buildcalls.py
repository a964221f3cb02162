"""library/buildcalls.py against torch and CPython.

The value rows (``ROWS``) run in tests/test_library.py's table (each snippet by CPython and
torch, and by the static interpreter; tensors compared by shape, ``tolist()`` by value). Here:
the shipped name list against torch, and the honest unknowns.
"""

from __future__ import annotations

import pytest

# (qualified names the row covers, code setting ``result``): appended to test_library.VALUES
ROWS: list[tuple[tuple[str, ...], str]] = [
    (
        (
            "torch.clone",
            "torch.detach",
            "torch.masked_fill",
            "torch.numel",
            "torch.reshape",
            "torch.squeeze",
            "torch.unsqueeze",
        ),
        "import torch\nx = torch.zeros(2, 1, 3)\n"
        "result = (torch.clone(x), torch.detach(x), torch.masked_fill(x, x > 0, 1.0), "
        "torch.numel(x), torch.reshape(x, (3, -1)), torch.squeeze(x), torch.squeeze(x, 1), "
        "torch.unsqueeze(x, -1), torch.unsqueeze(input=x, dim=0), "
        "torch.reshape(torch.arange(6), (2, 3)).tolist())",
    ),
    (
        (
            "torch.permute",
            "torch.transpose",
            "torch.swapaxes",
            "torch.swapdims",
            "torch.t",
            "torch.narrow",
            "torch.split",
            "torch.topk",
        ),
        "import torch\nx = torch.zeros(2, 5, 4)\n"
        "result = (torch.permute(x, (2, 0, 1)), torch.transpose(x, 0, 1), "
        "torch.swapaxes(x, 1, 2), torch.swapdims(x, 0, 2), torch.t(torch.ones(3, 7)), "
        "torch.narrow(x, 1, 1, 3), torch.split(x, 2, 1), torch.split(x, [1, 3], dim=2), "
        "torch.topk(torch.arange(6.0), 2)[0])",
    ),
    (
        ("torch.conj", "torch.real", "torch.imag", "torch.ravel"),
        "import torch\nz = torch.zeros(3, 2, dtype=torch.complex64)\n"
        "result = (torch.conj(z), torch.real(z), torch.imag(z), torch.ravel(z))",
    ),
    (
        ("torch.cumsum", "torch.cumprod"),
        "import torch\nx = torch.ones(2, 3)\n"
        "result = (torch.cumsum(x, 1), torch.cumprod(x, dim=-2), "
        "torch.cumsum(torch.tensor([1, 2, 3]), 0).tolist(), "
        "torch.cumsum(torch.tensor([True, False, True]), 0).tolist(), "
        "torch.cumprod(torch.tensor([[1.5, 2.0], [3.0, 0.5]]), 0).tolist())",
    ),
    (
        tuple(f"torch.{n}" for n in ("isfinite", "isnan", "isinf", "isposinf", "isneginf")),
        "import torch\nx = torch.zeros(4, 2)\n"
        "result = (torch.isfinite(x), torch.isnan(x), torch.isinf(x), torch.isposinf(x), "
        "torch.isneginf(x))",
    ),
    (
        ("torch.logical_not", "torch.signbit", "torch.all", "torch.any"),
        "import torch\nx = torch.zeros(4, 2, 3)\n"
        "result = (torch.logical_not(x), torch.signbit(x), torch.all(x), torch.any(x, 1), "
        "torch.all(x, dim=-1, keepdim=True), bool(torch.all(torch.tensor([1, 2]) > 0)), "
        "torch.any(torch.tensor([[0, 1], [0, 0]]), 1).tolist())",
    ),
    (
        ("torch.max", "torch.min"),
        "import torch\nx = torch.zeros(4, 1)\n"
        "result = (torch.max(x), torch.min(x), torch.max(x, torch.zeros(3)), "
        "torch.min(x, other=torch.zeros(1, 5)), torch.max(torch.tensor([3, 9, 2])).item(), "
        "torch.min(torch.tensor([[3.5, 1.0]])).item())",
    ),
    (
        ("torch.meshgrid",),
        "import torch\na, b = torch.arange(3), torch.arange(5)\n"
        "gi = torch.meshgrid(a, b, indexing='ij')\ngx = torch.meshgrid([a, b], indexing='xy')\n"
        "g3 = torch.meshgrid(a, b, torch.arange(2), indexing='xy')\n"
        "coords = torch.stack(torch.meshgrid([torch.arange(2), torch.arange(2)], indexing='ij'))\n"
        "result = (gi, gx, g3, torch.meshgrid(torch.tensor(4), a, indexing='ij'), "
        "gi[0].tolist(), gx[1].tolist(), coords)",
    ),
    (("torch.randperm",), "import torch\nresult = (torch.randperm(7), torch.randperm(0))"),
    (
        ("torch.chunk", "torch.nonzero", "torch.rand_like", "torch.randint_like", "torch.argsort"),
        "import torch\nx = torch.zeros(5, 3)\n"
        "result = (torch.chunk(x, 2), torch.chunk(x, 3, dim=1), torch.nonzero(torch.tensor([0, 3, 0, 1])), "
        "torch.nonzero(torch.tensor([0, 3, 0, 1])).tolist(), torch.rand_like(x), "
        "torch.randint_like(x, 10), torch.randint_like(x, 2, 9), torch.argsort(x, dim=0))",
    ),
    (
        ("torch.matmul", "torch.mm", "torch.bmm"),
        "import torch\na, b = torch.zeros(4, 3), torch.zeros(3, 5)\n"
        "result = (torch.matmul(a, b), torch.matmul(torch.zeros(2, 1, 4, 3), torch.zeros(6, 3, 5)), "
        "torch.matmul(torch.zeros(3), b), torch.matmul(a, torch.zeros(3)), "
        "torch.matmul(torch.zeros(3), torch.zeros(3)), torch.mm(a, b), "
        "torch.bmm(torch.zeros(2, 4, 3), torch.zeros(2, 3, 5)), "
        "torch.matmul(torch.tensor([[1, 2], [3, 4]]), torch.tensor([1, 1])))",
    ),
    (
        ("torch.nn.functional.one_hot",),
        "import torch\nimport torch.nn.functional as F\n"
        "result = (F.one_hot(torch.zeros(2, 3, dtype=torch.long), 7), "
        "F.one_hot(torch.tensor([0, 2, 1])), F.one_hot(torch.tensor([4]), num_classes=6))",
    ),
    (
        ("torch.triu_indices", "torch.tril_indices"),
        # DLRM keeps ``self.iu = torch.triu_indices(f, f, offset=1)`` for its dot interaction
        "import torch\n"
        "result = (torch.triu_indices(4, 4, offset=1), torch.tril_indices(3, 5), "
        "torch.triu_indices(3, 2, -1), torch.tril_indices(4, 4, offset=-2).shape, "
        "torch.triu_indices(100, 100).shape)",
    ),
    (
        (
            "os.path.join",
            "os.path.basename",
            "os.path.dirname",
            "os.path.split",
            "os.path.splitext",
            "os.path.normpath",
            "os.fspath",
        ),
        "import os\nimport os.path as osp\nroot = 'ckpt/models'\n"
        "result = (os.path.join(root, 'vit', 'cfg.json'), os.path.join('a', '/abs', 'b'), "
        "osp.basename('x/y/z.pt'), osp.dirname('x/y/z.pt'), osp.split('x/y/'), "
        "osp.splitext('w.tar.gz'), osp.normpath('a//b/../c/.'), os.fspath('p/q'), "
        "osp.join('', 'q'))",
    ),
    (
        ("builtins.repr",),
        "result = (repr(3), repr('a\\'b'), repr([1, (2.5, None)]), repr({'k': True}), "
        "repr(1e-07), repr((1,)))",
    ),
]


def test_function_methods_are_torch_functions_and_tensor_methods():
    torch = pytest.importorskip("torch")
    from driftcheck.parsers.source.library.buildcalls import FUNCTION_ATTRS, FUNCTION_METHODS

    for n in FUNCTION_METHODS:
        f = getattr(torch, n, None)
        assert callable(f) and not isinstance(f, (torch.dtype, type(torch))), n
        assert callable(getattr(torch.Tensor, n, None)), n
    for n in FUNCTION_ATTRS:
        assert callable(getattr(torch, n, None)), n
        x = torch.zeros(2, dtype=torch.complex64)
        assert getattr(torch, n)(x).equal(getattr(x, n)), n


def test_undecidable_inputs_give_unknowns(tmp_path):
    pytest.importorskip("torch")
    from driftcheck.parsers.source.values.abstract import Tensor, Unknown, plain
    from tests.test_library import static_result

    code = (
        "import torch\nimport os\nx = torch.zeros(2, 3)\nn = int(os.environ['N'])\n"
        "result = (torch.max(x, 1), torch.cumsum(x, 2), torch.meshgrid(x, x), "
        "os.path.join('a', n), repr({1, 2}), torch.randperm(n), torch.transpose(n, 0, 1), "
        "os.path.exists('a'), torch.mm(torch.zeros(2, 3, 4), torch.zeros(4, 5)), "
        "torch.nn.functional.one_hot(torch.randint(0, 5, (3,))))"
    )
    got = [plain(v) for v in static_result(tmp_path, code)]
    assert isinstance(got[0], Unknown) and "dim" in got[0].why
    assert isinstance(got[1], Tensor) and isinstance(got[1].shape, Unknown)  # dim out of range
    assert isinstance(got[2], Tensor) and isinstance(got[2].shape, Unknown)  # 2-d inputs
    assert isinstance(got[3], Unknown) and "libcase.py" in got[3].why
    assert isinstance(got[4], Unknown)  # a set's order is per process
    assert isinstance(got[5], Tensor) and isinstance(got[5].shape, Unknown)
    assert isinstance(got[6], Unknown)
    assert isinstance(got[7], Unknown)  # the file system is never asked
    assert isinstance(got[8].shape, Unknown)  # mm of a 3-d tensor: torch raises
    assert isinstance(got[9].shape, Unknown)  # num_classes from values not known
