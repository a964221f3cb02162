"""HIP-NN-TS (l=1, HipnnVec) for charges: an HCharge head on the tensor-sensitivity network plus an
HEnergy head; the activation is passed as a class, the resnet flag off."""

import torch
from hippynn.layers.targets import HCharge, HEnergy
from hippynn.networks.hipnn import HipnnVec


class ChargeEnergyModel(torch.nn.Module):
    def __init__(self, species=(0, 1, 6, 8), width=16, n_sens=10, n_int=3):
        super().__init__()
        self.repr = HipnnVec(
            n_features=width,
            n_sensitivities=n_sens,
            dist_soft_min=0.7,
            dist_soft_max=4.0,
            dist_hard_max=5.5,
            n_atom_layers=2,
            n_interaction_layers=n_int,
            possible_species=list(species),
            activation=torch.nn.Tanh,
            resnet=False,
        )
        self.charge = HCharge(self.repr.feature_sizes, first_is_interacting=False)
        self.energy = HEnergy(self.repr.feature_sizes, n_target=2)


model = ChargeEnergyModel(species=(0, 1, 6, 8), width=16, n_sens=10, n_int=3)
