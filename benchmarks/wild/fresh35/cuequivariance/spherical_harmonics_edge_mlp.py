import cuequivariance as cue
import cuequivariance_torch as cuet
import torch.nn as nn


class EdgeEncoder(nn.Module):
    """Spherical harmonics of edge vectors (no weights) then an equivariant mixing of l = 0..3."""

    def __init__(self, lmax=3, mul=8):
        super().__init__()
        self.sh = cuet.SphericalHarmonics(list(range(lmax + 1)), normalize=True, use_fallback=True)
        sh_irreps = cue.Irreps(
            "O3", " + ".join(f"1x{deg}{'e' if deg % 2 == 0 else 'o'}" for deg in range(lmax + 1))
        )
        out = cue.Irreps(
            "O3",
            " + ".join(f"{mul}x{deg}{'e' if deg % 2 == 0 else 'o'}" for deg in range(lmax + 1)),
        )
        self.mix = cuet.Linear(sh_irreps, out, layout=cue.mul_ir, use_fallback=True)
        self.radial = nn.Sequential(nn.Linear(8, 16), nn.SiLU(), nn.Linear(16, mul))


model = EdgeEncoder(lmax=3, mul=8)
