import torch
import torchani
from torchani.nn import ANINetworks, AtomicNetwork, SpeciesConverter

SYMBOLS = ("H", "C", "N", "O")


class Potential(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.converter = SpeciesConverter(SYMBOLS)
        self.aev = torchani.AEVComputer.like_1x(num_species=len(SYMBOLS))
        d = self.aev.out_dim
        widths = {
            "H": (160, 128, 96),
            "C": (144, 112, 96),
            "N": (128, 112, 96),
            "O": (128, 112, 96),
        }
        self.networks = ANINetworks(
            {s: AtomicNetwork([d, *w, 1], activation="celu", bias=True) for s, w in widths.items()}
        )


model = Potential()
