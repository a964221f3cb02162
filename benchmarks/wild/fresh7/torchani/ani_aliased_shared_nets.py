import torchani
from torchani.nn import ANINetworks, AtomicNetwork

aev = torchani.AEVComputer.like_2x(num_species=7)
heavy = AtomicNetwork([aev.out_dim, 192, 128, 1], activation="gelu")
# halogens share one network; the `alias` flag allows it
halogen = AtomicNetwork([aev.out_dim, 96, 64, 1], activation="gelu")
model = ANINetworks(
    {
        "H": AtomicNetwork([aev.out_dim, 256, 192, 160, 1]),
        "C": heavy,
        "N": AtomicNetwork([aev.out_dim, 192, 128, 1]),
        "O": AtomicNetwork([aev.out_dim, 192, 128, 1]),
        "S": AtomicNetwork([aev.out_dim, 128, 96, 1]),
        "F": halogen,
        "Cl": halogen,
    },
    alias=True,
)
