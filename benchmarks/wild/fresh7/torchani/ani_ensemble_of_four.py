import torchani
from torchani.nn import ANINetworks, AtomicNetwork, Ensemble

aev = torchani.AEVComputer.like_1x(num_species=4, radial_num_shifts=8, angular_num_shifts=4)
members = [
    ANINetworks({s: AtomicNetwork([aev.out_dim, 64, 32, 1]) for s in ("H", "C", "N", "O")})
    for _ in range(4)
]
model = Ensemble(members)
