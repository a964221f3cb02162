"""HIP-NN for molecular energies from the torch modules directly: the representation network and an
HEnergy target sized by the network's feature_sizes."""

import torch
from hippynn.layers.targets import HEnergy
from hippynn.networks.hipnn import Hipnn

network_params = {
    "possible_species": [0, 1, 6, 7, 8],  # 0 is the padding species
    "n_features": 20,
    "n_sensitivities": 16,
    "dist_soft_min": 0.85,
    "dist_soft_max": 5.0,
    "dist_hard_max": 7.5,
    "n_interaction_layers": 2,
    "n_atom_layers": 3,
}


class EnergyModel(torch.nn.Module):
    def __init__(self, params):
        super().__init__()
        self.net = Hipnn(**params)
        self.energy = HEnergy(self.net.feature_sizes, first_is_interacting=False)

    def forward(self, *args):
        return self.energy(self.net(*args))


model = EnergyModel(network_params)
