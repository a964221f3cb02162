# a conservative (forces = -dE/dx) orb model conditioned on total charge and spin
from orb_models.forcefield.angular import SphericalHarmonics
from orb_models.forcefield.conservative_regressor import ConservativeForcefieldRegressor
from orb_models.forcefield.forcefield_heads import ConfidenceHead, EnergyHead
from orb_models.forcefield.gns import MoleculeGNS
from orb_models.forcefield.nn_util import ChargeSpinConditioner
from orb_models.forcefield.rbf import BesselBasis

D = 96

gns = MoleculeGNS(
    latent_dim=D,
    num_message_passing_steps=2,
    num_mlp_layers=2,
    mlp_hidden_dim=192,
    rbf_transform=BesselBasis(r_max=5.0, num_bases=8),
    angular_transform=SphericalHarmonics(lmax=2, normalize=True, normalization="component"),
    outer_product_with_cutoff=True,
    use_embedding=True,
    interaction_params={"distance_cutoff": True, "attention_gate": "sigmoid"},
    node_feature_names=["feat"],
    edge_feature_names=["feat"],
    conditioner=ChargeSpinConditioner(D),
    activation="silu",
    mlp_norm="rms_norm",
)
model = ConservativeForcefieldRegressor(
    heads={
        "energy": EnergyHead(
            latent_dim=D,
            num_mlp_layers=1,
            mlp_hidden_dim=D,
            predict_atom_avg=True,
            activation="silu",
        ),
        "confidence": ConfidenceHead(
            latent_dim=D, num_mlp_layers=1, mlp_hidden_dim=D, activation="silu"
        ),
    },
    model=gns,
    ensure_grad_loss_weights=False,
    pair_repulsion=True,
    has_stress=False,
)
