# fine-tuning setup: a frozen backbone, only the energy head trains (frozen weights are
# still parameters of the model)
from orb_models.forcefield.direct_regressor import DirectForcefieldRegressor
from orb_models.forcefield.forcefield_heads import EnergyHead, ForceHead
from orb_models.forcefield.gns import MoleculeGNS
from orb_models.forcefield.rbf import BesselBasis

width = 80
backbone = MoleculeGNS(
    latent_dim=width,
    num_message_passing_steps=2,
    num_mlp_layers=2,
    mlp_hidden_dim=2 * width,
    rbf_transform=BesselBasis(r_max=6.0, num_bases=10),
    use_embedding=True,
    interaction_params={"distance_cutoff": True, "attention_gate": "sigmoid"},
    node_feature_names=["feat"],
    edge_feature_names=["feat"],
)
heads = {
    "energy": EnergyHead(
        latent_dim=width, num_mlp_layers=2, mlp_hidden_dim=width, predict_atom_avg=False
    ),
    "forces": ForceHead(latent_dim=width, num_mlp_layers=1, mlp_hidden_dim=width),
}
model = DirectForcefieldRegressor(
    heads=heads,
    model=backbone,
    model_requires_grad=False,
    heads_require_grad={"energy": True, "forces": False},
)
