# USAD: one shared encoder, two decoders over flattened windows
from deepod.models.time_series.usad import UsadModel

window, n_features = 20, 5
model = UsadModel(w_size=window * n_features, z_size=window * 2)
