"""DeepFM on an Avazu-like click log: field cardinalities from a small dict of columns."""

from torchfm.model.dfm import DeepFactorizationMachineModel

# vocabulary size per categorical column, as a preprocessing step would have counted them
CARDINALITIES = {
    "hour": 24,
    "banner_pos": 7,
    "site_category": 26,
    "app_category": 32,
    "device_type": 5,
    "device_conn_type": 4,
    "C14": 300,
    "C18": 4,
}

field_dims = list(CARDINALITIES.values())
model = DeepFactorizationMachineModel(field_dims, embed_dim=8, mlp_dims=(32, 16), dropout=0.2)
