# just the message-passing backbone, as a feature extractor for a downstream model
from orb_models.forcefield.angular import SphericalHarmonics
from orb_models.forcefield.gns import MoleculeGNS
from orb_models.forcefield.rbf import BesselBasis

model = MoleculeGNS(
    latent_dim=48,
    num_message_passing_steps=5,
    num_mlp_layers=1,
    mlp_hidden_dim=96,
    rbf_transform=BesselBasis(r_max=4.5, num_bases=6),
    angular_transform=SphericalHarmonics(lmax=1, normalize=True, normalization="component"),
    use_embedding=True,
    interaction_params={"distance_cutoff": False, "attention_gate": "softmax"},
    node_feature_names=["feat"],
    edge_feature_names=["feat"],
    activation="silu",
    mlp_norm="layer_norm",
)
