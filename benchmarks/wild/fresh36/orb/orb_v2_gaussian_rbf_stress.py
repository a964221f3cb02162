# orb-v2 style: Gaussian radial basis through functools.partial, no angular features,
# a generic GraphHead for stress
from functools import partial

from orb_models.forcefield.direct_regressor import DirectForcefieldRegressor
from orb_models.forcefield.featurization_utilities import gaussian_basis_function
from orb_models.forcefield.forcefield_heads import EnergyHead, ForceHead, GraphHead
from orb_models.forcefield.gns import MoleculeGNS

LATENT = 64
N_BASES = 20

model = DirectForcefieldRegressor(
    heads={
        "energy": EnergyHead(
            latent_dim=LATENT, num_mlp_layers=1, mlp_hidden_dim=LATENT, predict_atom_avg=True
        ),
        "forces": ForceHead(
            latent_dim=LATENT, num_mlp_layers=1, mlp_hidden_dim=LATENT, remove_mean=True
        ),
        "stress": GraphHead(
            latent_dim=LATENT,
            num_mlp_layers=1,
            mlp_hidden_dim=LATENT,
            target="stress",
            node_aggregation="mean",
        ),
    },
    model=MoleculeGNS(
        latent_dim=LATENT,
        num_node_out_features=3,
        interaction_params={"distance_cutoff": True, "attention_gate": "sigmoid"},
        num_message_passing_steps=4,
        num_mlp_layers=2,
        mlp_hidden_dim=128,
        rbf_transform=partial(gaussian_basis_function, num_bases=N_BASES, radius=10.0),
        use_embedding=True,
        node_feature_names=["feat"],
        edge_feature_names=["feat"],
        activation="ssp",
        mlp_norm="layer_norm",
    ),
    pair_repulsion=False,
)
