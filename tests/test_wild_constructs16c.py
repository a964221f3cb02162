"""Session 16 (wildfix16c, issue #16): state-space models initialised by numpy linear algebra
(S5's HiPPO matrices). Each construct is a small model written here and built in real torch.

- numpy arrays of more than one dim are held by their shape (library/npshapes.py): a 1-D array
  of known numbers indexed by ``np.newaxis`` / ``None``, broadcast against another array,
  ``np.diag`` / ``np.tril`` of it, ``np.diagonal``, ``np.mean`` (one number, value unknown)
  times an array, ``np.sqrt`` of an array; ``np.linalg`` eig / eigh / eigvals / svd / qr / inv /
  pinv / solve / cholesky give numpy's result shapes; ``a @ b`` follows numpy's (and torch's)
  matmul shape rule; ``.conj()``, ``.T``, ``.real`` / ``.imag``, ``.ravel()``.
- torch: ``torch.block_diag``, ``torch.nextafter``, ``torch.float32.is_complex`` /
  ``.is_floating_point`` (a jax-ported initialiser branching on the dtype).
- honest: a shape that depends on the values (a boolean mask of eigenvalues) stays unknown.
"""

from __future__ import annotations

import functools
import textwrap
from pathlib import Path

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count as _count

torch = pytest.importorskip("torch")
pytest.importorskip("numpy")
torch_count = functools.partial(_count, root="model", device="cpu")


def write(tmp_path, code: str, name: str = "m.py") -> Path:
    f = tmp_path / name
    f.write_text(textwrap.dedent(code))
    return f


def check(tmp_path, code: str) -> int:
    f = write(tmp_path, code)
    want = torch_count(f)
    assert parse_source(f).params_total() == want
    return want


def test_legendre_like_matrix_diagonalised_by_eigh(tmp_path):
    want = check(
        tmp_path,
        """
        import numpy as np
        import torch
        from torch import nn


        def transition(n):
            q = np.arange(n) * 1.0
            r = (2 * q + 1) ** 0.5
            a = r[:, np.newaxis] * r[None, :]
            a = np.tril(a) - np.diag(q)
            s = -a + 0.5 * r[:, None] * r[np.newaxis, :]
            mid = np.mean(np.diagonal(s)) * np.ones_like(np.diagonal(s))
            w, v = np.linalg.eigh(s * -1j)
            b = v.conj().T @ r
            return mid + 1j * w, b, v


        class Ssm(nn.Module):
            def __init__(self, n, h):
                super().__init__()
                lam, b, v = transition(n)
                vinv = v.conj().T
                lam, b, vinv = (torch.tensor(x, dtype=torch.complex64) for x in (lam, b, vinv))
                self.lam = nn.Parameter(lam)
                self.b = nn.Parameter(b)
                mixed = vinv @ torch.randn(n, h).type(vinv.dtype)
                self.w = nn.Parameter(torch.cat((mixed.real[..., None], mixed.imag[..., None]), -1))
                self.d = nn.Parameter(torch.rand(h))


        model = Ssm(12, 5)
        """,
    )
    assert want == 12 + 12 + 12 * 5 * 2 + 5


def test_linalg_result_shapes(tmp_path):
    check(
        tmp_path,
        """
        import numpy as np
        import torch
        from torch import nn


        class M(nn.Module):
            def __init__(self):
                super().__init__()
                a = np.random.randn(6, 4)
                sq = np.random.randn(5, 5)
                u, s, vh = np.linalg.svd(a)
                ur, sr, vhr = np.linalg.svd(a, full_matrices=False)
                q, r = np.linalg.qr(a)
                qc, rc = np.linalg.qr(a, mode="complete")
                w, v = np.linalg.eig(sq)
                parts = [u, s, vh, ur, sr, vhr, q, r, qc, rc, w, v, np.linalg.eigvals(sq)]
                parts += [np.linalg.inv(sq), np.linalg.pinv(a), np.linalg.solve(sq, a[:5])]
                parts += [np.linalg.cholesky(sq @ sq.T), np.linalg.svd(a, compute_uv=False)]
                parts += [np.linalg.qr(a, mode="r"), np.linalg.eigvalsh(sq)]
                self.ps = nn.ParameterList(nn.Parameter(torch.tensor(p).real.float()) for p in parts)


        model = M()
        """,
    )


def test_matmul_shapes_promote_vectors_and_broadcast_batches(tmp_path):
    check(
        tmp_path,
        """
        import numpy as np
        import torch
        from torch import nn


        class M(nn.Module):
            def __init__(self):
                super().__init__()
                m = np.random.randn(3, 7)
                x = np.sqrt(np.arange(7) + 1.0)
                y = np.sqrt(np.arange(3) * 2.0)
                self.a = nn.Parameter(torch.tensor(m @ x))  # (3,)
                self.b = nn.Parameter(torch.tensor(y @ m))  # (7,)
                t = torch.randn(4, 1, 2, 3) @ torch.randn(5, 3, 6)
                self.c = nn.Parameter(t)  # (4, 5, 2, 6)
                self.d = nn.Parameter((torch.ones(3) * torch.ones((2, 3))).ravel())


        model = M()
        """,
    )


def test_unknown_mean_times_array_keeps_the_array_shape(tmp_path):
    # was a confident wrong: an unknown number times an array was the number (a 0-d tensor)
    check(
        tmp_path,
        """
        import numpy as np
        import torch
        from torch import nn


        class M(nn.Module):
            def __init__(self, n=9):
                super().__init__()
                d = np.diagonal(np.random.randn(n, n + 2))
                self.p = nn.Parameter(torch.tensor(np.mean(d) * np.ones_like(d)))
                self.q = nn.Parameter(torch.tensor(np.ones_like(d) - np.mean(d)))


        model = M()
        """,
    )


def test_block_diag_nextafter_and_dtype_flags(tmp_path):
    check(
        tmp_path,
        """
        import torch
        from torch import nn


        def init(shape, dtype=torch.float):
            if dtype.is_complex:
                return torch.randn(shape, dtype=dtype)[..., :1]
            if not dtype.is_floating_point:
                return torch.zeros(1)
            u = torch.rand(shape, dtype=dtype)
            lo = torch.nextafter(torch.tensor(-1.0), torch.tensor(0.0))
            return torch.clip(u, lo, torch.nextafter(torch.tensor(1.0), torch.tensor(0.0)))


        class M(nn.Module):
            def __init__(self, k=3):
                super().__init__()
                v = torch.randn(4, 4, dtype=torch.complex64)
                self.v = nn.Parameter(torch.block_diag(*([v] * k)))
                self.mixed = nn.Parameter(torch.block_diag(torch.ones(2), torch.ones(3, 1), torch.tensor(5.0)))
                self.a = nn.Parameter(init((6, 2)))
                self.b = nn.Parameter(init((6, 2), torch.complex64))


        model = M()
        """,
    )


def test_mask_of_eigenvalues_is_an_honest_unknown(tmp_path):
    f = write(
        tmp_path,
        """
        import numpy as np
        import torch
        from torch import nn


        class M(nn.Module):
            def __init__(self):
                super().__init__()
                s = np.random.randn(6, 6)
                w, v = np.linalg.eigh(s + s.T)
                self.p = nn.Parameter(torch.tensor(v[:, w > 0]))


        model = M()
        """,
    )
    assert torch_count(f) > 0
    g = parse_source(f)
    assert g.params_total() is None
    assert any("unknown" in n for n in g.notes)


def test_hippo_module_count_with_speed_machinery_off(tmp_path, monkeypatch):
    code = """
        import numpy as np
        import torch
        from torch import nn


        class M(nn.Module):
            def __init__(self, n=10):
                super().__init__()
                p = np.sqrt(1 + 2 * np.arange(n))
                a = np.tril(p[:, np.newaxis] * p[np.newaxis, :]) - np.diag(np.arange(n))
                w, v = np.linalg.eigh(-a * 1j)
                self.v = nn.Parameter(torch.tensor(v @ v.conj().T, dtype=torch.complex64))
                self.w = nn.Parameter(torch.tensor(w))


        model = M()
        """
    want = check(tmp_path, code)
    monkeypatch.setenv("DRIFTCHECK_SPEED_OFF", "all")
    assert parse_source(write(tmp_path, code, "off.py")).params_total() == want


# ---------------------------------------------------------------- x-clip's dummy forward
def test_patch_dropout_by_integer_index_tensors_in_an_ssl_probe(tmp_path):
    check(
        tmp_path,
        """
        import torch
        import torch.nn.functional as F
        from einops import rearrange
        from torch import nn


        class KeepSome(nn.Module):
            def __init__(self, frac):
                super().__init__()
                self.frac = frac

            def forward(self, x, keep_all=False):
                if not self.training or keep_all:
                    return x
                b, n, _ = x.shape
                rows = rearrange(torch.arange(b), "b -> b 1")
                k = max(1, int(n * self.frac))
                cols = torch.rand(b, n).topk(k, dim=-1).indices
                return x[rows, cols]


        class Norm(nn.Module):
            def __init__(self, d):
                super().__init__()
                self.g = nn.Parameter(torch.ones(d))

            def forward(self, x):
                eps = 1e-5 if x.dtype == torch.float32 else 1e-3
                var = torch.var(x, dim=-1, unbiased=False, keepdim=True)
                return (x - torch.mean(x, dim=-1, keepdim=True)) * (var + eps).rsqrt() * self.g


        class Mix(nn.Module):
            def __init__(self, d):
                super().__init__()
                self.qk = nn.Linear(d, 2 * d)
                self.up = nn.Linear(d, 4 * d)

            def forward(self, x, mask=None, pos=None):
                q, k = self.qk(x).chunk(2, dim=-1)
                att = torch.einsum("b i d, b j d -> b i j", q, k).softmax(dim=-1)
                y = torch.einsum("b i j, b j d -> b i d", att, x)
                a, gate = self.up(y).chunk(2, dim=-1)
                return F.gelu(gate) * a


        class Probe(nn.Module):
            def __init__(self, d=12, tokens=9):
                super().__init__()
                self.drop = KeepSome(0.4)
                self.norm = Norm(d)
                self.mix = Mix(d)
                h = self.drop(torch.randn(3, tokens, d), keep_all=False)
                h = self.mix(self.norm(h), None, None)
                self.head = nn.Linear(h.shape[1] * h.shape[2], 5)


        model = Probe()
        """,
    )


def test_integer_index_shapes_follow_torch(tmp_path):
    check(
        tmp_path,
        """
        import torch
        from torch import nn


        class M(nn.Module):
            def __init__(self):
                super().__init__()
                x = torch.randn(4, 7, 5)
                top = torch.rand(4, 7).topk(3).indices  # (4, 3)
                a = x[torch.arange(4)[:, None], top]  # adjacent: (4, 3, 5)
                b = x[:, top]  # (4, 4, 3, 5)
                c = x[torch.arange(2), :, torch.tensor([0, 4])]  # separated: (2, 7)
                v, i = torch.randn(6, 8).topk(2, dim=0)
                self.p = nn.ParameterList(nn.Parameter(t) for t in (a, b, c, v))
                self.q = nn.Linear(i.shape[0] * i.shape[1], 1)


        model = M()
        """,
    )


def test_index_by_a_tensor_not_known_to_hold_integers_is_unknown(tmp_path):
    f = write(
        tmp_path,
        """
        import torch
        from torch import nn


        class M(nn.Module):
            def __init__(self):
                super().__init__()
                x = torch.randn(4, 7)
                keep = x > 0  # a bool mask: as many rows as True values
                self.p = nn.Parameter(x[keep])


        model = M()
        """,
    )
    assert torch_count(f) >= 0
    g = parse_source(f)
    assert g.params_total() is None
