"""Pick a CTR model by name, as the pytorch-fm example script does."""

from torchfm.model.afi import AutomaticFeatureInteractionModel
from torchfm.model.dcn import DeepCrossNetworkModel
from torchfm.model.fm import FactorizationMachineModel
from torchfm.model.nfm import NeuralFactorizationMachineModel
from torchfm.model.pnn import ProductNeuralNetworkModel

FIELD_DIMS = [50, 20, 8, 8, 100]


def get_model(name, field_dims):
    if name == "fm":
        return FactorizationMachineModel(field_dims, embed_dim=16)
    elif name == "nfm":
        return NeuralFactorizationMachineModel(field_dims, embed_dim=64, mlp_dims=(64,), dropouts=(0.2, 0.2))
    elif name == "ipnn":
        return ProductNeuralNetworkModel(field_dims, embed_dim=16, mlp_dims=(16,), method="inner", dropout=0.2)
    elif name == "dcn":
        return DeepCrossNetworkModel(field_dims, embed_dim=16, num_layers=3, mlp_dims=(16, 16), dropout=0.2)
    elif name == "afi":
        return AutomaticFeatureInteractionModel(
            field_dims, embed_dim=16, atten_embed_dim=32, num_heads=2, num_layers=3, mlp_dims=(40, 40), dropouts=(0, 0, 0)
        )
    raise ValueError("unknown model name: " + name)


model = get_model("afi", FIELD_DIMS)
