"""A tiny ConvNeXt written as one flat, ``torch.compile``-friendly module: no sub-modules, every
tensor a parameter registered on the model under a flat name (``s1_b0_dw_w``), the forward a
pure function of them (``F.conv2d`` / ``F.layer_norm`` / ``F.linear``) over static Python
loops, so that the graph has no module boundaries to break on."""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import nn

IN_CHANS = 3
STEM_PATCH = 4
DIMS = (16, 32)
DEPTHS = (1, 2)
MLP_RATIO = 4
LAYER_SCALE = 1.0
BLOCK_EPS = 1e-06
HEAD_EPS = 0.1


class ConvNeXtFlat(nn.Module):
    def __init__(self) -> None:
        super().__init__()

        def param(name: str, *shape: int, fill: float | None = None) -> None:
            t = torch.full(shape, fill) if fill is not None else torch.randn(*shape) * 0.02
            self.register_parameter(name, nn.Parameter(t))

        param("stem_w", DIMS[0], IN_CHANS, STEM_PATCH, STEM_PATCH)
        param("stem_b", DIMS[0], fill=0.0)
        param("stem_norm_w", DIMS[0], fill=1.0)
        param("stem_norm_b", DIMS[0], fill=0.0)
        for s, (dim, depth) in enumerate(zip(DIMS, DEPTHS)):
            if s > 0:
                param(f"s{s}_down_norm_w", DIMS[s - 1], fill=1.0)
                param(f"s{s}_down_norm_b", DIMS[s - 1], fill=0.0)
                param(f"s{s}_down_w", dim, DIMS[s - 1], 2, 2)
                param(f"s{s}_down_b", dim, fill=0.0)
            for b in range(depth):
                p = f"s{s}_b{b}_"
                param(p + "dw_w", dim, 1, 7, 7)
                param(p + "dw_b", dim, fill=0.0)
                param(p + "norm_w", dim, fill=1.0)
                param(p + "norm_b", dim, fill=0.0)
                param(p + "fc1_w", MLP_RATIO * dim, dim)
                param(p + "fc1_b", MLP_RATIO * dim, fill=0.0)
                param(p + "fc2_w", dim, MLP_RATIO * dim)
                param(p + "fc2_b", dim, fill=0.0)
                param(p + "gamma", dim, fill=LAYER_SCALE)
        param("head_norm_w", DIMS[-1], fill=1.0)
        param("head_norm_b", DIMS[-1], fill=0.0)

    def _p(self, name: str) -> torch.Tensor:
        return getattr(self, name)

    def _ln_cf(self, x, w, b, eps):
        return F.layer_norm(x.permute(0, 2, 3, 1), (x.shape[1],), w, b, eps).permute(0, 3, 1, 2)

    def forward(self, pixels):
        x = F.conv2d(pixels, self.stem_w, self.stem_b, stride=STEM_PATCH)
        x = self._ln_cf(x, self.stem_norm_w, self.stem_norm_b, BLOCK_EPS)
        for s, (dim, depth) in enumerate(zip(DIMS, DEPTHS)):
            if s > 0:
                x = self._ln_cf(x, self._p(f"s{s}_down_norm_w"), self._p(f"s{s}_down_norm_b"), 1e-6)
                x = F.conv2d(x, self._p(f"s{s}_down_w"), self._p(f"s{s}_down_b"), stride=2)
            for b in range(depth):
                p = f"s{s}_b{b}_"
                y = F.conv2d(x, self._p(p + "dw_w"), self._p(p + "dw_b"), padding=3, groups=dim)
                y = y.permute(0, 2, 3, 1)
                y = F.layer_norm(y, (dim,), self._p(p + "norm_w"), self._p(p + "norm_b"), BLOCK_EPS)
                y = F.gelu(F.linear(y, self._p(p + "fc1_w"), self._p(p + "fc1_b")))
                y = F.linear(y, self._p(p + "fc2_w"), self._p(p + "fc2_b")) * self._p(p + "gamma")
                x = x + y.permute(0, 3, 1, 2)
        pooled = F.layer_norm(
            x.mean((-2, -1)), (DIMS[-1],), self.head_norm_w, self.head_norm_b, HEAD_EPS
        )
        return x, pooled
