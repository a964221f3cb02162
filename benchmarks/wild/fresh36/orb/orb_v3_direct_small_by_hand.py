# orb-v3's direct architecture, written out by hand at a smaller width (the pretrained
# loaders download weights, so the architecture is rebuilt from its parts)
from orb_models.forcefield.angular import SphericalHarmonics
from orb_models.forcefield.direct_regressor import DirectForcefieldRegressor
from orb_models.forcefield.forcefield_heads import ConfidenceHead, EnergyHead, ForceHead, StressHead
from orb_models.forcefield.gns import MoleculeGNS
from orb_models.forcefield.rbf import BesselBasis

latent = 128
head_kw = dict(latent_dim=latent, num_mlp_layers=1, mlp_hidden_dim=128, activation="silu")

model = DirectForcefieldRegressor(
    heads={
        "energy": EnergyHead(predict_atom_avg=True, **head_kw),
        "forces": ForceHead(remove_mean=True, remove_torque_for_nonpbc_systems=True, **head_kw),
        "confidence": ConfidenceHead(**head_kw),
        "stress": StressHead(node_aggregation="mean", **head_kw),
    },
    model=MoleculeGNS(
        latent_dim=latent,
        num_message_passing_steps=3,
        num_mlp_layers=2,
        mlp_hidden_dim=256,
        rbf_transform=BesselBasis(r_max=6.0, num_bases=8),
        angular_transform=SphericalHarmonics(lmax=3, normalize=True, normalization="component"),
        outer_product_with_cutoff=True,
        use_embedding=True,
        interaction_params={"distance_cutoff": True, "attention_gate": "sigmoid"},
        node_feature_names=["feat"],
        edge_feature_names=["feat"],
        activation="silu",
        mlp_norm="rms_norm",
    ),
    pair_repulsion=True,
)
