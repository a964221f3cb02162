# a Clifford Fourier neural operator layer stack (3 layers) with pointwise Clifford convs as bypass
import torch.nn as nn
from cliffordlayers.nn.modules.cliffordconv import CliffordConv2d
from cliffordlayers.nn.modules.cliffordfourier import CliffordSpectralConv2d


class CFNOLayer(nn.Module):
    def __init__(self, g, ch, modes):
        super().__init__()
        self.spectral = CliffordSpectralConv2d(g, ch, ch, modes1=modes, modes2=modes)
        self.bypass = CliffordConv2d(g, ch, ch, kernel_size=1, padding=0)


g = (1.0, 1.0)
model = nn.Sequential(
    CliffordConv2d(g, 2, 8, kernel_size=1, padding=0),
    *[CFNOLayer(g, 8, modes=6) for _ in range(3)],
    CliffordConv2d(g, 8, 1, kernel_size=1, padding=0),
)
